// A command's data goes straight to stdout's file descriptor while it is small (into a pipe) or goes
// to a file, without Node's stdout stream (src/cli-stdout.ts): one answer into a pipe builds no
// stream. What is written straight and what follows through the stream reaches the reader whole
// and in order, a slow reader included; a reader that left ends nothing early; Ctrl-C still stops a
// run whose reader does not read. The built promo against the sandbox over HTTP.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoSeed } from 'promo-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, binEnv, spawnPromo, tempDir } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';
import { until } from '../helpers/until.js';

// A generated voucher's line is over 1 KB: the first pages of two lines fit in what goes straight
// into a pipe (4 KiB), the rest goes through the stream; all of them are more than a pipe holds.
const VOUCHERS = 120;
const fixture = useSandbox({ seed: { ...demoSeed(), generatedVouchers: { count: VOUCHERS } } });
const dir = tempDir('promo-stdout-');
afterAll(() => dir.cleanup());

beforeAll(async () => {
  const made = await spawnPromo(
    ['voucher', 'create', '--code', 'DIRECT-1', '--type', 'discount', '--percent-off', '5'],
    { env: fixture.env },
  );
  expect([made.code, made.stderr]).toEqual([0, '']);
});

/** Runs the bin with a preload that notes which of Node's stdout and stderr streams were built. */
async function runWatched(
  argv: string[],
  { stdin, quiet = true }: { stdin?: string; quiet?: boolean } = {},
): Promise<{ code: number; stdout: string; built: boolean; stderrBuilt: boolean; stdinBuilt: boolean }> {
  const hook = join(dir.path, 'watch-streams.cjs');
  const out = join(dir.path, `built-${argv.join('-').replace(/\W/g, '')}.json`);
  writeFileSync(
    hook,
    `const built = {};
for (const name of ['stdout', 'stderr', 'stdin']) {
  const node = Object.getOwnPropertyDescriptor(process, name);
  Object.defineProperty(process, name, { configurable: true, enumerable: node.enumerable, get() { built[name] = true; return node.get.call(process); } });
}
process.on('exit', () => require('node:fs').writeFileSync(process.env.WATCH_OUT, JSON.stringify(built)));\n`,
  );
  const run = await spawnPromo(argv, {
    env: { ...fixture.env, NODE_OPTIONS: `--require ${hook}`, WATCH_OUT: out },
    stdin,
  });
  // A bulk run's notice and summary go to stderr.
  if (quiet) expect(run.stderr).toBe('');
  const built = JSON.parse(readFileSync(out, 'utf8')) as {
    stdout?: boolean;
    stderr?: boolean;
    stdin?: boolean;
  };
  return {
    code: run.code,
    stdout: run.stdout,
    built: built.stdout === true,
    stderrBuilt: built.stderr === true,
    stdinBuilt: built.stdin === true,
  };
}

/** A spawned process's exit code and what it wrote. */
function exited(child: ChildProcess): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => (stdout += d));
  child.stderr?.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

const codes = (ndjson: string) =>
  ndjson
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { code: string }).code);

describe('data written straight to stdout', () => {
  it('one answer into a pipe builds no stdout stream; a list larger than 4 KiB does, and every byte arrives', async () => {
    const one = await runWatched(['voucher', 'get', 'DIRECT-1', '-o', 'json']);
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout)).toMatchObject({ code: 'DIRECT-1' });
    expect(one.built).toBe(false);
    // Nor stderr's, which says nothing: the connection kept for reuse is left to the exit, not
    // closed (Node builds process.stderr to compare a socket it closes with it; on a terminal that
    // loads node:tty, ~2 ms of `promo … | jq`).
    expect(one.stderrBuilt).toBe(false);

    const many = await runWatched(['voucher', 'list', '--limit', '20', '-o', 'json']);
    expect(many.code).toBe(0);
    expect(many.stdout.length).toBeGreaterThan(4096);
    expect(JSON.parse(many.stdout)).toHaveLength(20);
    expect(many.built).toBe(true);
  });

  it('a list page by page: lines written straight, then through the stream, whole and in order to a slow reader and to a file', async () => {
    const argv = ['voucher', 'list', '--all', '--limit', '2', '-o', 'ndjson'];
    const fast = await spawnPromo(argv, { env: fixture.env });
    expect([fast.code, fast.stderr]).toEqual([0, '']);
    const all = codes(fast.stdout);
    expect(all.length).toBeGreaterThan(VOUCHERS);
    expect(new Set(all).size).toBe(all.length);

    const slow = await spawnPromo(argv, { env: fixture.env, readStdoutAfterMs: 400 });
    expect([slow.code, slow.stderr, slow.stdout]).toEqual([0, '', fast.stdout]);

    // Into a file everything goes straight: no amount waits on a reader.
    const file = join(dir.path, 'list.ndjson');
    // (Not spawnSync: the sandbox answers from this process.)
    const toFile = await exited(
      spawn('bash', ['-c', '"$@" > "$FILE"', 'bash', process.execPath, BIN, ...argv], {
        env: binEnv({ ...fixture.env, FILE: file }),
      }),
    );
    expect([toFile.code, toFile.stderr]).toEqual([0, '']);
    expect(readFileSync(file, 'utf8')).toBe(fast.stdout);
  });

  it('into /dev/null (a cron job): a list of any length goes straight, without the stream, exit 0', async () => {
    // The null device is a character device, as a terminal is: only the stream could tell them
    // apart, at the cost of loading Node's stream machinery for output nobody reads.
    const hook = join(dir.path, 'watch-null.cjs');
    const out = join(dir.path, 'built-null.json');
    writeFileSync(
      hook,
      `const node = Object.getOwnPropertyDescriptor(process, 'stdout'); let built = false;
Object.defineProperty(process, 'stdout', { configurable: true, enumerable: node.enumerable, get() { built = true; return node.get.call(process); } });
process.on('exit', () => require('node:fs').writeFileSync(process.env.WATCH_OUT, JSON.stringify(built)));\n`,
    );
    const run = await exited(
      spawn(
        'bash',
        [
          '-c',
          '"$@" > /dev/null; echo $?',
          'bash',
          process.execPath,
          BIN,
          'voucher',
          'list',
          '--all',
          '--limit',
          '20',
          '-o',
          'ndjson',
        ],
        {
          env: binEnv({ ...fixture.env, NODE_OPTIONS: `--require ${hook}`, WATCH_OUT: out }),
        },
      ),
    );
    expect([run.code, run.stdout, run.stderr]).toEqual([0, '0\n', '']);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toBe(false);
  });

  it('a reader that left before the answer: the run still ends as it would have (exit 0, nothing on stderr)', async () => {
    const argv = ['voucher', 'get', 'DIRECT-1', '-o', 'json'];
    const run = await exited(
      spawn('bash', ['-c', '"$@" | true; echo $PIPESTATUS', 'bash', process.execPath, BIN, ...argv], {
        env: binEnv(fixture.env),
      }),
    );
    expect([run.code, run.stdout, run.stderr]).toEqual([0, '0\n', '']);
  });

  it('--version and -V: the version straight to the pipe, no stream built; a reader that left ends it quietly (exit 0)', async () => {
    const version = (
      JSON.parse(readFileSync(join(BIN, '..', '..', 'package.json'), 'utf8')) as { version: string }
    ).version;
    for (const flag of ['--version', '-V']) {
      const run = await runWatched([flag]);
      expect([run.code, run.stdout, run.built]).toEqual([0, `${version}\n`, false]);
      const left = await exited(
        spawn('bash', ['-c', '"$@" | true; echo $PIPESTATUS', 'bash', process.execPath, BIN, flag], {
          env: binEnv(fixture.env),
        }),
      );
      expect([left.code, left.stdout, left.stderr]).toEqual([0, '0\n', '']);
    }
  });

  it('a bulk run reading a file builds no stdin stream; one reading stdin does', async () => {
    const file = join(dir.path, 'one-create.ndjson');
    writeFileSync(
      file,
      '{"code":"DIRECT-FILE-1","type":"DISCOUNT_VOUCHER","discount":{"type":"PERCENT","percent_off":5}}\n',
    );
    const fromFile = await runWatched(['voucher', 'create', '--input', file, '-o', 'json'], { quiet: false });
    expect(fromFile.code).toBe(0);
    expect(fromFile.stdout).toContain('"status":"created"');
    expect(fromFile.stdinBuilt).toBe(false);
    const fromStdin = await runWatched(['voucher', 'create', '--input', '-', '-o', 'json'], {
      stdin:
        '{"code":"DIRECT-STDIN-1","type":"DISCOUNT_VOUCHER","discount":{"type":"PERCENT","percent_off":5}}\n',
      quiet: false,
    });
    expect(fromStdin.code).toBe(0);
    expect(fromStdin.stdout).toContain('"status":"created"');
    expect(fromStdin.stdinBuilt).toBe(true);
  });

  it('a command that can read stdin (voucher validate --order-file -) builds its stream only when it does', async () => {
    const plain = await runWatched(['voucher', 'validate', 'DIRECT-1', '-o', 'json']);
    expect(plain.code).toBe(0);
    expect(JSON.parse(plain.stdout).valid).toBe(true);
    expect(plain.stdinBuilt).toBe(false);
    const fromStdin = await runWatched(
      ['voucher', 'validate', 'DIRECT-1', '--order-file', '-', '-o', 'json'],
      {
        stdin: '{"amount": 2000}',
      },
    );
    expect(fromStdin.code).toBe(0);
    expect(JSON.parse(fromStdin.stdout).valid).toBe(true);
    expect(fromStdin.stdinBuilt).toBe(true);
  });

  it('Ctrl-C stops a run whose reader never reads, within a second', async () => {
    // promo itself (exec), its stdout a pipe to a reader that never reads: past what the pipe
    // holds (64 KiB), the stream waits for room without holding the event loop.
    const argv = ['voucher', 'list', '--all', '--limit', '100', '-o', 'ndjson'];
    const child = spawn('bash', ['-c', 'exec "$@" > >(sleep 30)', 'bash', process.execPath, BIN, ...argv], {
      env: binEnv(fixture.env),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    // 'exit', not 'close': the reader that never reads holds stderr's pipe open until it ends.
    const run = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const before = fixture.sandbox.requests.length;
    await until(() => fixture.sandbox.requests.slice(before).some((r) => r.rawPath === '/v1/vouchers'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sent = Date.now();
    child.kill('SIGINT');
    const code = await run;
    expect(Date.now() - sent).toBeLessThan(1000);
    expect(code).toBe(130);
    expect(stderr).toMatch(/interrupt/i);
  });
});
