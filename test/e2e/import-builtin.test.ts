// An import through the built-in `sandbox` profile, where every command run starts a sandbox of its
// own on one shared state file: the job queued by one process is processed and finished as later,
// separate processes read the state, with no process living on to run it.
import { describe, expect, it } from 'vitest';
import { spawnPromo, tempDir } from '../helpers/promo.js';

describe('an import job across promo processes on the built-in sandbox', () => {
  it('is queued by one run and found DONE, with its failures, by the next ones', async () => {
    const dir = tempDir();
    const env = { PROMO_CONFIG_DIR: dir.path, NO_COLOR: '1' };
    const promo = (...argv: string[]) => spawnPromo(['--profile', 'sandbox', '-o', 'json', ...argv], { env });
    const discount = { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ORDER' };
    const records = [
      { code: 'BUILTIN-A', discount },
      { code: 'BUILTIN-B', discount },
      { code: 'BUILTIN-A', discount },
    ];
    try {
      const queued = await promo('api', 'POST', '/v1/vouchers/import', '-d', JSON.stringify(records));
      expect(queued.code).toBe(0);
      const { async_action_id: id } = JSON.parse(queued.stdout);
      expect(id).toMatch(/^aa_[0-9a-f]{18}$/);

      // Three records at the default 1000 a second are done long before another process starts.
      const job = await promo('api', 'GET', `/v1/async-actions/${id}`);
      expect(job.code).toBe(0);
      expect(JSON.parse(job.stdout)).toMatchObject({
        id,
        status: 'DONE',
        progress: 100,
        result: {
          done_count: 2,
          failed_count: 1,
          failed: [{ code: 'BUILTIN-A', reason: 'A voucher with code BUILTIN-A already exists.' }],
        },
      });
      const voucher = await promo('api', 'GET', '/v1/vouchers/BUILTIN-B');
      expect(voucher.code).toBe(0);
      expect(JSON.parse(voucher.stdout)).toMatchObject({ code: 'BUILTIN-B', discount });
    } finally {
      dir.cleanup();
    }
  });
});
