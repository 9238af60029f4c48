// The start-up section of `npm run bench` (alone: `node scripts/bench-startup.mjs` after a build):
// whole promo processes timed as medians over interleaved runs, each a ratio against a bare
// `node -e 0` of the same Node measured in the same run (machines here are shared and noisy, so
// absolute milliseconds mean little; ratios do), then each goal said met or not met. Each case also
// shows its minor page faults (median): the memory it touched first, which load disturbs little.
// BENCH_NODES=/path/to/node,/other/node runs it on each of those Node binaries (default: this one);
// BENCH_RUNS=N runs per case (21). Each process also reports the CPU time of its main thread.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import {
  addProfile,
  BIN as bin,
  cleanEnv,
  cleanUp,
  cpuTimer,
  goal,
  median,
  ms,
  scratchDir,
  startSandbox,
  timed,
  times,
  verdicts,
} from './bench-lib.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 21);
const nodes = (process.env.BENCH_NODES ?? process.execPath).split(',').filter(Boolean);
const verdict = verdicts({ ok: 'met', over: 'NOT MET' });
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

const PROXY = { HTTPS_PROXY: 'http://127.0.0.1:9', HTTP_PROXY: 'http://127.0.0.1:9', NO_PROXY: '127.0.0.1' };
const NO_CACHE = { NODE_DISABLE_COMPILE_CACHE: '1' };

/** The cases of one Node line; `target` is a ratio to `node -e 0`, `of` names another case instead. */
function cases(code, url) {
  const builtIn = ['--profile', 'sandbox'];
  // The floor of one request: Node alone asking the same sandbox (an answer of 401, read whole),
  // leaving through process.exit as promo does.
  const bare = `require('http').get('${url}/v1/vouchers/${code}', (r) => r.resume().on('end', () => process.exit(0)))`;
  return [
    { name: 'node -e 0 (baseline)', args: ['-e', '0'] },
    { name: 'node: one http.get, no promo (the floor)', args: ['-e', bare] },
    { name: 'promo --version', args: [bin, '--version'], target: 1.5 },
    { name: 'promo --help', args: [bin, '--help'], target: 1.3 },
    { name: '… no code cache, no kept help', args: [bin, '--help'], env: NO_CACHE },
    {
      name: 'promo token issue (cached, no request)',
      args: [bin, 'token', 'issue', '--scope', 'api'],
      target: 2.2,
    },
    { name: 'promo token inspect (one request)', args: [bin, 'token', 'inspect'], target: 2.0 },
    { name: '… no code cache', args: [bin, 'token', 'inspect'], env: NO_CACHE },
    { name: '… with HTTPS_PROXY/HTTP_PROXY set', args: [bin, 'token', 'inspect'], env: PROXY },
    {
      name: 'promo voucher get (one request)',
      args: [bin, 'voucher', 'get', code, '-o', 'json'],
      target: 2.0,
    },
    {
      name: 'built-in profile: token inspect',
      args: [bin, ...builtIn, 'token', 'inspect'],
      of: 'promo token inspect (one request)',
      target: 1.2,
    },
    {
      name: 'built-in profile: voucher get',
      args: [bin, ...builtIn, 'voucher', 'get', code, '-o', 'json'],
      of: 'promo voucher get (one request)',
      target: 1.2,
    },
  ];
}

const filesUnder = (dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile());

/**
 * The compile cache on this line: the first run writes it, the second finds it whole and writes
 * nothing (a cache not used would be made again).
 */
function compileCache(node, env) {
  const dir = scratchDir('bench-cache');
  const fresh = { ...env, PROMO_CONFIG_DIR: dir };
  timed([bin, '--help'], { env: fresh, command: node });
  const cacheDir = join(dir, 'code-cache');
  const first = new Map(filesUnder(cacheDir).map((file) => [file, statSync(file).mtimeMs]));
  timed([bin, '--help'], { env: fresh, command: node });
  const second = filesUnder(cacheDir);
  const kept =
    second.length === first.size && second.every((file) => statSync(file).mtimeMs === first.get(file));
  return { written: first.size, kept };
}

async function line(node, server) {
  const version = spawnVersion(node);
  const configDir = scratchDir('bench');
  const env = cleanEnv({ PROMO_CONFIG_DIR: configDir });
  const timeCpu = cpuTimer(configDir);
  const time = (args, extraEnv) => timeCpu(args, { env: { ...env, ...extraEnv }, input: '', command: node });

  addProfile('bench', server.url, env, { isDefault: true });
  const code = 'BENCH-GET-1';
  const create = [
    'voucher',
    'create',
    '--code',
    code,
    '--type',
    'discount',
    '--percent-off',
    '10',
    '-o',
    'json',
  ];
  for (const profile of [[], ['--profile', 'sandbox']]) {
    timed([bin, ...profile, 'token', 'issue', '--scope', 'api'], { env, command: node }); // fills the token cache
    timed([bin, ...profile, ...create], { env, command: node, check: false }); // made once per store
  }
  const cache = compileCache(node, env);

  const all = cases(code, server.url);
  const samples = all.map(() => []);
  const loadBefore = load();
  for (let i = 0; i < 3; i++) for (const c of all) time(c.args, c.env); // warm the file and code caches
  for (let i = 0; i < runs; i++) {
    for (const [k, c] of all.entries()) samples[k].push(time(c.args, c.env));
  }
  const wall = (k) => median(samples[k].map((s) => s.ms));
  const cpu = (k) => median(samples[k].map((s) => s.cpu));
  const faults = (k) => median(samples[k].map((s) => s.faults));
  console.log(
    `\npromo start-up, node ${version}, median of ${runs} interleaved runs, NODE_EXTRA_CA_CERTS unset, load average ${loadBefore} → ${load()}\n`,
  );
  console.log(
    `${'case'.padEnd(42)} ${'wall'.padStart(9)} ${'ratio'.padStart(7)} ${'main cpu'.padStart(9)} ${'ratio'.padStart(7)} ${'faults'.padStart(7)}  goal: wall, main cpu`,
  );
  for (const [k, c] of all.entries()) {
    const base = c.of ? all.findIndex((other) => other.name === c.of) : 0;
    const [w, u] = [wall(k) / wall(base), cpu(k) / cpu(base)];
    const goal =
      c.target === undefined
        ? ''
        : `${c.of ? 'of the loopback: ' : ''}${verdict.atMost(w, c.target)}, ${verdict.atMost(u, c.target)}`;
    console.log(
      `${c.name.padEnd(42)} ${ms(wall(k)).padStart(9)} ${times(w).padStart(7)} ${ms(cpu(k)).padStart(9)} ${times(u).padStart(7)} ${String(faults(k)).padStart(7)}  ${goal}`,
    );
  }
  // What promo adds to one request over the floor (bare Node's http.get of the same sandbox), in
  // the same run: the part of a request goal that promo's own code decides.
  const floor = all.findIndex((c) => c.name.startsWith('node: one http.get'));
  for (const [k, c] of all.entries()) {
    if (c.target !== 2.0) continue;
    const over = cpu(k) - cpu(floor);
    console.log(
      `${c.name}: ${ms(over)} of main-thread CPU above the floor (${times(over / cpu(0))} of node -e 0); the goal leaves ${ms(2.0 * cpu(0) - cpu(floor))}`,
    );
  }
  const cacheOk = verdict.count(cache.written > 0 && cache.kept);
  console.log(
    `compile cache: ${cache.written} file(s) written by the first run, ${cache.kept ? 'used unchanged' : 'written again'} by the second: ${cacheOk ? 'met' : 'NOT MET'}`,
  );
  const line = `node ${version}`;
  for (const [k, c] of all.entries()) {
    if (c.target === undefined) continue;
    const base = c.of ? all.findIndex((other) => other.name === c.of) : 0;
    const [w, u] = [wall(k) / wall(base), cpu(k) / cpu(base)];
    const of = c.of ? 'of the loopback' : 'of node -e 0';
    goal(
      `${c.name}, ${line}`,
      `${times(u)} ${of} (main-thread CPU; wall ${times(w)})`,
      `≤ ${c.target}x`,
      u <= c.target,
    );
  }
  goal(
    `compile cache written once, then used, ${line}`,
    `${cache.written} file(s), ${cache.kept ? 'kept' : 'written again'}`,
    'kept',
    cacheOk,
  );
  const chunks = chunksRead(node, env, [bin, 'token', 'inspect']);
  // token's two verbs are in its noun's chunk (scripts/chunks.mjs: a file less for each).
  const own = chunks.join(' ') === 'run token';
  verdict.count(own);
  goal(
    `token inspect loads only its noun's chunk (its verbs') and the runtime's, ${line}`,
    chunks.join(', ') || 'none',
    'run, token',
    own,
  );
}

/** The chunks of dist/ (commands-<name>.cjs) a run of promo reads, by name. */
function chunksRead(node, env, args) {
  const dir = scratchDir('bench-chunks');
  const hook = join(dir, 'hook.cjs');
  const out = join(dir, 'chunks.json');
  writeFileSync(
    hook,
    `const fs = require('fs'); const seen = new Set();
// Read whole (readFileSync), or opened and read into the loader's own memory (openSync).
for (const name of ['readFileSync', 'openSync']) {
  const original = fs[name];
  fs[name] = function (file, ...rest) {
    const m = /[\\\\/]dist[\\\\/]commands-(.+)\\.cjs$/.exec(String(file));
    if (m) seen.add(m[1]);
    return original.call(this, file, ...rest);
  };
}
process.on('exit', () => fs.writeFileSync(${JSON.stringify(out)}, JSON.stringify([...seen].sort())));\n`,
  );
  timed(args, { env: { ...env, NODE_OPTIONS: `--require ${hook}` }, command: node, input: '' });
  return JSON.parse(readFileSync(out, 'utf8'));
}

function spawnVersion(node) {
  return timed(['--version'], { command: node }).stdout.trim();
}

// One sandbox in a process of its own on loopback, as a real service would be, for every line.
const server = await startSandbox({ env: cleanEnv({ PROMO_CONFIG_DIR: scratchDir('bench-sandbox') }) });
for (const node of nodes) await line(node, server);
// It writes its code cache as it exits: cleanUp() waits for that before removing the directory.
await cleanUp();
console.log(`\nstart-up goals: ${verdict.missed ? `${verdict.missed} NOT MET` : 'all met'}`);
process.exitCode = verdict.exitCode();
