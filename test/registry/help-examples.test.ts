// Examples in help are one per line and never broken inside: `promo help output` and `promo help
// filters` ran theirs together into one paragraph, `promo help exit-codes` broke `[ $? -eq 3 ]`
// across lines, and a --help example was broken inside its quotes. At 80 and 40 columns each
// example is its own line (or lines joined by ` \`), and joined again it is the example as written.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runPromo } from '../helpers/promo.js';

/** The example commands of a help screen: lines continued with ` \` joined back. */
function examples(screen: string): string[] {
  const out: string[] = [];
  let open: string | undefined;
  for (const line of screen.split('\n')) {
    const text = open === undefined ? line.replace(/^\s+(\$ )?/, '') : line.trim();
    if (open === undefined && !/^\s+(\$ )?promo /.test(line)) continue;
    const joined = open === undefined ? text : `${open} ${text}`;
    if (joined.endsWith(' \\')) open = joined.slice(0, -2);
    else {
      out.push(joined);
      open = undefined;
    }
  }
  return out;
}

const screens = [
  ['help', 'output'],
  ['help', 'filters'],
  ['help', 'exit-codes'],
  ['redemption', 'rollback', '--help'],
  ['voucher', 'list', '--help'],
];

describe.each(screens)('promo %s %s %s', (...argv) => {
  it('has its examples whole, one per line, at 80 and 40 columns', async () => {
    const wide = await runPromo(argv, { tty: true, columns: 1000 });
    const written = examples(wide.stdout);
    expect(written.length).toBeGreaterThan(0);
    for (const columns of [80, 40]) {
      const run = await runPromo(argv, { tty: true, columns });
      expect(examples(run.stdout)).toEqual(written);
      // Each example line is bash it can parse as it is printed, continuation and all.
      const lines = run.stdout.split('\n');
      for (const [i, line] of lines.entries()) {
        if (!/^\s+(\$ )?promo /.test(line)) continue;
        let end = i;
        while (lines[end]!.endsWith(' \\')) end++;
        const pasted = lines
          .slice(i, end + 1)
          .join('\n')
          .replace(/^\s+(\$ )?/, '');
        expect(spawnSync('bash', ['-n', '-c', pasted]).status, pasted).toBe(0);
      }
    }
  });
});

it('help exit-codes gives its script line whole', async () => {
  const run = await runPromo(['help', 'exit-codes'], { tty: true, columns: 80 });
  expect(run.stdout).toContain('\n  promo voucher get CODE >/dev/null 2>&1; [ $? -eq 3 ] && echo missing\n');
});
