import { Command } from 'commander';
import { type App, examples } from '../../app.js';
import { listCommand } from './list.js';

export function templatesCommand(app: App): Command {
  return new Command('templates')
    .description('List campaign templates')
    .addCommand(listCommand(app))
    .addHelpText(
      'after',
      examples('promo templates list --limit 5', "promo templates list --filter 'name^=Summer' --all"),
    );
}
