// Tables for people: the few columns that matter, readable dates and money, nothing secret.
import { loadTable } from '../lazy.js';
import type { Palette } from './output.js';

export interface Column<T> {
  header: string;
  value(item: T): string | number | boolean | null | undefined;
}

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

export async function renderTable<T>(items: T[], columns: Column<T>[], p: Palette): Promise<string> {
  const Table = await tableClass();
  const table = new Table({ ...borderless, head: columns.map((c) => p.bold(c.header)) });
  for (const item of items) table.push(columns.map((c) => cell(c.value(item))));
  return `${trimLines(table.toString())}\n`;
}

export async function renderKeyValue<T>(item: T, fields: Column<T>[], p: Palette): Promise<string> {
  const Table = await tableClass();
  const table = new Table(borderless);
  for (const field of fields) {
    const value = field.value(item);
    if (value === undefined) continue;
    table.push([p.bold(field.header), cell(value)]);
  }
  return `${trimLines(table.toString())}\n`;
}

function cell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  // Control characters from the service must not move the cursor or change the terminal.
  return String(value).replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '?');
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

export function shorten(text: unknown, max: number): string {
  if (typeof text !== 'string') return '';
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
