// The import's own rules, checked offline on every line, and the 10 MB split.
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/base/errors.js';
import type { InputRecord } from '../../src/bulk/index.js';
import { importChunks, importLines } from '../../src/commands/voucher/import-items.js';

const ndjson = (...values: Array<Record<string, unknown>>): InputRecord[] =>
  values.map((value, i) => ({ format: 'ndjson', line: i + 1, value }));
const percent = (code: string) => ({
  code,
  type: 'DISCOUNT_VOUCHER',
  discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' },
});

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a UsageError');
}

describe('lines the import takes', () => {
  it('takes discount vouchers and gift cards, the type following from the part given', () => {
    const lines = importLines(
      ndjson(
        { code: 'A', discount: { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' } },
        { code: 'G', gift: { amount: 2500 }, metadata: { batch: 7 }, active: false },
      ),
      undefined,
    );
    expect(lines).toEqual([
      {
        line: 1,
        voucher: {
          code: 'A',
          type: 'DISCOUNT_VOUCHER',
          discount: { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' },
        },
      },
      {
        line: 2,
        voucher: {
          code: 'G',
          type: 'GIFT_VOUCHER',
          gift: { amount: 2500 },
          metadata: { batch: 7 },
          active: false,
        },
      },
    ]);
  });

  it('reads CSV rows in the create shape (money in units)', () => {
    const records: InputRecord[] = [
      {
        format: 'csv',
        line: 2,
        value: { code: 'C1', 'amount-off': '10.50', effect: 'apply-to-order', 'metadata.batch': 'x' },
      },
    ];
    expect(importLines(records, ['code', 'amount-off', 'effect', 'metadata.batch'])).toEqual([
      {
        line: 2,
        voucher: {
          code: 'C1',
          type: 'DISCOUNT_VOUCHER',
          discount: { type: 'AMOUNT', amount_off: 1050, effect: 'APPLY_TO_ORDER' },
          metadata: { batch: 'x' },
        },
      },
    ]);
  });

  it('names every bad line, each with its rule, and refuses the file', () => {
    const message = refusal(() =>
      importLines(
        ndjson(
          percent('OK1'),
          {
            type: 'DISCOUNT_VOUCHER',
            discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' },
          },
          { code: 'NOEFFECT', discount: { type: 'PERCENT', percent_off: 10 } },
          {
            code: 'NOTYPE',
            type: 'DISCOUNT_VOUCHER',
            discount: { percent_off: 10, effect: 'APPLY_TO_ORDER' },
          },
          percent('OK1'),
          { ...percent('CAMP'), campaign: 'Summer' },
          { code: 'L', type: 'LOYALTY_CARD', loyalty_card: { points: 5 } },
          { code: 'P', discount: { type: 'PERCENT', percent_off: 150, effect: 'APPLY_TO_ORDER' } },
        ),
        undefined,
      ),
    );
    expect(message).toBe(
      [
        'FILE has lines the import would not take (7); nothing was sent:',
        '  line 2: --code (code) is required: the import does not generate codes',
        '  line 3: --effect (discount.effect) is required by the import, e.g. APPLY_TO_ORDER',
        '  line 4: --discount-type (discount.type) is required by the import: AMOUNT, PERCENT, UNIT or FIXED',
        "  line 5: code 'OK1' is already on line 1: a code can be imported once",
        '  line 6: campaign: the import adds standalone vouchers; add to a campaign with `promo voucher create --input`',
        '  line 7: loyalty_card: the import takes discount vouchers and gift cards; create loyalty cards with `promo voucher create --input`',
        '  line 8: --percent-off (discount.percent_off) must be a percentage from 0 to 100 (e.g. 15 or 12.5), not 150',
      ].join('\n'),
    );
  });
});

describe('the 10 MB split', () => {
  it('cuts consecutive lines into requests whose JSON array stays within the limit', () => {
    const lines = importLines(
      ndjson(...Array.from({ length: 50 }, (_, i) => percent(`CODE-${String(i).padStart(3, '0')}`))),
      undefined,
    );
    const one = JSON.stringify(lines[0]!.voucher).length;
    // Room for exactly 7 vouchers: brackets, 7 items and 6 commas.
    const chunks = importChunks(lines, 2 + 7 * one + 6);
    expect(chunks.map((c) => c.length)).toEqual([7, 7, 7, 7, 7, 7, 7, 1]);
    expect(chunks.flat()).toEqual(lines);
    for (const chunk of chunks) {
      expect(JSON.stringify(chunk.map((l) => l.voucher)).length).toBeLessThanOrEqual(2 + 7 * one + 6);
    }
    expect(importChunks(lines)).toHaveLength(1);
  });

  it('refuses a voucher larger than one request', () => {
    const lines = importLines(ndjson({ ...percent('BIG'), additional_info: 'x'.repeat(300) }), undefined);
    expect(refusal(() => importChunks(lines, 200))).toMatch(
      /^line 1: this voucher alone is \d+ bytes; one import request takes at most 200$/,
    );
  });
});
