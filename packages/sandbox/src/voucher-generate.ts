// Vouchers made up at start rather than shipped in a file: enough of them to exercise paging past the
// service's 99-page cap. Codes, ids and creation dates are deterministic, so runs compare.
import type { RouteContext } from './types.js';
import { assets, buildVoucher } from './voucher-build.js';
import type { Json } from './voucher-check.js';
import type { CreateVoucherInput } from './voucher-validate.js';

export interface GeneratedVouchers {
  count: number;
  /** Codes are the prefix and a zero-padded serial: `GEN-000001`. Default `GEN-`. */
  prefix?: string;
  /** Creation date of the oldest one (ISO 8601); default 2025-01-01T00:00:00Z. */
  start?: string;
  /** Seconds between creation dates; default 60. */
  interval_seconds?: number;
  /** How many share each creation date (ties a date-window walk must cope with); default 1. */
  batch?: number;
}

const DEFAULT_START = '2025-01-01T00:00:00.000Z';
export const MAX_GENERATED = 1_000_000;

function checkSpec(spec: GeneratedVouchers): Required<GeneratedVouchers> {
  const count = Number(spec.count);
  const interval = spec.interval_seconds ?? 60;
  const batch = spec.batch ?? 1;
  const start = spec.start ?? DEFAULT_START;
  if (!Number.isInteger(count) || count < 0 || count > MAX_GENERATED) {
    throw new Error(`generatedVouchers.count must be a whole number from 0 to ${MAX_GENERATED}`);
  }
  if (!(interval >= 0) || !Number.isFinite(interval)) {
    throw new Error('generatedVouchers.interval_seconds must be a number of seconds, 0 or more');
  }
  if (!Number.isInteger(batch) || batch < 1)
    throw new Error('generatedVouchers.batch must be a whole number, 1 or more');
  if (Number.isNaN(Date.parse(start)))
    throw new Error(`generatedVouchers.start must be an ISO 8601 date, not '${start}'`);
  return { count, prefix: spec.prefix ?? 'GEN-', start, interval_seconds: interval, batch };
}

function discountInput(code: string, serial: number): CreateVoucherInput {
  return {
    type: 'DISCOUNT_VOUCHER',
    code,
    code_config: null,
    campaign: null,
    campaign_id: null,
    category: null,
    category_id: null,
    discount: { type: 'PERCENT', percent_off: 5 + (serial % 4) * 5, effect: 'APPLY_TO_ORDER' },
    gift: null,
    loyalty_card: null,
    // One in ten is switched off, so that filters on `active` have something to find.
    active: serial % 10 !== 0,
    additional_info: null,
    metadata: { generated: true, serial },
    validation_rules: [],
    redemption_quantity: 1,
    start_date: null,
    expiration_date: null,
    validity_timeframe: null,
    validity_day_of_week: null,
    validity_hours: null,
  };
}

/**
 * The shape of the service's asset ids ("Salted__", a salt, the sealed code, in base64) without the
 * cost of a cipher per voucher, which made ten thousand of them take seconds.
 */
function plainAssetId(code: string, kind: string, serial: number): string {
  const salt = Buffer.alloc(8);
  salt.writeUInt32BE(serial, 0);
  salt.write(kind.slice(0, 4), 4, 'latin1');
  return Buffer.concat([Buffer.from('Salted__'), salt, Buffer.from(code, 'utf8')]).toString('base64');
}

/** A fixed-width hex id: a hash of the code prefix, then the serial (unique within one spec). */
function serialHex(prefix: string, serial: number, length: number): string {
  let hash = 0x811c9dc5;
  for (const char of prefix) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  const hex = hash.toString(16).padStart(8, '0') + serial.toString(16).padStart(length, '0');
  return hex.slice(0, 8) + hex.slice(-(length - 8));
}

/** The vouchers a spec asks for, by code, oldest first. */
export function generateVouchers(spec: GeneratedVouchers | number | undefined): Record<string, Json> {
  return Object.fromEntries(generatedEntries(spec));
}

/** The same, one at a time: a million of them go into the state file without all sitting in memory. */
export function* generatedEntries(spec: GeneratedVouchers | number | undefined): Generator<[string, Json]> {
  if (spec === undefined) return;
  const { count, prefix, start, interval_seconds, batch } = checkSpec(
    typeof spec === 'number' ? { count: spec } : spec,
  );
  const width = Math.max(6, String(count).length);
  const startMs = Date.parse(start);
  for (let serial = 1; serial <= count; serial++) {
    const code = `${prefix}${String(serial).padStart(width, '0')}`;
    const created = startMs + Math.floor((serial - 1) / batch) * interval_seconds * 1000;
    const rc: RouteContext = {
      now: () => created,
      newId: (idPrefix, hexLength = 18) => idPrefix + serialHex(prefix, serial, hexLength),
      appId: 'sandbox',
    };
    const input = discountInput(code, serial);
    yield [
      code,
      buildVoucher(input, code, { campaign: null, category: null }, rc, (text) =>
        assets(text, (sealed, kind) => plainAssetId(sealed, kind, serial)),
      ),
    ];
  }
}
