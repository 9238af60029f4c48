// A campaign of generated 10% codes, made through promo and waited for, as several tests need one.
import { expect } from 'vitest';
import type { RunResult } from './promo.js';

export async function percentCampaign(
  run: (argv: string[]) => Promise<RunResult>,
  name: string,
  count: number,
): Promise<void> {
  const made = await run([
    'campaign',
    'create',
    name,
    ...`--percent-off 10 --vouchers-count ${count} --wait`.split(' '),
  ]);
  expect(made.code, made.stderr).toBe(0);
}
