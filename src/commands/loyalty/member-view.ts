// How a member (a loyalty card) looks: in a list, a row of code, customer and points; alone, a card
// with the balance, the points pending, the next points to expire and when, and the holder.
import type { Member } from '../../api/loyalties.js';
import type { Voucher } from '../../api/vouchers.js';
import { type Column, formatDate } from '../../output/table.js';

const card = (v: Voucher) => (v as Member).loyalty_card ?? {};
const count = (value: unknown) => (typeof value === 'number' ? String(value) : '');

export const MEMBER_COLUMNS: Column<Voucher>[] = [
  { header: 'Code', value: (v) => v.code, id: true },
  { header: 'Customer', value: (v) => (v as Member).holder_id ?? '' },
  { header: 'Balance', value: (v) => count(card(v).balance) },
  { header: 'Points', value: (v) => count(card(v).points), drop: 2 },
  { header: 'Created', value: (v) => formatDate(v.created_at), drop: 1 },
];

/** The next points to expire, in words: `120 on 2026-06-30`, or none. */
export function nextExpiry(m: Member): string {
  const { next_expiration_date: date, next_expiration_points: points } = m.loyalty_card ?? {};
  return date ? `${points ?? '?'} on ${date.slice(0, 10)}` : 'none';
}

export function memberFields(tier?: string): Column<Member>[] {
  return [
    { header: 'Card', value: (m) => m.code },
    { header: 'Program', value: (m) => m.campaign ?? m.campaign_id ?? '' },
    { header: 'Customer', value: (m) => m.holder_id ?? '(none)' },
    { header: 'Balance', value: (m) => count(m.loyalty_card?.balance) },
    { header: 'Pending', value: (m) => count(m.loyalty_card?.pending_points ?? 0) },
    { header: 'Next expiry', value: nextExpiry },
    { header: 'Points earned', value: (m) => count(m.loyalty_card?.points) },
    ...(tier === undefined ? [] : [{ header: 'Tier', value: () => tier }]),
  ];
}
