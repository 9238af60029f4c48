// campaign create --wait on a terminal shows how many codes the generation job has made of how
// many (generated/total), as the job reports them, not only its status and the seconds.
import { describe, expect, it } from 'vitest';
import { TestClock } from '../helpers/clock.js';
import { runPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

// One clock for promo and its sandbox: each poll's wait moves the generation on at once.
const clock = new TestClock();
const fx = useSandbox({ now: clock.now, imports: { generate_per_second: 1_000 } });

describe('campaign create --wait on a terminal', () => {
  it('shows generated/total while the job runs', async () => {
    const run = await runPromo(
      ['campaign', 'create', 'Gen progress', '--percent-off', '5', '--vouchers-count', '5000', '--wait'],
      { configDir: fx.configDir, clock, tty: true },
    );
    expect(run.code, run.stderr).toBe(0);
    const drawn = [...run.stderr.matchAll(/\r\x1b\[2K([^\r\n]+)/g)].map((m) => m[1]!);
    const counts = drawn.flatMap((line) => {
      const found = /([\d,]+)\/5,000 codes/.exec(line);
      return found ? [Number(found[1]!.replaceAll(',', ''))] : [];
    });
    expect(counts.length, drawn.join('\n')).toBeGreaterThan(1);
    expect(counts.some((n) => n > 0 && n < 5000)).toBe(true);
    // Never backwards.
    expect([...counts].sort((a, b) => a - b)).toEqual(counts);
  });
});
