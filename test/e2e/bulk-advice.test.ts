// The summary of a large create run against a low rate limit advises `promo voucher import`, in
// text and in JSON; a small run, or a limit that lets the run through in a few windows, does not.
// The limit is what the service announces (X-Rate-Limit-Limit): the large run is interrupted as
// soon as that is known, so the test does not wait out the windows.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnPromo, startPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();
const posts = () => fx.sandbox.requests.filter((r) => r.method === 'POST').length;

function input(name: string, count: number): string {
  const stamp = `${Date.now().toString(36)}-${name}`;
  const lines = Array.from({ length: count }, (_, i) =>
    JSON.stringify({
      code: `ADV-${stamp}-${i + 1}`,
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'PERCENT', percent_off: 5 },
    }),
  );
  const path = join(fx.configDir, `${name}.ndjson`);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

/** A run of `path` interrupted (SIGINT) once the sandbox has answered a few of its creates. */
async function interruptedRun(path: string, extra: string[] = []) {
  const before = posts();
  const run = startPromo(['voucher', 'create', '--input', path, ...extra], {
    env: fx.env,
    timeoutMs: 20_000,
  });
  while (posts() - before < 3 && run.child.exitCode === null) await new Promise((r) => setTimeout(r, 5));
  run.child.kill('SIGINT');
  return run.done;
}

const TIP = (path: string) =>
  `Tip: for thousands of vouchers, \`promo voucher import ${path} --wait\` sends them in a few requests instead of one each (this account allows about 100 requests a window).`;

describe('the voucher import advice in the summary of a create run', () => {
  it('is given for 1,000 lines against 100 requests a minute, in the text summary', async () => {
    fx.sandbox.faults.set({ rateLimit: { limit: 100, windowSeconds: 60 } });
    const path = input('large-text', 1000);
    const { code, stderr } = await interruptedRun(path, ['-o', 'table']);
    expect(code, stderr).toBe(130);
    expect(stderr.split('\n')).toContain(TIP(path));
  });

  it('is given in the JSON summary on stderr with -o json', async () => {
    fx.sandbox.faults.set({ rateLimit: { limit: 100, windowSeconds: 60 } });
    const path = input('large-json', 1000);
    const { code, stderr, stdout } = await interruptedRun(path, ['-o', 'json']);
    expect(code, stderr).toBe(130);
    const summary = JSON.parse(stderr.trim().split('\n').at(-1)!).summary;
    expect(summary.advice).toBe(TIP(path));
    expect(stdout).not.toContain('Tip');
  });

  it('is not given for a small run against the same limit', async () => {
    fx.sandbox.faults.set({ rateLimit: { limit: 100, windowSeconds: 60 } });
    const path = input('small', 20);
    const text = await spawnPromo(['voucher', 'create', '--input', path, '-o', 'table'], { env: fx.env });
    expect(text.code, text.stderr).toBe(0);
    expect(text.stderr).toMatch(/^Done: 20 created/m);
    expect(text.stderr).not.toContain('voucher import');
    const json = await spawnPromo(['voucher', 'create', '--input', input('small-json', 20), '-o', 'json'], {
      env: fx.env,
    });
    expect(json.code, json.stderr).toBe(0);
    const summary = JSON.parse(json.stderr.trim().split('\n').at(-1)!).summary;
    expect(summary).toMatchObject({ created: 20 });
    expect(summary.advice).toBeUndefined();
  });

  it('is not given for 1,000 lines against a limit that lets them through in a few windows', async () => {
    // A little latency keeps 1,000 lines from ending before the interruption.
    fx.sandbox.faults.set({ rateLimit: { limit: 6000, windowSeconds: 60 }, latencyMs: 20 });
    const path = input('fast', 1000);
    const text = await interruptedRun(path, ['-o', 'table']);
    expect(text.code, text.stderr).toBe(130);
    expect(text.stderr).toMatch(/^Interrupted: \d+ created/m);
    expect(text.stderr).not.toContain('voucher import');
    const json = await interruptedRun(input('fast-json', 1000), ['-o', 'json']);
    expect(json.code, json.stderr).toBe(130);
    expect(JSON.parse(json.stderr.trim().split('\n').at(-1)!).summary.advice).toBeUndefined();
  });
});
