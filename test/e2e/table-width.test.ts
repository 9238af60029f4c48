// Tables and help on a real pseudo-terminal (util-linux `script`, its width set with stty): never
// wider than the terminal, at 60, 80, 100 and 140 columns. Tables fit by column priority: columns
// that may go are dropped (the least useful first), descriptions are cut, ids are shortened in the
// middle before names are cut. Help is broken between words, never inside one.
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitWidths, shortenMiddle } from '../../src/output/table.js';
import { displayWidth } from '../../src/output/width.js';
import { BIN, tempDir } from '../helpers/promo.js';

const hasScript = spawnSync('script', ['--version']).status === 0;
const dir = tempDir('promo-table-width-');
afterAll(() => dir.cleanup());
const WIDTHS = [60, 80, 100, 140];

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
    // What the terminal shows: a line redrawn after \r (a progress bar) is what was drawn last.
    const shown = (line: string) =>
      line
        .split('\r')
        .at(-1)!
        .replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');
    child.on('close', () =>
      resolve(
        screen
          .split('\r\n')
          .map(shown)
          .filter((line) => line !== ''),
      ),
    );
    child.stdin.end();
  });
}

const sandbox = (...args: string[]) =>
  spawnSync(process.execPath, [BIN, '--profile', 'sandbox', ...args], {
    env: { ...process.env, PROMO_CONFIG_DIR: dir.path },
    encoding: 'utf8',
  });

const templates = ['--profile', 'sandbox', 'templates', 'list', '--filter', 'name^=Summer'];
let json: Array<{ id: string; name: string; created_at: string; description: string | null }>;
let job: string;
beforeAll(() => {
  json = JSON.parse(sandbox('templates', 'list', '--filter', 'name^=Summer', '-o', 'json').stdout);
  for (const [i, percent] of [10, 15, 20].entries())
    sandbox('voucher', 'create', '--percent-off', String(percent), '--code', `WIDTH-VOUCHER-CODE-${i}`);
  const file = `${dir.path}/import.csv`;
  writeFileSync(file, 'code,percent-off,effect\nIMPORTED-WIDTH-1,5,APPLY_TO_ORDER\n');
  job = JSON.parse(sandbox('voucher', 'import', file, '-o', 'json').stdout)[0].async_action_id;
});

describe.skipIf(!hasScript)('a table on a terminal', () => {
  it.each(WIDTHS)('%i columns: voucher list, templates list, job list and job wait fit', async (width) => {
    for (const args of [
      ['--profile', 'sandbox', 'voucher', 'list', '--limit', '3'],
      templates,
      ['--profile', 'sandbox', 'job', 'list'],
      ['--profile', 'sandbox', 'job', 'wait', job],
    ]) {
      const lines = await onTerminal(width, args);
      expect(lines.length, args.join(' ')).toBeGreaterThan(1);
      expect(lines.filter((line) => displayWidth(line) > width)).toEqual([]);
    }
  });

  it('80 columns: templates keep their ids and names whole; the description gives way', async () => {
    const rows = (await onTerminal(80, templates)).filter((line) => line.startsWith('camptpl_'));
    expect(rows).toHaveLength(json.length);
    for (const [k, template] of json.entries()) {
      expect(rows[k]!.startsWith(`${template.id}  ${template.name}`)).toBe(true);
    }
    expect(rows.some((row) => row.endsWith('…'))).toBe(true);
  });

  it('60 columns: ids shortened in the middle, names still whole, low-value columns dropped', async () => {
    const lines = await onTerminal(60, templates);
    expect(lines[0]).not.toContain('Created');
    const rows = lines.filter((line) => line.startsWith('camptpl_'));
    for (const [k, template] of json.entries()) {
      const [id] = rows[k]!.split('  ');
      expect(id).toContain('…');
      expect(id!.startsWith(template.id.slice(0, 8))).toBe(true);
      expect(template.id.endsWith(id!.split('…')[1]!)).toBe(true);
      expect(rows[k]).toContain(template.name);
    }
  });

  it('80 columns: voucher list drops Created and shows codes whole', async () => {
    const lines = await onTerminal(80, [
      '--profile',
      'sandbox',
      'voucher',
      'list',
      '--filter',
      'code^=WIDTH-',
    ]);
    expect(lines[0]).not.toContain('Created');
    expect(lines.filter((line) => /^WIDTH-VOUCHER-CODE-\d /.test(line))).toHaveLength(3);
  });

  it('140 columns: every column, descriptions whole', async () => {
    const lines = await onTerminal(140, templates);
    expect(lines[0]).toMatch(/^ID +Name +Campaign type +Created +Description$/);
    expect(lines.join('\n')).toContain('Forty-eight hours of flash prices.');
  });
});

describe('column widths', () => {
  const id = { id: true, natural: 24 };
  const name = { text: true, natural: 20 };
  const description = { text: true, natural: 40, drop: 2 };
  const date = { natural: 20, drop: 3 };

  it('fit as they are when there is room, and when nothing says how wide', () => {
    expect(fitWidths([id, name, description, date], 200)).toEqual([24, 20, 40, 20]);
    expect(fitWidths([id, name, description, date], undefined)).toEqual([24, 20, 40, 20]);
  });

  it('give way in order: droppable text, then ids, then names; a dropped column is 0', () => {
    // 24 + 20 + 40 + 20 + 6 = 110: the description gives 10.
    expect(fitWidths([id, name, description, date], 100)).toEqual([24, 20, 30, 20]);
    // Then the id, in its middle, as far as needed; the name is whole.
    expect(fitWidths([id, name, description, date], 76)).toEqual([18, 20, 12, 20]);
    expect(fitWidths([id, name, description, date], 70)).toEqual([12, 20, 12, 20]);
    // At their floors (12 each, the date whole) they do not fit 60: the date goes (the highest
    // drop), and the id is whole again.
    expect(fitWidths([id, name, description, date], 60)).toEqual([24, 20, 12, 0]);
    expect(fitWidths([id, name, description, date], 40)).toEqual([12, 12, 12, 0]);
  });

  it('never exceed the width, even when every column is at its narrowest', () => {
    for (const width of [10, 20, 30]) {
      const widths = fitWidths([id, { natural: 20 }, name, { natural: 20 }], width);
      const shown = widths.filter((w) => w > 0);
      expect(shown.reduce((a, b) => a + b, 0) + 2 * (shown.length - 1)).toBeLessThanOrEqual(width);
    }
  });

  it('count wide characters twice and cut ids in their middle', () => {
    expect(displayWidth('日本語')).toBe(6);
    expect(displayWidth('e\u0301')).toBe(1);
    expect(shortenMiddle('camptpl_a22a36927b00d397', 12)).toBe('camptp…0d397');
    expect(displayWidth(shortenMiddle('コード日本語コード', 9))).toBeLessThanOrEqual(9);
  });
});

// Help is written straight to stdout's file descriptor when it is not a terminal (cli-stdout.ts),
// so its width must still come from the terminal when it is one.
describe.skipIf(!hasScript)('help on a terminal', () => {
  const screens = [['--help'], ['voucher', 'create', '--help'], ['help', 'output'], ['help', 'bulk']];

  // The words of each screen laid out on a very wide terminal, made once for every width.
  const words = (text: string[]) => text.join(' ').replace(/ \\ /g, ' ').split(/\s+/).filter(Boolean);
  const wide = new Map<string, Promise<string[]>>();
  const wideWords = (args: string[]) => {
    const key = args.join(' ');
    if (!wide.has(key)) wide.set(key, onTerminal(400, args).then(words));
    return wide.get(key)!;
  };

  it.each(WIDTHS)('%i columns: no line wider, and every word whole', async (width) => {
    for (const args of screens) {
      const lines = await onTerminal(width, args);
      expect(lines.filter((line) => displayWidth(line) > width)).toEqual([]);
      // The words are those of the help laid out on a very wide terminal: none was cut in two.
      expect(words(lines)).toEqual(await wideWords(args));
    }
  });

  it('piped, help is laid out for 80 columns', () => {
    const piped = spawnSync(process.execPath, [BIN, '--help'], {
      env: { ...process.env, NO_COLOR: '1' },
      encoding: 'utf8',
    });
    const lines = piped.stdout.split('\n');
    expect(lines.filter((line) => line.length > 80)).toEqual([]);
    expect(Math.max(...lines.map((line) => line.length))).toBeGreaterThan(70);
  });
});
