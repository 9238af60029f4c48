// A service slower than --timeout, end to end: the built bin with `--timeout 1` against a sandbox
// behind a proxy that holds each money write until the test lets it through (it lands after promo
// stopped waiting), or answers its 2xx with a body cut short. No write is ever made twice: a look-up
// that finds nothing is an unknown outcome (exit 6 with the command that checks, `unknown` in a
// journal), a resume finds what landed, and a resend past the landing window that meets a late
// first one undoes the extra.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../helpers/fault-proxy.js';
import { spawnPromo, startPromo } from '../helpers/promo.js';
import { APP_ID, APP_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { callSandbox, JSON_HEADERS, type Json } from '../helpers/sandbox-http.js';
import { until } from '../helpers/until.js';

const fx = useSandbox();
let proxy: FaultProxy;
beforeAll(async () => {
  proxy = await startFaultProxy(fx.sandbox.url, {});
});
afterAll(() => proxy.close());
beforeEach(async () => {
  await proxy.release();
  proxy.faults = {};
  for (const name of Object.keys(proxy.struck)) delete proxy.struck[name];
});

const env = (extra: Record<string, string> = {}) => ({ ...fx.env, PROMO_API_URL: proxy.url, ...extra });
const promo = (argv: string[], extra?: Record<string, string>) => spawnPromo(argv, { env: env(extra) });
/** Holds every request `match` picks until release() (a minute at most). */
const hold = (match: (method: string, path: string) => boolean) => {
  proxy.faults = { hold: { ms: 60_000, match } };
};
const redemptionPosts = (method: string, path: string) => method === 'POST' && path === '/v1/redemptions';

async function voucher(body: Json): Promise<void> {
  const made = await callSandbox(fx.sandbox.url, 'POST', '/v1/vouchers', {
    body,
    headers: { ...JSON_HEADERS, 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
}
const discount = (code: string, extra: Json = {}) =>
  voucher({ code, type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 100 }, ...extra });

/** The redemptions of a code the sandbox holds: SUCCESS ones, ROLLED_BACK ones among them. */
const redemptionsOf = (code: string) =>
  (Object.values(fx.sandbox.state.redemptions) as Json[]).filter(
    (r) => r.object === 'redemption' && r.voucher?.code === code && r.result === 'SUCCESS',
  );
/** Lets every held request through, and waits until each got the sandbox's answer. */
async function land(): Promise<void> {
  await proxy.release();
  await until(() => proxy.held === 0);
}
const records = (path: string) =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((t) => JSON.parse(t) as Json);
const lastOf = (path: string, line: number) =>
  records(path)
    .filter((r) => r.line === line)
    .at(-1);

/** A bulk redeem of one line per code, each held past --timeout 1: every line unknown, exit 7. */
async function heldBulkRedeem(...codes: string[]): Promise<{ argv: string[]; journal: string }> {
  for (const code of codes) await discount(code);
  const input = join(fx.configDir, `${codes[0]}.ndjson`);
  writeFileSync(input, codes.map((code) => `{"code":"${code}"}\n`).join(''));
  const journal = join(fx.configDir, `${codes[0]}-journal.ndjson`);
  hold(redemptionPosts);
  const argv = ['voucher', 'redeem', '--input', input, '-o', 'json'];
  const first = await promo(['--timeout', '1', ...argv, '--results', journal]);
  expect(first.code, first.stderr).toBe(7);
  return { argv, journal };
}

describe('a service slower than --timeout', () => {
  it('a single redeem is unknown (exit 6) with the command that checks; it lands once', async () => {
    await discount('SLOW-R1');
    hold(redemptionPosts);
    const run = await promo('--timeout 1 voucher redeem SLOW-R1 --amount 12.50 -o json'.split(' '));
    expect(run.code, run.stderr).toBe(6);
    expect(run.stdout).toBe('');
    expect(run.stderr).not.toContain('happened once');
    const check =
      /Check with: promo redemption list --filter '?(metadata\.promo_request_id=pr_[0-9a-f-]+)'?/.exec(
        run.stderr,
      );
    expect(check, run.stderr).not.toBeNull();
    expect(proxy.struck.held).toBe(1);
    await land();
    expect(redemptionsOf('SLOW-R1')).toHaveLength(1);
    // The command it gave finds the one redemption.
    const checked = await fx.run(['redemption', 'list', '--filter', check![1]!, '-o', 'json']);
    expect(checked.code, checked.stderr).toBe(0);
    expect(JSON.parse(checked.stdout).map((r: Json) => r.voucher.code)).toEqual(['SLOW-R1']);
  });

  it('a balance change is unknown (exit 6); the card changes once', async () => {
    await voucher({ code: 'SLOW-G1', type: 'GIFT_VOUCHER', gift: { amount: 10_000 } });
    hold((method, path) => method === 'POST' && path.endsWith('/balance'));
    const run = await promo(['--timeout', '1', 'voucher', 'balance', 'SLOW-G1', '--add', '10', '-o', 'json']);
    expect(run.code, run.stderr).toBe(6);
    expect(run.stderr).toMatch(
      /Check with: promo voucher transactions SLOW-G1 \(source_id promo-[0-9a-f]+\)/,
    );
    await land();
    expect((fx.sandbox.state.vouchers['SLOW-G1'] as Json).gift.balance).toBe(11_000);
    const trail = await fx.run(['voucher', 'transactions', 'SLOW-G1', '-o', 'json']);
    expect(JSON.parse(trail.stdout)).toHaveLength(1);
  });

  it('a bulk redeem journals unknown (exit 7); a resume after the writes landed finds them', async () => {
    const { argv, journal } = await heldBulkRedeem('SLOW-B1', 'SLOW-B2');
    for (const line of [1, 2]) {
      expect(lastOf(journal, line)).toMatchObject({ status: 'unknown', error: { key: 'outcome_unknown' } });
      expect(lastOf(journal, line)!.sent_at).toMatch(/^\d{4}-/);
      expect(lastOf(journal, line)!.attempts).toBeUndefined();
    }
    // Resumed before they land: still unknown, nothing sent, within the landing window, which a
    // look-up does not restart (the record keeps the time of the send).
    const sentAt = lastOf(journal, 1)!.sent_at;
    const early = await promo([...argv, '--resume', journal]);
    expect(early.code, early.stderr).toBe(7);
    expect(lastOf(journal, 1)!.error.message).toContain('may still land');
    expect(lastOf(journal, 1)!.sent_at).toBe(sentAt);
    expect(proxy.struck.held).toBe(2);
    await land();
    const posts = fx.sandbox.requests.filter((r) => redemptionPosts(r.method, r.rawPath)).length;
    const resumed = await promo([...argv, '--resume', journal]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(fx.sandbox.requests.filter((r) => redemptionPosts(r.method, r.rawPath))).toHaveLength(posts);
    for (const [line, code] of [
      [1, 'SLOW-B1'],
      [2, 'SLOW-B2'],
    ] as const) {
      const made = redemptionsOf(code);
      expect(made).toHaveLength(1);
      expect(lastOf(journal, line)).toMatchObject({ status: 'created', code, id: made[0]!.id });
    }
  });

  it('a resend past the landing window that meets the first landing late undoes the extra', async () => {
    const { argv, journal } = await heldBulkRedeem('SLOW-X1');
    // A landing window of 0 s: the resume takes the first request for gone, and sends it again.
    const resume = startPromo(['--timeout', '20', ...argv, '--resume', journal], {
      env: env({ PROMO_LANDING_WINDOW: '0' }),
    });
    await until(() => proxy.held === 2);
    // The first lands late, then the resend.
    await land();
    const done = await resume.done;
    expect(done.code, done.stderr).toBe(0);
    const made = redemptionsOf('SLOW-X1');
    expect(made).toHaveLength(2);
    const record = lastOf(journal, 1)!;
    const kept = made.find((r) => r.id === record.id)!;
    const extra = made.find((r) => r.id !== record.id)!;
    expect(kept.status).not.toBe('ROLLED_BACK');
    expect(extra.status).toBe('ROLLED_BACK');
    expect(record, JSON.stringify(record)).toMatchObject({ status: 'created', extra: { id: extra.id } });
    expect(record.extra.undone_by).toMatch(/^rr_/);
    expect(done.stderr).toContain(`promo undid ${extra.id}`);
    expect((fx.sandbox.state.vouchers['SLOW-X1'] as Json).redemption.redeemed_quantity).toBe(1);
  });
});

describe('the landing window', () => {
  it('a PROMO_LANDING_WINDOW that is not a number of seconds is exit 2, nothing sent', async () => {
    const input = join(fx.configDir, 'slow-window.ndjson');
    writeFileSync(input, '{"code":"SLOW-W1"}\n');
    const run = await fx.run(['voucher', 'redeem', '--input', input], {
      env: { PROMO_LANDING_WINDOW: '5m' },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("PROMO_LANDING_WINDOW must be a number of seconds (0 to 999999), not '5m'");
    expect(fx.sandbox.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});

describe('a 2xx whose body cannot be read is a lost answer', () => {
  it('a balance change is read back: changed once, exit 0', async () => {
    await voucher({ code: 'SLOW-G2', type: 'GIFT_VOUCHER', gift: { amount: 10_000 } });
    proxy.faults = { garble2xx: 1, match: (method, path) => method === 'POST' && path.endsWith('/balance') };
    const run = await promo(['voucher', 'balance', 'SLOW-G2', '--add', '10', '-o', 'json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('it happened once');
    expect(JSON.parse(run.stdout)).toMatchObject({ amount: 1000, balance: 11_000 });
    expect(proxy.struck['garble-2xx']).toBe(1);
    expect((fx.sandbox.state.vouchers['SLOW-G2'] as Json).gift.balance).toBe(11_000);
  });

  it('a publication is read back: one code for the customer, exit 0', async () => {
    await discount('SLOW-P1');
    proxy.faults = {
      garble2xx: 1,
      match: (method, path) => method === 'POST' && path.startsWith('/v1/publications'),
    };
    const run = await promo('publication create --voucher SLOW-P1 --customer slow-ann -o json'.split(' '));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('it happened once');
    expect(JSON.parse(run.stdout).voucher.code).toBe('SLOW-P1');
    const listed = await fx.run(['publication', 'list', '--voucher', 'SLOW-P1', '-o', 'json']);
    expect(JSON.parse(listed.stdout)).toHaveLength(1);
  });
  it('a bulk publication is looked up: each customer one code, exit 0', async () => {
    expect(
      (await fx.run('campaign create SLOW-C --percent-off 5 --vouchers-count 4 --wait'.split(' '))).code,
    ).toBe(0);
    const input = join(fx.configDir, 'slow-customers.csv');
    writeFileSync(input, 'source_id\nslow-c1\nslow-c2\n');
    proxy.faults = {
      garble2xx: 1,
      match: (method, path) => method === 'POST' && path.startsWith('/v1/publications'),
    };
    const run = await promo([
      'publication',
      'create',
      '--campaign',
      'SLOW-C',
      '--input',
      input,
      '-o',
      'json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(proxy.struck['garble-2xx']).toBe(2);
    const listed = await fx.run(['publication', 'list', '--campaign', 'SLOW-C', '-o', 'json']);
    expect(
      JSON.parse(listed.stdout)
        .map((p: Json) => p.tracking_id)
        .sort(),
    ).toEqual(['slow-c1', 'slow-c2']);
  });
});

describe('a 500 after the service acted', () => {
  it('a bulk redeem line is looked up, not sent again: one redemption', async () => {
    await discount('SLOW-500');
    const input = join(fx.configDir, 'slow-500.ndjson');
    writeFileSync(input, '{"code":"SLOW-500"}\n');
    fx.sandbox.faults.set({
      script: [{ match: { method: 'POST', path: '/v1/redemptions' }, action: { replyAfterHandling: 500 } }],
    });
    const run = await fx.run(['voucher', 'redeem', '--input', input, '-o', 'json']);
    expect(run.code, run.stderr).toBe(0);
    const made = redemptionsOf('SLOW-500');
    expect(made).toHaveLength(1);
    expect(JSON.parse(run.stdout.trim().split('\n').at(-1)!)).toMatchObject({
      status: 'created',
      id: made[0]!.id,
    });
  });
});

describe('a redemption refused, then made, under one mark', () => {
  it('a line refused on its first send, its answer lost, is failed with the key found under its mark', async () => {
    await discount('SLOW-F0', { active: false });
    const input = join(fx.configDir, 'slow-refused-0.ndjson');
    writeFileSync(input, '{"code":"SLOW-F0"}\n');
    proxy.faults = { resetAfter: 1, match: redemptionPosts };
    const run = await promo(['voucher', 'redeem', '--input', input, '-o', 'json']);
    expect(run.code, run.stderr).toBe(7);
    const record = JSON.parse(run.stdout.trim());
    expect(record).toMatchObject({ line: 1, status: 'failed', error: { key: 'voucher_disabled' } });
    expect(proxy.struck['reset-after']).toBe(1);
  });

  it('a SUCCESS beside a FAILURE is the line done, never redeemed again', async () => {
    await discount('SLOW-F1', { active: false });
    const input = join(fx.configDir, 'slow-refused.ndjson');
    writeFileSync(input, '{"code":"SLOW-F1"}\n');
    const journal = join(fx.configDir, 'slow-refused-journal.ndjson');
    const argv = ['voucher', 'redeem', '--input', input, '-o', 'json'];
    const refused = await promo([...argv, '--results', journal]);
    expect(refused.code, refused.stderr).toBe(7);
    expect(lastOf(journal, 1)).toMatchObject({ status: 'failed' });
    expect((await fx.run(['voucher', 'enable', 'SLOW-F1'])).code).toBe(0);
    proxy.faults = { resetAfter: 1, match: redemptionPosts };
    const lost = await promo([...argv, '--resume', journal]);
    expect(lost.code, lost.stderr).toBe(0);
    const made = redemptionsOf('SLOW-F1');
    expect(made).toHaveLength(1);
    expect(lastOf(journal, 1)).toMatchObject({ status: 'created', id: made[0]!.id });
    proxy.faults = {};
    const again = await promo([...argv, '--resume', journal]);
    expect(again.code, again.stderr).toBe(0);
    expect(redemptionsOf('SLOW-F1')).toHaveLength(1);
  });
});
