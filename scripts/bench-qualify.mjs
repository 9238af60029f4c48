// npm run bench, qualify section: `promo qualify` over 10,000 vouchers, each with a validation rule
// of its own (an order minimum, a product in the cart, a customer attribute, uses per customer),
// against `promo sandbox` (a process of its own, seeded with them). Each run is the whole command
// as a person types it (Node's start included); the median of RUNS. Target: ≤ 1 s.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, cleanEnv, cleanUp, median, scratchDir, startSandbox, timed, verdicts } from './bench-lib.mjs';

const COUNT = Number(process.env.BENCH_QUALIFY_VOUCHERS ?? 10_000);
const RULES = 100;
const RUNS = 5;
const SECONDS_TARGET = 1;
const dir = scratchDir('bench-qualify');
const env = cleanEnv({ PROMO_CONFIG_DIR: dir, PROMO_APP_ID: 'sandbox', PROMO_APP_TOKEN: 'sandbox' });
const verdict = verdicts();
const START = Date.parse('2025-01-01T00:00:00.000Z');
const iso = (ms) => new Date(ms).toISOString();

/** Rule n: one condition of four kinds, in turn. */
function rule(n) {
  const kinds = [
    { name: 'order.amount', conditions: { $more_than_equal: [(n % 25) * 400] } },
    { name: 'order.items.any', conditions: { $is: [{ object: 'product', source_id: `item-${n % 25}` }] } },
    { name: 'customer.metadata', property: 'tier', conditions: { $is: [n % 2 ? 'gold' : 'silver'] } },
    { name: 'redemption.count.per_customer', conditions: { $less_than_or_equal: [1] } },
  ];
  const id = `val_bench${String(n).padStart(3, '0')}`;
  return {
    id,
    name: `bench rule ${n}`,
    rules: { 1: kinds[n % 4], logic: '1' },
    error: null,
    applicable_to: { excluded: [], included: [], included_all: false },
    created_at: iso(START),
    updated_at: null,
    type: 'expression',
    context_type: 'global',
  };
}

/** Voucher i with rule i % RULES assigned, as the sandbox keeps one. */
function voucher(i, assignment) {
  const code = `QB-${String(i).padStart(6, '0')}`;
  return {
    id: assignment.related_object_id,
    code,
    campaign: null,
    campaign_id: null,
    category: null,
    category_id: null,
    categories: [],
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'AMOUNT', amount_off: 100 + (i % 50) * 10, effect: 'APPLY_TO_ORDER' },
    gift: null,
    loyalty_card: null,
    start_date: null,
    expiration_date: null,
    validity_timeframe: null,
    validity_day_of_week: null,
    validity_hours: null,
    active: true,
    additional_info: null,
    metadata: {},
    is_referral_code: false,
    holder_id: null,
    created_at: iso(START + i * 1000),
    updated_at: null,
    redemption: { quantity: null, redeemed_quantity: 0 },
    validation_rules_assignments: { object: 'list', data_ref: 'data', data: [assignment], total: 1 },
    object: 'voucher',
  };
}

try {
  const validationRules = {};
  for (let n = 0; n < RULES; n++) validationRules[`val_bench${String(n).padStart(3, '0')}`] = rule(n);
  const vouchers = {};
  const ruleAssignments = {};
  for (let i = 0; i < COUNT; i++) {
    const assignment = {
      id: `asgm_bench${String(i).padStart(6, '0')}`,
      rule_id: `val_bench${String(i % RULES).padStart(3, '0')}`,
      related_object_id: `v_bench${String(i).padStart(8, '0')}`,
      related_object_type: 'voucher',
      created_at: iso(START + i * 1000),
      object: 'validation_rules_assignment',
    };
    ruleAssignments[assignment.id] = assignment;
    const v = voucher(i, assignment);
    vouchers[v.code] = v;
  }
  const seed = join(dir, 'seed.json');
  writeFileSync(seed, JSON.stringify({ vouchers, validationRules, ruleAssignments }));
  const { url } = await startSandbox({ env, app: null, args: ['--seed', seed] });
  const promo = (args) => timed([BIN, '--api-url', url, ...args], { env });
  promo(['customer', 'create', '--source-id', 'bench-gold', '-m', 'tier=gold', '-o', 'json']);
  const line = [
    'qualify',
    '--customer',
    'bench-gold',
    '--amount',
    '60',
    '--item',
    'item-7:1:20',
    '-o',
    'json',
  ];
  const runs = [];
  let listed = 0;
  for (let i = 0; i < RUNS; i++) {
    const run = promo(line);
    runs.push(run.ms);
    listed = JSON.parse(run.stdout).length;
  }
  // The sandbox's part alone: the same question over HTTP, without promo's start.
  const asks = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const answer = await fetch(`${url}/v1/qualifications`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-App-Id': 'sandbox', 'X-App-Token': 'sandbox' },
      body: JSON.stringify({
        customer: { source_id: 'bench-gold' },
        order: { amount: 6000, items: [{ source_id: 'item-7', quantity: 1, price: 2000 }] },
        options: { limit: 10, sorting_rule: 'BEST_DEAL' },
      }),
    });
    if (answer.status !== 200)
      throw new Error(`POST /v1/qualifications: ${answer.status} ${await answer.text()}`);
    await answer.json();
    asks.push(performance.now() - started);
  }
  const seconds = median(runs) / 1000;
  console.log(
    `\npromo qualify over ${COUNT.toLocaleString('en')} vouchers with rules (median of ${RUNS} runs)\n`,
  );
  console.log(`  promo ${line.join(' ')}`);
  console.log(
    `  ${seconds.toFixed(2)} s (runs: ${runs.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s; ${listed} listed)  ${verdict.atMost(seconds, SECONDS_TARGET, ' s')}`,
  );
  console.log(
    `  the sandbox's answer alone (POST /v1/qualifications): ${(median(asks) / 1000).toFixed(2)} s`,
  );
} finally {
  await cleanUp();
}
process.exitCode = verdict.exitCode();
