// Start-up does not pay for proxies nobody set: the proxy code (and node:tls with it) is loaded only
// when a proxy variable is set. Read from Node's own list of loaded modules, in the built bin.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { spawnPromo, tempDir } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();
const dir = tempDir('promo-lazy-');
afterAll(() => dir.cleanup());

/** Runs `templates list` (an http API URL) and says whether node:tls was loaded: only https or the proxy code need it. */
async function loaded(extraEnv: Record<string, string>) {
  const hook = join(dir.path, 'hook.cjs');
  const out = join(dir.path, 'loaded.json');
  writeFileSync(
    hook,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify({
      tls: process.moduleLoadList.includes('NativeModule tls'),
    })));\n`,
  );
  const run = await spawnPromo(['templates', 'list', '--limit', '1', '-o', 'json'], {
    env: { ...fx.env, NODE_OPTIONS: `--require ${hook}`, ...extraEnv },
  });
  expect(run.code).toBe(0);
  return JSON.parse(readFileSync(out, 'utf8'));
}

it('without proxy variables the proxy code is not loaded (nor node:tls, which it needs)', async () => {
  expect(await loaded({})).toEqual({ tls: false });
});

it('with HTTP_PROXY set (and NO_PROXY sending the request direct) the proxy code is loaded', async () => {
  const result = await loaded({ HTTP_PROXY: 'http://127.0.0.1:9', NO_PROXY: '127.0.0.1' });
  expect(result).toEqual({ tls: true });
});
