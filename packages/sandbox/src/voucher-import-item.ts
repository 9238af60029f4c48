// One record of a voucher import, checked with the import's own rules: only the fields the import
// takes (others are skipped silently), discount vouchers and gift cards only, `discount.type` and
// `discount.effect` required. A record that breaks them fails alone; the job goes on.
import {
  invalid,
  isGiven,
  isRecord,
  type Json,
  optionalBoolean,
  optionalNonEmptyString,
  optionalRecord,
  optionalString,
  requireRecord,
  requireString,
} from './voucher-check.js';
import { validateDiscount, validateGift } from './voucher-kinds.js';
import type { CreateVoucherInput } from './voucher-validate.js';
import { validateValidity } from './voucher-validity.js';

const IMPORT_TYPES = ['DISCOUNT_VOUCHER', 'GIFT_VOUCHER'] as const;

function importType(record: Json): (typeof IMPORT_TYPES)[number] {
  const type = record.type ?? 'DISCOUNT_VOUCHER';
  if (!IMPORT_TYPES.includes(type as never)) invalid('type', `must be one of ${IMPORT_TYPES.join(', ')}`);
  return type as (typeof IMPORT_TYPES)[number];
}

function importDiscount(record: Json): Json {
  const discount = requireRecord(record.discount, 'discount');
  if (!isGiven(discount.type)) invalid('discount.type', 'is required');
  if (!isGiven(discount.effect)) invalid('discount.effect', 'is required');
  return validateDiscount(discount);
}

function redemptionQuantity(record: Json): number | null {
  const quantity = optionalRecord(record, 'redemption')?.quantity;
  if (!isGiven(quantity)) return null;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) {
    invalid('redemption.quantity', 'must be an integer greater than or equal to 1, or null for unlimited');
  }
  return quantity;
}

/** The code a record names, for the failure list, even when the record is otherwise broken. */
export function recordCode(record: unknown): string | undefined {
  return isRecord(record) && typeof record.code === 'string' ? record.code : undefined;
}

export function validateImportRecord(raw: unknown): CreateVoucherInput {
  if (!isRecord(raw)) invalid('voucher', 'must be an object');
  const record = raw;
  const code = requireString(record, 'code');
  const type = importType(record);
  const giftRecord = type === 'GIFT_VOUCHER' ? requireRecord(record.gift, 'gift') : null;
  const metadata = record.metadata;
  if (isGiven(metadata) && !isRecord(metadata)) invalid('metadata', 'must be an object');
  const { start_date, expiration_date, validity_timeframe, validity_day_of_week } = validateValidity({
    start_date: record.start_date,
    expiration_date: record.expiration_date,
    validity_timeframe: record.validity_timeframe,
    validity_day_of_week: record.validity_day_of_week,
  });
  return {
    type,
    code,
    code_config: null,
    campaign: null,
    campaign_id: null,
    category: optionalNonEmptyString(record, 'category'),
    category_id: null,
    discount: type === 'DISCOUNT_VOUCHER' ? importDiscount(record) : null,
    // Only the amount is imported; the balance starts full.
    gift: giftRecord ? validateGift({ amount: giftRecord.amount }) : null,
    loyalty_card: null,
    active: optionalBoolean(record, 'active') ?? true,
    additional_info: optionalString(record, 'additional_info'),
    metadata: isRecord(metadata) ? structuredClone(metadata) : {},
    validation_rules: [],
    redemption_quantity: redemptionQuantity(record),
    start_date,
    expiration_date,
    validity_timeframe,
    validity_day_of_week,
    validity_hours: null,
  };
}
