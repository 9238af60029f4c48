// How a campaign reads in a table: what kind it is, what each of its vouchers is worth, how many
// there are, whether its codes are still being generated and whether it can be used now. JSON
// output shows the service's object, unchanged.
import type { Campaign } from '../../api/campaigns.js';
import type { Voucher } from '../../api/vouchers.js';
import { type Column, formatDate } from '../../output/table.js';
import { voucherValue } from '../voucher/voucher-view.js';

const KIND_WORDS: Record<string, string> = {
  DISCOUNT_COUPONS: 'discount coupons',
  GIFT_VOUCHERS: 'gift cards',
  LOYALTY_PROGRAM: 'loyalty program',
  PROMOTION: 'promotion',
  REFERRAL_PROGRAM: 'referral program',
};

export function campaignKind(c: Campaign): string {
  return KIND_WORDS[c.campaign_type ?? ''] ?? String(c.campaign_type ?? '');
}

/** What each voucher of the campaign is worth, read from the campaign's voucher template. */
export function campaignValue(c: Campaign): string | undefined {
  const template = c.voucher;
  if (!template?.type) return undefined;
  // The template holds the same parts as a voucher; only those parts are read.
  const parts = {
    type: template.type,
    discount: template.discount,
    gift: template.gift,
    loyalty_card: template.loyalty_card,
  } as unknown as Voucher;
  return voucherValue(parts) || undefined;
}

/** Whether it can be used now, as far as the campaign itself says. */
export function campaignStatus(c: Campaign, nowMs: number): string {
  if (c.active === false) return 'inactive';
  if (c.start_date && Date.parse(c.start_date) > nowMs) return 'not started';
  if (c.expiration_date && Date.parse(c.expiration_date) < nowMs) return 'expired';
  return 'active';
}

function generation(c: Campaign): string | undefined {
  const status = c.vouchers_generation_status;
  return status ? status.toLowerCase().replaceAll('_', ' ') : undefined;
}

function codeConfig(c: Campaign): string | undefined {
  const config = c.voucher?.code_config as Record<string, unknown> | null | undefined;
  if (!config) return undefined;
  const text = (key: string) => (typeof config[key] === 'string' ? (config[key] as string) : '');
  if (typeof config.pattern === 'string') return `${text('prefix')}${config.pattern}${text('postfix')}`;
  const parts = [
    typeof config.prefix === 'string' && config.prefix ? `prefix ${config.prefix}` : '',
    typeof config.length === 'number' ? `${config.length} characters` : '',
    typeof config.postfix === 'string' && config.postfix ? `postfix ${config.postfix}` : '',
  ].filter(Boolean);
  return parts.join(', ') || undefined;
}

function metadata(c: Campaign): string | undefined {
  const entries = Object.entries(c.metadata ?? {});
  if (entries.length === 0) return undefined;
  return entries.map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`).join(', ');
}

const yes = (value: boolean | null | undefined) =>
  value === undefined || value === null ? undefined : value ? 'yes' : 'no';

/** The card of one campaign. */
export function campaignFields(nowMs: number): Column<Campaign>[] {
  return [
    { header: 'Name', value: (c) => c.name, text: true },
    { header: 'Kind', value: campaignKind },
    { header: 'Value', value: campaignValue, text: true },
    { header: 'Vouchers', value: (c) => c.vouchers_count ?? undefined },
    { header: 'Generation', value: generation },
    { header: 'Codes', value: codeConfig, text: true },
    { header: 'Status', value: (c) => campaignStatus(c, nowMs) },
    { header: 'Starts', value: (c) => formatDate(c.start_date) || undefined },
    { header: 'Expires', value: (c) => formatDate(c.expiration_date) || undefined },
    { header: 'Join once', value: (c) => yes(c.join_once) },
    { header: 'Auto join', value: (c) => yes(c.auto_join) },
    { header: 'Category', value: (c) => c.category ?? undefined, text: true },
    { header: 'Description', value: (c) => c.description ?? undefined, text: true },
    { header: 'Metadata', value: metadata, text: true },
    { header: 'Created', value: (c) => formatDate(c.created_at) },
    { header: 'Id', value: (c) => c.id, id: true },
  ];
}

/** Columns of `campaign list`. */
export function campaignListColumns(nowMs: number): Column<Campaign>[] {
  return [
    { header: 'Name', value: (c) => c.name, text: true, min: 14 },
    { header: 'Kind', value: campaignKind, drop: 2 },
    { header: 'Value', value: campaignValue, text: true, drop: 3 },
    { header: 'Vouchers', value: (c) => c.vouchers_count ?? undefined },
    { header: 'Status', value: (c) => campaignStatus(c, nowMs) },
    { header: 'Created', value: (c) => formatDate(c.created_at), drop: 1 },
    { header: 'Id', value: (c) => c.id, id: true, drop: 4 },
  ];
}
