// The options of `promo voucher create` that set a field of the voucher, as data: commander
// registers them from this table (through fieldOptions), and a CSV file for `--input` may use the same names as columns.
import type { OptionSpecs } from '../../registry/options.js';

export interface FlagDef {
  /** Kebab-case, without dashes: `percent-off`. */
  name: string;
  /** Placeholder of the value; none for a switch. */
  arg?: string;
  repeatable?: boolean;
  help: string;
}

/** Every option that sets a field of the voucher (not --body, --input, --skip, --dry-run). */
export const FIELD_FLAGS: FlagDef[] = [
  {
    name: 'type',
    arg: 'type',
    help: 'discount, gift or loyalty (or DISCOUNT_VOUCHER, GIFT_VOUCHER, LOYALTY_CARD)',
  },
  { name: 'code', arg: 'code', help: 'the code; without it (or code config) the service generates one' },
  { name: 'length', arg: 'n', help: 'code config: characters of the generated code, without prefix/postfix' },
  {
    name: 'charset',
    arg: 'set',
    help: 'code config: alphanumeric, alphabetic, lowercase, uppercase, numbers, or your own characters',
  },
  { name: 'prefix', arg: 'text', help: 'code config: text before the generated part' },
  { name: 'postfix', arg: 'text', help: 'code config: text after the generated part' },
  {
    name: 'pattern',
    arg: 'pattern',
    help: 'code config: each # becomes a random character (e.g. SALE-####)',
  },
  { name: 'category', arg: 'name', help: 'category name (created if new)' },
  { name: 'category-id', arg: 'id', help: 'category id' },
  { name: 'campaign', arg: 'name', help: 'parent campaign, by name (required for a loyalty card)' },
  { name: 'campaign-id', arg: 'id', help: 'parent campaign, by id' },
  {
    name: 'discount-type',
    arg: 'type',
    help: 'amount, percent, unit or fixed (implied by the value flags below)',
  },
  { name: 'percent-off', arg: 'percent', help: 'percent discount, 0 to 100' },
  { name: 'amount-limit', arg: 'amount', help: 'cap of a percent discount, in currency units' },
  { name: 'amount-off', arg: 'amount', help: 'amount discount, in currency units (10.50)' },
  { name: 'unit-off', arg: 'n', help: 'unit discount: number of free units (with --unit-type)' },
  { name: 'unit-type', arg: 'product', help: 'unit discount: the product given (e.g. prod_0a9f9ab4)' },
  {
    name: 'unit',
    arg: 'product:n[:effect]',
    repeatable: true,
    help: 'unit discount over several products, repeatable; effect new (default) or missing',
  },
  { name: 'fixed-amount', arg: 'amount', help: 'fixed-price discount, in currency units' },
  { name: 'effect', arg: 'effect', help: 'how the discount applies, e.g. apply-to-order, apply-to-items' },
  { name: 'gift-amount', arg: 'amount', help: 'gift card credit, in currency units (25 → sent as 2500)' },
  { name: 'gift-balance', arg: 'amount', help: 'gift card starting balance (default: the amount)' },
  { name: 'gift-effect', arg: 'effect', help: 'apply-to-order or apply-to-items' },
  { name: 'points', arg: 'n', help: 'loyalty card points' },
  { name: 'start-date', arg: 'date', help: 'inactive before this ISO 8601 date or date-time' },
  { name: 'expiration-date', arg: 'date', help: 'inactive after this ISO 8601 date or date-time' },
  {
    name: 'validity-duration',
    arg: 'duration',
    help: 'active this long in each period (ISO 8601, e.g. PT1H)',
  },
  { name: 'validity-interval', arg: 'duration', help: 'a period starts this often (ISO 8601, e.g. P2D)' },
  {
    name: 'validity-day',
    arg: 'days',
    repeatable: true,
    help: 'valid on these days: 1,2 or mon-fri (0 = Sunday)',
  },
  {
    name: 'validity-hours',
    arg: 'days@HH:mm-HH:mm',
    repeatable: true,
    help: 'valid daily period, repeatable, e.g. mon-fri@09:00-17:00',
  },
  { name: 'active', help: 'create it active (the default)' },
  { name: 'inactive', help: 'create it inactive' },
  { name: 'additional-info', arg: 'text', help: 'free text about the code' },
  { name: 'redemption-quantity', arg: 'n', help: 'how many times it can be redeemed, or unlimited' },
  {
    name: 'metadata',
    arg: 'key=value',
    repeatable: true,
    help: 'repeatable; values typed as JSON where they parse',
  },
  { name: 'validation-rule', arg: 'id', repeatable: true, help: 'validation rule id, repeatable' },
];

/** Values as typed: a string per option, a list for the repeatable ones, true for a switch. */
export type FlagValues = Record<string, string | string[] | boolean | undefined>;

/** The field options as option definitions, keyed as `run` receives them (`percentOff`). */
export function fieldOptions(): OptionSpecs {
  const options: OptionSpecs = {};
  for (const def of FIELD_FLAGS) {
    const key = attributeName(def.name);
    if (!def.arg) options[key] = { type: 'switch', help: def.help };
    else options[key] = { type: def.repeatable ? 'list' : 'value', value: def.arg, help: def.help };
  }
  return options;
}

/** commander's attribute name of a flag: `percent-off` → `percentOff`. */
export function attributeName(flag: string): string {
  return flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** commander's parsed options, keyed by flag name. */
export function flagValues(options: Record<string, unknown>): FlagValues {
  const values: FlagValues = {};
  for (const def of FIELD_FLAGS) {
    const value = options[attributeName(def.name)];
    // A switch not given reads false, which sets nothing.
    if (value !== undefined && value !== false) values[def.name] = value as string | string[] | boolean;
  }
  return values;
}
