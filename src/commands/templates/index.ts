import { Command } from 'commander';
import type { App } from '../../app.js';

export function templatesCommand(_app: App): Command {
  return new Command('templates').description('List campaign templates');
}
