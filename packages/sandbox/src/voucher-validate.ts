// The create-voucher body, checked the way the service checks it. The vendor's schema is a oneOf of
// three types, each with a `code` or a `code_config` form; the two forms overlap, so they are
// treated as anyOf (a body with both is fine, and `code` wins).

import { VOUCHER_TYPES, type VoucherType } from './facts/vouchers.js';
import {
  bodyObject,
  invalid,
  isGiven,
  isRecord,
  type Json,
  optionalArray,
  optionalBoolean,
  optionalNonEmptyString,
  optionalRecord,
  optionalString,
} from './voucher-check.js';
import { type CodeConfig, validateCodeConfig } from './voucher-codes.js';
import {
  type Gift,
  requiredPart,
  validateDiscount,
  validateGift,
  validateLoyaltyCard,
} from './voucher-kinds.js';
import { type Validity, validateValidity } from './voucher-validity.js';

export type { VoucherType };

export interface CreateVoucherInput extends Validity {
  type: VoucherType;
  code: string | null;
  code_config: CodeConfig | null;
  campaign: string | null;
  campaign_id: string | null;
  category: string | null;
  category_id: string | null;
  discount: Json | null;
  gift: Gift | null;
  loyalty_card: { points: number } | null;
  active: boolean;
  additional_info: string | null;
  metadata: Json;
  validation_rules: string[];
  /** How many times the voucher can be redeemed; null means unlimited. */
  redemption_quantity: number | null;
}

/**
 * The vendor's schema leaves `type` optional: without it the part given says which (a gift, a
 * loyalty card), and a voucher with neither is a discount voucher, as the service infers.
 */
function voucherType(body: Json): VoucherType {
  const type =
    body.type ??
    (isGiven(body.gift) ? 'GIFT_VOUCHER' : isGiven(body.loyalty_card) ? 'LOYALTY_CARD' : 'DISCOUNT_VOUCHER');
  if (!VOUCHER_TYPES.includes(type as VoucherType))
    invalid('type', `must be one of ${VOUCHER_TYPES.join(', ')}`);
  return type as VoucherType;
}

function redemptionQuantity(body: Json): number | null {
  const redemption = optionalRecord(body, 'redemption');
  const quantity = redemption?.quantity;
  if (!isGiven(quantity)) return null;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) {
    invalid('redemption.quantity', 'must be an integer greater than or equal to 1, or null for unlimited');
  }
  return quantity;
}

function ruleId(item: unknown, path: string): string {
  if (typeof item !== 'string' || item === '')
    invalid(path, 'must be a validation rule id (a non-empty string)');
  return item;
}

function metadata(body: Json): Json {
  const value = body.metadata;
  if (!isGiven(value)) return {};
  if (!isRecord(value)) invalid('metadata', 'must be an object');
  return structuredClone(value);
}

export function validateCreateBody(raw: unknown): CreateVoucherInput {
  const body = bodyObject(raw);
  const type = voucherType(body);
  const code = optionalNonEmptyString(body, 'code');
  const code_config = validateCodeConfig(body);
  const campaign = optionalNonEmptyString(body, 'campaign');
  const campaign_id = optionalNonEmptyString(body, 'campaign_id');

  // Only the part that matches the type is kept; the vendor's branches ignore the others.
  const discount = type === 'DISCOUNT_VOUCHER' ? validateDiscount(requiredPart(body, 'discount')) : null;
  const gift = type === 'GIFT_VOUCHER' ? validateGift(requiredPart(body, 'gift')) : null;
  const loyalty_card =
    type === 'LOYALTY_CARD' ? validateLoyaltyCard(requiredPart(body, 'loyalty_card')) : null;
  if (type === 'GIFT_VOUCHER' && code === null && code_config === null) {
    invalid('code', 'or code_config is required for type GIFT_VOUCHER');
  }
  if (type === 'LOYALTY_CARD' && campaign === null && campaign_id === null) {
    invalid('campaign', 'or campaign_id is required for type LOYALTY_CARD');
  }

  return {
    type,
    code,
    code_config,
    campaign,
    campaign_id,
    category: optionalNonEmptyString(body, 'category'),
    category_id: optionalNonEmptyString(body, 'category_id'),
    discount,
    gift,
    loyalty_card,
    ...validateValidity(body),
    active: optionalBoolean(body, 'active') ?? true,
    additional_info: optionalString(body, 'additional_info'),
    metadata: metadata(body),
    validation_rules: optionalArray(body, 'validation_rules', '', ruleId) ?? [],
    redemption_quantity: redemptionQuantity(body),
  };
}
