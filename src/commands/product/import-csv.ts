// `product import`: the file in promo's CSV for products (the columns of `product create --input`:
// name, source_id, price in currency units, attributes separated by '|', image_url, metadata.KEY)
// checked whole, every bad line named, then written out as the service's own import CSV (price in
// hundredths, attributes separated by commas, a metadata property a column of its own name).
import { UsageError } from '../../base/errors.js';
import { collectErrors, type InputFile } from '../../bulk/index.js';
import { type FieldRole, fieldRoles } from '../shared/csv-fields.js';
import { parseMoney } from '../shared/values.js';

const FIELDS = ['name', 'source_id', 'price', 'attributes', 'image_url'] as const;

/** One product as the service's CSV will carry it, with the line of promo's file it came from. */
export interface ImportRow {
  line: number;
  sourceId?: string;
  cells: Map<string, string>;
}

export interface ServiceCsv {
  csv: string;
  rows: ImportRow[];
}

const cell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

function fieldText(field: string, text: string): string {
  if (field === 'price') return String(parseMoney(text, 'price'));
  if (field !== 'attributes') return text;
  const names = text
    .split('|')
    .map((name) => name.trim())
    .filter(Boolean);
  const comma = names.find((name) => name.includes(','));
  if (comma !== undefined) {
    throw new UsageError(`attributes are separated by '|', and a name holds no comma: '${comma}'`);
  }
  return names.join(',');
}

/** The service's column for each of promo's, refusing a metadata name the service could not take. */
function serviceColumns(roles: Map<string, FieldRole>): Map<string, string> {
  const columns = new Map<string, string>();
  const taken = new Map<string, string>();
  for (const [column, role] of roles) {
    const name = role.kind === 'field' ? role.field : role.key;
    if (role.kind === 'metadata') {
      if (name === '' || /\s/.test(name)) {
        throw new UsageError(
          `FILE: metadata column '${column}': the service takes no white space in a metadata name`,
        );
      }
      if ((FIELDS as readonly string[]).includes(name.toLowerCase())) {
        throw new UsageError(
          `FILE: metadata column '${column}': the service would read it as the product's ${name}`,
        );
      }
    }
    const earlier = taken.get(name.toLowerCase());
    if (earlier !== undefined)
      throw new UsageError(`FILE: columns '${earlier}' and '${column}' name the same field`);
    taken.set(name.toLowerCase(), column);
    columns.set(column, name);
  }
  if (![...roles.values()].some((role) => role.kind === 'field' && role.field === 'name')) {
    throw new UsageError('FILE: the import needs a name column (every product has a name)');
  }
  return columns;
}

/** Every line checked (any bad one: exit 2, all named, nothing sent), then the service's CSV. */
export function serviceCsv(input: InputFile): ServiceCsv {
  if (input.format !== 'csv') {
    throw new UsageError(
      'FILE: the product import takes CSV (a header row, then one product a line), and this file is not CSV',
      'For NDJSON products, use: promo product create --input FILE',
    );
  }
  const roles = fieldRoles(FIELDS, 'FILE')(input.columns ?? []);
  const columns = serviceColumns(roles);
  const rows: ImportRow[] = [];
  const errors: UsageError[] = [];
  const lineOfSource = new Map<string, number>();
  for (const record of input.records) {
    try {
      const cells = new Map<string, string>();
      for (const [column, raw] of Object.entries(record.value as Record<string, string>)) {
        const role = roles.get(column);
        const text = raw.trim();
        if (!role || text === '') continue;
        cells.set(columns.get(column)!, role.kind === 'field' ? fieldText(role.field, text) : text);
      }
      if (!cells.get('name')) throw new UsageError('name is required');
      const sourceId = cells.get('source_id');
      const earlier = sourceId === undefined ? undefined : lineOfSource.get(sourceId);
      if (earlier !== undefined) {
        throw new UsageError(
          `source_id '${sourceId}' is already on line ${earlier}: a product is imported once`,
        );
      }
      if (sourceId !== undefined) lineOfSource.set(sourceId, record.line);
      rows.push({ line: record.line, sourceId, cells });
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      errors.push(new UsageError(`line ${record.line}: ${error.message}`, error.hint));
    }
  }
  collectErrors(errors, 'FILE has lines the import would not take');
  if (rows.length === 0)
    throw new UsageError('FILE holds no products (a header row, then one product a line)');
  const header = [...new Set(columns.values())];
  const lines = [header, ...rows.map((row) => header.map((name) => row.cells.get(name) ?? ''))];
  return { csv: `${lines.map((line) => line.map(cell).join(',')).join('\r\n')}\r\n`, rows };
}
