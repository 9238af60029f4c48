// promo publication create: hand a customer a code, from a campaign (--campaign, --count) or a named
// voucher (--voucher), or one code to each customer of --input. Prints the published code(s). When
// the campaign has no active, unpublished code left, the service's key with exit 1 and what to do.
import {
  MAX_PUBLICATION_COUNT,
  NO_VOUCHER_FOR_PUBLICATION,
  type PublicationBody,
  publishedCodes,
} from '../../api/publications.js';
import { ApiError, ExitCode, PromoError, UsageError } from '../../base/errors.js';
import { parseBulkFlags } from '../../bulk/index.js';
import { parseMetadata } from '../../input/metadata.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineCommand, defineOptions, type OptionValues } from '../../toolkit/define.js';
import { againOption, bulkOptions } from '../bulk-options.js';
import { checkCampaign } from '../campaign/ref.js';
import { metadataOption } from '../shared/metadata-option.js';
import { checkCode } from '../voucher/code.js';
import { INPUT_HELP, publishMany } from './create-input.js';
import { publicationCustomer } from './customer.js';
import { publicationMarker, publishOnce } from './publish-once.js';

const options = defineOptions({
  campaign: { type: 'value', value: 'name', help: "publish the campaign's next unpublished code(s)" },
  count: {
    type: 'value',
    value: 'n',
    help: `with --campaign: how many codes, 1 to ${MAX_PUBLICATION_COUNT} (default 1)`,
  },
  voucher: { type: 'value', value: 'code', help: 'publish this code' },
  customer: { type: 'value', value: 'id|source_id', help: 'who gets it: an id (cust_...) or a source_id' },
  email: {
    type: 'value',
    value: 'address',
    help: "the customer's email (stored by the service; names the customer when --customer is not given)",
  },
  name: {
    type: 'value',
    value: 'text',
    help: "the customer's name (the service creates or updates the customer)",
  },
  phone: { type: 'value', value: 'text', help: "the customer's phone" },
  channel: { type: 'value', value: 'name', help: 'where it was handed out (default API)' },
  metadata: metadataOption(),
  joinOnce: {
    type: 'switch',
    help: 'the customer gets one code of the campaign, always the same (a repeat answers it again)',
  },
  input: {
    type: 'value',
    value: 'file',
    complete: 'files',
    help: 'one code of --campaign to each customer of a CSV or NDJSON file (or -)',
  },
  ...bulkOptions,
  ...againOption,
  dryRun: { type: 'switch', help: 'with --input: print the requests that would be sent; send nothing' },
});

function parseCount(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const count = /^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (!(count >= 1 && count <= MAX_PUBLICATION_COUNT)) {
    throw new UsageError(`--count must be a whole number from 1 to ${MAX_PUBLICATION_COUNT}, not '${text}'`);
  }
  return count;
}

function sharedBody(flags: OptionValues<typeof options>): Partial<PublicationBody> {
  const metadata = parseMetadata(flags.metadata);
  return {
    ...(flags.channel !== undefined ? { channel: flags.channel } : {}),
    ...(metadata ? { metadata } : {}),
  };
}

function noneLeft(error: unknown, source: string): unknown {
  if (!(error instanceof ApiError) || error.body.key !== NO_VOUCHER_FOR_PUBLICATION) return error;
  return new PromoError(
    `${source} has no code left to publish (${NO_VOUCHER_FOR_PUBLICATION}): a code is published when active and not published yet`,
    ExitCode.failure,
    source.startsWith('campaign')
      ? `Add vouchers to the campaign (promo campaign add-vouchers NAME --count N), then publish again.`
      : 'Publish a code that is active and not published yet, or publish from its campaign with --campaign.',
  );
}

async function run(flags: OptionValues<typeof options>, rt: Runtime): Promise<number | undefined> {
  if ((flags.campaign === undefined) === (flags.voucher === undefined)) {
    throw new UsageError('give --campaign NAME or --voucher CODE (one of them)');
  }
  const campaign = flags.campaign === undefined ? undefined : checkCampaign(flags.campaign, '--campaign');
  const voucher = flags.voucher === undefined ? undefined : checkCode(flags.voucher, '--voucher');
  const count = parseCount(flags.count);
  if (count !== undefined && campaign === undefined) throw new UsageError('--count goes with --campaign');
  const shared = sharedBody(flags);
  if (flags.input !== undefined) {
    if (campaign === undefined) throw new UsageError('--input publishes from a campaign: give --campaign');
    const single = (['customer', 'email', 'name', 'phone'] as const).find((f) => flags[f] !== undefined);
    if (single !== undefined || count !== undefined) {
      throw new UsageError(
        `with --input each line names its customer and gets one code: drop ${single === undefined ? '--count' : `--${single}`}`,
      );
    }
    return publishMany(
      campaign,
      shared,
      flags.input,
      { bulk: parseBulkFlags(flags), dryRun: flags.dryRun },
      rt,
    );
  }
  if (flags.customer === undefined && flags.email === undefined)
    throw new UsageError('--customer (or --email) is required: who gets the code');
  for (const flag of ['email', 'name', 'phone'] as const)
    if (flags[flag] !== undefined && flags[flag].trim() === '')
      throw new UsageError(`--${flag} must not be empty`);
  const body = {
    ...shared,
    ...(campaign !== undefined ? { campaign: { name: campaign, count: count ?? 1 } } : { voucher }),
    customer: publicationCustomer(flags.customer, {
      email: flags.email,
      name: flags.name,
      phone: flags.phone,
    }),
    source_id: publicationMarker(),
  };
  const client = await rt.client();
  try {
    const publication = await publishOnce(client, body, flags.joinOnce, (m) => rt.out.notice(m));
    if (rt.out.isJson) await rt.out.json(publication);
    else for (const code of publishedCodes(publication)) rt.out.text(code);
  } catch (error) {
    throw noneLeft(error, campaign !== undefined ? `campaign ${campaign}` : `voucher ${voucher}`);
  }
  return undefined;
}

export default defineCommand({
  path: ['publication', 'create'],
  summary: 'Hand a customer a code from a campaign, or a given code',
  description: `Publishes the campaign's next active, unpublished code(s) (--count, up to ${MAX_PUBLICATION_COUNT}), or the
code --voucher names, to the customer --customer names (an id cust_..., else a source_id) or --email
names: the service creates a customer it does not know, and stores the --email, --name and --phone
given. The code becomes the customer's. Prints the code(s), one a line;
with -o json the service's publication. With --join-once the customer gets one code of the campaign,
always the same, however often this runs: a repeat is safe. Without it each publication carries a
source_id promo makes, read back after a lost answer before anything is sent again. When no code is
left: the service's key ${NO_VOUCHER_FOR_PUBLICATION}, exit 1.
${INPUT_HELP}`,
  examples: [
    'promo publication create --campaign Welcome --customer alice@example.com --join-once',
    'promo publication create --voucher VIP-7Q2 --customer cust_0a1b2c --channel email',
    'promo publication create --campaign Welcome --input new-customers.csv',
  ],
  options,
  run: (flags, rt) => run(flags, rt),
});
