// `publication create --campaign NAME --input FILE|-`: one publication per customer, through the
// bulk journal. Each customer gets exactly one code: every request carries join_once=true (a repeat
// for the same customer and campaign answers the same code, so a repeat is safe) and a source_id
// made from the campaign and the customer, so that after a lost answer or a kill the line is looked
// up (the publications with that source_id) before anything is sent again (bulk/settle-marked.ts).
// CSV columns: source_id / customer / customer-source-id (a source_id), id / customer-id (an id),
// metadata.KEY (typed like --metadata). NDJSON fields: source_id, id or customer, and metadata.
import { type PublicationBody, publicationRequest, publish, publishedCodes } from '../../api/publications.js';
import { UsageError } from '../../base/errors.js';
import { columnName, columnRoles } from '../../bulk/columns.js';
import {
  BULK_HELP,
  type BulkAction,
  type BulkFlags,
  type InputRecord,
  runBulkInput,
} from '../../bulk/index.js';
import { cellPair, parseMetadata } from '../../input/metadata.js';
import type { Runtime } from '../../runtime/runtime.js';
import { customerRef } from './customer.js';
import { publicationCheck, publicationMarker, publicationsMarked } from './publish-once.js';

export const INPUT_HELP = `
--input FILE|- publishes one code of the campaign to each customer a line names. CSV columns:
source_id (or customer, customer-source-id), id (or customer-id), metadata.KEY; NDJSON fields:
source_id, id or customer, metadata. Each customer gets exactly one code: the requests carry
join_once=true (the service answers a repeat for the same customer with the same code) and a
source_id promo makes from the campaign and the customer, looked up after a lost answer or a kill
(not found: unknown until a --resume finds it or its landing window has passed; promo help bulk).
${BULK_HELP}`;

type Role = { kind: 'source_id' } | { kind: 'id' } | { kind: 'metadata'; key: string };

function roleOf(column: string): Role | undefined {
  if (/^metadata\./i.test(column)) return { kind: 'metadata', key: column.slice('metadata.'.length) };
  const name = columnName(column);
  if (['source-id', 'customer', 'customer-source-id', 'customer.source-id'].includes(name)) {
    return { kind: 'source_id' };
  }
  if (['id', 'customer-id', 'customer.id'].includes(name)) return { kind: 'id' };
  return undefined;
}

function roles(columns: string[]): Map<string, Role> {
  return columnRoles(columns, roleOf, 'source_id (customer), id (customer-id), metadata.KEY');
}

interface Line {
  customer: string;
  metadata?: Record<string, unknown>;
}

function csvLine(row: Record<string, string>, map: Map<string, Role>): Line {
  let customer: string | undefined;
  const metadata: string[] = [];
  for (const [column, raw] of Object.entries(row)) {
    const text = raw.trim();
    const role = map.get(column);
    if (text === '' || !role) continue;
    if (role.kind === 'metadata') metadata.push(cellPair(role.key, text));
    else customer = text;
  }
  if (customer === undefined) throw new UsageError('the line names no customer (a source_id or id column)');
  return { customer, metadata: parseMetadata(metadata.length ? metadata : undefined, 'metadata column') };
}

function ndjsonLine(value: Record<string, unknown>): Line {
  const customer = value.source_id ?? value.id ?? value.customer;
  if (typeof customer !== 'string') {
    throw new UsageError('each line needs a customer: "source_id", "id" or "customer" as a string');
  }
  const { metadata } = value;
  if (
    metadata !== undefined &&
    (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata))
  ) {
    throw new UsageError('"metadata" must be a JSON object');
  }
  return { customer, metadata: metadata as Record<string, unknown> | undefined };
}

type Payload = PublicationBody & { source_id: string };

function prepare(
  campaign: string,
  shared: Partial<PublicationBody>,
  record: InputRecord,
  map?: Map<string, Role>,
): Payload {
  let line: Line;
  if (record.format === 'csv') line = csvLine(record.value, map ?? new Map());
  else if (record.format === 'ndjson') line = ndjsonLine(record.value);
  else throw new UsageError('--input must be NDJSON or CSV');
  const metadata = { ...shared.metadata, ...line.metadata };
  return {
    ...shared,
    campaign: { name: campaign, count: 1 },
    customer: customerRef(line.customer, 'the customer'),
    source_id: publicationMarker(campaign, line.customer),
    ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
  };
}

const publishAction: BulkAction<Payload> = {
  status: 'created',
  code: () => undefined,
  async send(client, body) {
    const publication = await publish(client, body, true);
    return { id: publication.id, code: publishedCodes(publication).join(',') };
  },
  request: (body) => publicationRequest(body, true),
  // A money write (bulk/settle-marked.ts), looked up by its source_id; the service cannot take a
  // publication back, so a second one under a mark is said, not undone. join_once makes one
  // unlikely: the service answers a repeat for the customer with the same code.
  marked: {
    async lookUp(client, body) {
      const found = await publicationsMarked(client, body.source_id);
      return { writes: found.map((p) => ({ id: p.id, code: publishedCodes(p).join(',') })) };
    },
    check: (body) => publicationCheck(body.source_id),
  },
};

export function publishMany(
  campaign: string,
  shared: Partial<PublicationBody>,
  input: string,
  options: { bulk: BulkFlags; dryRun: boolean },
  rt: Runtime,
): Promise<number> {
  return runBulkInput(rt, {
    command: 'publication create',
    movesMoney: true,
    input,
    read: { formats: ['ndjson', 'csv'] },
    columns: roles,
    prepare: (record, map) => prepare(campaign, shared, record, map),
    action: publishAction,
    flags: options.bulk,
    dryRun: options.dryRun,
  });
}
