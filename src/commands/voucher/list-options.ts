// The options of `voucher list`, checked before anything is sent: page size 1..100, page 1..99,
// dates ISO 8601, one campaign selector, orders the service knows, and what --all can walk.

import { VOUCHER_FILTERS } from '../../api/filter-fields.js';
import { type ListVouchersQuery, VOUCHER_ORDERS, type VoucherOrder } from '../../api/voucher-list.js';
import { UsageError } from '../../base/errors.js';
import { checkCampaign } from '../campaign/ref.js';
import { parseChoice, parsePage, parsePagingFlags } from '../paging.js';
import { parseFilters } from '../shared/filters.js';
import { parseInstant } from '../shared/values.js';

export interface VoucherListFlags {
  limit?: string;
  page?: string;
  campaign?: string;
  campaignId?: string;
  category?: string;
  customer?: string;
  createdAfter?: string;
  createdBefore?: string;
  updatedAfter?: string;
  updatedBefore?: string;
  order?: string;
  code?: string;
  filter?: string[];
  junction?: string;
  all?: boolean;
  raw?: boolean;
}

export interface VoucherListOptions {
  query: ListVouchersQuery;
  all: boolean;
  raw: boolean;
}

/** Page size of --all when --limit is not given: the fewest requests. */
export const ALL_PAGE_SIZE = 100;

function ordered(after: string | undefined, before: string | undefined, flags: string): void {
  if (after !== undefined && before !== undefined && Date.parse(after) >= Date.parse(before)) {
    throw new UsageError(`${flags}: the after date must come before the before date`);
  }
}

function text(value: string | undefined, flag: string): string | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === '' || /[\u0000-\u001f\u007f]/.test(value)) {
    throw new UsageError(`${flag} must be a non-empty value without control characters`);
  }
  return value;
}

export function parseVoucherListOptions(flags: VoucherListFlags): VoucherListOptions {
  const { limit, all, raw } = parsePagingFlags(flags);
  const page = parsePage(flags);
  if (flags.campaign !== undefined && flags.campaignId !== undefined) {
    throw new UsageError('--campaign and --campaign-id both select the campaign: give one of them');
  }
  const order = parseChoice(flags.order, VOUCHER_ORDERS, '--order') as VoucherOrder | undefined;
  if (all && order !== undefined && order !== 'created_at' && order !== '-created_at') {
    throw new UsageError(
      `--all reads in created_at order (past the service's 99-page cap), so --order must be created_at or -created_at, not '${order}'`,
    );
  }
  const createdAfter = parseInstant(flags.createdAfter, '--created-after');
  const createdBefore = parseInstant(flags.createdBefore, '--created-before');
  const updatedAfter = parseInstant(flags.updatedAfter, '--updated-after');
  const updatedBefore = parseInstant(flags.updatedBefore, '--updated-before');
  ordered(createdAfter, createdBefore, '--created-after/--created-before');
  ordered(updatedAfter, updatedBefore, '--updated-after/--updated-before');
  const junction = parseChoice(flags.junction?.toLowerCase(), ['and', 'or'] as const, '--junction');
  const filters = parseFilters(flags.filter ?? [], { fields: VOUCHER_FILTERS, what: 'vouchers' });
  if (junction !== undefined && filters.length === 0) {
    throw new UsageError('--junction joins --filter conditions, and none was given');
  }
  return {
    all,
    raw,
    query: {
      limit: limit ?? (all ? ALL_PAGE_SIZE : undefined),
      page,
      campaign: flags.campaign === undefined ? undefined : checkCampaign(flags.campaign, '--campaign'),
      campaignId:
        flags.campaignId === undefined ? undefined : checkCampaign(flags.campaignId, '--campaign-id'),
      category: text(flags.category, '--category'),
      customer: text(flags.customer, '--customer'),
      createdAfter,
      createdBefore,
      updatedAfter,
      updatedBefore,
      order,
      code: text(flags.code, '--code'),
      filters,
      junction,
    },
  };
}
