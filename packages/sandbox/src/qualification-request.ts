// The body of `POST /v1/qualifications`: a customer, an order, the scenario and the options (limit,
// cursor, resource types, sorting rule). What the sandbox does not imitate is refused by name: the
// scenarios other than ALL, promotion tiers asked for, the filters other than resource_type, sessions.
import { type CustomerRef, readCustomerRef } from './customers.js';
import { notImitated, type OrderInput, readOrder } from './redeem-request.js';
import {
  invalid,
  isGiven,
  isRecord,
  type Json,
  optionalEnum,
  optionalNumber,
  optionalRecord,
  optionalString,
  requireRecord,
} from './voucher-check.js';

export const SCENARIOS = [
  'ALL',
  'CUSTOMER_WALLET',
  'AUDIENCE_ONLY',
  'PRODUCTS',
  'PRODUCTS_DISCOUNT',
  'PROMOTION_STACKS',
  'PRODUCTS_BY_CUSTOMER',
  'PRODUCTS_DISCOUNT_BY_CUSTOMER',
] as const;
export const SORTING_RULES = ['DEFAULT', 'BEST_DEAL', 'LEAST_DEAL'] as const;
const RESOURCE_TYPES = ['voucher', 'campaign', 'promotion_tier', 'promotion_stack'] as const;
type ResourceType = (typeof RESOURCE_TYPES)[number];

/** The service's default page of qualified redeemables, and its largest. */
export const QUALIFICATION_LIMIT = { default: 5, max: 50 };

export interface QualificationRequest {
  customer: CustomerRef | null;
  order: OrderInput;
  limit: number;
  startingAfter: string | null;
  sorting: (typeof SORTING_RULES)[number];
  /** The kinds of redeemable asked for. */
  types: ReadonlySet<'voucher' | 'campaign'>;
  tracking_id: string | null;
}

const CONDITIONS = ['$is', '$in', '$is_not', '$not_in'] as const;

/** The resource types a `filters.resource_type` keeps; a promotion tier or stack asked for is refused. */
function resourceTypes(filters: Json | null): ReadonlySet<'voucher' | 'campaign'> {
  const all = new Set<'voucher' | 'campaign'>(['voucher', 'campaign']);
  if (filters === null) return all;
  for (const key of Object.keys(filters)) {
    if (key !== 'resource_type' && key !== 'junction') throw notImitated(`the qualification filter ${key}`);
  }
  const conditions = optionalRecord(
    optionalRecord(filters, 'resource_type', 'options.filters') ?? {},
    'conditions',
  );
  if (conditions === null) return all;
  let kept = new Set<ResourceType>(RESOURCE_TYPES);
  for (const [op, values] of Object.entries(conditions)) {
    const path = `options.filters.resource_type.conditions.${op}`;
    if (!(CONDITIONS as readonly string[]).includes(op))
      throw notImitated(`the condition ${op} on resource_type`);
    if (!Array.isArray(values) || values.some((v) => !(RESOURCE_TYPES as readonly unknown[]).includes(v)))
      invalid(path, `must be an array of ${RESOURCE_TYPES.join(', ')}`);
    const named = new Set(values as ResourceType[]);
    const keep = op === '$is' || op === '$in';
    if (keep && (named.has('promotion_tier') || named.has('promotion_stack')))
      throw notImitated('promotion tiers and stacks');
    kept = new Set([...kept].filter((type) => named.has(type) === keep));
  }
  return new Set([...kept].filter((type): type is 'voucher' | 'campaign' => all.has(type as 'voucher')));
}

export function readQualificationRequest(value: unknown): QualificationRequest {
  const body = requireRecord(value ?? {}, 'body');
  if (isGiven(body.session)) throw notImitated('sessions (session locks)');
  const scenario = optionalEnum(body, 'scenario', '', SCENARIOS) ?? 'ALL';
  if (scenario !== 'ALL') throw notImitated(`the qualification scenario ${scenario} (only ALL)`);
  const options = optionalRecord(body, 'options') ?? {};
  const limit = optionalNumber(options, 'limit', 'options', {
    integer: true,
    min: 1,
    max: QUALIFICATION_LIMIT.max,
  });
  const startingAfter = optionalString(options, 'starting_after', 'options');
  if (startingAfter !== null && Number.isNaN(Date.parse(startingAfter)))
    invalid('options.starting_after', 'must be a date-time');
  // `expand` only adds details to each redeemable; the sandbox shows them always.
  const filters = options.filters;
  if (isGiven(filters) && !isRecord(filters)) invalid('options.filters', 'must be an object');
  return {
    customer: readCustomerRef(body.customer),
    order: readOrder(body),
    limit: limit ?? QUALIFICATION_LIMIT.default,
    startingAfter: startingAfter === null ? null : new Date(startingAfter).toISOString(),
    sorting: optionalEnum(options, 'sorting_rule', 'options', SORTING_RULES) ?? 'DEFAULT',
    types: resourceTypes(isRecord(filters) ? filters : null),
    tracking_id: optionalString(body, 'tracking_id'),
  };
}
