import { Command } from 'commander';
import { type App, examples } from '../../app.js';
import { sendCommand } from './send.js';

export function eventCommand(app: App): Command {
  return new Command('event')
    .description('Send custom events')
    .addCommand(sendCommand(app))
    .addHelpText(
      'after',
      examples(
        'promo event send purchase_completed --customer-source-id customer-42 -m order_id=ORD-1',
        'promo event send newsletter_signup --input signups.csv',
      ),
    );
}
