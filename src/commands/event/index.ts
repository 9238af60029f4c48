import { Command } from 'commander';
import type { App } from '../../app.js';
import { sendCommand } from './send.js';

export function eventCommand(app: App): Command {
  return new Command('event').description('Send custom events').addCommand(sendCommand(app));
}
