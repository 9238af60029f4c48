// BENCHMARKS.md opens with the goals of issue 35 (start-up and memory), each with its reading,
// target, whether it is met and its command (what `npm run bench` prints at its end); then the
// figures in force: one table, each row a figure with its reading, its target, the day it was
// measured and the command that makes it; the dated history follows.
// A start-up case given a target in scripts/bench-startup.mjs and missing from the table fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (name: string) => readFileSync(new URL(`../../${name}`, import.meta.url), 'utf8');
const text = read('BENCHMARKS.md');
const today = text.slice(text.indexOf('## Today'), text.indexOf('\n## ', text.indexOf('## Today') + 1));
const rows = today
  .split('\n')
  .filter((line) => line.startsWith('| ') && !line.startsWith('| figure') && !line.startsWith('| ---'))
  .map((line) => line.slice(2, -2).split(' | '));

describe('BENCHMARKS.md', () => {
  it("opens with the issue's goals, then today's table, the dated history below it", () => {
    expect(text.split('\n## ')[1]?.startsWith('The goals of issue 35')).toBe(true);
    expect(text.split('\n## ')[2]?.startsWith('Today')).toBe(true);
    expect(text.indexOf('## Dated history')).toBeGreaterThan(text.indexOf('## Today'));
    expect(rows.length).toBeGreaterThan(10);
  });

  it('gives each goal of the issue its figure, target, verdict and command', () => {
    const goals = text
      .slice(text.indexOf('## The goals'), text.indexOf('## Today'))
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| goal') && !line.startsWith('| ---'))
      .map((line) => line.slice(2, -2).split(' | '));
    for (const words of [
      '--help',
      'token inspect',
      'voucher get',
      'built-in profile',
      '--dry-run',
      'autocannon',
      '--jq',
    ])
      expect(
        goals.some(([goal]) => goal?.includes(words)),
        words,
      ).toBe(true);
    for (const [goal, figure, target, met, command] of goals) {
      expect(goal && figure && target, goal).toBeTruthy();
      expect(met, goal).toMatch(/^(yes|no|—)$/);
      expect(command, goal).toMatch(/^(`.+`|same)$/);
    }
  });

  it('gives every figure its reading, target, date and command', () => {
    for (const [figure, reading, target, measured, command] of rows) {
      expect(figure && reading && target, figure).toBeTruthy();
      expect(measured, figure).toMatch(/^\d{4}-\d{2}-\d{2}/);
      expect(command, figure).toMatch(/^(`.+`|same)$/);
    }
    expect(rows[0]?.[4]).not.toBe('same');
  });

  it('holds each start-up case that scripts/bench-startup.mjs gives a target', () => {
    const cases = [
      ...read('scripts/bench-startup.mjs').matchAll(
        /name: 'promo ([^'(]+?)\s*(?:\([^']*\))?',[^}]*?target: ([\d.]+)/g,
      ),
    ];
    expect(cases.length).toBeGreaterThan(3);
    for (const [, name, target] of cases) {
      const row = rows.find(([figure]) => figure?.startsWith(`\`promo ${name}\``));
      expect(row, `promo ${name}`).toBeDefined();
      expect(row?.[2]).toBe(`≤ ${target}x`);
    }
  });
});
