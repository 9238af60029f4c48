// What a command loads at start-up, read from Node's own list of loaded modules in the built bin:
// node:crypto (~5 ms of CPU) only for a command that hashes, and a noun's verbs built into
// commander only when the line names them; and which of the build's chunks it reads: its verb's,
// its noun's, the runtime's, and those its noun shares, not the others (scripts/chunks.mjs); a
// plain line, not commander's (src/registry/plain-line.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spawnPromo, tempDir } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();
const dir = tempDir('promo-startup-');
afterAll(() => dir.cleanup());
/** A read through the built-in profile, and its sandbox on libsql (Node 20's SQLite) on every line. */
const BUILT_IN_READ = ['--profile', 'sandbox', 'templates', 'list', '--limit', '1', '-o', 'json'];
const LIBSQL = { PROMO_SANDBOX_SQLITE: 'libsql' };

/**
 * A run of the bin with a preload: `watch` is its code, which keeps what it sees in `seen` (an
 * array or a set, or a function that gives one at exit), written out as JSON when the run exits.
 * The run's result, and what the preload saw.
 */
async function watched<T = string>(
  name: string,
  watch: string,
  argv: string[],
  env: Record<string, string> = {},
): Promise<{ run: Awaited<ReturnType<typeof spawnPromo>>; seen: T[] }> {
  const hook = join(dir.path, `${name}-hook.cjs`);
  const out = join(dir.path, `${name}.json`);
  writeFileSync(
    hook,
    `${watch}
process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify([...(typeof seen === 'function' ? seen() : seen)])));\n`,
  );
  const run = await spawnPromo(argv, { env: { ...fx.env, ...env, NODE_OPTIONS: `--require ${hook}` } });
  return { run, seen: JSON.parse(readFileSync(out, 'utf8')) };
}

/** The built-in modules a run of the bin loaded beyond a bare `node`. */
async function loaded(argv: string[]): Promise<string[]> {
  const { run, seen } = await watched(
    'loaded',
    `const before = new Set(process.moduleLoadList);
const seen = () => process.moduleLoadList.filter((m) => !before.has(m) && m.startsWith('NativeModule ')).map((m) => m.slice(13));`,
    argv,
  );
  expect([run.code, run.stderr]).toEqual([0, '']);
  return seen;
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

it('one request (voucher get, token inspect) loads neither node:http, node:crypto nor node:os', async () => {
  for (const argv of [
    ['voucher', 'get', 'STARTUP-1', '-o', 'json'],
    ['token', 'inspect', '-o', 'json'],
  ]) {
    const modules = await loaded(argv);
    expect(modules).toContain('net');
    // promo's own client (src/http/wire.ts): node:http's is compiled anew by every run.
    expect(modules).not.toContain('http');
    expect(modules).not.toContain('crypto');
    // Nor node:os (~0.3 ms): the home directory is $HOME, as os.homedir() reads it (src/base/dirs.ts).
    expect(modules).not.toContain('os');
  }
});

it('a read through the built-in profile loads neither node:http, node:net, node:stream nor node:crypto (the sandbox in-process)', async () => {
  const modules = await loaded(['--profile', 'sandbox', 'templates', 'list', '--limit', '1', '-o', 'json']);
  // Handed to the sandbox's dispatch() as values: no HTTP on either side, no connection at all.
  expect(modules).not.toContain('http');
  expect(modules).not.toContain('net');
  // Nor node:stream (~8M instructions): an answer made whole is told as one chunk, no stream.
  expect(modules).not.toContain('stream');
  expect(modules).not.toContain('crypto');
  // Reached without a socket: no listening server, whose `listen` loads node:cluster.
  expect(modules).not.toContain('cluster');
  // Nor child processes: libsql (Node 20) learns the C library from /usr/bin/ldd (scripts/build.mjs).
  expect(modules).not.toContain('child_process');
});

it('the built-in profile opens no port: its sandbox is reached in-process, and --debug says so', async () => {
  const { run, seen } = await watched(
    'listens',
    `const net = require('node:net'); const seen = [];
const listen = net.Server.prototype.listen; net.Server.prototype.listen = function (...args) { seen.push('listen'); return listen.apply(this, args); };
const connect = net.Socket.prototype.connect; net.Socket.prototype.connect = function (...args) { seen.push('connect'); return connect.apply(this, args); };`,
    ['--profile', 'sandbox', '--debug', 'voucher', 'get', 'NOT-THERE-1'],
  );
  expect(run.code).toBe(3);
  expect(seen).toEqual([]);
  expect(run.stderr).toContain(
    '* built-in sandbox in this process, no port open: requests to http://sandbox.invalid go to it',
  );
  expect(run.stderr).toContain('> GET http://sandbox.invalid/v1/vouchers/NOT-THERE-1');
});

/**
 * The chunks of dist/ a run of the bin read, by name (`token` for dist/commands-token.cjs), and the
 * help-only text of a noun it read (`help/voucher` for dist/help/voucher.json).
 */
async function chunksRead(argv: string[]): Promise<string[]> {
  const { run, seen } = await watched(
    'chunks',
    `const fs = require('node:fs');
const seen = new Set();
// Read whole (readFileSync), or opened and read into memory of the loader's own (openSync).
for (const name of ['readFileSync', 'openSync']) {
  const original = fs[name];
  fs[name] = function (file, ...rest) {
    const chunk = /[\\\\/]dist[\\\\/](?:commands-(.+)\\.cjs|(help)[\\\\/](.+)\\.json)$/.exec(String(file));
    if (chunk) seen.add(chunk[1] ?? chunk[2] + '/' + chunk[3]);
    return original.call(this, file, ...rest);
  };
}`,
    argv,
  );
  expect([run.code, run.stderr]).toEqual([0, '']);
  return seen.sort();
}

it('token inspect reads its noun’s chunk (which holds its two verbs) and the runtime’s alone: no other noun’s code', async () => {
  expect(await chunksRead(['token', 'inspect', '-o', 'json'])).toEqual(['run', 'token']);
  // Spelt so that commander reads it, the same line reads the help chunk too (commander), and the
  // noun's help-only text, which commander's commands are built with.
  expect(await chunksRead(['token', 'inspect', '-qo', 'json'])).toEqual([
    'help',
    'help/token',
    'run',
    'token',
  ]);
});

it('voucher get reads its noun’s chunk and shared ones: no other voucher verb’s, no other noun’s own', async () => {
  const chunks = await chunksRead(['voucher', 'get', 'STARTUP-1', '-o', 'json']);
  expect(chunks).toContain('voucher');
  // A verb's own module is in a chunk of its own (`voucher.create`) unless small enough for its
  // noun's (get's is); a noun's in one named after it alone; shared ones join their nouns with '+'.
  const otherVerbs = chunks.filter((chunk) => chunk.includes('.') && chunk !== 'voucher.get');
  expect(otherVerbs).toEqual([]);
  // `shared` holds the small modules several nouns share (scripts/chunks.mjs).
  const othersOwn = chunks.filter(
    (chunk) => !/[+.]/.test(chunk) && !['voucher', 'run', 'shared'].includes(chunk),
  );
  expect(othersOwn).toEqual([]);
  // Nor the bulk engine's flags: one code is checked by voucher/code.ts, not by the bulk reading of codes.
  expect(chunks.filter((chunk) => chunk.includes('bulk'))).toEqual([]);
  // Nor what it shares with campaign: the rules in words are a card's, loaded only for one.
  expect(chunks.filter((chunk) => chunk.includes('campaign'))).toEqual([]);
});

it('a noun’s help-only text (long descriptions, examples) is read for its help alone, from a file beside the chunks', async () => {
  const run = await chunksRead(['voucher', 'get', 'STARTUP-1', '-o', 'json']);
  expect(run.filter((read) => read.startsWith('help/'))).toEqual([]);
  const help = await chunksRead(['voucher', 'get', '--help']);
  expect(help.filter((read) => read.startsWith('help/'))).toEqual(['help/voucher']);
});

it('--help and a help topic read the help chunk alone (commander, the layout, the topics)', async () => {
  expect(await chunksRead(['--help'])).toEqual(['help']);
  expect(await chunksRead(['help', 'exit-codes'])).toEqual(['help']);
});

it('promo --help builds no stream: it writes straight to its pipe', async () => {
  const modules = await loaded(['--help']);
  expect(modules.filter((m) => /^(stream|net|crypto|http)$/.test(m))).toEqual([]);
});

it.runIf(process.platform === 'linux')(
  'the built-in profile on libsql asks Node for no diagnostic report (which C library: read from /usr/bin/ldd)',
  async () => {
    const { run, seen } = await watched(
      'reports',
      `const report = process.report; const getReport = report.getReport; const seen = [];
report.getReport = function (...args) { seen.push('asked'); return getReport.apply(this, args); };`,
      BUILT_IN_READ,
      LIBSQL,
    );
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(seen).toEqual([]);
  },
);

it('the built-in profile on libsql copies neither fs nor path export by export (its loader reads them as they are)', async () => {
  // TypeScript's __importStar, as @neon-rs/load was written, defines a getter for every export of
  // fs and of path on a new object; the build hands it the modules themselves.
  const { run, seen } = await watched(
    'copies',
    `const define = Object.defineProperty; const seen = [];
Object.defineProperty = function (target, key, descriptor) {
  if ((key === 'existsSync' || key === 'join') && typeof descriptor?.get === 'function') seen.push(key);
  return define.call(this, target, key, descriptor);
};`,
    BUILT_IN_READ,
    LIBSQL,
  );
  expect([run.code, run.stderr]).toEqual([0, '']);
  expect(JSON.parse(run.stdout)).toHaveLength(1);
  expect(seen).toEqual([]);
});

it('voucher get parses its own verb’s options alone, and no verb’s help (the manifest’s fields read when asked)', async () => {
  const { run, seen: parsed } = await watched(
    'parsed',
    `const parse = JSON.parse; const seen = [];
JSON.parse = function (text, ...rest) { if (typeof text === 'string') seen.push(text.slice(0, 200)); return parse.call(this, text, ...rest); };`,
    ['voucher', 'get', 'STARTUP-1', '-o', 'json'],
  );
  expect([run.code, run.stderr]).toEqual([0, '']);
  // What the line is matched by: each verb's path and aliases.
  expect(parsed).toContain('{"path":["voucher","get"],"aliases":["show"]}');
  // The rest of a verb's data (its summary, its options) only for the verb that runs, if at all.
  const verbs = parsed.filter((text) => /^\{"summary":/.test(text));
  expect(verbs.filter((text) => !text.startsWith('{"summary":"Show one voucher'))).toEqual([]);
  // The help-only fields (every verb's long text and examples) are one text, parsed for help alone.
  expect(parsed.filter((text) => text.includes('"description":'))).toEqual([]);
});
