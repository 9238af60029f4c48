// promo sandbox: serves the local imitation of the service until interrupted, printing its URL.
// Its options are in options.ts; what runs is in run.ts, loaded when the command runs.
import { defineCommand } from '../../toolkit/define.js';
import { options } from './options.js';

export default defineCommand({
  path: ['sandbox'],
  summary:
    'Serve a local imitation of the service (its operations, errors, rate-limit headers, import jobs) until Ctrl-C',
  description: [
    "Validations and redemptions follow the service's rules: discounts (AMOUNT, PERCENT with its amount_limit, FIXED, UNIT) applied to the order or to every item, gift cards paying what their balance covers, the keys of a code that does not apply (voucher_expired, voucher_not_active_now, quantity_exceeded, ...), failed redemptions kept, rollbacks that give the use and the credits back. Days and hours of validity are read in --time-zone.",
    'Not imitated, and refused with a 400 (key not_imitated) rather than answered with a made-up success: validation rules it cannot judge (customer segments, order metadata, campaign totals, ...: named when the rule is created), stacking rules other than the default (every code must apply), sessions, promotion tiers and stacks, loyalty rewards, product and SKU CSV imports and discount effects other than APPLY_TO_ORDER and APPLY_TO_ITEMS.',
  ].join('\n\n'),
  examples: [
    'promo sandbox --port 4010 --state ./sandbox.db',
    'promo --profile sandbox --api-url http://127.0.0.1:4010 templates list',
    'promo sandbox --rate-limit 5/min --error-rate 0.2',
    "promo sandbox --lose-answers 0.1 --lose-answers-as reset,504 --lose-answers-on 'POST /v1/vouchers'",
    'promo sandbox --vouchers 12000 --import-speed 50 --bulk-rate-limit 10/hour',
    'promo sandbox --state ./sandbox.db --time-zone Europe/Warsaw',
  ],
  options,
  run: async (input, rt) => {
    const { parseSandboxOptions, run } = await import('./run.js');
    return run(parseSandboxOptions(input), rt);
  },
});
