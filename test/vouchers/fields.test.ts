// The voucher field table: one row per option, and what update and the messages take from it.
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/base/errors.js';
import type { OptionValues } from '../../src/base/options.js';
import { campaignFieldOptions } from '../../src/commands/campaign/fields.js';
import {
  type FieldFlags,
  fieldOptions,
  fieldValues,
  omitFields,
  pickFields,
} from '../../src/commands/voucher/fields/create-options.js';
import { fieldsPatch } from '../../src/commands/voucher/fields/field-patch.js';
import { flagFor, refusedByUpdate, VOUCHER_FIELDS } from '../../src/commands/voucher/fields/fields.js';
import { updateBody } from '../../src/commands/voucher/fields/update-body.js';

describe('the voucher field table', () => {
  it('names each option once and gives every row a body path', () => {
    const flags = VOUCHER_FIELDS.map((f) => f.flag);
    expect(new Set(flags).size).toBe(flags.length);
    expect(Object.keys(fieldOptions(VOUCHER_FIELDS))).toContain('percentOff');
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

// What `run` receives for the field options is typed from the rows (tsc checks this file): a flag
// read back under a misspelt name, or a row picked by a flag the table lacks, does not compile.
describe('the field options, typed from the rows', () => {
  it('are read back by their names, and a typo in one is a type error', () => {
    const options = fieldOptions(VOUCHER_FIELDS);
    const flags = { percentOff: '10', unit: ['1:a'], inactive: true } as unknown as OptionValues<
      typeof options
    >;
    const percent: string | undefined = flags.percentOff;
    const units: string[] | undefined = flags.unit;
    const inactive: boolean = flags.inactive;
    // @ts-expect-error a misspelt field flag
    expect(flags.percentOf).toBeUndefined();
    expect([percent, units, inactive]).toEqual(['10', ['1:a'], true]);
    expect(fieldValues(flags, VOUCHER_FIELDS)).toEqual({
      'percent-off': '10',
      unit: ['1:a'],
      inactive: true,
    });
  });

  it('keep the rows a command picks or leaves out, and the names a command shows them under', () => {
    const update = fieldOptions(omitFields(VOUCHER_FIELDS, ['code']));
    expect(Object.keys(update)).not.toContain('code');
    // @ts-expect-error voucher update has no --code option
    expect(update.code).toBeUndefined();
    const own = pickFields(VOUCHER_FIELDS, ['category', 'metadata']);
    const ownFlags = {} as FieldFlags<(typeof own)[number]>;
    // @ts-expect-error not among the rows picked
    expect(ownFlags.percentOff).toBeUndefined();
    // @ts-expect-error the table has no such row
    pickFields(VOUCHER_FIELDS, ['percent-of']);
    const campaign = campaignFieldOptions();
    expect(campaign.codePattern.type).toBe('value');
    // @ts-expect-error campaign create shows --pattern as --code-pattern
    expect(campaign.pattern).toBeUndefined();
  });
});
