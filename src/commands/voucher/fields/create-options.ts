// The voucher fields as options (commander registers them from the table in fields.ts, under
// their help groups), and the values given for them, by flag name, for fieldsPatch. The options
// are typed from the rows: `percent-off` is the key `percentOff` holding a string, so that `run`
// reads its flags by name and a typo in one is a type error.
import type { ListOption, OptionValues, SwitchOption, ValueOption } from '../../../base/options.js';
import type { FieldValues } from './field-patch.js';
import type { VoucherField } from './fields.js';

/** commander's attribute name of a flag: `percent-off` → `percentOff`. */
export function attributeName(flag: string): string {
  return flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** `percent-off` → `percentOff`, as attributeName does at run time. */
export type AttributeName<Flag extends string> = Flag extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<AttributeName<Tail>>}`
  : Flag;

/** Flags a command shows under other names: the row's flag → the command's (`pattern` → `code-pattern`). */
export type Renames = Readonly<Record<string, string>>;
type Shown<Flag extends string, R extends Renames> = Flag extends keyof R ? R[Flag] : Flag;

/** The option a row makes: a switch, a value, or a value given several times. */
type FieldOption<Row extends VoucherField> = Row extends { value: string }
  ? Row extends { repeatable: true }
    ? ListOption<string>
    : ValueOption<string>
  : SwitchOption;

/** The options of `Row`s, keyed as `run` receives them. */
export type FieldOptions<Row extends VoucherField, R extends Renames = Record<never, string>> = {
  [F in Row as AttributeName<Shown<F['flag'], R> & string>]: FieldOption<F>;
};

/** What `run` receives for those options. */
export type FieldFlags<Row extends VoucherField, R extends Renames = Record<never, string>> = OptionValues<
  FieldOptions<Row, R>
>;

/** Option definitions of `fields`, keyed as `run` receives them; `renames` shows some under other flags. */
export function fieldOptions<Row extends VoucherField, const R extends Renames = Record<never, string>>(
  fields: readonly Row[],
  renames?: R,
): FieldOptions<Row, R> {
  const options: Record<string, SwitchOption | ValueOption<string> | ListOption<string>> = {};
  for (const field of fields) {
    const { help, group, complete } = field;
    options[attributeName(renames?.[field.flag] ?? field.flag)] = field.value
      ? { type: field.repeatable ? 'list' : 'value', value: field.value, help, group, complete }
      : { type: 'switch', help, group };
  }
  return options as FieldOptions<Row, R>;
}

/** The values given for `fields`, by the row's flag name; a switch not given sets nothing. */
export function fieldValues<Row extends VoucherField, const R extends Renames = Record<never, string>>(
  input: FieldFlags<Row, R>,
  fields: readonly Row[],
  renames?: R,
): FieldValues {
  const given = input as Record<string, unknown>;
  const values: FieldValues = {};
  for (const field of fields) {
    const value = given[attributeName(renames?.[field.flag] ?? field.flag)];
    if (typeof value === 'string' || value === true) values[field.flag] = value;
    else if (Array.isArray(value)) values[field.flag] = value.map(String);
  }
  return values;
}

/** The rows of `flags`, typed as those rows: a flag the table lacks is a type error. */
export function pickFields<Row extends VoucherField, const Flag extends Row['flag']>(
  fields: readonly Row[],
  flags: readonly Flag[],
): Extract<Row, { flag: Flag }>[] {
  return fields.filter((f): f is Extract<Row, { flag: Flag }> =>
    (flags as readonly string[]).includes(f.flag),
  );
}

/** The rows but those of `flags`. */
export function omitFields<Row extends VoucherField, const Flag extends Row['flag']>(
  fields: readonly Row[],
  flags: readonly Flag[],
): Exclude<Row, { flag: Flag }>[] {
  return fields.filter(
    (f): f is Exclude<Row, { flag: Flag }> => !(flags as readonly string[]).includes(f.flag),
  );
}
