// The fields of a voucher, one row each: the option that sets it (also its CSV column), where it
// goes in the API's body, how the typed text becomes the body's value (money in units →
// hundredths, dates, durations, enums), the rule the value keeps whatever it came from (flags,
// --body, an NDJSON line: the one place a range is checked), its help, and whether `voucher
// update` and `voucher import` take it. Options, CSV columns, body building, validation messages
// and --dry-run all come from this table; its rows are in fields-identity.ts and fields-value.ts.
import { UsageError } from '../../../base/errors.js';
import type { Rule, VoucherField } from './field-rules.js';
import { IDENTITY_FIELDS, OTHER_FIELDS } from './fields-identity.js';
import { VALUE_FIELDS } from './fields-value.js';

export type { Rule, VoucherField } from './field-rules.js';

/** Every field, in the order of `voucher create --help` (each row's type kept: see fieldRows). */
export const VOUCHER_FIELDS = [...IDENTITY_FIELDS, ...VALUE_FIELDS, ...OTHER_FIELDS] as const;

export function fieldByFlag(flag: string): VoucherField | undefined {
  return VOUCHER_FIELDS.find((field) => field.flag === flag);
}

/** The rule of the field at a body path, if the table has one. */
/** Rules by path, looked up for every field of every line of a bulk run. */
let rulesByPath: Map<string, Rule | undefined> | undefined;

export function ruleFor(path: string): Rule | undefined {
  if (!rulesByPath) {
    rulesByPath = new Map();
    // The first field of a path holds, as with find().
    for (const field of VOUCHER_FIELDS)
      if (!rulesByPath.has(field.path)) rulesByPath.set(field.path, field.rule);
  }
  return rulesByPath.get(path);
}

/** The options that set an object of the body, where no one field names it. */
const PARTS: Record<string, string> = {
  discount: '--percent-off/--amount-off/--unit-off/--unit/--fixed-amount',
  gift: '--gift-amount',
  loyalty_card: '--points',
  validity_timeframe: '--validity-duration/--validity-interval',
  redemption: '--redemption-quantity',
};

/** The option(s) that set a body path, for messages (`discount.units[1].effect` → `--unit`). */
export function flagFor(path: string): string | undefined {
  const bare = path.replace(/\[\d+\]/g, '');
  for (let key = bare; key; key = key.includes('.') ? key.slice(0, key.lastIndexOf('.')) : '') {
    const flags = VOUCHER_FIELDS.filter((field) => field.path === key).map((field) => `--${field.flag}`);
    if (flags.length > 0) return flags.join('/');
    if (PARTS[key]) return PARTS[key];
  }
  return undefined;
}

/** Why `voucher update` refuses a body path (`code_config`, `gift.amount`): when every field under it is refused. */
export function refusedByUpdate(path: string): string | undefined {
  const under = VOUCHER_FIELDS.filter((f) => f.path === path || f.path.startsWith(`${path}.`));
  return under.length > 0 && under.every((f) => f.notByUpdate) ? under[0]!.notByUpdate : undefined;
}

/** For `voucher update`: an option it cannot honour is refused, saying what changes that field instead. */
export function refuseNotByUpdate(flags: readonly string[]): void {
  for (const flag of flags) {
    const why = fieldByFlag(flag)?.notByUpdate;
    if (why) throw new UsageError(`--${flag} cannot be changed by voucher update: ${why}`);
  }
}
