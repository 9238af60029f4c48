import { Command } from 'commander';
import { type App, examples } from '../../app.js';
import { createCommand } from './create.js';
import { deleteCommand } from './delete.js';

export function voucherCommand(app: App): Command {
  return new Command('voucher')
    .description('Create and delete vouchers (discount vouchers, gift cards, loyalty cards)')
    .addCommand(createCommand(app))
    .addCommand(deleteCommand(app))
    .addHelpText(
      'after',
      examples(
        'promo voucher create --type discount --percent-off 20',
        'promo voucher create --input vouchers.csv',
        'promo voucher delete SUMMER-2026 --force',
      ),
    );
}
