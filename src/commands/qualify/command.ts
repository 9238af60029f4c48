// promo qualify: what this customer and cart can use now, best discount first (the service's
// qualification, scenario ALL), each with what it takes off; --explain adds the near misses and why
// they miss, in voucher validate's words. The options are here; what runs is in run.ts.
import { MAX_QUALIFICATIONS } from '../../api/qualifications.js';
import { UsageError } from '../../base/errors.js';
import { defineCommand } from '../../toolkit/define.js';
import { orderOptions } from '../voucher/order-options.js';

/** The fields of a qualified redeemable, for --fields. */
export const QUALIFIED_FIELDS = [
  'id',
  'object',
  'created_at',
  'result',
  'order',
  'applicable_to',
  'inapplicable_to',
  'metadata',
  'categories',
  'name',
  'campaign_id',
  'campaign_name',
  'validation_rules_assignments',
] as const;

function parseLimit(text: string, flag: string): number {
  const value = text.trim();
  const n = /^\d{1,3}$/.test(value) ? Number(value) : Number.NaN;
  if (!(n >= 1 && n <= MAX_QUALIFICATIONS))
    throw new UsageError(`${flag} must be a whole number from 1 to ${MAX_QUALIFICATIONS}, not '${text}'`);
  return n;
}

export default defineCommand({
  path: ['qualify'],
  summary: 'Show what a customer and cart can use now, best discount first, and why the near misses miss',
  description: `Asks the service's qualification (scenario ALL) about the customer and the order the flags
describe (amounts in currency units, 10.50; an item without a price takes the catalogue's): the
standalone codes, the campaign codes published to this customer and the campaigns whose codes
apply, best discount first, each with what it takes off and the total after. The service's
qualification does not count a customer's earlier uses; promo checks the codes it lists with one
validation and leaves out those this customer has used up. Exit 0 even when nothing applies (it
says so on stderr; -o json prints []). --explain adds the near misses: the codes with validation
rules, and the campaigns with rules of the whole campaign (by name), that do not apply, each with why in voucher validate's words and the service's key (with -o
json an object: {"qualified": [...], "near_misses": [the validation's refused redeemables]}).`,
  examples: [
    'promo qualify --customer alice@example.com --amount 120.50',
    'promo qualify --item prod_shirt:2:25 --customer alice@example.com --explain',
    'promo qualify --amount 80 --limit 3 -o json | jq -r ".[].id"',
  ],
  fields: QUALIFIED_FIELDS,
  options: {
    customer: orderOptions.customer,
    amount: orderOptions.amount,
    item: orderOptions.item,
    limit: {
      type: 'value',
      short: 'l',
      value: 'n',
      help: `how many to show, 1 to ${MAX_QUALIFICATIONS} (default 10)`,
      parse: parseLimit,
    },
    explain: {
      type: 'switch',
      help: 'also show the codes and campaigns with validation rules that do not apply, and why',
    },
  },
  run: async (flags, rt) => {
    const { run } = await import('./run.js');
    return run(flags, rt);
  },
});
