import { Command } from 'commander';
import { type App, examples } from '../../app.js';
import { addCommand } from './add.js';
import { listCommand } from './list.js';
import { removeCommand } from './remove.js';
import { showCommand } from './show.js';
import { useCommand } from './use.js';

export function profileCommand(app: App): Command {
  return new Command('profile')
    .description('Manage profiles: app credentials and endpoints (secrets are masked when shown)')
    .addCommand(addCommand(app))
    .addCommand(listCommand(app))
    .addCommand(showCommand(app))
    .addCommand(useCommand(app))
    .addCommand(removeCommand(app))
    .addHelpText(
      'after',
      examples('promo profile list', 'promo profile use prod', 'promo profile show --json'),
    );
}
