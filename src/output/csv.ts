// CSV for spreadsheets (RFC 4180): a header row of field paths, then one row an item; fields are
// quoted when they hold a comma, a quote or a line break, lines end with CRLF. A nested object or a
// list is its JSON in one cell. A text cell that a spreadsheet would run as a formula (it starts
// with =, +, @, a tab, a carriage return, or - and no number) gets a ' in front: promo's CSV is
// opened by people, and a voucher's metadata is anyone's text.
import { valueAt } from './shape.js';

export const CSV_EOL = '\r\n';

export function csvLine(cells: readonly string[]): string {
  return `${cells.map(quote).join(',')}${CSV_EOL}`;
}

export function csvRow(item: unknown, fields: readonly string[]): string {
  return csvLine(fields.map((field) => cellText(valueAt(item, field))));
}

/**
 * The columns when --fields names none: the first item's fields that hold one value (a string,
 * number, true/false or null), in its order; nested objects are asked for with --fields.
 */
export function defaultCsvFields(first: unknown): string[] {
  if (first === null || typeof first !== 'object' || Array.isArray(first)) return ['value'];
  return Object.entries(first)
    .filter(([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v))
    .map(([k]) => k);
}

function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return guardFormula(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function guardFormula(text: string): string {
  return /^[=+@\t\r]/.test(text) || /^-(?![\d.])/.test(text) ? `'${text}` : text;
}

function quote(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}
