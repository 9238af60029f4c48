import { Command } from 'commander';
import { type App, examples } from '../../app.js';
import { inspectCommand } from './inspect.js';
import { issueCommand } from './issue.js';

export function tokenCommand(app: App): Command {
  return new Command('token')
    .description('Issue and inspect OAuth tokens (cached per profile and scope set)')
    .addCommand(issueCommand(app))
    .addCommand(inspectCommand(app))
    .addHelpText('after', examples('promo token issue --scope api vouchers', 'promo token inspect'));
}
