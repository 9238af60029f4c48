// Tables on a real pseudo-terminal (util-linux `script`, its width set with stty): they fit the
// terminal by cutting the free-text columns with "…"; ids and dates are never cut or wrapped; a
// wide terminal shows long descriptions in full.
import { spawn, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitWidths } from '../../src/output/table.js';
import { BIN, tempDir } from '../helpers/promo.js';

const hasScript = spawnSync('script', ['--version']).status === 0;
const dir = tempDir('promo-table-width-');
afterAll(() => dir.cleanup());

/** The lines promo prints on a terminal `columns` wide. */
function onTerminal(columns: number, args: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const command = [process.execPath, BIN, ...args].map((a) => `'${a}'`).join(' ');
    const { CI: _ci, ...inherited } = process.env;
    const child = spawn('script', ['-qec', `stty cols ${columns} rows 50; ${command}`, '/dev/null'], {
      env: { ...inherited, PROMO_CONFIG_DIR: dir.path, NO_COLOR: '1' },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let screen = '';
    child.stdout.on('data', (d) => (screen += d));
    child.on('error', reject);
    child.on('close', () => resolve(screen.split('\r\n').filter((line) => line !== '')));
    child.stdin.end();
  });
}

const list = ['--profile', 'sandbox', 'templates', 'list', '--limit', '6', '-o', 'table'];
let json: Array<{ id: string; created_at: string; description: string | null }>;
beforeAll(() => {
  const run = spawnSync(process.execPath, [BIN, ...list.slice(0, -2), '-o', 'json'], {
    env: { ...process.env, PROMO_CONFIG_DIR: dir.path },
    encoding: 'utf8',
  });
  json = JSON.parse(run.stdout);
});

describe.skipIf(!hasScript)('a table on a terminal', () => {
  it('80 columns: every line fits; ids and dates whole; names and descriptions cut with …', async () => {
    const lines = await onTerminal(80, list);
    const rows = lines.filter((line) => line.startsWith('camptpl_'));
    expect(rows).toHaveLength(6);
    for (const line of lines.filter((l) => !l.startsWith('More templates'))) {
      expect(line.length).toBeLessThanOrEqual(80);
    }
    for (const [k, template] of json.entries()) {
      const row = rows[k]!;
      expect(row.startsWith(`${template.id}  `)).toBe(true);
      expect(row).toContain('2026-01-');
      expect(row).toMatch(/ \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC /);
    }
    expect(rows[0]).toMatch(/^camptpl_\w+ {2}Summe… {2}DISCOUNT_COUPONS {2}2026-01-03 09:12 UTC {2}20% o…$/);
  });

  it('200 columns: names whole, descriptions far past 40 characters', async () => {
    const lines = await onTerminal(200, list);
    const rows = lines.filter((line) => line.startsWith('camptpl_'));
    for (const line of lines.filter((l) => !l.startsWith('More templates'))) {
      expect(line.length).toBeLessThanOrEqual(200);
    }
    expect(rows[0]).toMatch(/Summer Sale 20% off .* 20% off the whole order\.$/);
    const friday = rows.find((row) => row.includes('Black Friday Doorbusters'))!;
    const description = json.find((t) => t.description?.startsWith('Deep, time-boxed'))!.description!;
    expect(description.length).toBeGreaterThan(120);
    expect(friday).toContain(description.slice(0, 100));
    expect(friday.length).toBe(200);
    expect(friday.endsWith('…')).toBe(true);
  });
});

describe('column widths', () => {
  it('shrink the widest free-text column first, to no less than 6, and never an id', () => {
    const id = { text: false, natural: 24 };
    expect(fitWidths([id, { text: true, natural: 40 }, { text: true, natural: 20 }], 70)).toEqual([
      24, 22, 20,
    ]);
    expect(fitWidths([id, { text: true, natural: 40 }, { text: true, natural: 20 }], 66)).toEqual([
      24, 19, 19,
    ]);
    expect(fitWidths([id, { text: true, natural: 40 }], 20)).toEqual([24, 6]);
    expect(fitWidths([id, { text: true, natural: 40 }], undefined)).toEqual([24, 40]);
  });
});

// Help is written straight to stdout's file descriptor when it is not a terminal (cli-stdout.ts),
// so its width must still come from the terminal when it is one.
describe.skipIf(!hasScript)('help on a terminal', () => {
  it('wraps at the terminal width: 100 and 140 columns, and at 80 when piped', async () => {
    // commander wraps the usage, options and commands; the examples and topics after them are promo's own text.
    const widest = (lines: string[]) =>
      Math.max(...lines.slice(0, lines.indexOf('Examples:')).map((line) => line.length));
    const narrow = await onTerminal(100, ['--help']);
    const wide = await onTerminal(140, ['--help']);
    expect(narrow[0]).toBe('Usage: promo [options] [command]');
    expect(widest(narrow)).toBeLessThanOrEqual(100);
    expect(widest(narrow)).toBeGreaterThan(80);
    expect(widest(wide)).toBeGreaterThan(100);
    expect(widest(wide)).toBeLessThanOrEqual(140);
    const piped = spawnSync(process.execPath, [BIN, '--help'], {
      env: { ...process.env, NO_COLOR: '1' },
      encoding: 'utf8',
    });
    expect(widest(piped.stdout.split('\n'))).toBeLessThanOrEqual(80);
    expect(widest(piped.stdout.split('\n'))).toBeGreaterThan(60);
    expect(piped.stdout.split('\n').filter((line) => line !== '')).not.toEqual(wide);
  });
});
