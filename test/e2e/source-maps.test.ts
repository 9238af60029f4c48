// --debug stacks name the source: the build writes source maps beside dist/ (their text left out),
// and bin/promo.js turns them on for --debug runs only. A stack from inside the bundle, mapped as
// a --debug run maps it, points at src/*.ts lines; a run without --debug reads no map.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN } from '../helpers/promo.js';

const DIST = join(BIN, '..', '..', 'dist');

describe('source maps for --debug', () => {
  it('are written for the core and the chunks, without the sources', () => {
    for (const file of ['cli.cjs', 'commands-run.cjs', 'commands-voucher.cjs']) {
      expect(
        readFileSync(join(DIST, file), 'utf8').trimEnd().endsWith(`//# sourceMappingURL=${file}.map`),
      ).toBe(true);
      const map = JSON.parse(readFileSync(join(DIST, `${file}.map`), 'utf8'));
      expect(
        map.sources.some((s: string) => /src\/(main|runtime\/runtime|commands\/voucher\/verbs)\.ts$/.test(s)),
      ).toBe(true);
      expect(map.sourcesContent).toBeUndefined();
    }
  });

  it('map a stack from inside the bundle to src/ lines when turned on, as bin/promo.js does with --debug', () => {
    const script = `process.setSourceMapsEnabled(true);
require(${JSON.stringify(join(DIST, 'cli.cjs'))}).runCli(null, () => {}).catch((e) => console.log(e.stack));`;
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(run.stdout).toMatch(/at main \(.*src[\\/]main\.ts:\d+:\d+\)/);
    expect(existsSync(join(DIST, 'cli.cjs.map'))).toBe(true);
    const bin = readFileSync(BIN, 'utf8');
    expect(bin).toMatch(/if \(debug && typeof process\.setSourceMapsEnabled === 'function'\)/);
  });
});
