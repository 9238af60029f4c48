// Campaigns in the state: found by id or by name (both name one in a path), checked when created
// or updated the way the service checks them, and turned into the service's campaign object. The
// state keeps a record (types.ts); what the answer derives (the count of vouchers, the status of
// their generation) is worked out when it is read.

import { templateOf } from './campaign-vouchers.js';
import { codeSpace, MAX_VOUCHERS_COUNT, randomSlots, resolveCharset } from './facts/code-space.js';
import { CAMPAIGN_TYPES, VOUCHER_TYPE_OF } from './facts/vouchers.js';
import { readExpirationRules } from './loyalty-rules.js';
import { countOfCampaign, keysOfCampaign } from './state-query.js';
import {
  type CampaignRecord,
  type CampaignType,
  type RouteContext,
  SandboxError,
  type SandboxState,
} from './types.js';
import {
  bodyObject,
  checkNumber,
  invalid,
  isGiven,
  isRecord,
  type Json,
  optionalBoolean,
  optionalEnum,
  optionalNonEmptyString,
  optionalRecord,
  optionalString,
  requireRecord,
} from './voucher-check.js';
import { validateCodeConfig } from './voucher-codes.js';
import { validateDiscount, validateGift, validateLoyaltyCard } from './voucher-kinds.js';
import { validateValidity } from './voucher-validity.js';

export { CAMPAIGN_TYPES };

/** The fields of a campaign's validity an update may set or, with null, remove. */
const VALIDITY_FIELDS = [
  'start_date',
  'expiration_date',
  'validity_timeframe',
  'validity_day_of_week',
  'validity_hours',
] as const;

export function campaignNotFound(ref: string): SandboxError {
  return new SandboxError(404, 'not_found', 'Resource not found', `Cannot find campaign with id ${ref}`, {
    resource_id: ref,
    resource_type: 'campaign',
  });
}

/** The campaign a path names: by id first, then by name. */
export function findCampaignRef(
  state: SandboxState,
  ref: string,
): { index: number; campaign: CampaignRecord } {
  let index = state.campaigns.findIndex((c) => c.id === ref);
  if (index < 0) index = state.campaigns.findIndex((c) => c.name === ref);
  if (index < 0) throw campaignNotFound(ref);
  return { index, campaign: state.campaigns[index] as CampaignRecord };
}

/** The vouchers of the campaign, by code. */
export function vouchersOf(state: SandboxState, campaignId: string): string[] {
  return keysOfCampaign(state.vouchers, campaignId);
}

function generationStatus(state: SandboxState, campaign: CampaignRecord): 'DONE' | 'IN_PROGRESS' | 'FAILED' {
  const job = campaign.generation_job ? state.asyncActions[campaign.generation_job] : undefined;
  if (!job || job.status === 'DONE') return 'DONE';
  return job.status === 'FAILED' ? 'FAILED' : 'IN_PROGRESS';
}

/** A code config as the service shows it: always with its length and charset, spelled out. */
function answeredCodeConfig(config: unknown): Json {
  const given = isRecord(config) ? config : {};
  const pattern = typeof given.pattern === 'string' ? given.pattern : undefined;
  const length = randomSlots(given);
  const charset = resolveCharset(typeof given.charset === 'string' ? given.charset : null);
  // Without a pattern of its own, the service shows the one the length makes (prefix and postfix apart).
  return { ...given, length, charset, pattern: pattern ?? '#'.repeat(Number(length)) };
}

/** The service's campaign object. */
export function campaignAnswer(state: SandboxState, campaign: CampaignRecord): Json {
  const generation = generationStatus(state, campaign);
  const count =
    generation === 'IN_PROGRESS'
      ? (campaign.vouchers_count ?? 0)
      : countOfCampaign(state.vouchers, campaign.id);
  const template = templateOf(campaign);
  return {
    id: campaign.id,
    name: campaign.name,
    description: campaign.description ?? null,
    campaign_type: campaign.campaign_type,
    type: campaign.type,
    voucher: {
      ...template,
      redemption: isRecord(template.redemption) ? template.redemption : { quantity: null },
      code_config: answeredCodeConfig(template.code_config),
      is_referral_code: campaign.campaign_type === 'REFERRAL_PROGRAM',
    },
    auto_join: campaign.auto_join ?? false,
    join_once: campaign.join_once ?? false,
    use_voucher_metadata_schema: false,
    validity_timeframe: campaign.validity_timeframe ?? null,
    validity_day_of_week: campaign.validity_day_of_week ?? null,
    validity_hours: campaign.validity_hours ?? null,
    activity_duration_after_publishing: null,
    vouchers_count: count,
    // The service leaves out the dates a campaign does not have (never set, or removed with null).
    ...(campaign.start_date ? { start_date: campaign.start_date } : {}),
    ...(campaign.expiration_date ? { expiration_date: campaign.expiration_date } : {}),
    active: campaign.active ?? true,
    metadata: campaign.metadata ?? {},
    created_at: campaign.created_at ?? '2024-01-08T09:00:00.000Z',
    updated_at: campaign.updated_at ?? null,
    category: campaign.category ?? null,
    creation_status: generation === 'FAILED' ? 'FAILED' : 'DONE',
    vouchers_generation_status: generation,
    readonly: false,
    protected: false,
    category_id: campaign.category_id ?? null,
    categories: [],
    object: 'campaign',
  };
}

/** The voucher template of a create body: the part its campaign type needs, checked. */
function voucherTemplate(body: Json, campaignType: CampaignType): Json {
  const voucher = optionalRecord(body, 'voucher') ?? {};
  const type = VOUCHER_TYPE_OF[campaignType];
  if (isGiven(voucher.type) && voucher.type !== type)
    invalid('voucher.type', `must be ${type} for a campaign of type ${campaignType}`);
  const template: Json = { type };
  if (type === 'DISCOUNT_VOUCHER')
    template.discount = validateDiscount(requireRecord(voucher.discount, 'voucher.discount'));
  if (type === 'GIFT_VOUCHER') template.gift = validateGift(requireRecord(voucher.gift, 'voucher.gift'));
  if (type === 'LOYALTY_CARD') {
    const card = requireRecord(voucher.loyalty_card, 'voucher.loyalty_card');
    // The program's expiry of points added by its rules (loyalty-ledger.ts programExpiry).
    const rules = readExpirationRules(card);
    template.loyalty_card = { ...validateLoyaltyCard(card), ...(rules ? { expiration_rules: rules } : {}) };
  }
  const redemption = optionalRecord(voucher, 'redemption', 'voucher');
  if (redemption) {
    const quantity = redemption.quantity;
    if (isGiven(quantity)) checkNumber(quantity, 'voucher.redemption.quantity', { integer: true, min: 1 });
    template.redemption = { quantity: isGiven(quantity) ? quantity : null };
  }
  const config = validateCodeConfig(voucher);
  if (config) {
    const kept: Json = {};
    for (const [key, value] of Object.entries(config)) if (value !== null) kept[key] = value;
    template.code_config = kept;
  }
  return template;
}

function metadataOf(body: Json): Record<string, unknown> | undefined {
  if (!isGiven(body.metadata)) return undefined;
  if (!isRecord(body.metadata)) invalid('metadata', 'must be an object');
  return structuredClone(body.metadata);
}

/** A new campaign from a create body, checked; the caller stores it and starts its generation. */
export function newCampaign(raw: unknown, state: SandboxState, rc: RouteContext): CampaignRecord {
  const body = bodyObject(raw);
  const name = optionalNonEmptyString(body, 'name');
  if (name === null) invalid('name', 'is required');
  if (state.campaigns.some((c) => c.name === name)) {
    throw new SandboxError(
      409,
      'duplicate_found',
      'Duplicated resource found',
      `A campaign with name ${name} already exists.`,
      {
        resource_id: name,
        resource_type: 'campaign',
      },
    );
  }
  const voucherType = isRecord(body.voucher) ? body.voucher.type : undefined;
  const inferred = (Object.entries(VOUCHER_TYPE_OF).find(([, t]) => t === voucherType)?.[0] ??
    'DISCOUNT_COUPONS') as CampaignType;
  const campaignType = optionalEnum(body, 'campaign_type', '', CAMPAIGN_TYPES) ?? inferred;
  const type = optionalEnum(body, 'type', '', ['AUTO_UPDATE', 'STATIC'] as const) ?? 'AUTO_UPDATE';
  const count = isGiven(body.vouchers_count)
    ? checkNumber(body.vouchers_count, 'vouchers_count', { integer: true, min: 0, max: MAX_VOUCHERS_COUNT })
    : 0;
  const template = voucherTemplate(body, campaignType);
  const space = codeSpace(template.code_config as Json | undefined);
  if (space < count)
    invalid('voucher.code_config', `can make only ${space} different codes, and vouchers_count is ${count}`);
  const validity = validateValidity(body);
  const now = new Date(rc.now()).toISOString();
  return {
    id: rc.newId('camp_', 24),
    name,
    type,
    campaign_type: campaignType,
    description: optionalString(body, 'description'),
    voucher: template,
    vouchers_count: count,
    ...validity,
    join_once: optionalBoolean(body, 'join_once') ?? false,
    auto_join: optionalBoolean(body, 'auto_join') ?? false,
    active: true,
    metadata: metadataOf(body) ?? {},
    category: optionalNonEmptyString(body, 'category'),
    category_id: optionalNonEmptyString(body, 'category_id'),
    created_at: now,
    updated_at: null,
    generation_job: null,
  };
}

/** The campaign after an update: only what the body gives changes; metadata keys are merged. */
export function updatedCampaign(campaign: CampaignRecord, raw: unknown, rc: RouteContext): CampaignRecord {
  const body = bodyObject(raw);
  const next: CampaignRecord = { ...campaign, updated_at: new Date(rc.now()).toISOString() };
  if (Object.hasOwn(body, 'description')) next.description = optionalString(body, 'description');
  // What the body gives wins, null included (null removes); the rest is the campaign's, checked together.
  const given = (key: (typeof VALIDITY_FIELDS)[number]) =>
    Object.hasOwn(body, key) ? body[key] : campaign[key];
  const validity = validateValidity(Object.fromEntries(VALIDITY_FIELDS.map((key) => [key, given(key)])));
  for (const key of VALIDITY_FIELDS) if (Object.hasOwn(body, key)) next[key] = validity[key] as never;
  for (const key of ['join_once', 'auto_join'] as const) {
    const value = optionalBoolean(body, key);
    if (value !== null) next[key] = value;
  }
  const category = optionalNonEmptyString(body, 'category');
  if (category !== null) next.category = category;
  // null removes, as in a voucher's update: the category (and its id), all of the metadata.
  if (body.category === null) Object.assign(next, { category: null, category_id: null });
  const metadata = metadataOf(body);
  if (metadata) next.metadata = { ...(campaign.metadata ?? {}), ...metadata };
  if (body.metadata === null) next.metadata = {};
  return next;
}
