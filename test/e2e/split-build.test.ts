// The build in files (scripts/split.mjs): dist/cli.cjs, what every run needs, and the chunks
// dist/commands-<chunk>.cjs, what commands load on demand (a noun's own, the runtime's, the ones a
// few nouns share), each module in one file alone, taken from there by the others. `promo --help`
// must need no chunk at all (start-up), a command only its noun's and those it shares, and errors
// raised in a chunk must be the core's own classes (exit codes are chosen with instanceof in the
// core).
import { cpSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain CommonJS of the bin, no types
import bin from '../../bin/load-cached.js';
import { BIN, runPromo, spawnPromo, tempDir } from '../helpers/promo.js';

const ROOT = dirname(dirname(BIN));
let copy: { path: string; cleanup(): void };
let config: { path: string; cleanup(): void };
const env = () => ({ PROMO_CONFIG_DIR: config.path });

beforeAll(() => {
  copy = tempDir('promo-split-');
  config = tempDir('promo-split-config-');
  for (const part of ['bin', 'dist', 'package.json'])
    cpSync(join(ROOT, part), join(copy.path, part), { recursive: true });
  // What the bundles require at run time (libsql, where Node has no node:sqlite), as installed.
  symlinkSync(join(ROOT, 'node_modules'), join(copy.path, 'node_modules'));
});
afterAll(() => {
  copy.cleanup();
  config.cleanup();
});

const chunkFiles = () => readdirSync(join(ROOT, 'dist')).filter((name) => /^commands-.*\.cjs$/.test(name));

describe('the jq worker', () => {
  it('reads jq’s WebAssembly from its own file, not from 1.3 MB of base64 in its bundle', () => {
    const wasm = readFileSync(join(ROOT, 'dist', 'lazy', 'jq.wasm'));
    // A WebAssembly module: its magic number, and the version 1.
    expect([...wasm.subarray(0, 8)]).toEqual([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
    expect(wasm.length).toBeGreaterThan(500_000);
    const worker = readFileSync(join(ROOT, 'dist', 'lazy', 'jq-worker.cjs'), 'latin1');
    expect(worker.length).toBeLessThan(200_000);
    expect(worker).not.toMatch(/base64,[A-Za-z0-9+/]{100}/);
  });

  it('runs --jq from a copy of the build: the worker finds its module beside it', async () => {
    const { code, stdout, stderr } = await spawnPromo(['templates', 'list', '--json', '--jq', 'length'], {
      bin: join(copy.path, 'bin', 'promo.js'),
      env: { ...env(), PROMO_PROFILE: 'sandbox' },
    });
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatch(/^\d+\n$/);
  });
});

describe('the core and the chunks', () => {
  it('share every project module: none is bundled in both', () => {
    const core = readFileSync(join(ROOT, 'dist', 'cli.cjs'), 'utf8');
    const chunk = chunkFiles()
      .map((name) => readFileSync(join(ROOT, 'dist', name), 'utf8'))
      .join('\n');
    // Each class is declared once (esbuild writes `Name=class …`); the chunk only refers to the core's.
    const declares = (name: string, code: string) => new RegExp(`\\b${name}=class\\b`).test(code);
    for (const name of ['PromoError', 'UsageError', 'Output', 'Session']) {
      expect({ name, core: declares(name, core), chunk: declares(name, chunk) }).toEqual({
        name,
        core: true,
        chunk: false,
      });
    }
    // What only commands use lives in a chunk alone, declared once.
    for (const name of ['OutcomeUnknownError', 'ApiClient', 'Runtime']) {
      expect({ name, core: declares(name, core), chunk: declares(name, chunk) }).toEqual({
        name,
        core: false,
        chunk: true,
      });
      expect({ name, declared: chunk.match(new RegExp(`\\b${name}=class\\b`, 'g'))?.length }).toEqual({
        name,
        declared: 1,
      });
    }
  });

  it('are each written in ASCII as the function a module is wrapped in, which Node’s own loader runs too', () => {
    const { WRAP_START, WRAP_END, loadCached, useCodeCache } = bin;
    const lazy = readdirSync(join(ROOT, 'dist', 'lazy'))
      .filter((name) => name.endsWith('.cjs') && name !== 'jq-worker.cjs')
      .map((name) => join('lazy', name));
    const files = ['cli.cjs', ...chunkFiles(), ...lazy];
    expect(files.length).toBeGreaterThan(20);
    for (const name of files) {
      const bytes = readFileSync(join(ROOT, 'dist', name));
      expect({ name, ascii: bytes.every((byte) => byte < 0x80) }).toEqual({ name, ascii: true });
      // Past its source map's line, only the spaces of a padded bundle (scripts/large-sources.mjs).
      const text = bytes
        .toString('latin1')
        .replace(/ +$/, '')
        .replace(/\n\/\/# sourceMappingURL=\S+\n?$/, '');
      expect({ name, starts: text.startsWith(WRAP_START), ends: text.endsWith(WRAP_END) }).toEqual({
        name,
        starts: true,
        ends: true,
      });
    }
    // The same exports whether the bin's loader or Node's (--debug) loads it.
    const file = join(copy.path, 'dist', 'commands-token.cjs');
    const byNode = Object.keys(createRequire(import.meta.url)(file)).sort();
    expect(byNode.length).toBeGreaterThan(0);
    useCodeCache(join(config.path, 'code-cache'), ['token', 'inspect']);
    expect(Object.keys(loadCached(file)).sort()).toEqual(byNode);
  });

  it('give a noun a chunk of its own: token, voucher and campaign each have one', () => {
    const names = chunkFiles();
    for (const noun of ['token', 'voucher', 'campaign', 'run'])
      expect(names).toContain(`commands-${noun}.cjs`);
  });

  it('raises the core’s own errors from the chunk: exit 2 for a bad value, 3 for a missing voucher', async () => {
    const bad = await spawnPromo(
      ['voucher', 'create', '--type', 'discount', '--percent-off', '500', '--dry-run'],
      {
        env: env(),
        bin: join(copy.path, 'bin', 'promo.js'),
      },
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--percent-off/);
    const port = await spawnPromo(['sandbox', '--port', '99999'], {
      env: env(),
      bin: join(copy.path, 'bin', 'promo.js'),
    });
    expect(port.code).toBe(2);
    expect(port.stderr).toMatch(/--port must be a whole number from 0 to 65535/);
    const missing = await spawnPromo(
      ['--profile', 'sandbox', 'voucher', 'get', 'NO-SUCH-CODE', '-o', 'json'],
      {
        env: env(),
        bin: join(copy.path, 'bin', 'promo.js'),
      },
    );
    expect(missing.code).toBe(3);
    expect(JSON.parse(missing.stderr).error.status).toBe(404);
  });

  it('is not needed by --help, --version or a help topic, which read only the help chunk (commander); a command needs the others', async () => {
    const full = await Promise.all(
      [['--help'], ['--version'], ['help', 'exit-codes']].map((argv) => spawnPromo(argv, { env: env() })),
    );
    for (const name of chunkFiles().filter((file) => file !== 'commands-help.cjs'))
      rmSync(join(copy.path, 'dist', name));
    const bin = join(copy.path, 'bin', 'promo.js');
    const without = await Promise.all(
      [['--help'], ['--version'], ['help', 'exit-codes']].map((argv) =>
        spawnPromo(argv, { env: env(), bin }),
      ),
    );
    for (const [i, run] of without.entries()) {
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(full[i]!.stdout);
      expect(run.stderr).toBe('');
    }
    const command = await spawnPromo(['--profile', 'sandbox', 'templates', 'list', '-o', 'json'], {
      env: env(),
      bin,
    });
    expect(command.code).toBe(1);
    expect(command.stdout).toBe('');
  });

  it('writes help straight to a pipe whose reader has gone: exit 0, nothing on stderr', async () => {
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, [BIN, '--help'], {
      env: { ...process.env, PROMO_CONFIG_DIR: config.path },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The read end is closed before promo has even started: its write fails with EPIPE.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });

  it('prints the same help straight to the descriptor as through a stream', async () => {
    const spawned = await spawnPromo(['--help'], { env: env() });
    const inProcess = await runPromo(['--help']);
    expect(spawned.stdout).toBe(inProcess.stdout);
  });
});
