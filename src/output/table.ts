// Tables for people: the few columns that matter, readable dates and money, nothing secret.

import { loadTable } from '../lazy.js';
import { escapeCell } from './escape.js';
import type { Palette } from './palette.js';

export interface Column<T> {
  header: string;
  value(item: T): string | number | boolean | null | undefined;
  /**
   * Free text (a name, a description, a message): cut with "…" when the table is wider than the
   * terminal. Every other column (ids, codes, dates, amounts) is always shown whole.
   */
  text?: boolean;
}

type Cell = string | number | boolean | null | undefined;

async function tableClass() {
  return (await loadTable()).default;
}

const borderless = {
  chars: {
    top: '',
    'top-mid': '',
    'top-left': '',
    'top-right': '',
    bottom: '',
    'bottom-mid': '',
    'bottom-left': '',
    'bottom-right': '',
    left: '',
    'left-mid': '',
    mid: '',
    'mid-mid': '',
    right: '',
    'right-mid': '',
    middle: '  ',
  },
  style: { 'padding-left': 0, 'padding-right': 0, head: [], border: [] },
};

/** `width`: the terminal's columns, which the table must not exceed; none when not on a terminal. */
export async function renderTable<T>(
  items: T[],
  columns: Column<T>[],
  p: Palette,
  width?: number,
): Promise<string> {
  const rows = items.map((item) => columns.map((c) => cell(c.value(item))));
  const widths = fitWidths(
    columns.map((c, k) => ({
      text: c.text === true,
      natural: naturalWidth([c.header, ...rows.map((r) => r[k]!)]),
    })),
    width,
  );
  const Table = await tableClass();
  const table = new Table({
    ...borderless,
    head: columns.map((c, k) => p.bold(shorten(c.header, widths[k]!))),
  });
  for (const row of rows) table.push(row.map((text, k) => shorten(text, widths[k]!)));
  return `${trimLines(table.toString())}\n`;
}

export async function renderKeyValue<T>(
  item: T,
  fields: Column<T>[],
  p: Palette,
  width?: number,
): Promise<string> {
  const shown = fields.flatMap((field) => {
    const value = field.value(item);
    return value === undefined ? [] : [{ field, text: cell(value) }];
  });
  const labelWidth = naturalWidth(shown.map(({ field }) => field.header));
  const Table = await tableClass();
  const table = new Table(borderless);
  for (const { field, text } of shown) {
    const [, valueWidth] = fitWidths(
      [
        { text: false, natural: labelWidth },
        { text: field.text === true, natural: naturalWidth([text]) },
      ],
      width,
    );
    table.push([p.bold(field.header), shorten(text, valueWidth!)]);
  }
  return `${trimLines(table.toString())}\n`;
}

const GAP = 2;
/** A free-text column is never cut below this (or its own width, when smaller). */
const MIN_TEXT_WIDTH = 6;

/**
 * The width of each column so that the table fits `width`: the widest free-text column gives up a
 * character at a time (so the wide ones shrink first and end up even) down to MIN_TEXT_WIDTH. When
 * even that is not enough, the line is left long: ids and dates are never cut or wrapped.
 */
export function fitWidths(columns: Array<{ text: boolean; natural: number }>, width?: number): number[] {
  const widths = columns.map((c) => c.natural);
  if (width === undefined || width <= 0) return widths;
  let excess = widths.reduce((sum, w) => sum + w, 0) + GAP * (widths.length - 1) - width;
  while (excess > 0) {
    let widest = -1;
    for (const [k, c] of columns.entries()) {
      if (c.text && widths[k]! > MIN_TEXT_WIDTH && (widest < 0 || widths[k]! > widths[widest]!)) widest = k;
    }
    if (widest < 0) break;
    widths[widest]!--;
    excess--;
  }
  return widths;
}

function naturalWidth(texts: string[]): number {
  return Math.max(0, ...texts.map(displayWidth));
}

/** Characters as a terminal counts them, near enough: code points (an emoji or CJK may take two). */
function displayWidth(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

function cell(value: Cell): string {
  if (value === null || value === undefined || value === '') return '-';
  // Control characters from the service must not move the cursor or change the terminal.
  return escapeCell(String(value));
}

function trimLines(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n');
}

/** `2026-03-01T10:00:00.000Z` as `2026-03-01 10:00 UTC`: readable, and unambiguous in a log. */
export function formatDate(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  const date = typeof value === 'number' ? new Date(value * 1000) : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Money is kept in hundredths by the service: 1050 is shown as 10.50. */
export function formatMoney(hundredths: unknown): string {
  if (typeof hundredths !== 'number' || !Number.isFinite(hundredths)) return '';
  const sign = hundredths < 0 ? '-' : '';
  const abs = Math.abs(Math.round(hundredths));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** `text` cut to `max` characters, the last one "…" when anything was cut. */
export function shorten(text: unknown, max: number): string {
  if (typeof text !== 'string') return '';
  if (displayWidth(text) <= max) return text;
  return `${Array.from(text)
    .slice(0, Math.max(0, max - 1))
    .join('')}…`;
}
