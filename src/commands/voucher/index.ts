import { Command } from 'commander';
import type { App } from '../../app.js';

export function voucherCommand(_app: App): Command {
  return new Command('voucher').description('Create and delete vouchers');
}
