// promo loyalty, end to end: the built bin/promo.js against the sandbox, each verb with what it
// prints, its exit code, the requests the sandbox saw and the points ledger after. A program is a
// LOYALTY_PROGRAM campaign, a member its card; points never go on twice.
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnPromo } from '../helpers/promo.js';
import { APP_ID, APP_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { callSandbox, JSON_HEADERS, type Json } from '../helpers/sandbox-http.js';

const fx = useSandbox();
const promo = (argv: string[], stdin?: string) => spawnPromo(argv, { env: fx.env, stdin });
const headers = { ...JSON_HEADERS, 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN };
const call = async (method: string, path: string, body?: unknown) => {
  const answer = await callSandbox(fx.sandbox.url, method, path, { body, headers });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Json;
};

/** A card of the program with this code, held by the customer (by source id). */
async function member(code: string, customer: string): Promise<void> {
  await call('POST', '/v1/vouchers', {
    type: 'LOYALTY_CARD',
    code,
    campaign: 'LE-Club',
    loyalty_card: { points: 0 },
  });
  await call('POST', '/v1/loyalties/LE-Club/members', { voucher: code, customer: { source_id: customer } });
}

const card = (code: string) => fx.sandbox.state.vouchers[code]?.loyalty_card as Json;
const buckets = (code: string) =>
  ((fx.sandbox.state.loyaltyLedger[code]?.buckets ?? []) as Json[]).map((b) => [b.points, b.expires_at]);
const posts = (path: string) => fx.sandbox.requests.filter((r) => r.method === 'POST' && r.rawPath === path);
const lines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Json);

beforeAll(async () => {
  expect((await promo(['campaign', 'create', 'LE-Club', '--type', 'loyalty', '--points', '0'])).code).toBe(0);
  await member('LE-A', 'le-ada');
  await member('LE-B', 'le-bob');
});

describe('promo loyalty', () => {
  it('lists and shows programs; an unknown one is exit 3 with the name it may mean', async () => {
    const listed = await promo(['loyalty', 'list', '--all', '-o', 'json']);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout).map((c: Json) => c.name)).toContain('LE-Club');
    const shown = await promo(['loyalty', 'get', 'LE-Club', '-o', 'json']);
    expect(JSON.parse(shown.stdout)).toMatchObject({ name: 'LE-Club', campaign_type: 'LOYALTY_PROGRAM' });
    const missing = await promo(['loyalty', 'get', 'LE-Clubb', '-o', 'table']);
    expect([missing.code, missing.stdout]).toEqual([3, '']);
    await call('POST', '/v1/campaigns', {
      name: 'LE-Sale',
      voucher: { discount: { type: 'PERCENT', percent_off: 5 } },
    });
    const sale = await promo(['loyalty', 'get', 'LE-Sale', '-o', 'table']);
    expect(sale.code).toBe(3);
    expect(sale.stderr).toMatch(
      /\n'LE-Sale' is a campaign of type DISCOUNT_COUPONS, not a loyalty program; promo loyalty list shows the programs\.\n$/,
    );
    expect(missing.stderr).toMatch(
      /^error: Resource not found \(not_found\): Cannot find campaign with id LE-Clubb .*\nDid you mean 'LE-Club'\?\n$/,
    );
  });

  it('joins a customer once: a second join sends nothing and shows the card held', async () => {
    const first = await promo(['loyalty', 'join', 'LE-Club', '--customer', 'le-cy', '-o', 'json']);
    expect([first.code, first.stderr]).toEqual([0, '']);
    const made = JSON.parse(first.stdout);
    expect(made).toMatchObject({ campaign: 'LE-Club', type: 'LOYALTY_CARD', loyalty_card: { balance: 0 } });
    const again = await promo(['loyalty', 'join', 'LE-Club', '--customer', 'le-cy', '-o', 'table']);
    expect(again.code).toBe(0);
    expect(again.stderr).toBe(`le-cy is a member already (card ${made.code}): not joined again.\n`);
    expect(again.stdout).toBe(
      [
        `Card           ${made.code}`,
        'Program        LE-Club',
        `Customer       ${made.holder_id}`,
        'Balance        0',
        'Pending        0',
        'Next expiry    none',
        'Points earned  0',
        '',
      ].join('\n'),
    );
    const joins = fx.sandbox.requests.filter((r) => r.method === 'POST' && r.rawPath.endsWith('/members'));
    expect(joins).toHaveLength(1);
    expect(fx.sandbox.state.vouchers[made.code]?.holder_id).toBe(made.holder_id);
  });

  it('adds points with an expiry, removes the soonest-expiring first, and refuses more than the balance', async () => {
    const add = await promo([
      'loyalty',
      'points',
      'LE-A',
      '--add',
      '250',
      '--reason',
      'missed order 1042',
      '--source-id',
      'order-1042',
      '-o',
      'table',
    ]);
    expect([add.code, add.stdout, add.stderr]).toEqual([
      0,
      'Change   +250\nBalance  250\nTotal    250\n',
      '',
    ]);
    const dated = await promo([
      'loyalty',
      'points',
      'LE-A',
      '--add',
      '100',
      '--expires',
      '2099-06-30',
      '-o',
      'json',
    ]);
    expect(JSON.parse(dated.stdout)).toMatchObject({ amount: 100, balance: 350 });
    const sent = JSON.parse(posts('/v1/loyalties/members/LE-A/balance').at(-1)?.body ?? '{}');
    expect(sent).toEqual({
      points: 100,
      source_id: expect.stringMatching(/^promo-[0-9a-f]{16}$/),
      expiration_type: 'CUSTOM_DATE',
      expiration_date: '2099-06-30T00:00:00.000Z',
    });
    const removed = await promo([
      'loyalty',
      'points',
      'LE-A',
      '--remove',
      '120',
      '--reason',
      'returned',
      '-o',
      'table',
    ]);
    expect([removed.code, removed.stdout]).toEqual([0, 'Change   -120\nBalance  230\nTotal    230\n']);
    expect(buckets('LE-A')).toEqual([[230, null]]);
    const short = await promo(['loyalty', 'points', 'LE-A', '--remove', '231', '-o', 'table']);
    expect([short.code, short.stdout, short.stderr]).toEqual([
      1,
      '',
      'error: Refused: LE-A: the removal is more points than the loyalty card holds (loyalty_card_points_exceeded); nothing changed\n',
    ]);
    // For a script: the service's status and key, the words as the message.
    const forScripts = await promo(['loyalty', 'points', 'LE-A', '--remove', '231', '-o', 'json']);
    expect([forScripts.code, forScripts.stdout]).toEqual([1, '']);
    expect(JSON.parse(forScripts.stderr).error).toMatchObject({
      status: 400,
      key: 'loyalty_card_points_exceeded',
      message:
        'Refused: LE-A: the removal is more points than the loyalty card holds (loyalty_card_points_exceeded); nothing changed',
      request_id: expect.any(String),
      exit_code: 1,
    });
    expect(card('LE-A')).toMatchObject({ balance: 230, points: 230, subtracted_points: 120 });
  });

  it('sends a change under a --source-id the card holds never again', async () => {
    const before = posts('/v1/loyalties/members/LE-A/balance').length;
    const again = await promo([
      'loyalty',
      'points',
      'LE-A',
      '--add',
      '250',
      '--reason',
      'missed order 1042',
      '--source-id',
      'order-1042',
      '-o',
      'table',
    ]);
    expect([again.code, again.stdout, again.stderr]).toEqual([
      0,
      'Change   +250\nBalance  250\nTotal    250\n',
      'The card already holds this change (+250) with source_id order-1042: not sent again.\n',
    ]);
    expect(posts('/v1/loyalties/members/LE-A/balance')).toHaveLength(before);
    const other = await promo(['loyalty', 'points', 'LE-A', '--add', '5', '--source-id', 'order-1042']);
    expect(other.code).toBe(2);
    expect(card('LE-A')?.balance).toBe(230);
  });

  it('refuses a negative, fractional or zero count naming the flag, and sends nothing (exit 2)', async () => {
    fx.sandbox.requests.length = 0;
    for (const [argv, message] of [
      [['--add', '-5'], "--add takes a whole number of points above 0, such as 250; not '-5'"],
      [['--remove', '2.5'], "--remove takes a whole number of points above 0, such as 250; not '2.5'"],
      [['--add', '0'], "--add takes a whole number of points above 0, such as 250; not '0'"],
      [
        ['--add', '5', '--expires', '2099-02-30'],
        "--expires takes a day such as 2026-12-31, or never; not '2099-02-30'",
      ],
      [['--remove', '5', '--expires', 'never'], '--expires goes with --add: removed points have no expiry'],
    ] as const) {
      const run = await promo(['loyalty', 'points', 'LE-A', ...argv]);
      expect(run.code).toBe(2);
      expect(JSON.parse(run.stderr).error.message).toBe(message);
    }
    expect(fx.sandbox.requests).toHaveLength(0);
  });

  it('says what a card that does not exist may be (exit 3)', async () => {
    const run = await promo(['loyalty', 'points', 'le-a', '--add', '5', '-o', 'table']);
    expect([run.code, run.stdout]).toEqual([3, '']);
    expect(run.stderr).toMatch(
      /^error: Resource not found \(not_found\): Cannot find voucher with id le-a .*\nDid you mean 'LE-A'\? Codes are case-sensitive\.\n$/,
    );
    expect((await promo(['loyalty', 'member', 'NOPE-1', '-o', 'table'])).code).toBe(3);
    await call('POST', '/v1/vouchers', { type: 'GIFT_VOUCHER', code: 'LE-GIFT', gift: { amount: 100 } });
    const gift = await promo(['loyalty', 'points', 'LE-GIFT', '--add', '5', '-o', 'table']);
    expect([gift.code, gift.stderr]).toEqual([
      1,
      'error: Refused: LE-GIFT: points go on loyalty cards, and this code is not one (invalid_voucher); nothing changed\n',
    ]);
  });

  it('moves points to another card with their expiry, shows the member, its history and what expires', async () => {
    await promo([
      'loyalty',
      'points',
      'LE-B',
      '--add',
      '40',
      '--expires',
      '2099-01-31',
      '--source-id',
      'b-1',
    ]);
    await promo(['loyalty', 'points', 'LE-B', '--add', '10', '--expires', 'never', '--source-id', 'b-2']);
    const moved = await promo([
      'loyalty',
      'transfer',
      'LE-A',
      '--from',
      'LE-B:45',
      '--reason',
      'new card',
      '--source-id',
      'mv-1',
      '-o',
      'table',
    ]);
    expect([moved.code, moved.stderr]).toEqual([0, '']);
    expect(buckets('LE-B')).toEqual([[5, null]]);
    expect(buckets('LE-A')).toEqual([
      [230, null],
      [40, '2099-01-31'],
      [5, null],
    ]);
    const shown = await promo(['loyalty', 'member', 'LE-A', '-o', 'table']);
    expect(shown.stdout).toBe(
      [
        'Card           LE-A',
        'Program        LE-Club',
        `Customer       ${fx.sandbox.state.vouchers['LE-A']?.holder_id}`,
        'Balance        275',
        'Pending        0',
        'Next expiry    40 on 2099-01-31',
        'Points earned  275',
        'Tier           none',
        '',
      ].join('\n'),
    );
    const standing = await promo(['loyalty', 'tiers', 'LE-A', '-o', 'table']);
    expect(standing.stdout.split('\n').slice(2, 4)).toEqual([
      'Tier            none',
      'Next tier       none: the program has no tiers',
    ]);
    const again = await promo([
      'loyalty',
      'transfer',
      'LE-A',
      '--from',
      'LE-B:45',
      '--source-id',
      'mv-1',
      '-o',
      'table',
    ]);
    expect([again.code, again.stderr]).toEqual([
      0,
      'Card LE-A holds a transfer with source_id mv-1 already: not sent again.\n',
    ]);
    const transfers = fx.sandbox.requests.filter((r) => r.rawPath.endsWith('/members/LE-A/transfers'));
    expect(transfers).toHaveLength(1);
    const history = await promo(['loyalty', 'history', 'LE-A', '--all', '-o', 'ndjson']);
    expect(
      lines(history.stdout).map((t) => [
        t.type,
        t.details.balance.points,
        t.details.balance.balance,
        t.source_id,
        t.reason,
      ]),
    ).toEqual([
      ['POINTS_TRANSFER_IN', 5, 275, 'mv-1', 'new card'],
      ['POINTS_TRANSFER_IN', 40, 270, 'mv-1', 'new card'],
      ['POINTS_REMOVAL', -120, 230, expect.stringMatching(/^promo-/), 'returned'],
      ['POINTS_ADDITION', 100, 350, expect.stringMatching(/^promo-/), null],
      ['POINTS_ADDITION', 250, 250, 'order-1042', 'missed order 1042'],
    ]);
    const expiring = await promo(['loyalty', 'expiring', 'LE-A', '-o', 'table']);
    expect([expiring.code, expiring.stdout]).toEqual([
      0,
      'Expires     Points  Status\n2099-01-31  40      ACTIVE\n',
    ]);
    const short = await promo(['loyalty', 'transfer', 'LE-A', '--from', 'LE-B:6', '-o', 'table']);
    expect([short.code, short.stderr]).toEqual([
      1,
      'error: Refused: LE-B: the removal is more points than the loyalty card holds (loyalty_card_points_exceeded); nothing changed\n',
    ]);
  });

  it("lists a program's members, one customer's, every one with --all", async () => {
    const all = await promo(['loyalty', 'members', 'LE-Club', '--all', '-o', 'ndjson']);
    expect(all.code).toBe(0);
    expect(lines(all.stdout).map((m) => m.code)).toEqual(expect.arrayContaining(['LE-A', 'LE-B']));
    const ada = await promo(['loyalty', 'members', 'LE-Club', '--customer', 'le-ada', '-o', 'ndjson']);
    expect(lines(ada.stdout).map((m) => m.code)).toEqual(['LE-A']);
    const typo = await promo(['loyalty', 'members', 'LE-Clu', '-o', 'table']);
    expect([typo.code, typo.stderr.split('\n').at(-2)]).toEqual([3, "Did you mean 'LE-Club'?"]);
    const nobody = await promo(['loyalty', 'members', 'LE-Club', '--customer', 'le-nobody', '-o', 'table']);
    expect(nobody.code).toBe(3);
    await call('POST', '/v1/customers', { source_id: 'le-dan' });
    const none = await promo(['loyalty', 'members', 'LE-Club', '--customer', 'le-dan', '-o', 'table']);
    expect([none.code, none.stdout, none.stderr]).toEqual([0, '', 'No members.\n']);
  });

  it('makes many changes from a file through the journal, each once', async () => {
    const file = 'code,add,remove,reason,source_id,expires\nLE-B,7,,goodwill,f-1,never\nLE-B,,2,fix,f-2,\n';
    const run = await promo(['loyalty', 'points', '--input', '-', '-o', 'json'], file);
    expect(run.code, run.stderr).toBe(0);
    expect(card('LE-B')?.balance).toBe(10);
    const again = await promo(['loyalty', 'points', '--input', '-', '-o', 'json', '--again'], file);
    expect(again.code, again.stderr).toBe(0);
    expect(card('LE-B')?.balance).toBe(10);
    const gift = await promo(['loyalty', 'points', '--input', '-'], 'code,add\nLE-NONE,1\n');
    expect(gift.code).toBe(7);
  });
});
