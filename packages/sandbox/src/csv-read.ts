// CSV as the service's imports read it (RFC 4180): a header row, then one record a row; a quoted
// cell may hold commas, doubled quotes and line breaks. Rows that are wholly blank are skipped.
import { SandboxError } from './types.js';
import { isRecord } from './voucher-check.js';

export interface CsvTable {
  header: string[];
  /** Each record with its number among the records (1 is the first after the header). */
  rows: Array<{ row: number; cells: string[] }>;
}

export function readCsvTable(text: string): CsvTable {
  const records = parseRecords(text.replace(/^\uFEFF/, '')).filter((r) => r.some((cell) => cell !== ''));
  const [header, ...rest] = records;
  if (!header) throw new SandboxError(400, 'invalid_payload', 'Invalid payload', 'The CSV file is empty.');
  return { header: header.map((name) => name.trim()), rows: rest.map((cells, i) => ({ row: i + 1, cells })) };
}

/** The table of a CSV import's form: a multipart/form-data body whose field `file` is the CSV. */
export function readCsvForm(contentType: string | undefined, body: unknown): CsvTable {
  const multipart = /^multipart\/form-data\s*(;|$)/i.test(contentType ?? '');
  if (!multipart || !isRecord(body) || typeof body.file !== 'string') {
    throw new SandboxError(
      400,
      'invalid_payload',
      'Invalid payload',
      'The request needs a multipart/form-data body with the CSV file in the field `file`.',
    );
  }
  return readCsvTable(body.file);
}

function parseRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch !== '"') cell += ch;
      else if (text[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      record.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
    } else cell += ch;
  }
  if (quoted) {
    throw new SandboxError(
      400,
      'invalid_payload',
      'Invalid payload',
      'The CSV file ends inside a quoted cell.',
    );
  }
  if (cell !== '' || record.length > 0) records.push([...record, cell]);
  return records;
}
