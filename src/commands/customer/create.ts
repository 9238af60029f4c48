// promo customer create: one customer from flags and/or a JSON body (flags win), or many with
// --input (create-input.ts). The service's create is an upsert by source_id.
import { CUSTOMER_FIELDS, createCustomer, createCustomerRequest } from '../../api/customers.js';
import { UsageError } from '../../base/errors.js';
import { parseBulkFlags } from '../../bulk/index.js';
import { printDryRun } from '../../output/dry-run.js';
import { defineCommand, defineOptions } from '../../toolkit/define.js';
import { bulkOptions } from '../bulk-options.js';
import { CREATE_INPUT_HELP, createMany } from './create-input.js';
import { CUSTOMER_FIELD_OPTIONS, customerBody, parseFieldFlags } from './fields.js';
import { customerCard } from './view.js';

const options = defineOptions({
  sourceId: {
    type: 'value',
    value: 'id',
    help: "the customer's id in your systems; a known one updates that customer (an upsert)",
  },
  ...CUSTOMER_FIELD_OPTIONS,
  input: {
    type: 'value',
    value: 'file',
    complete: 'files',
    help: 'many customers: NDJSON or CSV file, or - for stdin (each line with a source_id)',
  },
  ...bulkOptions,
  dryRun: { type: 'switch', help: 'print the request that would be sent, and send nothing' },
});

export default defineCommand({
  path: ['customer', 'create'],
  fields: CUSTOMER_FIELDS,
  summary: 'Create a customer, or update the one with the same source id (an upsert); many with --input',
  description: CREATE_INPUT_HELP,
  examples: [
    'promo customer create --source-id user-42 --email ann@example.com --name "Ann Lee" -m plan=pro',
    'promo customer create --body customer.json --phone "+48 600 100 200"',
    'promo customer create --input customers.csv --yes -o json | jq -c \'select(.status != "created")\'',
  ],
  options,
  run: async (flags, rt) => {
    if (flags.sourceId === '') throw new UsageError('--source-id must not be empty');
    if (flags.body === '-' && flags.input === '-') {
      throw new UsageError('--body - and --input - cannot both read stdin: give one a file');
    }
    if (flags.sourceId !== undefined && flags.input !== undefined) {
      throw new UsageError('--source-id names one customer: with --input each line gives its own source_id');
    }
    const parts = parseFieldFlags(flags);
    if (flags.sourceId !== undefined) parts.fields.source_id = flags.sourceId;
    const bulk = parseBulkFlags(flags);
    const body = await customerBody(parts, rt.ctx);
    if (flags.input !== undefined) return createMany(body, flags.input, { bulk, dryRun: flags.dryRun }, rt);
    // The service would make an empty customer of nothing: a forgotten flag, not a wish.
    if (Object.keys(body).length === 0)
      throw new UsageError(
        'give at least one field of the customer: --source-id, --email, --name, --phone, --metadata or --body',
      );
    const client = await rt.client();
    if (flags.dryRun) {
      await printDryRun(rt.out, await client.dryRun(createCustomerRequest(body)));
      return undefined;
    }
    await rt.out.record(await createCustomer(client, body), customerCard);
    return undefined;
  },
});
