// With JSON output a script reads stderr line by line: every line there is a JSON object.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../helpers/clock.js';
import { runPromo } from '../helpers/promo.js';
import { type Fixture, sandboxFixture } from '../helpers/sandbox.js';

let fx: Fixture;
beforeAll(async () => {
  fx = await sandboxFixture();
});
afterAll(() => fx.close());

const lines = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));

describe('stderr with JSON output', () => {
  it('carries retry notices and the final error as JSON lines', async () => {
    fx.sandbox.faults.push({
      match: { path: '/v1/templates/campaigns' },
      times: 3,
      action: { status: 429, retryAfter: 1 },
    });
    // The waits (Retry-After: 1) pass on the run's own clock.
    const clock = new TestClock();
    const { code, stderr } = await runPromo(['templates', 'list', '--retries', '2', '-o', 'json'], {
      configDir: fx.configDir,
      clock,
    });
    expect(code).toBe(5);
    // Retry-After: 1, and at most a tenth of it as jitter on top.
    expect(clock.slept.map((ms) => ms >= 1000 && ms <= 1100)).toEqual([true, true]);
    const parsed = lines(stderr);
    expect(parsed.slice(0, -1)).toEqual([
      { notice: expect.stringContaining('429') },
      { notice: expect.stringContaining('429') },
    ]);
    expect(parsed.at(-1).error).toMatchObject({ status: 429, exit_code: 5 });
  });

  it('says nothing on stderr when all goes well', async () => {
    const { code, stderr } = await runPromo(['voucher', 'create', '--percent-off', '5', '--json'], {
      configDir: fx.configDir,
    });
    expect(code).toBe(0);
    expect(stderr).toBe('');
  });
});
