// Tables for people: the few columns that matter, readable dates and money, nothing secret.

import { loadTable } from '../base/lazy.js';
import { escapeCell } from './escape.js';
import type { Palette } from './palette.js';
import { displayWidth, joinUnits, shorten, takeColumns, widthUnits } from './width.js';

export interface Column<T> {
  header: string;
  value(item: T): string | number | boolean | null | undefined;
  /** Free text (a name, a description, a message): cut at its end with "…" when space is short. */
  text?: boolean;
  /**
   * An id or a code: shortened in the middle (`camptpl_1a…9f0e`) when space is short, before any
   * free text is cut; `--json` has it whole. Columns that are neither (dates, amounts, statuses)
   * are cut only when nothing else is left to give.
   */
  id?: boolean;
  /**
   * Never shortened, whatever the width: an id an operator copies from the table (to roll back, to
   * get, to delete). The other columns give way, down to being dropped; only when these alone are
   * wider than the terminal is the table wider.
   */
  whole?: boolean;
  /**
   * Dropped when the table cannot fit the terminal otherwise: the highest number first (an
   * "Updated" before a "Created"). Absent: always shown.
   */
  drop?: number;
  /** The narrowest it is cut to before a column is dropped (default 12 for ids and free text). */
  min?: number;
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
    columns.map((c, k) => ({ ...c, natural: naturalWidth([c.header, ...rows.map((r) => r[k]!)]) })),
    width,
  );
  // A dropped column has no width.
  const shown = columns.flatMap((_c, k) => (widths[k]! > 0 ? [k] : []));
  const Table = await tableClass();
  const table = new Table({
    ...borderless,
    head: shown.map((k) => p.bold(fitCell(columns[k]!.header, widths[k]!, false))),
  });
  for (const row of rows)
    table.push(
      shown.map((k) => fitCell(row[k]!, columns[k]!.whole ? Infinity : widths[k]!, columns[k]!.id === true)),
    );
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
  // A card has one value a line: each may take what the label leaves, and is cut to fit.
  const room = width === undefined ? Infinity : Math.max(8, width - labelWidth - GAP);
  const Table = await tableClass();
  const table = new Table(borderless);
  for (const { field, text } of shown)
    table.push([p.bold(field.header), fitCell(text, field.whole ? Infinity : room, field.id === true)]);
  return `${trimLines(table.toString())}\n`;
}

const GAP = 2;
/** A free-text or id column is not cut below this before columns are dropped (Column.min). */
const COMFORTABLE = 12;
/** Nor below this before the columns that are never cut in the ordinary way give way. */
const HARD_MIN = 4;

export interface Fitted {
  natural: number;
  text?: boolean;
  id?: boolean;
  whole?: boolean;
  drop?: number;
  min?: number;
}

/**
 * The width of each column (0: dropped) so that the table fits `width`, by column priority:
 * 1. columns that may be dropped go, the highest `drop` first, until the others fit at their
 *    narrowest comfortable width (ids and free text at `min`, the rest whole);
 * 2. free text that may be dropped (a description) is cut, the widest first, down to its `min`;
 * 3. ids are shortened (in the middle), the widest first, down to their `min`;
 * 4. free text is cut, the widest first, down to its `min`, then further down to HARD_MIN;
 * 5. anything else left too wide is cut, the widest first.
 * A `whole` column is never cut: the table is never wider than `width` unless those alone are.
 */
export function fitWidths(columns: Fitted[], width?: number): number[] {
  const widths = columns.map((c) => c.natural);
  if (width === undefined || width <= 0) return widths;
  const floor = (c: Fitted) =>
    c.whole ? c.natural : c.text || c.id ? Math.min(c.natural, c.min ?? COMFORTABLE) : c.natural;
  const total = () => {
    const kept = widths.filter((w) => w > 0);
    return kept.reduce((sum, w) => sum + w, 0) + GAP * Math.max(0, kept.length - 1);
  };
  const kept = () => columns.flatMap((_c, k) => (widths[k]! > 0 ? [k] : []));
  const narrowest = () => {
    const ks = kept();
    return ks.reduce((sum, k) => sum + floor(columns[k]!), 0) + GAP * Math.max(0, ks.length - 1);
  };
  while (narrowest() > width) {
    const droppable = kept().filter((k) => columns[k]!.drop !== undefined);
    if (droppable.length === 0) break;
    const next = droppable.reduce((a, b) => (columns[b]!.drop! > columns[a]!.drop! ? b : a));
    widths[next] = 0;
  }
  const shrink = (eligible: (c: Fitted) => boolean, down: (c: Fitted) => number) => {
    while (total() > width) {
      let widest = -1;
      for (const k of kept()) {
        const c = columns[k]!;
        if (!c.whole && eligible(c) && widths[k]! > down(c) && (widest < 0 || widths[k]! > widths[widest]!))
          widest = k;
      }
      if (widest < 0) return;
      widths[widest]! -= 1;
    }
  };
  // Free text that could be dropped (a description) is worth less than an id.
  shrink((c) => c.text === true && c.drop !== undefined, floor);
  shrink((c) => c.id === true, floor);
  shrink((c) => c.text === true, floor);
  shrink(
    (c) => c.text === true,
    () => HARD_MIN,
  );
  shrink(
    (c) => c.id === true,
    () => HARD_MIN,
  );
  shrink(
    () => true,
    () => 1,
  );
  return widths;
}

function naturalWidth(texts: string[]): number {
  return Math.max(0, ...texts.map(displayWidth));
}

/** A cell cut to `max` columns: an id in its middle, anything else at its end. */
function fitCell(text: string, max: number, id: boolean): string {
  if (displayWidth(text) <= max) return text;
  return id ? shortenMiddle(text, max) : shorten(text, max);
}

/** `camptpl_0123456789abcdef` as `camptpl_01…cdef`: both ends of an id tell it apart. */
export function shortenMiddle(text: string, max: number): string {
  if (displayWidth(text) <= max) return text;
  if (max < 3) return shorten(text, max);
  const units = widthUnits(text);
  const tail = Math.floor((max - 1) / 2);
  const head = max - 1 - tail;
  const end = takeColumns(units.slice().reverse(), tail).reverse();
  return `${joinUnits(takeColumns(units, head))}…${joinUnits(end)}`;
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
