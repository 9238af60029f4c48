import { Command } from 'commander';
import type { App } from '../../app.js';
import { createCommand } from './create.js';
import { deleteCommand } from './delete.js';

export function voucherCommand(app: App): Command {
  return new Command('voucher')
    .description('Create and delete vouchers (discount vouchers, gift cards, loyalty cards)')
    .addCommand(createCommand(app))
    .addCommand(deleteCommand(app));
}
