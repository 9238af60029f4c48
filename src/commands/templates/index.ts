import { Command } from 'commander';
import type { App } from '../../app.js';
import { listCommand } from './list.js';

export function templatesCommand(app: App): Command {
  return new Command('templates').description('List campaign templates').addCommand(listCommand(app));
}
