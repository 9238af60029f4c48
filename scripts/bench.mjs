// npm run bench: every figure BENCHMARKS.md holds promo to, section by section, each a ratio
// against a baseline measured in the same run (machines here are shared and noisy, so absolute
// milliseconds mean little; ratios do). NODE_EXTRA_CA_CERTS is unset for every process: on this
// machine it more than doubles each Node start and would hide promo's own cost.
// BENCH_SECTIONS=startup,list (any of SECTIONS, comma-separated) runs only those; default: all.
// It ends with the goals of the start-up and memory issue (35), each a figure against its target,
// met or NOT MET, gathered from the `goal:` lines the sections print (bench-lib.mjs goal()).
// BENCH_NODES=/path/to/node,... measures the start-up on those Node lines (bench-startup.mjs).
import { spawn } from 'node:child_process';
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
  const goals = [];
  for (const [name, section] of Object.entries(SECTIONS)) {
    if (!chosen.includes(name)) continue;
    const script = fileURLToPath(new URL(section, import.meta.url));
    const code = await runSection(script, (line) => {
      if (line.startsWith('goal: ')) goals.push(line.slice(6).split('\t'));
      else console.log(line);
    });
    if (code !== 0) process.exitCode = 1;
  }
  if (goals.length === 0) return;
  console.log('\ngoals of issue 35 (start-up and memory at the runtime floor), figure against target\n');
  const width = Math.max(...goals.map(([goal]) => goal.length));
  for (const [goal, figure, target, verdict] of goals)
    console.log(`${goal.padEnd(width)}  ${figure}  (${target})  ${verdict}`);
  const missed = goals.filter(([, , , verdict]) => verdict !== 'met').length;
  console.log(`\n${missed ? `${missed} of ${goals.length} goals NOT MET` : `all ${goals.length} goals met`}`);
}

/** Runs a section, its stdout line by line through `onLine`, its stderr as it comes; resolves with its exit code. */
function runSection(script, onLine) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let rest = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text) => {
      const lines = (rest + text).split('\n');
      rest = lines.pop();
      for (const line of lines) onLine(line);
    });
    child.on('close', (code) => {
      if (rest) onLine(rest);
      resolve(code ?? 1);
    });
  });
}
