// The voucher fields as options (commander registers them from the table in fields.ts, under
// their help groups), and the values given for them, by flag name, for fieldsPatch.
import type { OptionSpecs } from '../../../base/options.js';
import type { FieldValues } from './field-patch.js';
import { VOUCHER_FIELDS, type VoucherField } from './fields.js';

/** commander's attribute name of a flag: `percent-off` → `percentOff`. */
export function attributeName(flag: string): string {
  return flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** Option definitions of `fields` (all of them by default), keyed as `run` receives them. */
export function fieldOptions(fields: readonly VoucherField[] = VOUCHER_FIELDS): OptionSpecs {
  const options: OptionSpecs = {};
  for (const field of fields) {
    const { help, group, complete } = field;
    options[attributeName(field.flag)] = field.value
      ? { type: field.repeatable ? 'list' : 'value', value: field.value, help, group, complete }
      : { type: 'switch', help, group };
  }
  return options;
}

/** The values given for `fields`, by flag name; a switch not given sets nothing. */
export function fieldValues(
  input: Record<string, unknown>,
  fields: readonly VoucherField[] = VOUCHER_FIELDS,
): FieldValues {
  const values: FieldValues = {};
  for (const field of fields) {
    const value = input[attributeName(field.flag)];
    if (typeof value === 'string' || value === true) values[field.flag] = value;
    else if (Array.isArray(value)) values[field.flag] = value.map(String);
  }
  return values;
}
