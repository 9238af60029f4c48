// A CSV --input of more than 1 MiB (read in chunks of 256 KiB) names each line as an editor shows
// it: a bad value past a chunk boundary is reported on its own line, not one later per chunk read,
// and the journal's `line` of every record is the line its row sits on.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { writeIn } from '../helpers/input-files.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();

const BAD_LINES = [401, 530, 770, 1029, 1290];

/**
 * Line 1 is the header; the row on line N has the code L<N>, so that a record says where it was.
 * About 1 KB a row by default: 1,300 rows are 1.3 MB, five chunks.
 */
function csv(
  percentOn: (line: number) => string,
  options: { crlf?: boolean; rows?: number; rowBytes?: number } = {},
): string {
  const { crlf = false, rows = 1300, rowBytes = 1000 } = options;
  const end = crlf ? '\r\n' : '\n';
  const filler = 'x'.repeat(rowBytes);
  let text = `code,percent-off,additional-info${end}`;
  for (let line = 2; line <= rows + 1; line++) text += `L${line},${percentOn(line)},${filler}${end}`;
  return text;
}

describe('line numbers of a CSV input larger than its read chunks', () => {
  for (const crlf of [false, true]) {
    it(`names each bad value's own line (${crlf ? 'CRLF' : 'LF'} line ends), nothing sent`, async () => {
      const text = csv((line) => (BAD_LINES.includes(line) ? '500' : '5'), { crlf });
      expect(text.length).toBeGreaterThan(1024 * 1024);
      const { code, stderr } = await fx.run([
        'voucher',
        'create',
        '--input',
        writeIn(fx.configDir, 'bad.csv', text),
      ]);
      expect(code).toBe(2);
      const message: string = JSON.parse(stderr).error.message;
      const named = [...message.matchAll(/line (\d+): column 'percent-off'/g)].map((m) => Number(m[1]));
      expect(named).toEqual(BAD_LINES);
      expect(fx.sandbox.requests).toHaveLength(0);
    });
  }

  it("journals each row under its own line: every record's line matches the code of its row", async () => {
    // Fewer, longer rows (4 KB): as many chunk boundaries, fewer vouchers to create.
    const text = csv(() => '5', { rows: 300, rowBytes: 4000 });
    expect(text.length).toBeGreaterThan(1024 * 1024);
    const input = writeIn(fx.configDir, 'many.csv', text);
    const results = `${fx.configDir}/many.journal`;
    const { code, stderr } = await fx.run([
      'voucher',
      'create',
      '--input',
      input,
      '--results',
      results,
      '--concurrency',
      '16',
    ]);
    expect(code, stderr).toBe(0);
    const records = readFileSync(results, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .filter((record) => typeof record.line === 'number' && record.status === 'created');
    expect(records).toHaveLength(300);
    const wrong = records.filter((record) => record.code !== `L${record.line}`);
    expect(wrong.slice(0, 3)).toEqual([]);
  });
});
