// How a redemption reads for a person (voucher redeem, redemption list, get and rollback): its id,
// code, result or status, the amount in currency units, when. JSON shows the service's object.

import { ORDER_MONEY } from 'promo-sandbox/facts/money';
import type { Redemption } from '../../api/redemptions.js';
import type { OrderAnswer } from '../../api/validations.js';
import { inUnits } from '../../output/money.js';
import type { Column } from '../../output/output.js';
import { formatDate, formatMoney } from '../../output/table.js';

/** The fields a redemption has (--fields, and TAB after it). */
export const REDEMPTION_FIELDS = [
  'id',
  'object',
  'date',
  'customer_id',
  'tracking_id',
  'metadata',
  'amount',
  'redemption',
  'result',
  'status',
  'failure_code',
  'failure_message',
  'order',
  'voucher',
  'reason',
] as const;

/** A redemption's discount (or a gift card's credits), in hundredths, where the answer tells it. */
function amountOf(r: Redemption): number | undefined {
  return r.order?.total_applied_discount_amount ?? r.amount ?? undefined;
}

export const isRollback = (r: Redemption) => r.object === 'redemption_rollback';

/** What a row moved: a redemption's discount or credits; a rollback's, negative: given back. */
function signedAmount(r: Redemption): string {
  const amount = amountOf(r);
  return formatMoney(isRollback(r) && typeof amount === 'number' ? -amount : amount);
}

/**
 * Result is what `--result` filters on (SUCCESS, FAILURE); Status is what became of it (SUCCEEDED,
 * FAILED, ROLLED_BACK: `--status`). A rollback is its own row (`rr_…`, Type rollback, the amount it
 * gave back negative), never read as a second redemption. Ids are copied from here (to roll back,
 * to get): never shortened.
 */
export const redemptionColumns: Column<Redemption>[] = [
  { header: 'Id', value: (r) => r.id, id: true, whole: true },
  { header: 'Type', value: (r) => (isRollback(r) ? 'rollback' : 'redemption') },
  {
    header: 'Code',
    value: (r) => r.voucher?.code ?? (r.object === 'redemption' ? '(stacked)' : ''),
    id: true,
  },
  { header: 'Result', value: (r) => r.result },
  { header: 'Status', value: (r) => r.status, drop: 1 },
  { header: 'Amount', value: signedAmount },
  { header: 'Customer', value: (r) => r.customer_id ?? '', id: true, drop: 3 },
  { header: 'Why', value: (r) => r.failure_code ?? r.reason ?? '', text: true, drop: 4 },
  { header: 'Date', value: (r) => formatDate(r.date), drop: 2 },
];

/**
 * `Rolled back SUMMER20: 6.00 returned, order ORD-1 of 30.00.` and, on a line of its own so that a
 * terminal does not break an id, `  redemption r_…, rollback rr_…`.
 */
export function rolledBackWords(rollback: Redemption): string {
  const code = rollback.voucher?.code ?? 'the stacked redemption';
  const amount = amountOf(rollback);
  const order = rollback.order;
  const orderName = order?.source_id ?? order?.id;
  const parts = [
    `Rolled back ${code}`,
    typeof amount === 'number' ? `: ${formatMoney(amount)} returned` : '',
    orderName ? `, order ${orderName}` : '',
    orderName && typeof order?.amount === 'number' ? ` of ${formatMoney(order.amount)}` : '',
    `.\n  redemption ${rollback.redemption ?? '?'}, rollback ${rollback.id}`,
  ];
  return parts.join('');
}

/** The CSV columns of a redemption list. */
export const REDEMPTION_CSV_COLUMNS = [
  'id',
  'object',
  'date',
  'voucher.code',
  'result',
  'status',
  'amount',
  'customer_id',
  'redemption',
  'failure_code',
  'order.amount',
  'order.total_amount',
];

/** The money of the order an answer holds. */
export const ORDER_PATHS = ORDER_MONEY.map((path) => `order.${path}`);

/**
 * How redemptions read as CSV: money in currency units, as in the table (the amount of a gift
 * card's redemption and the order's amounts; a loyalty card's amount is points and stays).
 */
export const REDEMPTION_CSV = {
  columns: REDEMPTION_CSV_COLUMNS,
  units: (r: Redemption) =>
    inUnits(r, [...(r.voucher?.type === 'LOYALTY_CARD' ? [] : ['amount']), ...ORDER_PATHS]),
};

export const redemptionFields: Column<Redemption>[] = [
  ...redemptionColumns,
  // A stacked redemption's parent; for a rollback, the redemption it rolled back.
  { header: 'Parent', value: (r) => (isRollback(r) ? undefined : (r.redemption ?? '')), whole: true },
  { header: 'Rolls back', value: (r) => (isRollback(r) ? (r.redemption ?? '') : undefined), whole: true },
  { header: 'Order', value: (r) => formatMoney(r.order?.amount) },
  { header: 'Order total', value: (r) => formatMoney(r.order?.total_amount) },
  { header: 'Failure', value: (r) => r.failure_message ?? '', text: true },
];

/** `Order 200.50, discount 20.05, total 180.45`. */
export function orderTotals(order: OrderAnswer): string {
  return `Order ${formatMoney(order.amount ?? 0)}, discount ${formatMoney(order.total_discount_amount ?? 0)}, total ${formatMoney(order.total_amount ?? 0)}`;
}

/** How a validation reads as CSV: whether it is valid and its order's money, in currency units. */
export const VALIDATION_CSV = {
  columns: [
    'id',
    'valid',
    'order.amount',
    'order.total_discount_amount',
    'order.total_amount',
    'tracking_id',
  ],
  units: (answer: { order?: unknown }) => inUnits(answer, ORDER_PATHS),
};
