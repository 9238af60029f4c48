// CSV for spreadsheets and Unix tools (RFC 4180): a header row of field paths, then one row an item.
// Fields are quoted when they hold a comma, a quote or a line break; lines end with LF (CRLF when
// asked: --csv-crlf). Nested objects are columns of their own (`discount.percent_off`,
// `metadata.KEY`); what is still an object or a list is its JSON in one cell. A text cell that a
// spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a carriage return) gets
// a ' in front: promo's CSV is opened by people, and a voucher's code or metadata is anyone's
// text. Numbers the service sent as numbers are written as they are (-5 is a number, not a formula).
// On a terminal every cell is shown with its control characters escaped, as tables are.
import { escapeForTerminal } from './escape.js';
import { valueAt } from './shape.js';

export interface CsvStyle {
  /** CRLF line ends, for the spreadsheets that need them; LF otherwise. */
  crlf: boolean;
  /** stdout is a terminal: control characters from the service are shown escaped. */
  terminal: boolean;
}

/** A column entry `metadata.*`: one column per key found under `metadata` in the rows. */
const KEYED = /^(.+)\.\*$/;

/** The columns when --fields names none and the command has no layout of its own. */
const DEFAULT_LAYOUT_KEYED = ['metadata'];

/**
 * One CSV output: its columns are fixed by the first rows it is given (a list streamed page by
 * page has one header), and every row after is written in them.
 */
export class CsvSheet {
  private columns?: string[];
  /** Keys found later under a keyed object (`metadata`) that have no column: warned about once. */
  private readonly unplaced = new Set<string>();

  constructor(
    private readonly style: CsvStyle,
    /** Told of a key first seen after the header was written (it has no column). */
    private readonly onUnplaced?: (column: string) => void,
  ) {}

  get started(): boolean {
    return this.columns !== undefined;
  }

  /**
   * The header (once) and the rows. `chosen` (--fields) wins; else `layout`, the command's own
   * columns, where `metadata.*` stands for the keys found in these rows; else the first row's
   * fields of one value, and its metadata's keys.
   */
  write(items: readonly unknown[], chosen?: readonly string[], layout?: readonly string[]): string {
    let header = '';
    if (!this.columns) {
      const columns = chosen ? [...chosen] : layout ? expandLayout(layout, items) : firstRowColumns(items);
      // No rows and no columns to name: nothing to write yet.
      if (columns.length === 0) return '';
      this.columns = columns;
      header = this.line(columns);
      if (!chosen) this.watchKeyed(layout);
    }
    return header + items.map((item) => this.row(item)).join('');
  }

  private keyed: string[] = [];

  private watchKeyed(layout: readonly string[] | undefined): void {
    this.keyed = layout
      ? layout.flatMap((column) => KEYED.exec(column)?.[1] ?? [])
      : [...DEFAULT_LAYOUT_KEYED];
  }

  private row(item: unknown): string {
    const columns = this.columns!;
    for (const parent of this.keyed) {
      for (const key of keysUnder(item, parent)) {
        const column = `${parent}.${key}`;
        if (columns.includes(column) || this.unplaced.has(column)) continue;
        this.unplaced.add(column);
        this.onUnplaced?.(column);
      }
    }
    return this.line(columns.map((column) => cellText(valueAt(item, column))));
  }

  private line(cells: readonly string[]): string {
    const shown = this.style.terminal ? cells.map(escapeForTerminal) : cells;
    return `${shown.map(quote).join(',')}${this.style.crlf ? '\r\n' : '\n'}`;
  }
}

/** The layout with each `parent.*` replaced by the keys under `parent` in these rows, first seen first. */
function expandLayout(layout: readonly string[], items: readonly unknown[]): string[] {
  return layout.flatMap((column) => {
    const parent = KEYED.exec(column)?.[1];
    if (parent === undefined) return [column];
    const keys = new Set(items.flatMap((item) => keysUnder(item, parent)));
    return [...keys].map((key) => `${parent}.${key}`);
  });
}

/** The first row's fields that hold one value, in its order, each keyed object as its keys. */
function firstRowColumns(items: readonly unknown[]): string[] {
  const first = items[0];
  if (first === undefined) return [];
  if (first === null || typeof first !== 'object' || Array.isArray(first)) return ['value'];
  return Object.entries(first).flatMap(([k, v]) => {
    if (DEFAULT_LAYOUT_KEYED.includes(k)) return expandLayout([`${k}.*`], items);
    return v === null || ['string', 'number', 'boolean'].includes(typeof v) ? [k] : [];
  });
}

function keysUnder(item: unknown, parent: string): string[] {
  const value = valueAt(item, parent);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
}

function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return guardFormula(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return guardFormula(JSON.stringify(value));
}

function guardFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function quote(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}
