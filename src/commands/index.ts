// Every noun of the command line, in the order `promo --help` lists them.
import type { Command } from 'commander';
import type { App } from '../app.js';
import { eventCommand } from './event/index.js';
import { profileCommand } from './profile/index.js';
import { templatesCommand } from './templates/index.js';
import { tiersCommand } from './tiers/index.js';
import { tokenCommand } from './token/index.js';
import { voucherCommand } from './voucher/index.js';

export const commands: Array<(app: App) => Command> = [
  voucherCommand,
  tokenCommand,
  tiersCommand,
  templatesCommand,
  eventCommand,
  profileCommand,
];
