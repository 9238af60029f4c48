// Turns a checked create body into the voucher object the service answers with and keeps.
import { nodeCrypto } from './node-builtin.js';
import { type CampaignRecord, type RouteContext, SandboxError, type SandboxState } from './types.js';
import type { Json } from './voucher-check.js';
import type { CreateVoucherInput } from './voucher-validate.js';

type Category = SandboxState['categories'][number];

/** Where the asset links point: a reserved domain, since the sandbox serves no images. */
const ASSETS_BASE = 'https://assets.sandbox.invalid/api/v1/assets';

/**
 * `campaign` is documented as a name, but the vendor's own example passes an id there, so both
 * are looked up. `campaign_id` wins when both are given.
 */
export function findCampaign(state: SandboxState, input: CreateVoucherInput): CampaignRecord | null {
  const wanted = input.campaign_id ?? input.campaign;
  if (wanted === null) return null;
  const found =
    input.campaign_id !== null
      ? state.campaigns.find((c) => c.id === wanted)
      : state.campaigns.find((c) => c.name === wanted || c.id === wanted);
  if (!found) {
    throw new SandboxError(404, 'not_found', 'Resource not found', `Cannot find campaign with id ${wanted}`, {
      resource_id: wanted,
      resource_type: 'campaign',
    });
  }
  if (found.type === 'STANDALONE') {
    throw new SandboxError(
      400,
      'invalid_campaign',
      'Invalid Campaign',
      `Campaign ${found.name} is of type STANDALONE; vouchers cannot be created in it with this operation.`,
      { resource_id: found.id, resource_type: 'campaign' },
    );
  }
  return found;
}

/** A category named for the first time is created, as the service does; an unknown id is a 404. */
export function findOrCreateCategory(
  state: SandboxState,
  input: Pick<CreateVoucherInput, 'category' | 'category_id'>,
  rc: RouteContext,
): Category | null {
  if (input.category_id !== null) {
    const byId = state.categories.find((c) => c.id === input.category_id);
    if (byId) return byId;
    throw new SandboxError(
      404,
      'not_found',
      'Resource not found',
      `Cannot find category with id ${input.category_id}`,
      {
        resource_id: input.category_id,
        resource_type: 'category',
      },
    );
  }
  if (input.category === null) return null;
  const byName = state.categories.find((c) => c.name === input.category);
  if (byName) return byName;
  const created: Category = {
    id: rc.newId('cat_', 18),
    name: input.category,
    hierarchy: 0,
    created_at: new Date(rc.now()).toISOString(),
  };
  state.categories.push(created);
  return created;
}

/**
 * The service's asset ids are OpenSSL-style encrypted blobs ("Salted__" + salt + ciphertext, in
 * base64). The sandbox makes the same shape by encrypting the code under a throwaway key.
 */
function encryptedAssetId(code: string, kind: string): string {
  const salt = nodeCrypto().randomBytes(8);
  const key = nodeCrypto().createHash('sha256').update(salt).update(kind).digest();
  const cipher = nodeCrypto().createCipheriv('aes-256-cbc', key, key.subarray(0, 16));
  const sealed = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from('Salted__'), salt, sealed]).toString('base64');
}

/** The qr and barcode links of a code; `seal` makes the asset id (generated vouchers use a cheap one). */
export function assets(code: string, seal: (code: string, kind: string) => string = encryptedAssetId): Json {
  const asset = (kind: 'qr' | 'barcode') => {
    const id = seal(code, kind);
    return { id, url: `${ASSETS_BASE}/${kind}/${encodeURIComponent(id)}` };
  };
  return { qr: asset('qr'), barcode: asset('barcode') };
}

function typeParts(input: CreateVoucherInput): Json {
  const gift = input.gift && { ...input.gift, subtracted_amount: 0 };
  const loyalty_card = input.loyalty_card && {
    points: input.loyalty_card.points,
    balance: input.loyalty_card.points,
    pending_points: 0,
    expired_points: 0,
    subtracted_points: 0,
  };
  return { discount: input.discount, gift, loyalty_card };
}

function redemption(input: CreateVoucherInput, encodedCode: string): Json {
  return {
    quantity: input.redemption_quantity,
    redeemed_quantity: 0,
    ...(input.type === 'LOYALTY_CARD' ? { redeemed_points: 0 } : {}),
    ...(input.type === 'GIFT_VOUCHER' ? { redeemed_amount: 0 } : {}),
    object: 'list',
    url: `/v1/vouchers/${encodedCode}/redemptions?page=1&limit=10`,
  };
}

function ruleAssignments(
  input: CreateVoucherInput,
  voucherId: string,
  createdAt: string,
  rc: RouteContext,
): Json {
  const data = input.validation_rules.map((ruleId) => ({
    id: rc.newId('asgm_', 16),
    rule_id: ruleId,
    related_object_id: voucherId,
    related_object_type: 'voucher',
    created_at: createdAt,
    object: 'validation_rules_assignment',
  }));
  return { object: 'list', data_ref: 'data', data, total: data.length };
}

export interface VoucherOwners {
  campaign: CampaignRecord | null;
  category: Category | null;
}

export function buildVoucher(
  input: CreateVoucherInput,
  code: string,
  owners: VoucherOwners,
  rc: RouteContext,
  makeAssets: (code: string) => Json = (text) => assets(text),
): Json {
  const id = rc.newId('v_', 32);
  const createdAt = new Date(rc.now()).toISOString();
  const encodedCode = encodeURIComponent(code);
  const { campaign, category } = owners;
  return {
    id,
    code,
    campaign: campaign?.name ?? null,
    campaign_id: campaign?.id ?? null,
    category: category?.name ?? null,
    category_id: category?.id ?? null,
    categories: category ? [{ ...category, object: 'category' }] : [],
    type: input.type,
    ...typeParts(input),
    start_date: input.start_date,
    expiration_date: input.expiration_date,
    validity_timeframe: input.validity_timeframe,
    validity_day_of_week: input.validity_day_of_week,
    validity_hours: input.validity_hours,
    active: input.active,
    additional_info: input.additional_info,
    metadata: input.metadata,
    assets: makeAssets(code),
    is_referral_code: campaign?.campaign_type === 'REFERRAL_PROGRAM',
    created_at: createdAt,
    updated_at: null,
    holder_id: null,
    referrer_id: null,
    validation_rules_assignments: ruleAssignments(input, id, createdAt, rc),
    redemption: redemption(input, encodedCode),
    publish: { object: 'list', count: 0, url: `/v1/vouchers/${encodedCode}/publications?page=1&limit=10` },
    object: 'voucher',
  };
}
