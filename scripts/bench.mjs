// npm run bench: every figure BENCHMARKS.md holds promo to, section by section, each a ratio
// against a baseline measured in the same run (machines here are shared and noisy, so absolute
// milliseconds mean little; ratios do). NODE_EXTRA_CA_CERTS is unset for every process: on this
// machine it more than doubles each Node start and would hide promo's own cost.
// BENCH_SECTIONS=startup,list (any of SECTIONS, comma-separated) runs only those; default: all.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// Each section is a script of its own (run alone with `node scripts/<name>` after a build).
const SECTIONS = {
  startup: 'bench-startup.mjs',
  sandbox: 'bench-sandbox.mjs',
  list: 'bench-list.mjs',
  lifecycle: 'bench-lifecycle.mjs',
  bulk: 'bench-bulk.mjs',
  campaign: 'bench-campaign.mjs',
  loyalty: 'bench-loyalty.mjs',
  jq: 'bench-jq.mjs',
  export: 'bench-export.mjs',
  sqlite: 'bench-sqlite.mjs',
  qualify: 'bench-qualify.mjs',
};
const chosen = (process.env.BENCH_SECTIONS ?? Object.keys(SECTIONS).join(','))
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const unknown = chosen.filter((name) => !(name in SECTIONS));
if (unknown.length || !chosen.length) {
  console.error(
    `BENCH_SECTIONS names sections among ${Object.keys(SECTIONS).join(', ')}, not '${process.env.BENCH_SECTIONS}'`,
  );
  process.exitCode = 2;
} else {
  await run(chosen);
}

async function run(chosen) {
  for (const [name, section] of Object.entries(SECTIONS)) {
    if (!chosen.includes(name)) continue;
    const script = fileURLToPath(new URL(section, import.meta.url));
    if (spawnSync(process.execPath, [script], { stdio: 'inherit' }).status !== 0) process.exitCode = 1;
  }
}
