// Every noun of the command line, in the order `promo --help` lists them.
import type { Command } from 'commander';
import type { App } from '../app.js';
import { tokenCommand } from './token/index.js';

export const commands: Array<(app: App) => Command> = [tokenCommand];
