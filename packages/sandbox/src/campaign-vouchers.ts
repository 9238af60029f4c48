// Vouchers made by a campaign: from its voucher template (type, value, redemption limit, code
// config), with the fields of their own a request may give (category, metadata, dates, additional
// info), linked to the campaign. Generated codes follow the campaign's code config and never repeat
// a code that is taken.
import { VOUCHER_TYPE_OF } from './facts/vouchers.js';
import { type CampaignRecord, type RouteContext, SandboxError, type SandboxState } from './types.js';
import { assets, buildVoucher, findOrCreateCategory } from './voucher-build.js';
import {
  invalid,
  isGiven,
  isRecord,
  type Json,
  optionalBoolean,
  optionalNonEmptyString,
  optionalRecord,
  optionalString,
} from './voucher-check.js';
import { type CodeConfig, pickCode, validateCodeConfig } from './voucher-codes.js';
import type { Gift } from './voucher-kinds.js';
import { put } from './voucher-store.js';
import type { CreateVoucherInput, VoucherType } from './voucher-validate.js';
import { validateValidity } from './voucher-validity.js';

/** The campaign's template, with what a demo campaign leaves out filled in. */
export function templateOf(campaign: CampaignRecord): Json {
  if (campaign.voucher) return campaign.voucher;
  const type = VOUCHER_TYPE_OF[campaign.campaign_type];
  if (type === 'GIFT_VOUCHER')
    return { type, gift: { amount: 5000, balance: 5000, effect: 'APPLY_TO_ORDER' } };
  if (type === 'LOYALTY_CARD') return { type, loyalty_card: { points: 0 } };
  return { type, discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' } };
}

/** The fields a voucher added to a campaign gives itself (the campaign's route and import). */
export interface OwnFields {
  category: string | null;
  additional_info: string | null;
  start_date: string | null;
  expiration_date: string | null;
  active: boolean | null;
  metadata: Json;
  redemption_quantity: number | null | undefined;
  code_config: CodeConfig | null;
}

export function readOwnFields(body: Json): OwnFields {
  const metadata = body.metadata;
  if (isGiven(metadata) && !isRecord(metadata)) invalid('metadata', 'must be an object');
  const redemption = optionalRecord(body, 'redemption');
  let quantity: number | null | undefined;
  if (redemption && Object.hasOwn(redemption, 'quantity')) {
    quantity = redemption.quantity as number | null;
    if (quantity !== null && (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1))
      invalid('redemption.quantity', 'must be an integer greater than or equal to 1, or null for unlimited');
  }
  const { start_date, expiration_date } = validateValidity({
    start_date: body.start_date,
    expiration_date: body.expiration_date,
  });
  return {
    category: optionalNonEmptyString(body, 'category'),
    additional_info: optionalString(body, 'additional_info'),
    start_date,
    expiration_date,
    active: optionalBoolean(body, 'active'),
    metadata: isRecord(metadata) ? structuredClone(metadata) : {},
    redemption_quantity: quantity,
    code_config: validateCodeConfig(body),
  };
}

export const NO_FIELDS: OwnFields = {
  category: null,
  additional_info: null,
  start_date: null,
  expiration_date: null,
  active: null,
  metadata: {},
  redemption_quantity: undefined,
  code_config: null,
};

function templateQuantity(template: Json): number | null {
  const quantity = isRecord(template.redemption) ? template.redemption.quantity : null;
  return typeof quantity === 'number' ? quantity : null;
}

/** The create input a campaign's voucher is built from. */
function inputFor(campaign: CampaignRecord, code: string, own: OwnFields): CreateVoucherInput {
  const template = templateOf(campaign);
  const type = template.type as VoucherType;
  const gift = isRecord(template.gift) ? (template.gift as unknown as Gift) : null;
  const card = isRecord(template.loyalty_card) ? { points: Number(template.loyalty_card.points ?? 0) } : null;
  return {
    type,
    code,
    code_config: null,
    campaign: campaign.name,
    campaign_id: campaign.id,
    category: own.category ?? campaign.category ?? null,
    category_id: null,
    discount:
      type === 'DISCOUNT_VOUCHER' && isRecord(template.discount) ? structuredClone(template.discount) : null,
    gift: type === 'GIFT_VOUCHER' && gift ? { ...gift, balance: gift.balance ?? gift.amount } : null,
    loyalty_card: type === 'LOYALTY_CARD' ? card : null,
    active: own.active ?? true,
    additional_info: own.additional_info,
    metadata: own.metadata,
    validation_rules: [],
    redemption_quantity:
      own.redemption_quantity === undefined ? templateQuantity(template) : own.redemption_quantity,
    start_date: own.start_date ?? campaign.start_date ?? null,
    expiration_date: own.expiration_date ?? campaign.expiration_date ?? null,
    validity_timeframe: (campaign.validity_timeframe as CreateVoucherInput['validity_timeframe']) ?? null,
    validity_day_of_week: (campaign.validity_day_of_week as number[] | null) ?? null,
    validity_hours: (campaign.validity_hours as CreateVoucherInput['validity_hours']) ?? null,
  };
}

/** The code config a new voucher's code is generated by: the request's, else the campaign's. */
export function campaignCodeConfig(campaign: CampaignRecord, own?: OwnFields): CodeConfig | null {
  if (own?.code_config) return own.code_config;
  const config = templateOf(campaign).code_config;
  return isRecord(config) ? validateCodeConfig({ code_config: config }) : null;
}

/** The asset ids of generated vouchers: the shape of the service's, without a cipher per code. */
function cheapSeal(code: string, kind: string): string {
  return Buffer.concat([
    Buffer.from('Salted__'),
    Buffer.from(kind.padEnd(8, '_')),
    Buffer.from(code),
  ]).toString('base64');
}

/** A voucher into the campaign: with the code given (which must be free), else a generated one. */
export function addToCampaign(
  state: SandboxState,
  campaign: CampaignRecord,
  code: string | null,
  own: OwnFields,
  rc: RouteContext,
  cheap = false,
): Json {
  if (campaign.type === 'STANDALONE') {
    throw new SandboxError(
      400,
      'invalid_campaign',
      'Invalid Campaign',
      `Campaign ${campaign.name} is of type STANDALONE; vouchers cannot be added to it.`,
      { resource_id: campaign.id, resource_type: 'campaign' },
    );
  }
  const chosen = pickCode(state, code, code === null ? campaignCodeConfig(campaign, own) : null);
  const input = inputFor(campaign, chosen, own);
  const category = findOrCreateCategory(state, input, rc);
  const voucher = buildVoucher(
    input,
    chosen,
    { campaign, category },
    rc,
    cheap ? (c) => assets(c, cheapSeal) : undefined,
  );
  put(state.vouchers, chosen, voucher);
  return voucher;
}

/** One generated voucher of a generation job; `fields` are those the request gave them all. */
export function generateForCampaign(
  state: SandboxState,
  campaign: CampaignRecord,
  rc: RouteContext,
  fields?: unknown,
): Json {
  return addToCampaign(state, campaign, null, isRecord(fields) ? readOwnFields(fields) : NO_FIELDS, rc, true);
}

/** One record of a campaign import: a code and fields of its own. */
export function importIntoCampaign(
  state: SandboxState,
  campaign: CampaignRecord,
  record: unknown,
  rc: RouteContext,
): Json {
  if (!isRecord(record)) invalid('voucher', 'must be an object');
  const code = optionalNonEmptyString(record, 'code');
  if (code === null) invalid('code', 'is required');
  return addToCampaign(state, campaign, code, { ...readOwnFields(record), code_config: null }, rc, true);
}
