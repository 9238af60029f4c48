import { Command } from 'commander';
import { type App, examples } from '../../app.js';
import { listCommand } from './list.js';

export function tiersCommand(app: App): Command {
  return new Command('tiers')
    .description('List the tiers of a loyalty tier structure (beta endpoint)')
    .addCommand(listCommand(app))
    .addHelpText(
      'after',
      examples(
        'promo tiers list lts_0a1b2c3d4e5f',
        'promo tiers list lts_0a1b2c3d4e5f --all --json | jq -r ".[].name"',
      ),
    );
}
