// The --filter grammar alone: what each form becomes, with no HTTP involved.
import { describe, expect, it } from 'vitest';
import { filterParams } from '../../src/api/templates.js';
import { UsageError } from '../../src/base/errors.js';
import { parseFilter, parseFilters } from '../../src/commands/shared/filters.js';
import { runPromo, tempDir } from '../helpers/promo.js';

describe('the --filter grammar', () => {
  it.each([
    ['name=Gift card 50', 'name', '$is', ['Gift card 50']],
    ['name != Birthday treat', 'name', '$is_not', ['Birthday treat']],
    ['name^=Summer', 'name', '$starts_with', ['Summer']],
    ['name$=50', 'name', '$ends_with', ['50']],
    ['name~=Friday', 'name', '$contains', ['Friday']],
    ['name!~=card', 'name', '$not_contain', ['card']],
    ['id in camptpl_1, camptpl_2', 'id', '$in', ['camptpl_1', 'camptpl_2']],
    ['id NOT IN camptpl_1', 'id', '$not_in', ['camptpl_1']],
    ['description?', 'description', '$has_value', []],
    ['description!?', 'description', '$is_unknown', []],
    ['campaign_type=gift_vouchers', 'campaign_type', '$is', ['GIFT_VOUCHERS']],
    ['campaign_type^=GIFT', 'campaign_type', '$starts_with', ['GIFT']],
    ['name=a=b', 'name', '$is', ['a=b']],
    ['name=x in y', 'name', '$is', ['x in y']],
  ])('reads %j as %s %s %j', (expression, field, operator, values) => {
    expect(parseFilter(expression)).toEqual({ field, operator, values });
  });

  it.each([
    '',
    'name',
    'name<3',
    '=x',
    'name in',
    'name~=',
    'campaign_type!~=GIFT',
    'campaign_type in GIFT',
    '1name=x',
  ])('refuses %j as a usage error', (expression) => {
    expect(() => parseFilter(expression)).toThrow(UsageError);
  });

  it('allows several operators on one field but not one operator twice', () => {
    expect(parseFilters(['name^=Summer', 'name$=off'], { what: 'templates' })).toHaveLength(2);
    expect(() => parseFilters(['id in a', 'id in b'], { what: 'templates' })).toThrow(
      expect.objectContaining({ hint: 'Write one list with every value.' }),
    );
  });

  it('writes the deepObject pairs the service reads, with the junction last', () => {
    expect(filterParams(parseFilters(['id in a,b', 'name?'], { what: 'templates' }), 'or')).toEqual([
      ['filters[id][conditions][$in][0]', 'a'],
      ['filters[id][conditions][$in][1]', 'b'],
      ['filters[name][conditions][$has_value]', ''],
      ['filters[junction]', 'or'],
    ]);
  });
});

describe('an empty value explained in the list’s own words', () => {
  it.each([
    [['voucher', 'list', '--filter', 'code='], "To select vouchers where code is empty, write 'code!?'."],
    [
      ['redemption', 'list', '--filter', 'voucher_code='],
      "To select redemptions where voucher_code is empty, write 'voucher_code!?'.",
    ],
    [['templates', 'list', '--filter', 'name='], "To select templates where name is empty, write 'name!?'."],
    [
      ['export', 'voucher-transactions', '--filter', 'id='],
      "To select voucher transactions where id is empty, write 'id!?'.",
    ],
  ])('%j', async (argv, hint) => {
    const dir = tempDir();
    const run = await runPromo(['--profile', 'sandbox', ...argv], { configDir: dir.path }).finally(
      dir.cleanup,
    );
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stderr).error.hint).toBe(hint);
  });
});
