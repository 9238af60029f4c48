import { Command } from 'commander';
import type { App } from '../../app.js';
import { listCommand } from './list.js';

export function tiersCommand(app: App): Command {
  return new Command('tiers')
    .description('List the tiers of a loyalty tier structure (beta endpoint)')
    .addCommand(listCommand(app));
}
