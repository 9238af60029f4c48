// The built bin, a redeem and a rollback whose answers are lost after the sandbox acted: promo finds
// the redemption by its mark and reads the rollback back; one use consumed, one given back.
import { describe, expect, it } from 'vitest';
import { spawnPromo } from '../helpers/promo.js';
import { APP_ID, APP_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { callSandbox, JSON_HEADERS } from '../helpers/sandbox-http.js';

const fx = useSandbox();
// biome-ignore lint/suspicious/noExplicitAny: the sandbox's voucher, read loosely
const usedOf = (code: string) => (fx.sandbox.state.vouchers[code] as any)?.redemption.redeemed_quantity;

describe('the built bin never redeems or rolls back twice', () => {
  it('a lost redeem answer is found by its mark, a lost rollback answer read back', async () => {
    const made = await callSandbox(fx.sandbox.url, 'POST', '/v1/vouchers', {
      body: { code: 'E2E-LOST', type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 100 } },
      headers: { ...JSON_HEADERS, 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN },
    });
    expect(made.status).toBe(200);
    fx.sandbox.faults.set({
      lostAnswers: { rate: 1, as: ['reset'], method: 'POST', path: '/v1/redemptions' },
    });
    const redeemed = await spawnPromo(
      ['--debug', 'voucher', 'redeem', 'E2E-LOST', '--amount', '12.50', '-o', 'json'],
      {
        env: fx.env,
      },
    );
    expect(redeemed.code, redeemed.stderr).toBe(0);
    expect(redeemed.stderr).toContain('looking it up by its mark');
    const id = JSON.parse(redeemed.stdout).redemptions[0].id;
    expect(usedOf('E2E-LOST')).toBe(1);
    const rolled = await spawnPromo(['redemption', 'rollback', id, '--yes'], { env: fx.env });
    expect(rolled.code, rolled.stderr).toBe(0);
    expect(rolled.stderr).toContain('rolled back already');
    expect(usedOf('E2E-LOST')).toBe(0);
    const posts = fx.sandbox.requests.filter(
      (r) => r.method === 'POST' && r.rawPath.startsWith('/v1/redemptions'),
    );
    expect(posts).toHaveLength(2);
  });
});
