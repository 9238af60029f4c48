// An export carries personal data (customers, redemptions): --out FILE and its partial file are
// readable by their owner alone, 0600 under the usual umask 022, or the mode FILE already had when
// that is stricter; a FILE the user had made 0600 is never replaced by a 0644 one.
import { chmodSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPromo, tempDir } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';
import { until } from '../helpers/until.js';
import { startThrottle, type Throttle } from './throttle.js';

const fx = useSandbox({ generatedVouchers: 1500 });
const dir = tempDir('promo-export-mode-');
let umask = 0;
let throttle: Throttle;
beforeAll(async () => {
  // The usual umask, whatever the test process was started with (restored after: workers are shared).
  umask = process.umask(0o022);
  throttle = await startThrottle(fx.sandbox.url);
});
afterAll(async () => {
  process.umask(umask);
  await throttle.close();
  dir.cleanup();
});

const modeOf = (path: string) => statSync(path).mode & 0o777;

function exportTo(name: string, apiUrl?: string) {
  return runPromo(
    [
      ...(apiUrl ? ['--api-url', apiUrl] : []),
      'export',
      'vouchers',
      '--fields',
      'code',
      '--wait',
      '--out',
      join(dir.path, name),
    ],
    { configDir: fx.configDir },
  );
}

describe('the mode of an export written to --out FILE', () => {
  it('is 0600 for a new file under umask 022', async () => {
    const done = await exportTo('new.csv');
    expect(done.code, done.stderr).toBe(0);
    expect(modeOf(join(dir.path, 'new.csv')).toString(8)).toBe('600');
  });

  for (const [before, after] of [
    [0o600, 0o600],
    [0o644, 0o600],
    [0o640, 0o600],
    [0o400, 0o400],
    [0o200, 0o200],
  ] as const) {
    it(`replaces a file of mode ${before.toString(8)} with one of mode ${after.toString(8)}`, async () => {
      const name = `was-${before.toString(8)}.csv`;
      writeFileSync(join(dir.path, name), 'old\n');
      chmodSync(join(dir.path, name), before);
      const done = await exportTo(name);
      expect(done.code, done.stderr).toBe(0);
      expect(modeOf(join(dir.path, name)).toString(8)).toBe(after.toString(8));
    });
  }

  it('writes its partial file 0600 as well, while the download goes on', async () => {
    const name = 'slow.csv';
    const partials = () => readdirSync(dir.path).filter((f) => f.startsWith(`.${name}.promo-partial-`));
    const run = exportTo(name, throttle.url);
    let settled = false;
    void run.finally(() => {
      settled = true;
    });
    await until(() => partials().length > 0 || settled);
    const [partial] = partials();
    expect(partial, 'the download was under way').toBeDefined();
    expect(modeOf(join(dir.path, partial!)).toString(8)).toBe('600');
    const done = await run;
    expect(done.code, done.stderr).toBe(0);
    expect(modeOf(join(dir.path, name)).toString(8)).toBe('600');
  });
});
