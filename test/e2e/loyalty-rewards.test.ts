// promo loyalty rewards and redeem-reward end to end: the built bin against a sandbox holding a
// program with members and product rewards; what is printed, the exit code, the requests the
// sandbox saw and the points left after. A reward redemption is never made twice: a lost answer is
// found by its mark, a held one is an unknown outcome (exit 6) that lands once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../helpers/fault-proxy.js';
import { balanceOf, call, member, productReward, program, seen } from '../helpers/loyalty-rewards.js';
import { spawnPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';
import type { Json } from '../helpers/sandbox-http.js';
import { until } from '../helpers/until.js';

const fx = useSandbox();
const promo = (...argv: string[]) => spawnPromo(argv, { env: fx.env });
let club = '';
let mug = '';
let bag = '';
let proxy: FaultProxy;

beforeAll(async () => {
  club = await program(fx, 'Coffee Club');
  await member(fx, club, 'LC-ALICE', 'alice', 500);
  await member(fx, club, 'LC-BOB', 'bob', 100);
  bag = await productReward(fx, club, 'Tote bag', 800);
  mug = await productReward(fx, club, 'Mug', 300);
  proxy = await startFaultProxy(fx.sandbox.url, {});
});
afterAll(() => proxy.close());

/** The reward redemptions of a card the sandbox holds. */
const rewardRedemptions = (code: string) =>
  (Object.values(fx.sandbox.state.redemptions) as Json[]).filter(
    (r) => r.reward !== undefined && r.voucher?.code === code,
  );

describe('promo loyalty rewards', () => {
  it('lists what the program offers for a card, cheapest first, with what its balance affords', async () => {
    const done = await promo('loyalty', 'rewards', 'LC-ALICE', '-o', 'table');
    expect([done.code, done.stderr]).toEqual([0, '']);
    expect(done.stdout).toBe(
      [
        'Reward                        Name      Type      Points  Affordable',
        `${mug}  Mug       MATERIAL  300     yes`,
        `${bag}  Tote bag  MATERIAL  800     no`,
        'Balance: 500 points',
        '',
      ].join('\n'),
    );
    expect(seen(fx)).toEqual([
      'GET /v1/loyalties/members/LC-ALICE',
      'GET /v1/loyalties/members/LC-ALICE/rewards',
    ]);
  });

  it("lists a program's rewards by its name, with -o json", async () => {
    const done = await promo('loyalty', 'rewards', '--program', 'Coffee Club', '-o', 'json');
    expect([done.code, done.stderr]).toEqual([0, '']);
    const rows = JSON.parse(done.stdout) as Json[];
    expect(rows.map((r) => [r.reward.id, r.assignment.parameters.loyalty.points])).toEqual([
      [mug, 300],
      [bag, 800],
    ]);
    expect(seen(fx)[0]).toBe('GET /v1/campaigns/Coffee%20Club');
  });

  it('needs a card or --program, one of the two (exit 2, nothing sent)', async () => {
    const done = await promo('loyalty', 'rewards', '-o', 'table');
    expect([done.code, done.stdout, done.stderr]).toEqual([
      2,
      '',
      'error: give a card or --program, one of the two\n',
    ]);
    expect(seen(fx)).toEqual([]);
  });
});

describe('promo loyalty redeem-reward', () => {
  it('pays the reward with the card points once and prints the balance after', async () => {
    const done = await promo('loyalty', 'redeem-reward', 'LC-ALICE', '--reward', mug, '--yes', '-o', 'json');
    expect([done.code, done.stderr]).toEqual([0, '']);
    const answer = JSON.parse(done.stdout);
    expect([answer.reward.id, answer.loyalty_card.points, answer.voucher.loyalty_card.balance]).toEqual([
      mug,
      300,
      200,
    ]);
    expect(answer.metadata.promo_request_id).toMatch(/^pr_/);
    expect(balanceOf(fx, 'LC-ALICE')).toBe(200);
    expect(rewardRedemptions('LC-ALICE')).toHaveLength(1);
    expect(seen(fx)).toEqual([
      'GET /v1/loyalties/members/LC-ALICE/rewards',
      'POST /v1/loyalties/members/LC-ALICE/redemption',
    ]);
  });

  it('without a terminal and without --yes: exit 2, nothing sent', async () => {
    const done = await promo('loyalty', 'redeem-reward', 'LC-BOB', '--reward', mug);
    expect(done.code).toBe(2);
    expect(done.stderr).toContain('pass --yes to confirm');
    expect(seen(fx)).not.toContain('POST /v1/loyalties/members/LC-BOB/redemption');
    expect(balanceOf(fx, 'LC-BOB')).toBe(100);
  });

  it('on a terminal it asks first: declined is exit 8 with nothing sent, accepted redeems', async () => {
    await member(fx, club, 'LC-TTY', 'erin', 400);
    const argv = ['loyalty', 'redeem-reward', 'LC-TTY', '--reward', mug];
    const declined = await fx.run(argv, { tty: true, answers: [false] });
    expect(declined.code).toBe(8);
    expect(seen(fx)).not.toContain('POST /v1/loyalties/members/LC-TTY/redemption');
    const accepted = await fx.run(argv, { tty: true, answers: [true] });
    expect([accepted.code, accepted.stderr]).toEqual([0, '']);
    expect(accepted.stdout).toContain('Balance after  100');
    expect(balanceOf(fx, 'LC-TTY')).toBe(100);
  });

  it("too few points: exit 1 with the service's key in words; nothing taken", async () => {
    const done = await promo('loyalty', 'redeem-reward', 'LC-BOB', '--reward', mug, '--yes', '-o', 'table');
    expect([done.code, done.stdout]).toEqual([1, '']);
    expect(done.stderr).toBe(
      'error: Refused: LC-BOB: the reward costs 300 points, more than the card holds (loyalty_card_points_exceeded); nothing was redeemed\n' +
        'See what the card affords with: promo loyalty rewards LC-BOB\n',
    );
    expect(balanceOf(fx, 'LC-BOB')).toBe(100);
    expect(rewardRedemptions('LC-BOB')).toEqual([]);
  });

  it('a reward whose stock is all redeemed: exit 1 with the key in words; nothing taken', async () => {
    const pen = await productReward(fx, club, 'Pen', 10);
    await call(fx, 'PUT', `/v1/rewards/${pen}`, { stock: 1 });
    await member(fx, club, 'LC-PEN', 'frank', 100);
    const redeem = () => promo('loyalty', 'redeem-reward', 'LC-PEN', '--reward', pen, '--yes', '-o', 'table');
    const first = await redeem();
    expect([first.code, first.stderr]).toEqual([0, '']);
    expect(balanceOf(fx, 'LC-PEN')).toBe(90);
    fx.sandbox.requests.length = 0;
    const done = await redeem();
    expect([done.code, done.stdout]).toEqual([1, '']);
    expect(done.stderr).toBe(
      `error: Refused: Pen (${pen}) is out of stock: every unit has been redeemed (reward_out_of_stock); nothing was redeemed, no points taken\n` +
        'See what else the program offers with: promo loyalty rewards LC-PEN\n',
    );
    expect(seen(fx)).toEqual([
      'GET /v1/loyalties/members/LC-PEN/rewards',
      'POST /v1/loyalties/members/LC-PEN/redemption',
    ]);
    expect(balanceOf(fx, 'LC-PEN')).toBe(90);
    expect(rewardRedemptions('LC-PEN')).toHaveLength(1);
    expect((fx.sandbox.state.rewards[pen] as Json).redeemed).toBe(1);
    await call(fx, 'DELETE', `/v1/rewards/${pen}`);
  });

  it('a reward the program does not offer: exit 3, nothing sent', async () => {
    const done = await promo(
      'loyalty',
      'redeem-reward',
      'LC-BOB',
      '--reward',
      'rew_nope',
      '--yes',
      '-o',
      'table',
    );
    expect([done.code, done.stdout]).toEqual([3, '']);
    expect(done.stderr).toBe(
      "error: LC-BOB's program offers no reward rew_nope\nSee what it offers with: promo loyalty rewards LC-BOB\n",
    );
    expect(seen(fx)).toEqual(['GET /v1/loyalties/members/LC-BOB/rewards']);
  });

  it('a pay-with-points reward (no price): exit 2, nothing sent', async () => {
    const coin = await call(fx, 'POST', '/v1/rewards', {
      name: 'Coins',
      parameters: { coin: { exchange_ratio: 1, points_ratio: 100 } },
    });
    await call(fx, 'POST', `/v1/loyalties/${club}/rewards`, [{ reward: coin.id }]);
    fx.sandbox.requests.length = 0;
    const done = await promo(
      'loyalty',
      'redeem-reward',
      'LC-ALICE',
      '--reward',
      coin.id,
      '--yes',
      '-o',
      'table',
    );
    expect([done.code, done.stdout]).toEqual([2, '']);
    expect(done.stderr).toContain('is a pay-with-points reward (no points price)');
    expect(seen(fx)).toEqual(['GET /v1/loyalties/members/LC-ALICE/rewards']);
    await call(fx, 'DELETE', `/v1/rewards/${coin.id}`);
  });

  it('an unknown card: exit 3 with what is likely', async () => {
    const done = await promo('loyalty', 'redeem-reward', 'lc-alice', '--reward', mug, '--yes');
    expect(done.code).toBe(3);
    expect(done.stderr).toContain('LC-ALICE');
  });

  it('a lost answer is found by its mark: redeemed once', async () => {
    await member(fx, club, 'LC-LOST', 'carol', 1000);
    fx.sandbox.faults.set({
      lostAnswers: {
        rate: 1,
        as: ['reset'],
        method: 'POST',
        path: '/v1/loyalties/members/LC-LOST/redemption',
      },
    });
    const done = await promo('loyalty', 'redeem-reward', 'LC-LOST', '--reward', mug, '--yes', '-o', 'json');
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toBe(
      '{"notice":"The answer was lost; promo found the reward redemption by its mark: it happened once."}\n',
    );
    expect(JSON.parse(done.stdout).reward.id).toBe(mug);
    expect(rewardRedemptions('LC-LOST')).toHaveLength(1);
    expect(balanceOf(fx, 'LC-LOST')).toBe(700);
  });

  it('an answer held past --timeout 1 is unknown (exit 6) with the command that checks; it lands once', async () => {
    await member(fx, club, 'LC-SLOW', 'dave', 1000);
    proxy.faults = {
      hold: { ms: 60_000, match: (method, path) => method === 'POST' && path.endsWith('/redemption') },
    };
    const env = { ...fx.env, PROMO_API_URL: proxy.url };
    const done = await spawnPromo(
      ['--timeout', '1', 'loyalty', 'redeem-reward', 'LC-SLOW', '--reward', mug, '--yes', '-o', 'json'],
      { env },
    );
    expect([done.code, done.stdout]).toEqual([6, '']);
    expect(done.stderr).toMatch(
      /Check with: promo redemption list --filter '?metadata\.promo_request_id=pr_[0-9a-f-]+'?/,
    );
    await proxy.release();
    await until(() => proxy.held === 0);
    expect(rewardRedemptions('LC-SLOW')).toHaveLength(1);
    expect(balanceOf(fx, 'LC-SLOW')).toBe(700);
    proxy.faults = {};
  });
});
