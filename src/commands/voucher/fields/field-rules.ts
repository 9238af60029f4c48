// The shape of a row of the voucher field table (fields.ts), and the rules a field's value keeps, each written once: a row names one, and both a typed value (`--percent-off 120`) and a body's (`"percent_off": 120` from
// --body or an NDJSON line) are held to it.
import type { DiscountType } from '../../../api/vouchers.js';

/** What a value must be: `text` completes "--points …" in a message. */
export interface Rule {
  text: string;
  test(value: unknown): boolean;
}

export const whole = (min: number): Rule => ({
  text: `must be a whole number, ${min} or more`,
  test: (v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= min,
});
export const HUNDREDTHS: Rule = {
  text: 'must be a whole number of hundredths (1050 for 10.50), 0 or more',
  test: whole(0).test,
};
export const PERCENT: Rule = {
  text: 'must be a percentage from 0 to 100 (e.g. 15 or 12.5)',
  test: (v) => typeof v === 'number' && v >= 0 && v <= 100,
};
export const TEXT: Rule = {
  text: 'must be a non-empty string',
  test: (v) => typeof v === 'string' && v.trim() !== '',
};
export const ANY_TEXT: Rule = { text: 'must be a string', test: (v) => typeof v === 'string' };
export const QUANTITY: Rule = {
  text: 'must be a whole number, 1 or more (or unlimited)',
  test: (v) => v === null || whole(1).test(v),
};

/** A number typed as digits (else NaN, which its rule refuses with the text as typed). */
export const digits = (text: string) => (/^\s*-?\d+\s*$/.test(text) ? Number(text.trim()) : Number.NaN);
export const decimal = (text: string) =>
  /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;

export interface VoucherField<Flag extends string = string> {
  /** The option without dashes (`percent-off`); CSV columns take it as `percent-off` or `percent_off`. */
  flag: Flag;
  /** The placeholder of its value in --help; none for a switch. */
  value?: string;
  /** What shell completion offers for its value. */
  complete?: readonly string[];
  /** Given several times (`--unit a:1 --unit b:2`), or `;`-separated in one CSV cell. */
  repeatable?: boolean;
  /** Where it goes in the create body. */
  path: string;
  /** The typed text → the body's value; throws a UsageError naming `name` for what `rule` cannot say. */
  parse?: (text: string, name: string) => unknown;
  /** A repeatable option's texts → the body's value. */
  parseAll?: (texts: string[], name: string) => unknown;
  /** A switch's body value. */
  set?: unknown;
  /** Checked on the body's value from any source. */
  rule?: Rule;
  /** The discount variant a value implies (`--percent-off` → PERCENT). */
  implies?: DiscountType;
  help: string;
  /** The --help heading. */
  group: string;
  /** Why `voucher update` refuses it, and what changes it instead; absent: update takes it. */
  notByUpdate?: string;
}

/**
 * Rows of the field table with their flags kept as literals (`'percent-off'`, not `string`), so
 * that the options made of them have keys the compiler knows: a typo in a flag is a type error.
 */
export function fieldRows<const Rows extends readonly VoucherField[]>(
  rows: Rows,
): { [K in keyof Rows]: RowOf<Rows[K]> } {
  return rows as { [K in keyof Rows]: RowOf<Rows[K]> };
}

/** A row as the table holds it, with what makes its option (flag, value, repeatable) as written. */
type RowOf<Row> = Row extends VoucherField
  ? VoucherField<Row['flag']> & Pick<Row, Extract<keyof Row, 'value' | 'repeatable'>>
  : never;
