// node scripts/bench-ab.mjs TREE_A TREE_B: start-up of two built checkouts of promo side by side,
// interleaved run by run, as medians and ratios against a bare `node -e 0` (a shared, loaded
// machine makes absolute figures meaningless; two builds measured together still compare). Each
// tree needs dist/ (npm run build); a worktree of an older commit can borrow this node_modules.
// Cases: --version, --help, and one request (templates list) to a sandbox in its own process.
import { join, resolve } from 'node:path';
import { APP, cleanEnv, cleanUp, median, scratchDir, startSandbox, timed } from './bench-lib.mjs';

const trees = process.argv.slice(2).map((tree) => resolve(tree));
if (trees.length !== 2) throw new Error('usage: node scripts/bench-ab.mjs TREE_A TREE_B');
const runs = Number(process.env.BENCH_RUNS ?? 21);
const env = cleanEnv();
const scratch = scratchDir('bench-ab');

const { url } = await startSandbox({
  bin: join(trees[1], 'bin/promo.js'),
  env: { ...env, PROMO_CONFIG_DIR: join(scratch, 'sandbox') },
});

const cases = {
  '--version': ['--version'],
  '--help': ['--help'],
  'one request': ['--api-url', url, 'templates', 'list', '--limit', '1', '-o', 'json'],
};
const samples = { 'node -e 0': [] };
const time = (key, args, extra = {}) => {
  samples[key] ??= [];
  samples[key].push(timed(args, { env: { ...env, ...extra } }).ms);
};
for (let i = 0; i < runs; i++) {
  time('node -e 0', ['-e', '0']);
  for (const [name, args] of Object.entries(cases)) {
    trees.forEach((tree, t) => {
      const dir = join(scratch, `tree-${t}`);
      const own = {
        PROMO_CONFIG_DIR: dir,
        XDG_CACHE_HOME: dir,
        PROMO_APP_ID: APP.id,
        PROMO_APP_TOKEN: APP.token,
      };
      time(`${name}  ${t === 0 ? 'A' : 'B'}`, [join(tree, 'bin/promo.js'), ...args], own);
    });
  }
}
await cleanUp();

const base = median(samples['node -e 0']);
console.log(
  `A = ${trees[0]}\nB = ${trees[1]}\nmedians of ${runs} interleaved runs, node ${process.version}\n`,
);
for (const [key, xs] of Object.entries(samples)) {
  console.log(
    `${key.padEnd(20)} ${median(xs).toFixed(1).padStart(8)} ms ${(median(xs) / base).toFixed(2).padStart(6)}x`,
  );
}
