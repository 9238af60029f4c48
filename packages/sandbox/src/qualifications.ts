// Qualify: `POST /v1/qualifications`, scenario ALL. What this customer and order can use now: the
// standalone vouchers, the campaign vouchers published to this customer, and the discount and gift
// campaigns, each judged as a validation judges a code (its own checks, then its validation rules,
// then what it gives), against the order as given, one at a time. As the service's description
// warns, uses per customer are not counted here (validation and redemption count them).
// Paging runs over creation dates, newest first (`starting_after` is the last one's `created_at`);
// the sorting rule orders each page. Changes nothing: a customer it names that is unknown is not stored.
import { templateOf } from './campaign-vouchers.js';
import { withCataloguePrices } from './catalogue-prices.js';
import { resolveCustomer } from './customers.js';
import { type CalcOrder, startOrder, totals } from './facts/discounts.js';
import { orderView } from './order-view.js';
import { type Judging, judge } from './qualification-judge.js';
import { type QualificationRequest, readQualificationRequest } from './qualification-request.js';
import { STACKING_RULES, trackingId } from './redeemable-view.js';
import { keysOfCampaign, streamEntries } from './state-query.js';
import type { CampaignRecord, Route } from './types.js';
import { hashSourceId } from './validations.js';
import type { Json } from './voucher-check.js';

const EMPTY_LIST = { data: [], total: 0, data_ref: 'data', object: 'list' };
/** The kinds of campaign whose codes take something off an order. */
const ORDER_CAMPAIGNS = new Set(['DISCOUNT_COUPONS', 'GIFT_VOUCHERS']);

interface Qualified {
  created_at: string;
  off: number;
  view: () => Json;
}

function qualified(
  request: QualificationRequest,
  customerId: string | null,
  head: Json,
  given: { order: CalcOrder; result: Json },
): Qualified {
  return {
    created_at: String(head.created_at),
    off: totals(given.order).total_applied_discount_amount,
    view: () => ({
      ...head,
      result: given.result,
      order: orderView(request.order, given.order, customerId),
      applicable_to: EMPTY_LIST,
      inapplicable_to: EMPTY_LIST,
    }),
  };
}

function* vouchers(j: Judging, request: QualificationRequest, customerId: string | null) {
  for (const voucher of streamEntries(j.state.vouchers)) {
    const created = String(voucher.created_at);
    if (request.startingAfter !== null && created >= request.startingAfter) continue;
    // Paying with points is not imitated; a campaign's code is the customer's only once published to them.
    if (voucher.type === 'LOYALTY_CARD') continue;
    if (typeof voucher.campaign_id === 'string' && (customerId === null || voucher.holder_id !== customerId))
      continue;
    const given = judge(j, voucher, String(voucher.code));
    if (!given) continue;
    const campaign = j.state.campaigns.find((c) => c.id === voucher.campaign_id);
    const head = {
      id: voucher.code,
      object: 'voucher',
      created_at: created,
      metadata: voucher.metadata ?? {},
      categories: voucher.categories ?? [],
      ...(campaign ? { campaign_id: campaign.id, campaign_name: campaign.name } : {}),
      ...(voucher.validation_rules_assignments
        ? { validation_rules_assignments: voucher.validation_rules_assignments }
        : {}),
    };
    yield qualified(request, customerId, head, given);
  }
}

function* campaigns(j: Judging, request: QualificationRequest, customerId: string | null) {
  for (const campaign of j.state.campaigns as CampaignRecord[]) {
    const created = String(campaign.created_at);
    if (!ORDER_CAMPAIGNS.has(campaign.campaign_type)) continue;
    if (request.startingAfter !== null && created >= request.startingAfter) continue;
    if (keysOfCampaign(j.state.vouchers, campaign.id).length === 0) continue;
    // The campaign judged as one of its codes would be: its template, its dates, its rules.
    const { start_date, expiration_date, validity_timeframe, validity_day_of_week, validity_hours } =
      campaign;
    const template: Json = {
      ...templateOf(campaign),
      ...{ start_date, expiration_date, validity_timeframe, validity_day_of_week, validity_hours },
      active: campaign.active !== false,
      object: 'campaign',
      code: campaign.name,
      campaign_id: campaign.id,
    };
    const given = judge(j, template, campaign.name);
    if (!given) continue;
    const head = {
      id: campaign.id,
      object: 'campaign',
      created_at: created,
      name: campaign.name,
      campaign_name: campaign.name,
      campaign_id: campaign.id,
      metadata: campaign.metadata ?? {},
      categories: [],
    };
    yield qualified(request, customerId, head, given);
  }
}

const byDeal = (a: Qualified, b: Qualified) => b.off - a.off;

export const qualificationRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/v1/qualifications',
    auth: 'app-or-bearer',
    scopes: ['qualifications'],
    readOnly: true,
    handle(req, state, rc) {
      const request = readQualificationRequest(req.body);
      const customer = resolveCustomer(state, request.customer, rc, false);
      const customerId = (customer?.id as string | undefined) ?? null;
      request.order.items = withCataloguePrices(state, request.order.items);
      const j: Judging = {
        state,
        rules: {
          redeemables: [],
          order: request.order,
          customer: request.customer,
          metadata: {},
          tracking_id: null,
        },
        customer,
        start: startOrder(request.order.amount, request.order.items),
        hasAmount: request.order.amount !== null || request.order.items.length > 0,
        nowMs: rc.now(),
      };
      const found = [
        ...(request.types.has('voucher') ? vouchers(j, request, customerId) : []),
        ...(request.types.has('campaign') ? campaigns(j, request, customerId) : []),
      ].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
      const page = found.slice(0, request.limit);
      const hasMore = found.length > page.length;
      const last = page.at(-1);
      if (request.sorting === 'BEST_DEAL') page.sort(byDeal);
      if (request.sorting === 'LEAST_DEAL') page.sort((a, b) => byDeal(b, a));
      return {
        status: 200,
        body: {
          redeemables: {
            object: 'list',
            data_ref: 'data',
            data: page.map((q) => q.view()),
            total: page.length,
            has_more: hasMore,
            ...(hasMore && last ? { more_starting_after: last.created_at } : {}),
          },
          tracking_id:
            request.tracking_id ?? trackingId(customer?.source_id as string | undefined, hashSourceId),
          order: orderView(request.order, j.start, customerId),
          stacking_rules: STACKING_RULES,
        },
      };
    },
  },
];
