// `voucher import`: every line is checked offline with the import's own rules before anything is
// sent, then the vouchers are cut into requests of at most 10 MB. The import takes fewer fields
// than create (the service skips the others silently, so promo refuses them instead of losing
// them), wants discount.type and discount.effect spelled out, and a code on every voucher; a code
// the file holds twice would fail on the service's side, so it is refused here.
import { IMPORT_FIELDS, type ImportVoucher, MAX_IMPORT_BYTES } from '../../api/voucher-import.js';
import type { CreateVoucherBody } from '../../api/vouchers.js';
import { UsageError } from '../../base/errors.js';
import { collectErrors, type InputRecord } from '../../bulk/index.js';
import { bad, given, isObject } from './fields/body-checks.js';
import { csvColumnRoles, recordPatch } from './fields/create-input.js';
import { validateCreateBody } from './fields/create-validate.js';

/** Fields create takes and the import does not, and what to use instead. */
const CREATE_ONLY: Record<string, string> = {
  loyalty_card:
    'the import takes discount vouchers and gift cards; create loyalty cards with `promo voucher create --input`',
  campaign: 'the import adds standalone vouchers; add to a campaign with `promo voucher create --input`',
  campaign_id: 'the import adds standalone vouchers; add to a campaign with `promo voucher create --input`',
  category_id: 'the import takes the category by name: use category',
  code_config: 'the import needs each code written out: use code',
  validity_hours: 'the import does not take it; set it afterwards with `promo voucher update`',
  validation_rules: 'the import does not take it; use `promo voucher create --input`',
};

const TYPES: Record<string, 'discount' | 'gift'> = { DISCOUNT_VOUCHER: 'discount', GIFT_VOUCHER: 'gift' };

/** What a voucher imported into a campaign may carry: its type and value are the campaign's. */
export const CAMPAIGN_IMPORT_FIELDS = [
  'code',
  'category',
  'active',
  'start_date',
  'expiration_date',
  'redemption',
  'additional_info',
  'metadata',
] as const;

/** A line of `campaign import`: a code and the fields of its own; throws a UsageError naming the field. */
export function campaignImportItem(body: CreateVoucherBody): ImportVoucher {
  for (const field of Object.keys(body)) {
    if ((CAMPAIGN_IMPORT_FIELDS as readonly string[]).includes(field)) continue;
    const why = ['type', 'discount', 'gift', 'loyalty_card'].includes(field)
      ? "the campaign sets its vouchers' type and value"
      : `is not a field a campaign import takes (it takes ${CAMPAIGN_IMPORT_FIELDS.join(', ')})`;
    throw new UsageError(`${field}: ${why}`);
  }
  if (!given(body.code) || body.code === '') bad('code', 'is required: the import does not generate codes');
  // Values and dates follow the rules of create; a type is lent for the check and not sent.
  validateCreateBody({ ...body, type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 0 } });
  return { ...body };
}

/** The voucher a line gives, as the import takes it; throws a UsageError naming the field and rule. */
export function importItem(body: CreateVoucherBody): ImportVoucher {
  for (const field of Object.keys(body)) {
    if ((IMPORT_FIELDS as readonly string[]).includes(field)) continue;
    throw new UsageError(
      `${field}: ${CREATE_ONLY[field] ?? `is not a field the import takes (it takes ${IMPORT_FIELDS.join(', ')})`}`,
    );
  }
  const item: ImportVoucher = { ...body };
  if (!given(item.type)) {
    if (isObject(item.gift) && !given(item.discount)) item.type = 'GIFT_VOUCHER';
    else if (isObject(item.discount) && !given(item.gift)) item.type = 'DISCOUNT_VOUCHER';
  }
  if (typeof item.type !== 'string' || !TYPES[item.type]) {
    bad(
      'type',
      given(item.type)
        ? `must be DISCOUNT_VOUCHER or GIFT_VOUCHER (or follow from a discount or a gift), not ${JSON.stringify(item.type)}`
        : 'is required: DISCOUNT_VOUCHER or GIFT_VOUCHER (or the discount or gift fields that imply it)',
    );
  }
  if (!given(item.code) || item.code === '') bad('code', 'is required: the import does not generate codes');
  if (item.type === 'DISCOUNT_VOUCHER') {
    const discount = isObject(item.discount) ? item.discount : undefined;
    if (discount && !given(discount.type))
      bad('discount.type', 'is required by the import: AMOUNT, PERCENT, UNIT or FIXED');
    if (discount && !given(discount.effect))
      bad('discount.effect', 'is required by the import, e.g. APPLY_TO_ORDER');
  }
  if (item.type === 'GIFT_VOUCHER' && isObject(item.gift)) {
    const extra = Object.keys(item.gift).filter((key) => !['amount', 'balance', 'effect'].includes(key));
    if (extra.length > 0)
      bad(`gift.${extra[0]}`, 'is not a field the import takes (gift takes amount, balance, effect)');
  }
  // Everything else follows the rules of create: values, ranges, dates.
  validateCreateBody(item);
  return item;
}

export interface ImportLine {
  line: number;
  voucher: ImportVoucher;
}

/** Every record checked; any bad one stops the run (all of them named, exit 2), nothing sent. */
export function importLines(
  records: InputRecord[],
  columns: string[] | undefined,
  item: (body: CreateVoucherBody) => ImportVoucher = importItem,
): ImportLine[] {
  const roles = columns ? csvColumnRoles(columns) : undefined;
  const errors: UsageError[] = [];
  const lines: ImportLine[] = [];
  const lineOfCode = new Map<string, number>();
  for (const record of records) {
    try {
      const voucher = item(recordPatch(record, roles));
      const code = voucher.code as string;
      const earlier = lineOfCode.get(code);
      if (earlier !== undefined) {
        throw new UsageError(`code '${code}' is already on line ${earlier}: a code can be imported once`);
      }
      lineOfCode.set(code, record.line);
      lines.push({ line: record.line, voucher });
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      errors.push(new UsageError(`line ${record.line}: ${error.message}`, error.hint));
    }
  }
  collectErrors(errors, 'FILE has lines the import would not take');
  if (lines.length === 0) throw new UsageError('the import file holds no vouchers');
  return lines;
}

/** Consecutive lines whose JSON array stays within `maxBytes`. */
export function importChunks(lines: ImportLine[], maxBytes = MAX_IMPORT_BYTES): ImportLine[][] {
  const chunks: ImportLine[][] = [];
  let current: ImportLine[] = [];
  let bytes = 2; // [ and ]
  for (const line of lines) {
    const size = Buffer.byteLength(JSON.stringify(line.voucher));
    if (size + 2 > maxBytes) {
      throw new UsageError(
        `line ${line.line}: this voucher alone is ${size} bytes; one import request takes at most ${maxBytes}`,
      );
    }
    if (current.length > 0 && bytes + 1 + size > maxBytes) {
      chunks.push(current);
      current = [];
      bytes = 2;
    }
    bytes += size + (current.length > 0 ? 1 : 0);
    current.push(line);
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
