// One measure of display width for tables and for text fitted to the terminal (output/width.ts),
// and it is the measure cli-table3 pads by: string-width, required here from cli-table3's own
// dependencies. The same strings are measured the same by a table and by the help wrapper.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { palette } from '../../src/output/palette.js';
import { renderTable } from '../../src/output/table.js';
import { displayWidth, shorten } from '../../src/output/width.js';
import { wrapHelp } from '../../src/output/wrap.js';

const fromTable = createRequire(createRequire(import.meta.url).resolve('cli-table3'));
const stringWidth = fromTable('string-width') as (text: string) => number;

const SAMPLES = {
  ascii: ['', 'promo', 'voucher list --all', '~!@#$%^&*()_+{}|:"<>?'],
  latin: ['café', 'Zürich', 'łódź', '©®', 'naïve façade'],
  cjk: ['日本語', 'コード', '한국어', '中文 mixed ascii', 'ｆｕｌｌｗｉｄｔｈ', '〈〉', '㐀'],
  combining: ['e\u0301', 'a\u0300\u0301\u0302', 'n\u0303o'],
  emoji: ['😀', '🎉 launch', '👍🏽', '👨‍👩‍👧', '🇵🇱', '🏳️‍🌈', '❤️', '✅', '☝', '☝🏿', '#️⃣', '1⃣', '🙂 and 日本'],
  ansi: [
    '\x1b[1mbold\x1b[22m',
    '\x1b[31m日本\x1b[39m',
    '\x1b[38;5;196mred\x1b[0m',
    '\x1b]8;;https://x\x07link\x1b]8;;\x07',
  ],
  control: ['tab\there', 'bell\x07', 'del\x7f'],
};

describe('display width', () => {
  for (const [kind, samples] of Object.entries(SAMPLES)) {
    it(`agrees with string-width (what cli-table3 pads by) on ${kind}`, () => {
      for (const text of samples) expect(displayWidth(text), JSON.stringify(text)).toBe(stringWidth(text));
    });
  }

  // string-width 4 knows the emoji of Unicode 12; a terminal draws the newer ones two columns wide,
  // and an emoji already drawn as one takes nothing more for its presentation selector.
  it('follows the terminal where string-width 4 is behind it', () => {
    expect(displayWidth('🥲')).toBe(2);
    expect(stringWidth('🥲')).toBe(1);
    expect(displayWidth('✅\uFE0F')).toBe(2);
    expect(stringWidth('✅\uFE0F')).toBe(3);
  });

  it('cuts between emoji, never inside one', () => {
    expect(shorten('👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧', 5)).toBe('👨‍👩‍👧👨‍👩‍👧…');
    expect(shorten('日本語コード', 6)).toBe('日本…');
    expect(displayWidth(shorten('🇵🇱🇵🇱🇵🇱', 4))).toBeLessThanOrEqual(4);
  });

  it('is the same for a table and for the help wrapper', async () => {
    const words = ['日本語のコード', '👍🏽👍🏽', 'café', 'e\u0301te\u0301', '한국어'];
    const text = Array.from({ length: 8 }, () => words.join(' ')).join(' ');
    for (const width of [24, 33, 50]) {
      const wrapped = wrapHelp(text, width).split('\n');
      expect(wrapped.length).toBeGreaterThan(1);
      for (const line of wrapped) expect(displayWidth(line), line).toBeLessThanOrEqual(width);
      // Every wrapped line but the last is full: a word more would not have fitted.
      for (const [k, line] of wrapped.slice(0, -1).entries()) {
        const next = wrapped[k + 1]!.trim().split(' ')[0]!;
        expect(displayWidth(`${line} ${next}`)).toBeGreaterThan(width);
      }
      const table = await renderTable(
        words.map((w) => ({ w })),
        [
          { header: 'Word', value: (r: { w: string }) => r.w },
          { header: 'Again', value: (r: { w: string }) => r.w, text: true },
        ],
        await palette(false),
        width,
      );
      for (const line of table.trimEnd().split('\n'))
        expect(displayWidth(line), line).toBeLessThanOrEqual(width);
      // Aligned: every row's second column starts at the same column, as cli-table3 padded it.
      const starts = table
        .trimEnd()
        .split('\n')
        .map((line) => displayWidth(line.slice(0, line.lastIndexOf('  ') + 2)));
      expect(new Set(starts).size).toBe(1);
    }
  });
});

describe("promo's own texts", () => {
  it('count a column a character: punctuation, arrows, operators, bars', () => {
    for (const text of [
      'the service’s jobs',
      '0 = Sunday … 6 = Saturday',
      'a → b ≤ c — d',
      '[████░░░░] 50%',
    ]) {
      expect(displayWidth(text)).toBe(stringWidth(text));
      expect(displayWidth(text)).toBe(text.length);
    }
  });
});
