// The README's first session and recipes, run as written: every line of their ```sh blocks, in
// order, in one bash, with `promo` the built bin, against the built-in sandbox profile (recipes:
// PROMO_PROFILE=sandbox, in a copy of examples/). A line ending in `# exit N` must exit N; the
// others must exit 0. Lines for a person's own account or a terminal are listed in SKIPPED.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, tempDir } from '../helpers/promo.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** Interactive (a terminal and a person) or a person's own account: not run here. */
const SKIPPED = ['promo login', 'printf %s "$APP_TOKEN" | promo profile add'];

/** The lines of the ```sh blocks of one `## ` section. */
function commandsOf(section: string): string[] {
  const start = README.indexOf(`\n## ${section}\n`);
  expect(start, `README section '${section}'`).toBeGreaterThan(-1);
  const end = README.indexOf('\n## ', start + 1);
  const text = README.slice(start, end === -1 ? undefined : end);
  return [...text.matchAll(/```sh\n([\s\S]*?)```/g)]
    .flatMap(([, block]) => block!.split('\n'))
    .filter((line) => line.trim() !== '' && !line.startsWith('#'));
}

const expectedCode = (line: string) => Number(/#\s*exit (\d+)/.exec(line)?.[1] ?? 0);

const dir = tempDir('promo-readme-');
afterAll(() => dir.cleanup());

function runAll(lines: string[], cwd: string, env: Record<string, string>): { line: string; code: number }[] {
  const bin = join(dir.path, 'bin');
  mkdirSync(bin, { recursive: true });
  try {
    symlinkSync(BIN, join(bin, 'promo'));
  } catch {}
  const home = join(dir.path, 'home');
  for (const sub of ['.local/share/bash-completion/completions', '.zfunc', '.config/fish/completions'])
    mkdirSync(join(home, sub), { recursive: true });
  const statuses = join(dir.path, `statuses-${Math.random().toString(36).slice(2)}`);
  // Each line runs as typed; its status goes to a file, out of the way of what it prints.
  const script = lines
    .map((line) => `( ${line}\n) >/dev/null 2>>${dir.path}/stderr; echo $? >> ${statuses}`)
    .join('\n');
  const run = spawnSync('bash', ['--norc', '--noprofile', '-o', 'pipefail', '-c', script], {
    cwd,
    encoding: 'utf8',
    // Under the test's own 90 s: a loaded machine (the whole suite on 2 cores) took over 60 s once.
    timeout: 85_000,
    env: {
      PATH: `${bin}:${process.env.PATH}`,
      HOME: home,
      PROMO_CONFIG_DIR: join(dir.path, 'config'),
      NO_COLOR: '1',
      ...env,
    },
  });
  expect(run.status).toBe(0);
  const codes = readFileSync(statuses, 'utf8').trim().split('\n').map(Number);
  return lines.map((line, i) => ({ line, code: codes[i]! }));
}

describe('the README, as written', () => {
  it('the first session runs on the sandbox profile, every line exit 0', () => {
    const lines = commandsOf('A first session').filter((l) => !SKIPPED.some((s) => l.startsWith(s)));
    expect(lines.length).toBeGreaterThan(5);
    const results = runAll(lines, dir.path, {});
    expect(results).toEqual(lines.map((line) => ({ line, code: expectedCode(line) })));
  });

  it('the recipes run in examples/ with PROMO_PROFILE=sandbox, each with the exit code it says', () => {
    const examples = join(dir.path, 'examples');
    cpSync(join(ROOT, 'examples'), examples, { recursive: true });
    const lines = commandsOf('Recipes');
    expect(lines.length).toBeGreaterThan(15);
    const results = runAll(lines, examples, { PROMO_PROFILE: 'sandbox' });
    expect(results).toEqual(lines.map((line) => ({ line, code: expectedCode(line) })));
    // Every recipe is a few runs of the built bin: seconds alone, far more on a loaded machine.
  }, 90_000);
});
