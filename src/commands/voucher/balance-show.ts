// promo voucher balance <code> with no change: what the card holds now. A gift card's credits in
// currency units, a loyalty card's points; -o json prints the voucher's own `gift` or
// `loyalty_card` object, as the service keeps it (hundredths for a gift card).

import { BALANCE_MONEY, GIFT_BALANCE_TYPE } from 'promo-sandbox/facts/money';
import type { Balance } from '../../api/balances.js';
import { getVoucher } from '../../api/vouchers.js';
import { UsageError } from '../../base/errors.js';
import { inUnits } from '../../output/money.js';
import { type Column, formatMoney } from '../../output/table.js';
import type { Runtime } from '../../runtime/runtime.js';
import { withMissingHint } from './missing.js';

/** A balance object (a change's answer) as CSV: money in currency units on a gift card, points as they are. */
export const BALANCE_CSV = {
  units: (b: Balance) => (b.type === GIFT_BALANCE_TYPE ? inUnits(b, BALANCE_MONEY) : b),
};

type Held = Record<string, unknown>;

export async function showBalance(code: string, rt: Runtime): Promise<void> {
  const client = await rt.client();
  const voucher = await withMissingHint(client, code, () => getVoucher(client, code));
  const gift = voucher.type === 'GIFT_VOUCHER';
  if (!gift && voucher.type !== 'LOYALTY_CARD')
    throw new UsageError(`${code} is a discount voucher: only gift cards and loyalty cards have a balance`);
  const held: Held = (gift ? voucher.gift : voucher.loyalty_card) ?? {};
  const money = (value: unknown) => (gift ? formatMoney(value) : String(value ?? ''));
  const columns: Column<Held>[] = [
    { header: 'Code', value: () => voucher.code },
    { header: 'Card', value: () => (gift ? 'gift card (currency units)' : 'loyalty card (points)') },
    { header: 'Balance', value: (h) => money(h.balance) },
    gift
      ? { header: 'Total', value: (h) => money(h.amount) }
      : { header: 'Points', value: (h) => money(h.points) },
  ];
  rt.out.csvView = { units: (h: Held) => (gift ? inUnits(h, ['amount', 'balance']) : h) };
  await rt.out.record(held, columns);
}
