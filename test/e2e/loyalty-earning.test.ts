// promo loyalty earning-rules and tiers end to end: the built bin against a sandbox holding a
// program with earning rules and tiers. The sandbox credits a rule's points once when an order is
// paid and when a custom event arrives; a kind of rule it does not imitate is refused by name.
import { beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, call, member, program, seen } from '../helpers/loyalty-rewards.js';
import { spawnPromo } from '../helpers/promo.js';
import { APP_ID, APP_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { callSandbox, type Json } from '../helpers/sandbox-http.js';

const fx = useSandbox();
const promo = (...argv: string[]) => spawnPromo(argv, { env: fx.env });
let club = '';
let fixed = '';
let proportional = '';
let signup = '';

beforeAll(async () => {
  club = await program(fx, 'Tea Club');
  await member(fx, club, 'TC-ALICE', 'alice', 500);
  await member(fx, club, 'TC-BOB', 'bob', 0);
  [fixed, proportional, signup] = (
    (await call(fx, 'POST', `/v1/loyalties/${club}/earning-rules`, [
      { event: 'order.paid', loyalty: { type: 'FIXED', points: 20 }, source: { banner: 'Any order' } },
      {
        event: 'order.paid',
        loyalty: {
          type: 'PROPORTIONAL',
          calculation_type: 'ORDER_AMOUNT',
          order: { amount: { every: 1000, points: 1 } },
        },
      },
      { event: 'newsletter_signup', loyalty: { type: 'FIXED', points: 50 } },
    ])) as unknown as Json[]
  ).map((rule) => rule.id);
  await call(fx, 'POST', `/v1/loyalties/${club}/tiers`, [
    { name: 'Bronze', points: { from: 0, to: 499 } },
    { name: 'Gold', points: { from: 1000 } },
    { name: 'Silver', points: { from: 500, to: 999 } },
  ]);
});

describe('promo loyalty earning-rules', () => {
  it('lists what earns how many points, and whether each rule is on', async () => {
    const done = await promo('loyalty', 'earning-rules', 'Tea Club', '-o', 'table');
    expect([done.code, done.stderr]).toEqual([0, '']);
    expect(done.stdout).toBe(
      [
        'ID                            Event              Earns                           Active  Banner',
        `${fixed}  order.paid         20 points                       yes     Any order`,
        `${proportional}  order.paid         1 point per 10.00 of the order  yes     -`,
        `${signup}  newsletter_signup  50 points                       yes     -`,
        '',
      ].join('\n'),
    );
    expect(seen(fx)).toEqual(['GET /v1/campaigns/Tea%20Club', `GET /v1/loyalties/${club}/earning-rules`]);
  });

  it('--disable switches a rule off and prints it; --enable on again', async () => {
    const off = await promo('loyalty', 'earning-rules', club, '--disable', signup, '-o', 'json');
    expect([off.code, off.stderr]).toEqual([0, '']);
    expect(JSON.parse(off.stdout)).toMatchObject({ id: signup, active: false });
    expect(seen(fx)).toEqual([`POST /v1/loyalties/${club}/earning-rules/${signup}/disable`]);
    expect(fx.sandbox.state.earningRules[signup]?.active).toBe(false);
    const on = await promo('loyalty', 'earning-rules', club, '--enable', signup, '-o', 'json');
    expect(JSON.parse(on.stdout)).toMatchObject({ id: signup, active: true });
  });

  it('--enable and --disable together: exit 2, nothing sent', async () => {
    const done = await promo(
      'loyalty',
      'earning-rules',
      club,
      '--enable',
      fixed,
      '--disable',
      signup,
      '-o',
      'table',
    );
    expect([done.code, done.stderr]).toEqual([
      2,
      'error: --enable and --disable switch one rule each: give one\n',
    ]);
    expect(seen(fx)).toEqual([]);
  });
});

describe('the sandbox credits earning rules', () => {
  it('a paid order credits the customer once: fixed and proportional to its amount', async () => {
    const made = await promo(
      'order',
      'create',
      '--source-id',
      'tea-1',
      '--customer',
      'alice',
      '--amount',
      '123.45',
      '--status',
      'PAID',
    );
    expect(made.code, made.stderr).toBe(0);
    // 20 fixed, and 1 point for every 10.00 of 123.45: 12.
    expect(balanceOf(fx, 'TC-ALICE')).toBe(532);
    const again = await promo('order', 'update', 'tea-1', '--status', 'PAID');
    expect(again.code, again.stderr).toBe(0);
    expect(balanceOf(fx, 'TC-ALICE')).toBe(532);
  });

  it('an order created, then paid, credits when it becomes PAID', async () => {
    await promo(
      'order',
      'create',
      '--source-id',
      'tea-2',
      '--customer',
      'bob',
      '--amount',
      '5',
      '--status',
      'CREATED',
    );
    expect(balanceOf(fx, 'TC-BOB')).toBe(0);
    await promo('order', 'update', 'tea-2', '--status', 'PAID');
    expect(balanceOf(fx, 'TC-BOB')).toBe(20);
  });

  it('a custom event credits the card it names', async () => {
    const sent = await promo(
      'event',
      'send',
      'newsletter_signup',
      '--customer-source-id',
      'bob',
      '--loyalty-card',
      'TC-BOB',
    );
    expect(sent.code, sent.stderr).toBe(0);
    expect(balanceOf(fx, 'TC-BOB')).toBe(70);
    const trail = Object.values(fx.sandbox.state.transactions).filter((t) => t.type === 'POINTS_ACCRUAL');
    expect(trail.length).toBeGreaterThanOrEqual(4);
  });

  it('a disabled rule credits nothing', async () => {
    await promo('loyalty', 'earning-rules', club, '--disable', signup);
    await promo('event', 'send', 'newsletter_signup', '--customer-source-id', 'bob');
    expect(balanceOf(fx, 'TC-BOB')).toBe(70);
    await promo('loyalty', 'earning-rules', club, '--enable', signup);
    // On again, an event naming the customer alone credits the customer's card in the program.
    await promo('event', 'send', 'newsletter_signup', '--customer-source-id', 'bob');
    expect(balanceOf(fx, 'TC-BOB')).toBe(120);
  });

  it('refuses by name the rules it does not imitate, and keeps none of them', async () => {
    const headers = { 'Content-Type': 'application/json', 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN };
    const before = Object.keys(fx.sandbox.state.earningRules).length;
    for (const rule of [
      { event: 'customer.segment.entered', segment: { id: 'seg_1' }, loyalty: { type: 'FIXED', points: 5 } },
      { event: 'order.paid', loyalty: { type: 'FIXED', points: 5 }, validation_rule_id: 'val_1' },
      {
        event: 'order.paid',
        loyalty: { type: 'PROPORTIONAL', calculation_type: 'ORDER_ITEMS_QUANTITY', order_items: {} },
      },
    ]) {
      const answer = await callSandbox(fx.sandbox.url, 'POST', `/v1/loyalties/${club}/earning-rules`, {
        body: [rule],
        headers,
      });
      expect([answer.status, answer.body.key]).toEqual([400, 'not_imitated']);
    }
    expect(Object.keys(fx.sandbox.state.earningRules)).toHaveLength(before);
  });
});

describe('promo loyalty tiers', () => {
  it("shows the member's tier, which follows their points, and the points to the next", async () => {
    const done = await promo('loyalty', 'tiers', 'TC-BOB', '-o', 'table');
    expect([done.code, done.stderr]).toEqual([0, '']);
    expect(done.stdout).toBe(
      [
        'Card            TC-BOB',
        'Points          120',
        'Tier            Bronze (0-499)',
        'Next tier       Silver (500-999)',
        'Points to next  380',
        '',
      ].join('\n'),
    );
    expect(seen(fx)).toEqual([
      'GET /v1/loyalties/members/TC-BOB',
      'GET /v1/loyalties/members/TC-BOB/tiers',
      `GET /v1/loyalties/${club}/tiers`,
    ]);
    const member = await promo('loyalty', 'member', 'TC-BOB', '-o', 'table');
    expect([member.code, member.stdout.split('\n').at(-2)]).toEqual([0, 'Tier           Bronze']);
    await call(fx, 'POST', '/v1/vouchers/TC-BOB/balance', { amount: 2000 });
    const top = JSON.parse((await promo('loyalty', 'tiers', 'TC-BOB', '-o', 'json')).stdout);
    expect([top.points, top.tier.name, top.next_tier, top.points_to_next]).toEqual([
      2120,
      'Gold',
      null,
      null,
    ]);
    const table = (await promo('loyalty', 'tiers', 'TC-BOB', '-o', 'table')).stdout;
    expect(table.split('\n').slice(2, 5)).toEqual([
      'Tier            Gold (1000+)',
      'Next tier       none: this is the top',
      'Points to next  -',
    ]);
  });
});
