// BENCHMARKS.md opens with the figures in force: one table, each row a figure with its reading,
// its target, the day it was measured and the command that makes it; the dated history follows.
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
  it("opens with today's table, the dated history below it", () => {
    expect(text.split('\n## ')[1]?.startsWith('Today')).toBe(true);
    expect(text.indexOf('## Dated history')).toBeGreaterThan(text.indexOf('## Today'));
    expect(rows.length).toBeGreaterThan(10);
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
