import { Command } from 'commander';
import type { App } from '../../app.js';

export function tiersCommand(_app: App): Command {
  return new Command('tiers').description('List the tiers of a loyalty tier structure (beta endpoint)');
}
