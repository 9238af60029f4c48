// What each exported object's CSV is made of: where its records come from (one function per
// object: the store it reads) and how a record gives each field's cell. Objects whose store the
// sandbox does not hold yet read from an empty one, so their export is a header and no rows; a
// resource module that adds a store plugs it in by giving its `records` here, nothing else.
import type { ExportedObject } from './facts/exports.js';
import { streamEntries } from './state-query.js';
import type { SandboxState } from './types.js';

type Row = Record<string, unknown>;

export interface ExportSource {
  /** The object's records, as the service's API returns them (filters and orders read these). */
  records(state: SandboxState): Iterable<Row>;
  /**
   * The slice the records are, entry for entry, when they are: the export then keeps their keys
   * alone, and reads each record again as its line is written (100,000 vouchers never sit in memory).
   */
  slice?(state: SandboxState): Record<string, Row>;
  /** A field of the export (EXPORT_FIELDS) from one record; undefined is an empty cell. */
  cell(record: Row, field: string): unknown;
  /** The field the slice's keys are (a voucher's code): an export in its order walks the keys. */
  keyField?: string;
}

const object = (value: unknown): Row | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Row) : undefined;

/** A field of the same name, or the path its underscores spell (`address_city` → address.city). */
function plainCell(record: Row, field: string): unknown {
  if (Object.hasOwn(record, field)) return record[field];
  const dot = field.indexOf('_');
  return dot > 0 ? object(record[field.slice(0, dot)])?.[field.slice(dot + 1)] : undefined;
}

/** Amounts are hundredths on the API; the export writes currency units with two decimals, as the vendor's sample does. */
const units = (hundredths: unknown) =>
  typeof hundredths === 'number' ? (hundredths / 100).toFixed(2) : undefined;

function voucherValue(voucher: Row): unknown {
  const discount = object(voucher.discount);
  if (voucher.type === 'GIFT_VOUCHER') return units(object(voucher.gift)?.amount);
  if (voucher.type === 'LOYALTY_CARD') return object(voucher.loyalty_card)?.points;
  switch (discount?.type) {
    case 'AMOUNT':
      return units(discount.amount_off);
    case 'PERCENT':
      return discount.percent_off;
    case 'UNIT':
      return discount.unit_off;
    case 'FIXED':
      return units(discount.fixed_amount);
    default:
      return undefined;
  }
}

const VOUCHER_CELLS: Record<string, (voucher: Row) => unknown> = {
  voucher_type: (v) => v.type,
  value: voucherValue,
  formula: (v) => object(v.discount)?.amount_off_formula ?? object(v.discount)?.percent_off_formula,
  discount_type: (v) => object(v.discount)?.type,
  gift_balance: (v) => units(object(v.gift)?.balance),
  loyalty_balance: (v) => object(v.loyalty_card)?.balance,
  redemption_quantity: (v) => object(v.redemption)?.quantity,
  redemption_count: (v) => object(v.redemption)?.redeemed_quantity,
  qr_code: (v) => object(object(v.assets)?.qr)?.url,
  bar_code: (v) => object(object(v.assets)?.barcode)?.url,
  validity_timeframe_interval: (v) => object(v.validity_timeframe)?.interval,
  validity_timeframe_duration: (v) => object(v.validity_timeframe)?.duration,
  validity_day_of_week: (v) =>
    Array.isArray(v.validity_day_of_week) ? v.validity_day_of_week.join(',') : undefined,
  discount_amount_limit: (v) => units(object(v.discount)?.amount_limit),
  customer_id: (v) => v.holder_id,
  discount_effect: (v) => object(v.discount)?.effect,
  discount_unit_type: (v) => object(v.discount)?.unit_type,
  discount_unit_effect: (v) => object(v.discount)?.effect,
  validation_rules_id: (v) => {
    const data = object(v.validation_rules_assignments)?.data;
    return Array.isArray(data) ? data.map((a) => object(a)?.rule_id).join(',') : undefined;
  },
  customer_source_id: () => undefined,
};

const nothing = (): Iterable<Row> => [];

/** A redemption with the fields its export's filters and order name (created_at is its date). */
function redemptionRow(redemption: Row): Row {
  const voucher = object(redemption.voucher);
  return {
    ...redemption,
    created_at: redemption.date,
    voucher_code: voucher?.code,
    campaign: voucher?.campaign,
  };
}

const REDEMPTION_CELLS: Record<string, (redemption: Row) => unknown> = {
  customer_source_id: (r) => object(r.customer)?.source_id,
  customer_name: (r) => object(r.customer)?.name,
  order_id: (r) => object(r.order)?.id,
  order_amount: (r) => units(object(r.order)?.amount),
  gift_amount: (r) => units(object(r.gift)?.amount),
  loyalty_points: (r) => object(r.loyalty_card)?.points,
};

/** One row per code a publication handed out (a publication of several codes is several rows). */
function* publicationRows(state: SandboxState): Iterable<Row> {
  for (const publication of Object.values(state.publications)) {
    for (const code of publication.vouchers as string[]) {
      const campaign = state.vouchers[code]?.campaign ?? null;
      yield { ...publication, voucher_code: code, campaign };
    }
  }
}

const PUBLICATION_CELLS: Record<string, (row: Row) => unknown> = {
  customer_source_id: (p) => p.tracking_id,
  date: (p) => p.created_at,
  is_winner: () => undefined,
};

const TRANSACTION_CELLS: Record<string, (row: Row) => unknown> = {
  balance: (t) => object(object(t.details)?.balance)?.balance,
  amount: (t) => object(object(t.details)?.balance)?.amount,
};

export const EXPORT_SOURCES: Record<ExportedObject, ExportSource> = {
  voucher: {
    records: (state) => streamEntries(state.vouchers),
    slice: (state) => state.vouchers,
    keyField: 'code',
    cell: (voucher, field) => (VOUCHER_CELLS[field] ?? ((v: Row) => v[field]))(voucher),
  },
  customer: {
    records: (state) => streamEntries(state.customers),
    slice: (state) => state.customers,
    cell: plainCell,
  },
  redemption: {
    records: (state) => Object.values(state.redemptions).map(redemptionRow),
    cell: (redemption, field) => (REDEMPTION_CELLS[field] ?? ((r: Row) => plainCell(r, field)))(redemption),
  },
  publication: {
    records: publicationRows,
    cell: (row, field) => (PUBLICATION_CELLS[field] ?? plainCell)(row, field),
  },
  order: { records: nothing, cell: plainCell },
  points_expiration: { records: nothing, cell: plainCell },
  voucher_transactions: {
    records: (state) => streamEntries(state.transactions),
    slice: (state) => state.transactions,
    cell: (row, field) => (TRANSACTION_CELLS[field] ?? plainCell)(row, field),
  },
};
