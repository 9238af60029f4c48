// node scripts/bench-compare.mjs OLD_BIN NEW_BIN: start-up of two builds of promo side by side (say,
// main with and without a change, each in its own worktree), interleaved, against one sandbox, as
// medians and ratios to `node -e 0` measured in the same run. On a shared, noisy machine only such
// side-by-side ratios can show a regression of a few per cent. RUNS=N (default 31).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const [oldBin, newBin] = process.argv.slice(2).map((p) => resolve(p));
if (!oldBin || !newBin) throw new Error('usage: node scripts/bench-compare.mjs OLD_BIN NEW_BIN');
const runs = Number(process.env.RUNS ?? 31);
const bins = { old: oldBin, new: newBin };
const base = { ...process.env, NO_COLOR: '1' };
for (const name of Object.keys(base)) {
  if (/^(CI|NODE_EXTRA_CA_CERTS|PROMO_.*|(https?|all|no)_proxy)$/i.test(name)) delete base[name];
}
const dirs = [];
const dir = (name) => {
  const path = mkdtempSync(join(tmpdir(), `promo-compare-${name}-`));
  dirs.push(path);
  return path;
};

const sandboxArgs = ['sandbox', '--port', '0', '--app-id', 'bench', '--app-token', 'bench-token-0001'];
const server = spawn(process.execPath, [newBin, ...sandboxArgs, '-o', 'json'], {
  env: { ...base, PROMO_CONFIG_DIR: dir('sandbox') },
  stdio: ['ignore', 'pipe', 'ignore'],
});
const url = await new Promise((done, fail) => {
  let out = '';
  server.stdout.on('data', (d) => {
    out += d;
    try {
      done(JSON.parse(out).url);
    } catch {}
  });
  server.on('exit', () => fail(new Error('sandbox did not start')));
});

const envs = {};
for (const [name, bin] of Object.entries(bins)) {
  envs[name] = { ...base, PROMO_CONFIG_DIR: dir(name) };
  const profile = ['profile', 'add', 'bench', '--app-id', 'bench', '--app-token-stdin', '--api-url', url];
  const added = spawnSync(process.execPath, [bin, ...profile, '--default'], {
    env: envs[name],
    input: 'bench-token-0001',
  });
  if (added.status !== 0) throw new Error(String(added.stderr));
  spawnSync(process.execPath, [bin, 'token', 'issue', '--scope', 'api'], { env: envs[name] });
}

const proxied = {
  HTTPS_PROXY: 'http://127.0.0.1:9',
  HTTP_PROXY: 'http://127.0.0.1:9',
  NO_PROXY: '127.0.0.1',
};
const cases = [{ name: 'node -e 0 (baseline)', args: ['-e', '0'], env: base }];
for (const name of Object.keys(bins)) {
  cases.push({ name: `${name}: promo --help`, args: [bins[name], '--help'], env: envs[name] });
  const issue = [bins[name], 'token', 'issue', '--scope', 'api'];
  cases.push({ name: `${name}: promo token issue (cached)`, args: issue, env: envs[name] });
  const inspect = [bins[name], 'token', 'inspect'];
  cases.push({ name: `${name}: promo token inspect (one request)`, args: inspect, env: envs[name] });
  cases.push({
    name: `${name}: … with proxy variables set`,
    args: inspect,
    env: { ...envs[name], ...proxied },
  });
}

function time({ args, env }) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${args.join(' ')}: ${result.stderr}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const samples = cases.map(() => []);
for (let i = 0; i < 3; i++) for (const c of cases) time(c);
for (let i = 0; i < runs; i++) for (const [k, c] of cases.entries()) samples[k].push(time(c));
const exited = new Promise((done) => server.on('exit', done));
server.kill();
await exited;
for (const path of dirs) rmSync(path, { recursive: true, force: true });

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const baseline = median(samples[0]);
console.log(`promo start-up side by side, median of ${runs} interleaved runs, node ${process.version}\n`);
for (const [k, c] of cases.entries()) {
  const m = median(samples[k]);
  console.log(
    `${c.name.padEnd(48)} ${`${m.toFixed(1)} ms`.padStart(9)} ${`${(m / baseline).toFixed(2)}x`.padStart(7)}`,
  );
}
