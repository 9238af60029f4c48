// The v1 loyalty routes over HTTP, on a clock the test moves: a program is a LOYALTY_PROGRAM campaign
// (another campaign is no program), points added with each kind of expiry (the program's rules, none,
// a day), a member read as its points stand at that moment (lapsed ones out, without writing), what
// expires and what is pending, and the refusals a bad change or transfer meets.
import { describe, expect, it } from 'vitest';
import { type Json, useServedSandbox } from './helpers/sandbox-http.js';

let clock = Date.parse('2026-05-04T10:00:00.000Z');
const served = useServedSandbox({ now: () => clock });
const call = (method: string, path: string, body?: unknown) => served.call(method, path, body);
const ok = async (method: string, path: string, body?: unknown) => {
  const { status, body: answer } = await call(method, path, body);
  expect(status, JSON.stringify(answer)).toBe(200);
  return answer as Json;
};

async function program(name: string, months?: number): Promise<string> {
  const rules = months ? { expiration_rules: { period_type: 'MONTH', period_value: months } } : {};
  return (await ok('POST', '/v1/loyalties', { name, voucher: { loyalty_card: { points: 0, ...rules } } })).id;
}

describe('the v1 loyalty routes', () => {
  it('serves programs only: another campaign by name is not one (404)', async () => {
    const id = await program('LH-Club');
    expect((await ok('GET', `/v1/loyalties/${id}`)).campaign_type).toBe('LOYALTY_PROGRAM');
    await ok('POST', '/v1/campaigns', {
      name: 'LH-Sale',
      voucher: { discount: { type: 'PERCENT', percent_off: 5 } },
    });
    expect((await call('GET', '/v1/loyalties/LH-Sale')).status).toBe(404);
    const listed = await ok('GET', '/v1/loyalties?limit=100');
    expect(listed.campaigns.every((c: Json) => c.campaign_type === 'LOYALTY_PROGRAM')).toBe(true);
  });

  it('expires points by the program rules, never, or on a day; a read shows lapsed points out', async () => {
    const id = await program('LH-Rules', 2);
    const card = (await ok('POST', `/v1/loyalties/${id}/members`, { customer: { source_id: 'lh-1' } })).code;
    const balance = (body: Json) => ok('POST', `/v1/loyalties/members/${card}/balance`, body);
    await balance({ points: 10 });
    await balance({ points: 20, expiration_type: 'NON_EXPIRING' });
    const made = await balance({
      points: 30,
      expiration_type: 'CUSTOM_DATE',
      expiration_date: '2026-05-10T00:00:00Z',
    });
    expect(made).toEqual({
      type: 'loyalty_card',
      total: 60,
      object: 'balance',
      points: 30,
      balance: 60,
      operation_type: 'MANUAL',
      related_object: { type: 'voucher', id: expect.stringMatching(/^v_/) },
    });
    const expiring = await ok('GET', `/v1/loyalties/${id}/members/${card}/points-expiration`);
    expect(expiring.data.map((b: Json) => [b.expires_at, b.bucket.total_points])).toEqual([
      ['2026-05-10', 30],
      ['2026-07-04', 10],
    ]);
    expect(expiring.total).toBe(2);
    clock = Date.parse('2026-05-11T00:00:00.000Z');
    const member = await ok('GET', `/v1/loyalties/members/${card}`);
    expect(member.loyalty_card).toMatchObject({
      balance: 30,
      expired_points: 30,
      next_expiration_date: '2026-07-04',
    });
    // The read wrote nothing: the next change records the lapse.
    expect((served.sandbox.state.vouchers[card]?.loyalty_card as Json | undefined)?.balance).toBe(60);
    await balance({ points: -5 });
    const trail = await ok('GET', `/v1/loyalties/members/${card}/transactions?limit=2`);
    expect(trail.data.map((t: Json) => [t.type, t.details.balance.points])).toEqual([
      ['POINTS_REMOVAL', -5],
      ['POINTS_EXPIRATION', -30],
    ]);
    expect(trail.has_more).toBe(true);
    expect((await ok('GET', `/v1/loyalties/members/${card}/pending-points`)).data).toEqual([]);
  });

  it('refuses a bad change or transfer with the reason, changing nothing', async () => {
    const id = await program('LH-Refuse');
    const a = (await ok('POST', `/v1/loyalties/${id}/members`, { customer: { source_id: 'lh-a' } })).code;
    const b = (await ok('POST', `/v1/loyalties/${id}/members`, { customer: { source_id: 'lh-b' } })).code;
    await ok('POST', `/v1/loyalties/members/${a}/balance`, { points: 5 });
    for (const [path, body, key] of [
      [`/v1/loyalties/members/${a}/balance`, { points: 1.5 }, 'invalid_payload'],
      [
        `/v1/loyalties/members/${a}/balance`,
        { points: 1, expiration_type: 'CUSTOM_DATE' },
        'invalid_payload',
      ],
      [`/v1/loyalties/members/${a}/balance`, { points: -6 }, 'loyalty_card_points_exceeded'],
      [`/v1/loyalties/${id}/members/${b}/transfers`, [], 'invalid_payload'],
      [`/v1/loyalties/${id}/members/${b}/transfers`, [{ code: b, points: 1 }], 'invalid_payload'],
      [
        `/v1/loyalties/${id}/members/${b}/transfers`,
        [{ code: a, points: 6 }],
        'loyalty_card_points_exceeded',
      ],
    ] as const) {
      const refused = await call('POST', path, body);
      expect([refused.status, (refused.body as Json).key]).toEqual([400, key]);
    }
    expect((served.sandbox.state.vouchers[a]?.loyalty_card as Json | undefined)?.balance).toBe(5);
    expect((served.sandbox.state.vouchers[b]?.loyalty_card as Json | undefined)?.balance).toBe(0);
    expect((await call('GET', '/v1/loyalties/members/NOPE')).status).toBe(404);
  });
});
