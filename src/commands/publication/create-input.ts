// `publication create --campaign NAME --input FILE|-`: one publication per customer, through the
// bulk journal. Each customer gets exactly one code: every request carries join_once=true (a repeat
// for the same customer and campaign answers the same code, so a repeat is safe) and a source_id
// made from the campaign and the customer, so that after a lost answer or a kill the line is looked
// up (the publications with that source_id) before anything is sent again (bulk/settle-marked.ts).
// CSV columns: source_id / customer / customer-source-id (a source_id), id / customer-id (an id),
// email, name, phone (the customer's: the service creates or updates the customer a publication
// names, and an email alone names one), metadata.KEY (typed like --metadata). NDJSON fields the same.
import { type PublicationBody, publicationRequest, publish, publishedCodes } from '../../api/publications.js';
import { nodeCrypto } from '../../base/crypto.js';
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
import { publicationCustomer } from './customer.js';
import { publicationCheck, publicationMarker, publicationsMarked } from './publish-once.js';

export const INPUT_HELP = `
--input FILE|- publishes one code of the campaign to each customer a line names. CSV columns:
source_id (or customer, customer-source-id), id (or customer-id), email, name, phone (the service
creates or updates the customer with them; an email alone names a customer), metadata.KEY (the
publication's); NDJSON fields: source_id, id or customer, email, name, phone, metadata. Each
customer gets exactly one code: the requests carry join_once=true (the service answers a repeat
for the same customer with the same code) and a source_id promo makes from the campaign, the
customer and the run, looked up after a lost answer or a kill (not found: unknown until a --resume
finds it or its landing window has passed; promo help bulk). A customer who held a code of the
campaign before the run (an earlier run, another tool) is journaled skipped, with that code: the
summary tells the new from the already held.
${BULK_HELP}`;

const DETAILS = ['email', 'name', 'phone'] as const;
type Detail = (typeof DETAILS)[number];

type Role =
  | { kind: 'source_id' }
  | { kind: 'id' }
  | { kind: 'detail'; field: Detail }
  | { kind: 'metadata'; key: string };

function roleOf(column: string): Role | undefined {
  if (/^metadata\./i.test(column)) return { kind: 'metadata', key: column.slice('metadata.'.length) };
  const name = columnName(column);
  if (['source-id', 'customer', 'customer-source-id', 'customer.source-id'].includes(name)) {
    return { kind: 'source_id' };
  }
  if (['id', 'customer-id', 'customer.id'].includes(name)) return { kind: 'id' };
  const detail = DETAILS.find((field) => [field, `customer-${field}`, `customer.${field}`].includes(name));
  return detail === undefined ? undefined : { kind: 'detail', field: detail };
}

function roles(columns: string[]): Map<string, Role> {
  return columnRoles(
    columns,
    roleOf,
    'source_id (customer), id (customer-id), email, name, phone, metadata.KEY',
  );
}

interface Line {
  /** A source_id or an id; undefined when the email alone names the customer. */
  customer?: string;
  details: Partial<Record<Detail, string>>;
  metadata?: Record<string, unknown>;
}

const NO_CUSTOMER = 'the line names no customer (a source_id, id or email column)';

function csvLine(row: Record<string, string>, map: Map<string, Role>): Line {
  let customer: string | undefined;
  const details: Line['details'] = {};
  const metadata: string[] = [];
  for (const [column, raw] of Object.entries(row)) {
    const text = raw.trim();
    const role = map.get(column);
    if (text === '' || !role) continue;
    if (role.kind === 'metadata') metadata.push(cellPair(role.key, text));
    else if (role.kind === 'detail') details[role.field] = text;
    else customer = text;
  }
  if (customer === undefined && details.email === undefined) throw new UsageError(NO_CUSTOMER);
  return {
    customer,
    details,
    metadata: parseMetadata(metadata.length ? metadata : undefined, 'metadata column'),
  };
}

function ndjsonLine(value: Record<string, unknown>): Line {
  const customer = value.source_id ?? value.id ?? value.customer;
  const details: Line['details'] = {};
  for (const field of DETAILS) {
    const given = value[field];
    if (given === undefined || given === null) continue;
    if (typeof given !== 'string') throw new UsageError(`"${field}" must be a string`);
    details[field] = given;
  }
  if (customer !== undefined && typeof customer !== 'string') {
    throw new UsageError('"source_id", "id" or "customer" must be a string');
  }
  if (customer === undefined && details.email === undefined) {
    throw new UsageError('each line needs a customer: "source_id", "id", "customer" or "email" as a string');
  }
  const { metadata } = value;
  if (
    metadata !== undefined &&
    (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata))
  ) {
    throw new UsageError('"metadata" must be a JSON object');
  }
  return { customer, details, metadata: metadata as Record<string, unknown> | undefined };
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
  // The marker is made from what names the customer: a line run again names the same one.
  const who = (line.customer ?? line.details.email) as string;
  return {
    ...shared,
    campaign: { name: campaign, count: 1 },
    customer: publicationCustomer(line.customer, line.details, 'the customer'),
    source_id: publicationMarker(campaign, who),
    ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
  };
}

/**
 * The line's source_id in this run: the customer's marker (campaign and customer) made the run's
 * own by its start (a resume has the start of the run it resumes, so it looks up the same one).
 * join_once answers a customer who held a code of the campaign already (an earlier run, another
 * tool) with that publication, whose source_id is then not this run's: the line is `skipped`, with
 * the customer's code, and the summary tells the new from the already held. No clock is compared.
 */
function runMarked(body: Payload, run: { startedAt?: string }): Payload {
  if (run.startedAt === undefined) throw new Error('a publication line was sent before its run was known');
  const digest = nodeCrypto()
    .createHash('sha256')
    .update(`${body.source_id}\u0000${run.startedAt}`)
    .digest('hex');
  return { ...body, source_id: `promo-pub-${digest.slice(0, 24)}` };
}

/** The action of a run: `run` is set (onRun) before the first line is sent. */
const publishAction = (run: { startedAt?: string }): BulkAction<Payload> => ({
  status: 'created',
  code: () => undefined,
  async send(client, body) {
    const marked = runMarked(body, run);
    const publication = await publish(client, marked, true);
    const done = { id: publication.id, code: publishedCodes(publication).join(',') };
    if (publication.source_id === marked.source_id) return done;
    return {
      ...done,
      held: `the customer already held a code of the campaign (publication ${publication.id}, ${publication.created_at ?? 'earlier'})`,
    };
  },
  request: (body) => publicationRequest(body, true),
  // A money write (bulk/settle-marked.ts), looked up by the run's source_id; the service cannot
  // take a publication back, so a second one under a mark is said, not undone. join_once makes one
  // unlikely: the service answers a repeat for the customer with the same code.
  marked: {
    async lookUp(client, body) {
      const found = await publicationsMarked(client, runMarked(body, run).source_id);
      return { writes: found.map((p) => ({ id: p.id, code: publishedCodes(p).join(',') })) };
    },
    check: (body) => publicationCheck(runMarked(body, run).source_id),
  },
});

export function publishMany(
  campaign: string,
  shared: Partial<PublicationBody>,
  input: string,
  options: { bulk: BulkFlags; dryRun: boolean },
  rt: Runtime,
): Promise<number> {
  const run: { startedAt?: string } = {};
  return runBulkInput(rt, {
    command: 'publication create',
    movesMoney: true,
    input,
    read: { formats: ['ndjson', 'csv'] },
    columns: roles,
    prepare: (record, map) => prepare(campaign, shared, record, map),
    action: publishAction(run),
    onRun: ({ startedAt }) => {
      run.startedAt = startedAt;
    },
    flags: options.bulk,
    dryRun: options.dryRun,
  });
}
