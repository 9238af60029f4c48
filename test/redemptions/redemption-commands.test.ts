// promo redemption list, get and rollback against the sandbox: amounts in currency units, 404 as
// exit 3, a rollback asked for on a terminal (declined: exit 8) and needing --yes without one, a
// stacked redemption rolled back whole, and a lost rollback answer read back, never a use given twice.
import { describe, expect, it } from 'vitest';
import { APP_ID, APP_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { callSandbox } from '../helpers/sandbox-http.js';

const fx = useSandbox();
const headers = { 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN, 'Content-Type': 'application/json' };

async function voucher(code: string, body: Record<string, unknown> = {}): Promise<void> {
  const { status } = await callSandbox(fx.sandbox.url, 'POST', '/v1/vouchers', {
    body: { code, type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 250 }, ...body },
    headers,
  });
  expect(status).toBe(200);
}

async function used(code: string): Promise<number> {
  const { body } = await callSandbox(fx.sandbox.url, 'GET', `/v1/vouchers/${code}`, { headers });
  return (body as { redemption: { redeemed_quantity: number } }).redemption.redeemed_quantity;
}

/** Redeems through promo; the redemption's id (a stacked one's parent id). */
async function redeemed(codes: string[]): Promise<string> {
  const run = await fx.run(['voucher', 'redeem', ...codes, '--amount', '40', '-o', 'json']);
  expect(run.code, run.stderr).toBe(0);
  const answer = JSON.parse(run.stdout);
  return answer.parent_redemption?.id ?? answer.redemptions[0].id;
}

describe('redemption list and get', () => {
  it('lists a code’s redemptions with amounts in currency units; get shows one; a missing one is exit 3', async () => {
    await voucher('LIST-1');
    const id = await redeemed(['LIST-1']);
    const list = await fx.run(['redemption', 'list', '--voucher', 'LIST-1', '-o', 'table']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain('LIST-1');
    expect(list.stdout).toContain('2.50');
    const json = await fx.run([
      'redemption',
      'list',
      '--voucher',
      'LIST-1',
      '--result',
      'SUCCESS',
      '-o',
      'json',
    ]);
    expect(JSON.parse(json.stdout).map((r: { id: string }) => r.id)).toEqual([id]);
    const all = await fx.run(['redemption', 'list', '--voucher', 'LIST-1', '--all', '-o', 'ndjson']);
    expect(
      all.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual([id]);
    const get = await fx.run(['redemption', 'get', id, '-o', 'json']);
    expect(JSON.parse(get.stdout)).toMatchObject({ id, result: 'SUCCESS' });
    const missing = await fx.run(['redemption', 'get', 'r_nothere0000000000']);
    expect(missing.code).toBe(3);
  });
});

describe('redemption rollback', () => {
  it('asks on a terminal (declined: exit 8, nothing sent), needs --yes without one, then gives the use back', async () => {
    await voucher('BACK-1', { redemption: { quantity: 1 } });
    const id = await redeemed(['BACK-1']);
    const declined = await fx.run(['redemption', 'rollback', id], { tty: true, answers: [false] });
    expect(declined.code).toBe(8);
    expect(declined.asked[0]).toContain('BACK-1');
    const noTerminal = await fx.run(['redemption', 'rollback', id]);
    expect(noTerminal.code).toBe(2);
    expect(noTerminal.stderr).toContain('--yes');
    expect(await used('BACK-1')).toBe(1);
    const run = await fx.run(['redemption', 'rollback', id, '--reason', 'refund', '--yes', '-o', 'json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ object: 'redemption_rollback', redemption: id });
    expect(await used('BACK-1')).toBe(0);
    // Rolled back already: read as such, neither asked about nor sent again; exit 1, as when the
    // service refuses it (already_rolled_back).
    const posts = () =>
      fx.sandbox.requests.filter((r) => r.method === 'POST' && r.rawPath.endsWith('/rollback'));
    const sent = posts().length;
    const again = await fx.run(['redemption', 'rollback', id], { tty: true, answers: [true] });
    expect(again.code).toBe(1);
    expect(again.asked).toEqual([]);
    expect(again.stderr).toContain(`${id} is rolled back already (status ROLLED_BACK): nothing sent`);
    const json = await fx.run(['redemption', 'rollback', id, '--yes', '-o', 'json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stderr).error).toMatchObject({ key: 'already_rolled_back', exit_code: 1 });
    expect(posts()).toHaveLength(sent);
  });

  it('several ids, one rolled back already: the others are asked about and rolled back, that one reported, exit 7', async () => {
    await voucher('MIX-1');
    await voucher('MIX-2');
    const first = await redeemed(['MIX-1']);
    const second = await redeemed(['MIX-2']);
    expect((await fx.run(['redemption', 'rollback', first, '--yes'])).code).toBe(0);
    const run = await fx.run(['redemption', 'rollback', first, second], { tty: true, answers: [true] });
    expect(run.code, run.stderr).toBe(7);
    expect(run.asked).toHaveLength(1);
    expect(run.asked[0]).toContain(second);
    expect(run.asked[0]).not.toContain(first);
    expect(run.stderr).toContain(`${first} is rolled back already (status ROLLED_BACK): nothing sent`);
    expect(await used('MIX-2')).toBe(0);
    const rollbacks = fx.sandbox.requests.filter(
      (r) => r.method === 'POST' && r.rawPath.endsWith('/rollback'),
    );
    expect(rollbacks.map((r) => r.rawPath)).toEqual([
      `/v1/redemptions/${first}/rollback`,
      `/v1/redemptions/${second}/rollback`,
    ]);
  });

  it('rolls a stacked redemption back whole by its parent id', async () => {
    await voucher('STACK-A');
    await voucher('STACK-B');
    const parent = await redeemed(['STACK-A', 'STACK-B']);
    const run = await fx.run(['redemption', 'rollback', parent, '--yes', '-o', 'json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).rollbacks).toHaveLength(2);
    expect([await used('STACK-A'), await used('STACK-B')]).toEqual([0, 0]);
  });

  it('a lost rollback answer is read back (ROLLED_BACK: done), never a use given back twice', async () => {
    await voucher('LOST-BACK');
    await redeemed(['LOST-BACK']);
    const id = await redeemed(['LOST-BACK']);
    expect(await used('LOST-BACK')).toBe(2);
    fx.sandbox.faults.set({ lostAnswers: { rate: 1, as: [502], method: 'POST', path: '/v1/redemptions/' } });
    const run = await fx.run(['redemption', 'rollback', id, '--yes', '-o', 'table']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('rolled back already');
    expect(await used('LOST-BACK')).toBe(1);
    const rollbacks = fx.sandbox.requests.filter(
      (r) => r.method === 'POST' && r.rawPath.endsWith('/rollback'),
    );
    expect(rollbacks).toHaveLength(1);
  });
});
