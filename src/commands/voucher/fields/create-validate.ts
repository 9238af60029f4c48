// Checks a whole create body before it is sent, whatever it came from (flags, --body, a line of
// --input): the rules of docs/cli.md's "Bad input" and the reference. A failure is a UsageError naming
// the option that sets the field, the field itself, and the rule; nothing is sent.
import { isDotSegment } from '../../../api/client.js';
import {
  CAMPAIGN_VOUCHER_FIELDS,
  type CreateVoucherBody,
  campaignOf,
  DISCOUNT_EFFECTS,
  DISCOUNT_TYPES,
  type DiscountType,
  GIFT_EFFECTS,
  MANY_ITEMS_EFFECT,
  ONE_UNIT_EFFECTS,
  VOUCHER_TYPES,
  type VoucherType,
} from '../../../api/vouchers.js';
import {
  bad,
  given,
  isObject,
  type Json,
  keeps,
  nonNegativeInteger,
  object,
  oneOf,
  string,
} from './body-checks.js';
import { checkDates, checkValidityHours } from './validity-checks.js';

/**
 * `inCampaign`: the body is the voucher a campaign makes its codes from (campaign create): the
 * campaign is its parent and generates the codes, so neither is asked of it.
 */
export function validateCreateBody(body: CreateVoucherBody, inCampaign = false): void {
  if (!inCampaign && campaignOf(body) !== undefined) {
    checkCampaignVoucher(body);
    return;
  }
  if (!given(body.type)) {
    bad(
      'type',
      'is required: discount, gift or loyalty (or the discount, gift or loyalty fields that imply it)',
    );
  }
  oneOf(body.type, 'type', VOUCHER_TYPES);
  const type = body.type as VoucherType;
  checkTypeParts(body, type);
  checkCode(body, type, inCampaign);
  for (const field of ['category', 'category_id', 'campaign', 'campaign_id'] as const)
    keeps(body[field], field);
  if (type === 'LOYALTY_CARD' && !inCampaign && !given(body.campaign) && !given(body.campaign_id)) {
    bad(
      'campaign',
      'is required for a loyalty card: a card belongs to a loyalty program, and `--campaign NAME` alone adds one to it (its points come from the program)',
    );
  }
  checkDates(body);
  checkValidityHours(body.validity_hours);
  if (given(body.active) && typeof body.active !== 'boolean') bad('active', 'must be true or false');
  keeps(body.additional_info, 'additional_info');
  const redemption = object(body.redemption, 'redemption');
  if (redemption) keeps(redemption.quantity, 'redemption.quantity');
  object(body.metadata, 'metadata');
  if (given(body.validation_rules)) {
    if (!Array.isArray(body.validation_rules)) bad('validation_rules', 'must be a list of rule ids');
    body.validation_rules.forEach((rule, i) => {
      string(rule, `validation_rules[${i}]`);
    });
  }
}

const VALUE_PARTS = new Set(['type', 'discount', 'gift', 'loyalty_card']);

/**
 * A voucher added to a campaign (--campaign, --campaign-id) goes through the campaign's route,
 * which takes its type, value and validity from the campaign and sets only a few fields of its
 * own: any other field would be dropped by the service, so it is refused here instead.
 */
function checkCampaignVoucher(body: CreateVoucherBody): void {
  if (given(body.campaign) && given(body.campaign_id))
    bad('campaign_id', 'and --campaign (campaign) both name the campaign: give one of them');
  const campaign = campaignOf(body)!;
  for (const [field, value] of Object.entries(body)) {
    if (!given(value) || ['code', 'campaign', 'campaign_id'].includes(field)) continue;
    if ((CAMPAIGN_VOUCHER_FIELDS as readonly string[]).includes(field)) continue;
    bad(
      field,
      VALUE_PARTS.has(field)
        ? `is set by the campaign '${campaign}': a voucher added to it takes the campaign's type and value (promo campaign get shows them); leave it out, or create a voucher of its own without --campaign`
        : `is not a field of a voucher added to a campaign (it sets ${CAMPAIGN_VOUCHER_FIELDS.join(', ')})`,
    );
  }
  keeps(body.campaign, 'campaign');
  keeps(body.campaign_id, 'campaign_id');
  // The fields it does set follow the rules of create; a type is lent for the check, never sent.
  validateCreateBody({
    ...body,
    campaign: undefined,
    campaign_id: undefined,
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'AMOUNT', amount_off: 0 },
  });
}

const TYPE_PART = {
  DISCOUNT_VOUCHER: 'discount',
  GIFT_VOUCHER: 'gift',
  LOYALTY_CARD: 'loyalty_card',
} as const;
const TYPE_PARTS = Object.entries(TYPE_PART) as Array<[VoucherType, string]>;

function checkTypeParts(body: CreateVoucherBody, type: VoucherType): void {
  const part = TYPE_PART;
  const words = { DISCOUNT_VOUCHER: 'discount', GIFT_VOUCHER: 'gift', LOYALTY_CARD: 'loyalty' };
  for (const [other, field] of TYPE_PARTS) {
    if (other !== type && given(body[field])) {
      bad(field, `is for --type ${words[other]}, and the type is ${type}`);
    }
  }
  const own = body[part[type]];
  if (!given(own)) {
    const needs = {
      DISCOUNT_VOUCHER:
        'a discount: --percent-off, --amount-off, --unit-off with --unit-type, --unit or --fixed-amount',
      GIFT_VOUCHER: 'an amount: --gift-amount',
      LOYALTY_CARD: 'points: --points',
    };
    bad(part[type], `is required for ${type}: it needs ${needs[type]}`);
  }
  if (type === 'DISCOUNT_VOUCHER') checkDiscount(object(own, 'discount')!);
  if (type === 'GIFT_VOUCHER') {
    const gift = object(own, 'gift')!;
    if (!given(gift.amount)) bad('gift.amount', 'is required for a gift card');
    keeps(gift.amount, 'gift.amount');
    keeps(gift.balance, 'gift.balance');
    oneOf(gift.effect, 'gift.effect', GIFT_EFFECTS);
  }
  if (type === 'LOYALTY_CARD') {
    const card = object(own, 'loyalty_card')!;
    if (!given(card.points)) bad('loyalty_card.points', 'is required for a loyalty card');
    keeps(card.points, 'loyalty_card.points');
  }
}

export function checkDiscount(discount: Json): void {
  if (!given(discount.type)) bad('discount.type', `is required: one of ${DISCOUNT_TYPES.join(', ')}`);
  oneOf(discount.type, 'discount.type', DISCOUNT_TYPES);
  const type = discount.type as DiscountType;
  const require = (field: string) => {
    if (!given(discount[field])) bad(`discount.${field}`, `is required for a ${type} discount`);
  };
  switch (type) {
    case 'PERCENT': {
      require('percent_off');
      keeps(discount.percent_off, 'discount.percent_off');
      keeps(discount.amount_limit, 'discount.amount_limit');
      break;
    }
    case 'AMOUNT':
      require('amount_off');
      keeps(discount.amount_off, 'discount.amount_off');
      break;
    case 'FIXED':
      require('fixed_amount');
      keeps(discount.fixed_amount, 'discount.fixed_amount');
      break;
    case 'UNIT':
      if (given(discount.units)) {
        checkUnits(discount);
        return;
      }
      require('unit_off');
      keeps(discount.unit_off, 'discount.unit_off');
      require('unit_type');
      keeps(discount.unit_type, 'discount.unit_type');
      if (discount.effect === MANY_ITEMS_EFFECT)
        bad('discount.effect', `${MANY_ITEMS_EFFECT} needs several units (--unit)`);
      break;
  }
  oneOf(discount.effect, 'discount.effect', DISCOUNT_EFFECTS[type]);
}

function checkUnits(discount: Json): void {
  const units = discount.units;
  if (!Array.isArray(units) || units.length === 0) bad('discount.units', 'must be a non-empty list of units');
  units.forEach((unit, i) => {
    const path = `discount.units[${i}]`;
    if (!isObject(unit)) bad(path, 'must be an object with unit_off, unit_type and effect');
    if (!given(unit.unit_off)) bad(`${path}.unit_off`, 'is required');
    nonNegativeInteger(unit.unit_off, `${path}.unit_off`);
    if (!given(unit.unit_type)) bad(`${path}.unit_type`, 'is required');
    string(unit.unit_type, `${path}.unit_type`);
    if (!given(unit.effect)) bad(`${path}.effect`, `is required: ${ONE_UNIT_EFFECTS.join(' or ')}`);
    oneOf(unit.effect, `${path}.effect`, ONE_UNIT_EFFECTS);
  });
  oneOf(discount.effect, 'discount.effect', [MANY_ITEMS_EFFECT]);
}

function checkCode(body: CreateVoucherBody, type: VoucherType, inCampaign: boolean): void {
  keeps(body.code, 'code');
  // Such a code could be created but never deleted or fetched by its path again.
  if (typeof body.code === 'string' && isDotSegment(body.code)) {
    bad('code', "must not be '.' or '..' or hold '../' (it could not travel in a URL path)");
  }
  const config = object(body.code_config, 'code_config');
  if (config) {
    for (const field of ['length', 'charset', 'prefix', 'postfix', 'pattern'])
      keeps(config[field], `code_config.${field}`);
    if (typeof config.pattern === 'string' && !config.pattern.includes('#')) {
      bad(
        'code_config.pattern',
        'must contain # (each # becomes a random character); for a fixed code use --code',
      );
    }
  }
  if (type === 'GIFT_VOUCHER' && !inCampaign && !given(body.code) && !config) {
    bad(
      'code',
      'or a code config (--length, --charset, --prefix, --postfix, --pattern) is required for a gift card',
    );
  }
}
