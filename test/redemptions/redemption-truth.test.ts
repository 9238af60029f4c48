// What an operator reads about redemptions is what happened: at 80 columns the ids are whole (they
// are copied to roll back), Result holds what --result takes and Status what became of it, a
// rollback reads as a rollback with the amount it gave back, and `redemption rollback` says in
// words what it rolled back.
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();

async function ok(argv: string[], stdin?: string): Promise<string> {
  const run = await fx.run(argv, { stdin });
  expect(run.code, run.stderr).toBe(0);
  return run.stdout;
}

describe('redemption list at 80 columns', () => {
  it('shows whole ids, SUCCESS under Result, and a rollback as a rollback of money returned', async () => {
    await ok(['voucher', 'create', '--code', 'TRUTH20', '--percent-off', '20']);
    const first = JSON.parse(await ok(['voucher', 'redeem', 'TRUTH20', '--amount', '55', '-o', 'json']));
    const second = JSON.parse(
      await ok(
        ['voucher', 'redeem', 'TRUTH20', '--order-file', '-', '-o', 'json'],
        '{"source_id": "ORD-2", "amount": 3000}',
      ),
    );
    const redeemed = second.redemptions[0].id as string;
    const words = await ok(['redemption', 'rollback', redeemed, '--yes', '-o', 'table']);
    const rollback = JSON.parse(await ok(['redemption', 'list', '--voucher', 'TRUTH20', '-o', 'json']))[0];
    expect(rollback.object).toBe('redemption_rollback');
    expect(words).toBe(
      `Rolled back TRUTH20: 6.00 returned, order ORD-2 of 30.00.\n  redemption ${redeemed}, rollback ${rollback.id}\n`,
    );
    const run = await fx.run(['redemption', 'list', '--voucher', 'TRUTH20'], { tty: true, columns: 80 });
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    const cells = lines.map((line) => line.split(/ {2,}/));
    expect(cells[0]).toEqual(['Id', 'Type', 'Code', 'Result', 'Status', 'Amount']);
    expect(cells.slice(1).map((c) => c.slice(0, 6))).toEqual([
      [rollback.id, 'rollback', 'TRUTH20', 'SUCCESS', 'SUCCEEDED', '-6.00'],
      [redeemed, 'redemption', 'TRUTH20', 'SUCCESS', 'ROLLED_BACK', '6.00'],
      [first.redemptions[0].id, 'redemption', 'TRUTH20', 'SUCCESS', 'SUCCEEDED', '11.00'],
    ]);
    const get = await fx.run(['redemption', 'get', rollback.id], { tty: true, columns: 40 });
    expect(get.stdout).toMatch(new RegExp(`^Rolls back +${redeemed}$`, 'm'));
  });

  it('keeps ids whole even when the terminal is narrower than them, the other columns giving way', async () => {
    await ok(['voucher', 'create', '--code', 'NARROW-1', '--percent-off', '5']);
    const id = JSON.parse(await ok(['voucher', 'redeem', 'NARROW-1', '--amount', '10', '-o', 'json']))
      .redemptions[0].id as string;
    const run = await fx.run(['redemption', 'list', '--voucher', 'NARROW-1'], { tty: true, columns: 30 });
    expect(run.stdout.split('\n')[1]!.startsWith(`${id}  `)).toBe(true);
  });

  it('points a status given to --result to --status, nothing sent', async () => {
    const run = await fx.run(['redemption', 'list', '--result', 'SUCCEEDED', '--no-color'], { tty: true });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--result must be SUCCESS or FAILURE, not 'SUCCEEDED'");
    expect(run.stderr).toContain('SUCCEEDED is a status: promo redemption list --status SUCCEEDED');
  });
});
