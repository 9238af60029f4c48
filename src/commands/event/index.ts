import { Command } from 'commander';
import type { App } from '../../app.js';

export function eventCommand(_app: App): Command {
  return new Command('event').description('Send custom events');
}
