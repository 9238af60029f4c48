// What a command loads at start-up, read from Node's own list of loaded modules in the built bin:
// node:crypto (~5 ms of CPU) only for a command that hashes, and a noun's verbs built into
// commander only when the line names them.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spawnPromo, tempDir } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();
const dir = tempDir('promo-startup-');
afterAll(() => dir.cleanup());

/** The built-in modules a run of the bin loaded beyond a bare `node`. */
async function loaded(argv: string[]): Promise<string[]> {
  const hook = join(dir.path, 'hook.cjs');
  const out = join(dir.path, 'loaded.json');
  writeFileSync(
    hook,
    `const before = new Set(process.moduleLoadList);
process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(
  process.moduleLoadList.filter((m) => !before.has(m) && m.startsWith('NativeModule ')).map((m) => m.slice(13)),
)));\n`,
  );
  const run = await spawnPromo(argv, { env: { ...fx.env, NODE_OPTIONS: `--require ${hook}` } });
  expect([run.code, run.stderr]).toEqual([0, '']);
  return JSON.parse(readFileSync(out, 'utf8'));
}

beforeAll(async () => {
  const made = await spawnPromo(
    ['voucher', 'create', '--code', 'STARTUP-1', '--type', 'discount', '--percent-off', '5'],
    {
      env: fx.env,
    },
  );
  expect(made.code).toBe(0);
  // token inspect reads the token cached by token issue.
  expect((await spawnPromo(['token', 'issue', '--scope', 'api'], { env: fx.env })).code).toBe(0);
});

it('one request (voucher get, token inspect) does not load node:crypto', async () => {
  for (const argv of [
    ['voucher', 'get', 'STARTUP-1', '-o', 'json'],
    ['token', 'inspect', '-o', 'json'],
  ]) {
    const modules = await loaded(argv);
    expect(modules).toContain('http');
    expect(modules).not.toContain('crypto');
  }
});

it('promo --help builds no stream: it writes straight to its pipe', async () => {
  const modules = await loaded(['--help']);
  expect(modules.filter((m) => /^(stream|net|crypto|http)$/.test(m))).toEqual([]);
});
