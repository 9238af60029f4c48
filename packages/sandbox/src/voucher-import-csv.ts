// The vouchers' CSV imports: `POST /v1/vouchers/importCSV` (standalone vouchers) and
// `POST /v1/campaigns/{id}/importCSV` (codes into a campaign), each a multipart form whose `file`
// is the CSV (csv-read.ts). Each row becomes the record the JSON import takes, and the JSON
// import's job imports it (voucher-import-item.ts, campaign-vouchers.ts): a row that breaks the
// rules fails alone, named by its code. The columns are the vendor's, matched without regard to
// case, spaces or underscores; every other column is a metadata property. Numbers are the API's
// own units (an amount or a gift's value in hundredths, a percent as a number). What the sandbox
// does not imitate is refused by name, the whole file: a row that gives the uses or amount already
// redeemed, or a campaign row's loyalty points or gift balance; a code already there fails its
// row (the service updates it).
import { type CsvTable, readCsvForm } from './csv-read.js';
import { notImitated } from './redeem-request.js';
import type { Json } from './voucher-check.js';

const VOUCHER_COLUMNS = [
  'code',
  'voucher type',
  'value',
  'discount type',
  'category',
  'start date',
  'expiration date',
  'redemption limit',
  'active',
  'additional info',
];
const CAMPAIGN_COLUMNS = ['code', 'category', 'active'];
const NOT_IMITATED = ['redeemed quantity', 'redeemed amount', 'loyalty points', 'gift amount'];

const standard = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');

/** Each row's cells by column: the known columns by their standard name, the others as they are. */
function rowsOf(table: CsvTable, known: string[]): Array<Record<string, string>> {
  const names = table.header.map((name) => (known.includes(standard(name)) ? standard(name) : name));
  return table.rows.map(({ cells }) => {
    const row: Record<string, string> = {};
    names.forEach((name, i) => {
      const value = (cells[i] ?? '').trim();
      if (value === '') return;
      if (NOT_IMITATED.includes(standard(name))) {
        if (value === '0') return;
        throw notImitated(`the CSV column '${name}' (a value other than 0)`);
      }
      row[name] = value;
    });
    return row;
  });
}

/** A number where the cell is one; else the text, which the record's own checks then refuse. */
const numberOr = (text: string): number | string => (/^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text);
const booleanOr = (text: string): boolean | string =>
  /^(true|false)$/i.test(text) ? text.toLowerCase() === 'true' : text;

function metadataOf(row: Record<string, string>, known: string[]): Json {
  return Object.fromEntries(Object.entries(row).filter(([name]) => !known.includes(name)));
}

function discountOf(type: string, value: string | undefined): Json {
  const amount = value === undefined ? undefined : numberOr(value);
  const upper = type.toUpperCase();
  if (upper === 'PERCENT') return { type: upper, percent_off: amount, effect: 'APPLY_TO_ORDER' };
  if (upper === 'UNIT') return { type: upper, unit_off: amount, effect: 'ADD_MISSING_ITEMS' };
  return { type: upper, amount_off: amount, effect: 'APPLY_TO_ORDER' };
}

/** A standalone voucher's record, as `POST /v1/vouchers/import` takes it. */
function voucherRecord(row: Record<string, string>): Json {
  const type = (row['voucher type'] ?? 'DISCOUNT_VOUCHER').toUpperCase();
  const record: Json = { code: row.code, type, metadata: metadataOf(row, VOUCHER_COLUMNS) };
  if (type === 'GIFT_VOUCHER') record.gift = { amount: numberOr(row.value ?? '') };
  else record.discount = discountOf(row['discount type'] ?? 'AMOUNT', row.value);
  if (row.category) record.category = row.category;
  if (row['start date']) record.start_date = row['start date'];
  if (row['expiration date']) record.expiration_date = row['expiration date'];
  if (row['redemption limit']) record.redemption = { quantity: numberOr(row['redemption limit']) };
  if (row.active) record.active = booleanOr(row.active);
  if (row['additional info']) record.additional_info = row['additional info'];
  return record;
}

/** A campaign's code's record, as `POST /v1/campaigns/{id}/import` takes it. */
function campaignRecord(row: Record<string, string>): Json {
  const record: Json = { code: row.code, metadata: metadataOf(row, CAMPAIGN_COLUMNS) };
  if (row.category) record.category = row.category;
  if (row.active) record.active = booleanOr(row.active);
  return record;
}

export function readVoucherCsv(contentType: string | undefined, body: unknown): Json[] {
  return rowsOf(readCsvForm(contentType, body), VOUCHER_COLUMNS).map(voucherRecord);
}

export function readCampaignCsv(contentType: string | undefined, body: unknown): Json[] {
  return rowsOf(readCsvForm(contentType, body), CAMPAIGN_COLUMNS).map(campaignRecord);
}
