// Runs promo the two ways tests need: in-process through main() with in-memory streams (fast, most
// tests), and as the built bin/promo.js in a child process (end-to-end: exit codes, real stdio).

import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { Context, InputStream, OutputStream, Prompts } from '../../src/base/context.js';
import { abortableSleep } from '../../src/base/sleep.js';
import { main } from '../../src/main.js';
import type { TestClock } from './clock.js';

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  configDir?: string;
  stdin?: string;
  /** Pretend stdin/stdout/stderr are terminals. */
  tty?: boolean;
  /** The terminal's width (default 100). */
  columns?: number;
  now?: () => number;
  /** Answers for prompts, consumed in order; a prompt with no answer left fails the test. */
  answers?: Array<string | boolean>;
  /** The run's time (Context.now and Context.sleep): waits move it on at once. */
  clock?: TestClock;
}

class Capture extends Writable {
  text = '';
  isTTY?: boolean;
  columns = 100;
  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}

/** Prompts that answer from a list and record the questions, standing in for a person. */
export function scriptedPrompts(answers: Array<string | boolean>, asked: string[] = []): Prompts {
  const next = (message: string) => {
    asked.push(message);
    if (answers.length === 0) throw new Error(`unexpected prompt: ${message}`);
    return answers.shift()!;
  };
  return {
    input: async (o) => String(next(o.message)),
    password: async (o) => String(next(o.message)),
    confirm: async (o) => next(o.message) === true,
    select: async <T>(o: { message: string; choices: Array<{ value: T }> }) => next(o.message) as T,
  };
}

export function tempDir(prefix = 'promo-test-'): { path: string; cleanup(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return {
    path,
    cleanup: () => rmSync(path, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 }),
  };
}

function platformDirsFor(dir: string) {
  return { config: dir, cache: dir, state: dir };
}

/** A context with in-memory streams, a config dir, a clock and scripted prompts. */
export function testContext(options: RunOptions = {}): {
  ctx: Context;
  stdout: Capture;
  stderr: Capture;
  asked: string[];
} {
  const stdout = new Capture();
  const stderr = new Capture();
  const stdin = new PassThrough() as PassThrough & InputStream;
  stdin.end(options.stdin ?? '');
  if (options.tty) {
    stdout.isTTY = true;
    stderr.isTTY = true;
    stdin.isTTY = true;
  }
  if (options.columns !== undefined) {
    stdout.columns = options.columns;
    stderr.columns = options.columns;
  }
  const asked: string[] = [];
  const ctx: Context = {
    stdin,
    stdout: stdout as OutputStream,
    stderr: stderr as OutputStream,
    // Tests keep tokens in the profile file unless they ask for the keychain (test/e2e/keychain.test.ts):
    // a developer's own keychain never gets test entries.
    env: { PROMO_CONFIG_DIR: options.configDir, NO_COLOR: '1', PROMO_SECRET_STORE: 'file', ...options.env },
    now: options.clock?.now ?? options.now ?? Date.now,
    sleep: options.clock?.sleep ?? abortableSleep,
    platformDirs: platformDirsFor(options.configDir ?? join(tmpdir(), 'promo-test-unused')),
    prompts: scriptedPrompts(options.answers ?? [], asked),
    sandbox: () => import('promo-sandbox'),
  };
  return { ctx, stdout, stderr, asked };
}

/** promo in-process. */
export async function runPromo(
  argv: string[],
  options: RunOptions = {},
): Promise<RunResult & { asked: string[] }> {
  const { ctx, stdout, stderr, asked } = testContext(options);
  const code = await main(argv, ctx);
  return { code, stdout: stdout.text, stderr: stderr.text, asked };
}

export const BIN = fileURLToPath(new URL('../../bin/promo.js', import.meta.url));

export interface SpawnOptions {
  env?: Record<string, string | undefined>;
  stdin?: string;
  timeoutMs?: number;
  /** Another copy of bin/promo.js (with its dist/) to run. */
  bin?: string;
  /**
   * A slow reader: promo's stdout is a pipe to a shell that starts reading only after this long, so
   * the pipe (64 KiB) fills and promo's writes wait for it, as behind `| (sleep 1; jq …)`.
   */
  readStdoutAfterMs?: number;
}

/** The built bin in a child process; stdin is a pipe (no terminal), as in a cron job. */
export function spawnPromo(argv: string[], options: SpawnOptions = {}): Promise<RunResult & { ms: number }> {
  return startPromo(argv, options).done;
}

/**
 * The environment the built bin is given by these helpers: this process's, without colour, the
 * file secret store, and none of the machine's own promo or proxy settings unless `extra` names
 * them (a machine's proxy would carry the tests' loopback requests away).
 */
export function binEnv(extra?: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = {
    ...process.env,
    NO_COLOR: '1',
    PROMO_SECRET_STORE: 'file',
    ...extra,
  };
  for (const name of [
    'CI',
    'PROMO_PROFILE',
    'PROMO_APP_ID',
    'PROMO_APP_TOKEN',
    'PROMO_API_URL',
    'PROMO_OUTPUT',
    'HTTPS_PROXY',
    'https_proxy',
    'HTTP_PROXY',
    'http_proxy',
    'ALL_PROXY',
    'all_proxy',
    'NO_PROXY',
    'no_proxy',
  ]) {
    if (!(extra && name in extra)) delete env[name];
  }
  return env as NodeJS.ProcessEnv;
}

/**
 * The built bin, with its process at hand (to signal it); `done` settles when it exits. A run that
 * outlives `timeoutMs` is killed, which shows as code -1.
 */
export function startPromo(
  argv: string[],
  options: SpawnOptions = {},
): { child: ChildProcess; done: Promise<RunResult & { ms: number; signal: string | null }> } {
  const started = Date.now();
  const env = binEnv(options.env);
  const command = [process.execPath, options.bin ?? BIN, ...argv];
  // bash runs promo with its stdout into `(sleep; cat)`, and exits with promo's exit code.
  const [file, args] = options.readStdoutAfterMs
    ? [
        'bash',
        [
          '-c',
          `"$@" | { sleep ${options.readStdoutAfterMs / 1000}; cat; }; exit "\${PIPESTATUS[0]}"`,
          'bash',
          ...command,
        ],
      ]
    : [command[0]!, command.slice(1)];
  const child = spawn(file, args, { env: env as NodeJS.ProcessEnv, stdio: ['pipe', 'pipe', 'pipe'] });
  const done = new Promise<RunResult & { ms: number; signal: string | null }>((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 15_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, signal, stdout, stderr, ms: Date.now() - started });
    });
    // A run that exits without reading its stdin closes the pipe under us: EPIPE here is no failure.
    child.stdin!.on('error', () => undefined);
    child.stdin!.end(options.stdin ?? '');
  });
  return { child, done };
}

/** The user id of `nobody`, for runs that must not have root's way past file modes. */
export const NOBODY = 65534;

/**
 * The built bin as the unprivileged user `nobody` (needs `npm run build`); the caller arranges who
 * owns what. The checkout may sit where `nobody` cannot read (a 0700 temporary clone in CI), so the
 * bin and dist/ (self-contained bundles) are copied to a directory everyone can read.
 */
export function spawnAsNobody(
  argv: string[],
  env: Record<string, string>,
  stdin = '',
): Promise<{ code: number; stdout: string; stderr: string }> {
  const copy = tempDir('promo-bin-');
  chmodSync(copy.path, 0o755);
  const root = dirname(dirname(BIN));
  for (const part of ['bin', 'dist']) cpSync(join(root, part), join(copy.path, part), { recursive: true });
  // And libsql, SQLite for the sandbox where Node has no node:sqlite, as an install puts it beside.
  for (const part of ['libsql', '@libsql', '@neon-rs', 'detect-libc']) {
    const from = join(root, 'node_modules', part);
    if (existsSync(from)) cpSync(from, join(copy.path, 'node_modules', part), { recursive: true });
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(copy.path, 'bin', 'promo.js'), ...argv], {
      env: { PATH: process.env.PATH, NO_COLOR: '1', PROMO_SECRET_STORE: 'file', ...env },
      uid: NOBODY,
      gid: NOBODY,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      copy.cleanup();
      resolve({ code: code ?? -1, stdout, stderr });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(stdin);
  });
}
