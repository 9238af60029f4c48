// promo loyalty members <program> [--customer C] [--all]: a program's members (its loyalty cards),
// listed as campaign vouchers are: one page, or with --all every one past the service's 99-page cap,
// streamed page by page with -o ndjson or -o csv (promo's memory stays bounded whatever the size).
import { listMembers } from '../../api/loyalties.js';
import { VOUCHER_FIELDS } from '../../api/vouchers.js';
import { defineCommand, defineOptions } from '../../toolkit/define.js';
import { pagedListOptions, parsePage, parsePagingFlags } from '../paging.js';
import { run as listVouchers } from '../voucher/list.js';
import { ALL_PAGE_SIZE } from '../voucher/list-options.js';
import { checkCustomer, requireCustomerId } from './customer-ref.js';
import { MEMBER_COLUMNS } from './member-view.js';
import { PROGRAM_ARG, withProgramHint } from './refs.js';

const options = defineOptions({
  customer: { type: 'value', value: 'id', help: "only this customer's cards (id or source id)" },
  ...pagedListOptions('members', 'every member, also past page 99, streamed with -o ndjson or -o csv'),
});

export default defineCommand({
  path: ['loyalty', 'members'],
  fields: VOUCHER_FIELDS,
  summary: "List a program's members (its loyalty cards); --all for every one, streamed",
  description: `A member is a loyalty card of the program held by a customer. --all reads every member once,
oldest first, past the service's cap of 99 pages (by narrowing the created_at window), in bounded
memory with -o ndjson or -o csv. -o json: the service's voucher objects. A program that does not
exist is exit 3 with the names close to it, never an empty list.`,
  examples: [
    "promo loyalty members 'Loyalty Club'",
    "promo loyalty members 'Loyalty Club' --customer anna",
    "promo loyalty members 'Loyalty Club' --all -o ndjson | jq -r .code | wc -l",
  ],
  args: PROGRAM_ARG,
  options,
  run: async ({ program, customer, ...flags }, rt) => {
    const { limit, all, raw } = parsePagingFlags(flags);
    const page = parsePage(flags);
    const client = await rt.client();
    const holder =
      customer === undefined ? undefined : await requireCustomerId(client, checkCustomer(customer));
    const byId = /^camp_[A-Za-z0-9]+$/.test(program);
    const query = {
      ...(byId ? { campaignId: program } : { campaign: program }),
      limit: limit ?? (all ? ALL_PAGE_SIZE : undefined),
      page,
      customer: holder,
    };
    await withProgramHint(rt.client.bind(rt), program, () =>
      listVouchers({ query, all, raw }, rt, {
        fetch: (c, q) => listMembers(c, program, q),
        columns: MEMBER_COLUMNS,
        noun: 'members',
      }),
    );
  },
});
