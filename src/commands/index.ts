// Every noun of the command line, in the order `promo --help` lists them.
import type { Command } from 'commander';
import type { App } from '../app.js';
import { apiCommand } from './api/index.js';
import { completionCommand } from './completion/index.js';
import { eventCommand } from './event/index.js';
import { loginCommand } from './login/index.js';
import { profileCommand } from './profile/index.js';
import { sandboxCommand } from './sandbox/index.js';
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
  loginCommand,
  profileCommand,
  sandboxCommand,
  apiCommand,
  completionCommand,
];
