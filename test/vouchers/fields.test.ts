// The voucher field table: one row per option, and what update and the messages take from it.
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/base/errors.js';
import { fieldOptions } from '../../src/commands/voucher/fields/create-options.js';
import { fieldsPatch } from '../../src/commands/voucher/fields/field-patch.js';
import { flagFor, refusedByUpdate, VOUCHER_FIELDS } from '../../src/commands/voucher/fields/fields.js';
import { updateBody } from '../../src/commands/voucher/fields/update-body.js';

describe('the voucher field table', () => {
  it('names each option once and gives every row a body path', () => {
    const flags = VOUCHER_FIELDS.map((f) => f.flag);
    expect(new Set(flags).size).toBe(flags.length);
    expect(Object.keys(fieldOptions())).toContain('percentOff');
    for (const field of VOUCHER_FIELDS) expect(field.path).toMatch(/^[a-z_]+(\.[a-z_]+)?$/);
  });

  it('turns typed values into the body: money in hundredths, dates, enums, days, units', () => {
    expect(
      fieldsPatch({
        'amount-off': '10.50',
        'expiration-date': '2026-12-31',
        'gift-effect': 'apply-to-items',
        'validity-day': ['fri-mon', '3'],
        inactive: true,
      }),
    ).toEqual({
      discount: { type: 'AMOUNT', amount_off: 1050 },
      gift: { effect: 'APPLY_TO_ITEMS' },
      expiration_date: '2026-12-31T23:59:59Z',
      validity_day_of_week: [0, 1, 3, 5, 6],
      active: false,
    });
    expect(fieldsPatch({ unit: ['p:2:missing'] })).toEqual({
      discount: {
        type: 'UNIT',
        units: [{ unit_off: 2, unit_type: 'p', effect: 'ADD_MISSING_ITEMS' }],
        effect: 'ADD_MANY_ITEMS',
      },
    });
  });

  it('holds a typed value and a body value to the same rule, each named its own way', () => {
    expect(() => fieldsPatch({ 'percent-off': '150' })).toThrow(
      new UsageError("--percent-off must be a percentage from 0 to 100 (e.g. 15 or 12.5), not '150'"),
    );
    expect(() => fieldsPatch({ 'percent-off': '150' }, (flag) => `column '${flag}'`)).toThrow(
      "column 'percent-off' must be a percentage",
    );
    expect(() => updateBody({ discount: { type: 'PERCENT', percent_off: 150 } })).toThrow(
      new UsageError(
        '--percent-off (discount.percent_off) must be a percentage from 0 to 100 (e.g. 15 or 12.5), not 150',
      ),
    );
  });

  it('names the option of a body path, up to the part it belongs to', () => {
    expect(flagFor('discount.units[1].effect')).toBe('--unit');
    expect(flagFor('active')).toBe('--active/--inactive');
    expect(flagFor('gift')).toBe('--gift-amount');
    expect(flagFor('nothing_like_it')).toBeUndefined();
  });

  it('says why update refuses a field, and takes what update changes', () => {
    expect(refusedByUpdate('code_config')).toMatch(/keeps its code/);
    expect(refusedByUpdate('gift.amount')).toMatch(/balance operation/);
    expect(refusedByUpdate('gift')).toBeUndefined();
    expect(() => updateBody({ code: 'X' })).toThrow(
      /code cannot be changed by voucher update: a voucher keeps/,
    );
    expect(() => updateBody({ gift: { amount: 5 } })).toThrow(/gift\.amount cannot be changed .*balance/);
    expect(updateBody({ gift: { effect: 'APPLY_TO_ITEMS' }, active: false })).toEqual({
      gift: { effect: 'APPLY_TO_ITEMS' },
      active: false,
    });
  });
});
