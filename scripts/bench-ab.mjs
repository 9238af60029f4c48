// node scripts/bench-ab.mjs TREE_A TREE_B: start-up of two built checkouts of promo side by side,
// interleaved run by run, as medians and ratios against a bare `node -e 0` (a shared, loaded
// machine makes absolute figures meaningless; two builds measured together still compare). Each
// tree needs dist/ (npm run build); a worktree of an older commit can borrow this node_modules.
// Cases: --version, --help, and one request (templates list) to a sandbox in its own process.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const trees = process.argv.slice(2).map((tree) => resolve(tree));
if (trees.length !== 2) throw new Error('usage: node scripts/bench-ab.mjs TREE_A TREE_B');
const runs = Number(process.env.BENCH_RUNS ?? 21);
const env = { ...process.env, NO_COLOR: '1' };
for (const name of ['NODE_EXTRA_CA_CERTS', 'CI', 'PROMO_PROFILE', 'PROMO_API_URL', 'PROMO_OUTPUT'])
  delete env[name];
const scratch = mkdtempSync(join(tmpdir(), 'promo-bench-ab-'));

const server = spawn(
  process.execPath,
  [
    join(trees[1], 'bin/promo.js'),
    'sandbox',
    '--port',
    '0',
    '--app-id',
    'bench',
    '--app-token',
    'bench-token-0001',
    '-o',
    'json',
  ],
  { env: { ...env, PROMO_CONFIG_DIR: join(scratch, 'sandbox') }, stdio: ['ignore', 'pipe', 'ignore'] },
);
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

const cases = {
  '--version': ['--version'],
  '--help': ['--help'],
  'one request': ['--api-url', url, 'templates', 'list', '--limit', '1', '-o', 'json'],
};
const times = { 'node -e 0': [] };
const time = (key, args, extra = {}) => {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { env: { ...env, ...extra }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  times[key] ??= [];
  times[key].push(Number(process.hrtime.bigint() - started) / 1e6);
};
for (let i = 0; i < runs; i++) {
  time('node -e 0', ['-e', '0']);
  for (const [name, args] of Object.entries(cases)) {
    trees.forEach((tree, t) => {
      const dir = join(scratch, `tree-${t}`);
      const own = {
        PROMO_CONFIG_DIR: dir,
        XDG_CACHE_HOME: dir,
        PROMO_APP_ID: 'bench',
        PROMO_APP_TOKEN: 'bench-token-0001',
      };
      time(`${name}  ${t === 0 ? 'A' : 'B'}`, [join(tree, 'bin/promo.js'), ...args], own);
    });
  }
}
server.kill();
rmSync(scratch, { recursive: true, force: true });

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = median(times['node -e 0']);
console.log(
  `A = ${trees[0]}\nB = ${trees[1]}\nmedians of ${runs} interleaved runs, node ${process.version}\n`,
);
for (const [key, xs] of Object.entries(times)) {
  console.log(
    `${key.padEnd(20)} ${median(xs).toFixed(1).padStart(8)} ms ${(median(xs) / base).toFixed(2).padStart(6)}x`,
  );
}
