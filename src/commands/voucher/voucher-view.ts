// How a voucher reads in a table: what it is worth (money as 10.50), whether it can be used now,
// its dates and campaign. JSON output shows the service's object instead, unchanged.

import { VOUCHER_MONEY } from 'promo-sandbox/facts/money';
import type { Voucher } from '../../api/vouchers.js';
import { inUnits } from '../../output/money.js';
import type { Column } from '../../output/output.js';
import { formatDate, formatMoney } from '../../output/table.js';
import { formatDays } from '../shared/values.js';

const TYPE_WORDS: Record<string, string> = {
  DISCOUNT_VOUCHER: 'discount',
  GIFT_VOUCHER: 'gift card',
  LOYALTY_CARD: 'loyalty card',
};

export function voucherType(v: Voucher): string {
  const word = TYPE_WORDS[v.type] ?? String(v.type);
  return v.discount?.type ? `${word} (${String(v.discount.type).toLowerCase()})` : word;
}

export function voucherValue(v: Voucher): string {
  const d = v.discount;
  if (v.type === 'DISCOUNT_VOUCHER' && d) {
    switch (d.type) {
      case 'PERCENT':
        return `${d.percent_off}% off${d.amount_limit !== undefined ? ` (at most ${formatMoney(d.amount_limit)})` : ''}`;
      case 'AMOUNT':
        return `${formatMoney(d.amount_off)} off`;
      case 'FIXED':
        return `fixed price ${formatMoney(d.fixed_amount)}`;
      case 'UNIT':
        return d.units
          ? d.units.map((u) => `${u.unit_off} × ${u.unit_type}`).join(', ')
          : `${d.unit_off} × ${d.unit_type} free`;
    }
  }
  if (v.type === 'GIFT_VOUCHER' && v.gift) {
    const { amount, balance } = v.gift;
    return balance === undefined || balance === amount
      ? formatMoney(amount)
      : `${formatMoney(balance)} left of ${formatMoney(amount)}`;
  }
  if (v.type === 'LOYALTY_CARD' && v.loyalty_card) return `${v.loyalty_card.points} points`;
  return '';
}

/** Whether it can be redeemed now, as far as the voucher itself says. */
export function voucherStatus(v: Voucher, nowMs: number): string {
  if (v.deleted === true) return 'in the bin';
  if (v.active === false) return 'inactive';
  if (v.start_date && Date.parse(v.start_date) > nowMs) return 'not started';
  if (v.expiration_date && Date.parse(v.expiration_date) < nowMs) return 'expired';
  return 'active';
}

function validity(v: Voucher): string | undefined {
  const frame = v.validity_timeframe as { duration?: string; interval?: string } | null | undefined;
  const every = frame?.interval ? `for ${frame.duration ?? '?'} every ${frame.interval}` : '';
  const days = v.validity_day_of_week?.length ? `days ${v.validity_day_of_week.join(',')}` : '';
  const hours = (v.validity_hours?.daily ?? [])
    .map((p) => `${formatDays(p.days_of_week)}@${p.start_time}-${p.expiration_time}`)
    .join(' ');
  const text = [every, days, hours].filter(Boolean).join('; ');
  return text || undefined;
}

/** The fields of one voucher (record view). */
export function voucherFields(nowMs: number): Column<Voucher>[] {
  return [
    { header: 'Code', value: (v) => v.code, id: true, whole: true },
    { header: 'Type', value: voucherType },
    { header: 'Value', value: voucherValue, text: true },
    { header: 'Status', value: (v) => voucherStatus(v, nowMs) },
    { header: 'Starts', value: (v) => formatDate(v.start_date) },
    { header: 'Expires', value: (v) => formatDate(v.expiration_date) },
    { header: 'Valid', value: validity, text: true },
    { header: 'Campaign', value: (v) => v.campaign, text: true },
    { header: 'Category', value: (v) => v.category ?? undefined, text: true },
    { header: 'Redemptions', value: redemptions },
    { header: 'Created', value: (v) => formatDate(v.created_at) },
    { header: 'Updated', value: (v) => formatDate(v.updated_at) || undefined },
    { header: 'Metadata', value: metadata, text: true },
    { header: 'Id', value: (v) => v.id, id: true, whole: true },
  ];
}

/** `2 of 10 used`, `unlimited (2 used)`. */
function redemptions(v: Voucher): string | undefined {
  if (!v.redemption) return undefined;
  const used = v.redemption.redeemed_quantity ?? 0;
  return v.redemption.quantity === null || v.redemption.quantity === undefined
    ? `unlimited (${used} used)`
    : `${used} of ${v.redemption.quantity} used`;
}

function metadata(v: Voucher): string | undefined {
  const entries = Object.entries((v.metadata as Record<string, unknown> | null | undefined) ?? {});
  if (entries.length === 0) return undefined;
  return entries
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}

/** Columns of `voucher list`. */
export function voucherListColumns(nowMs: number): Column<Voucher>[] {
  return [
    { header: 'Code', value: (v) => v.code, id: true, whole: true },
    { header: 'Type', value: voucherType, drop: 2 },
    { header: 'Value', value: voucherValue, text: true },
    { header: 'Status', value: (v) => voucherStatus(v, nowMs) },
    { header: 'Expires', value: (v) => formatDate(v.expiration_date), drop: 1 },
    { header: 'Campaign', value: (v) => v.campaign, text: true, drop: 3 },
    { header: 'Created', value: (v) => formatDate(v.created_at), drop: 4 },
  ];
}

/**
 * The CSV columns of a list of vouchers when --fields names none: what each voucher is worth as
 * columns of its own (every kind's, so that a file's columns do not depend on its first row), and
 * `metadata.*`: one column per metadata key of the rows. A list streamed page by page (--all)
 * takes the keys of its first page; a key first seen later is named on stderr, and --fields
 * metadata.KEY gives it a column.
 */
export const VOUCHER_CSV_COLUMNS = [
  'id',
  'code',
  'campaign',
  'campaign_id',
  'category',
  'type',
  'discount.type',
  'discount.percent_off',
  'discount.amount_off',
  'discount.amount_limit',
  'discount.unit_off',
  'discount.unit_type',
  'discount.fixed_amount',
  'discount.effect',
  'gift.amount',
  'gift.balance',
  'gift.effect',
  'loyalty_card.points',
  'loyalty_card.balance',
  'start_date',
  'expiration_date',
  'active',
  'redemption.quantity',
  'redemption.redeemed_quantity',
  'additional_info',
  'holder_id',
  'created_at',
  'updated_at',
  'metadata.*',
] as const;

/** How vouchers read as CSV: these columns, money in currency units (gift.amount 36, not 3600). */
export const VOUCHER_CSV = {
  columns: VOUCHER_CSV_COLUMNS,
  units: (v: Voucher) => inUnits(v, VOUCHER_MONEY),
};
