// promo tiers list <tier-structure-id>: the tiers of a loyalty tier structure (beta endpoint), with a
// bearer token that promo takes from the profile's cache or issues by itself.
import {
  listTiers,
  TIER_CURSOR_PATTERN,
  TIER_FIELDS,
  TIER_ORDERS,
  type Tier,
  type TierList,
  type TierOrder,
} from '../../api/tiers.js';
import { UsageError } from '../../base/errors.js';
import { type Page, printPagedList } from '../../output/paging.js';
import { type Column, formatDate } from '../../output/table.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineArgs, defineCommand, defineOptions, type Input } from '../../toolkit/define.js';
import { parsePagingFlags } from '../paging.js';

export interface TiersListOptions {
  structureId: string;
  limit?: number;
  order?: TierOrder;
  cursor?: string;
  all: boolean;
  raw: boolean;
}

const args = defineArgs({
  tierStructureId: { help: 'the tier structure, e.g. lts_0a1b2c3d4e5f', required: true },
});

const options = defineOptions({
  limit: { type: 'value', short: 'l', value: 'n', help: 'tiers per page, 1 to 100 (service default 10)' },
  order: {
    type: 'value',
    value: 'order',
    choices: TIER_ORDERS,
    help: `sort order: ${TIER_ORDERS.join(', ')} (service default -created_at)`,
  },
  cursor: { type: 'value', value: 'cursor', help: 'start at this page: cursor.next of a previous page' },
  all: { type: 'switch', help: 'follow the cursor to the last page and print every tier' },
  raw: { type: 'switch', help: "print the service's whole list object (data, cursor) of one page" },
});

export function parseTiersListOptions(flags: Input<typeof args, typeof options>): TiersListOptions {
  const structureId = flags.tierStructureId;
  if (!/^[\x21-\x7e]+$/.test(structureId)) {
    throw new UsageError(
      `<tier-structure-id> must be printable characters with no spaces, not '${structureId}'`,
      'Tier structure ids look like lts_0a1b2c3d4e5f.',
    );
  }
  if (flags.cursor !== undefined && !TIER_CURSOR_PATTERN.test(flags.cursor)) {
    throw new UsageError(
      `--cursor must be a cursor from a previous page (lcrst_ followed by hex digits), not '${flags.cursor}'`,
      'Take it unchanged from cursor.next of `promo tiers list ... --raw`.',
    );
  }
  return {
    structureId,
    ...parsePagingFlags(flags),
    order: flags.order,
    cursor: flags.cursor,
  };
}

export async function run(options: TiersListOptions, rt: Runtime): Promise<void> {
  const client = await rt.client();
  const { scopes } = await rt.target();
  await printPagedList<Tier>(rt.out, {
    all: options.all,
    raw: options.raw,
    fetch: async (start) => {
      const list = await listTiers(
        client,
        options.structureId,
        { limit: options.limit, order: options.order, cursor: start ?? options.cursor },
        scopes,
      );
      return { items: list.data ?? [], raw: list, next: list.cursor?.next || undefined };
    },
    columns: tierColumns,
    empty: 'No tiers.',
    progress: { noun: 'tiers', now: rt.ctx.now },
    csv: ['id', 'tier_structure_id', 'name', 'created_at', 'updated_at', 'metadata.*'],
    moreHint: (page: Page<Tier>) => {
      const expires = (page.raw as TierList).cursor?.expires_at;
      const until = expires ? ` (valid until ${formatDate(expires)})` : '';
      return `More tiers: add --cursor ${page.next}${until} for the next page, or --all for every tier.`;
    },
  });
}

/** Points from min to max; the top tier often has no upper bound. */
function pointsRange(tier: Tier): string {
  const points = tier.qualification_rules?.points;
  if (!points || points.min_value === undefined) return '';
  return points.max_value === undefined ? `${points.min_value}+` : `${points.min_value}-${points.max_value}`;
}

const tierColumns: Column<Tier>[] = [
  { header: 'ID', value: (t) => t.id, id: true },
  { header: 'Name', value: (t) => t.name, text: true },
  { header: 'Points', value: pointsRange },
  { header: 'Segment', value: (t) => t.qualification_rules?.segment?.id, id: true, drop: 1 },
  { header: 'Created', value: (t) => formatDate(t.created_at), drop: 2 },
];

export default defineCommand({
  path: ['tiers', 'list'],
  fields: TIER_FIELDS,
  aliases: ['ls'],
  summary: '[beta] List the tiers of a loyalty tier structure',
  description: `Beta: the service's endpoint is in beta; its parameters and fields may change.
promo authenticates with a bearer token (the profile's scopes, default api) that it issues once and
reuses from the profile's cache while it is valid.`,
  examples: [
    'promo tiers list lts_0a1b2c3d4e5f',
    'promo tiers list lts_0a1b2c3d4e5f --order name --all --json | jq -r ".[].name"',
    'promo tiers list lts_0a1b2c3d4e5f --limit 2 --raw | jq -r .cursor.next',
  ],
  args,
  options,
  run: (input, rt) => run(parseTiersListOptions(input), rt),
});
