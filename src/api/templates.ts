// List campaign templates: `GET /v1/templates/campaigns`, paged by `starting_after_id`, with the
// service's deepObject `filters` (filters[<field>][conditions][<operator>]=<value>).
import type { STRING_OPERATORS } from 'promo-sandbox/facts/filters';
import type { TemplateOrder } from 'promo-sandbox/facts/lists';
import {
  type Checked,
  flag,
  type ListAnswer,
  maybe,
  number,
  object,
  optional,
  readListAnswer,
  text,
} from './answer.js';
import type { ApiClient, ApiRequest } from './client.js';

/** The conditions promo's --filter writes: those on text (facts/filters.ts). */
export { STRING_OPERATORS as FILTER_OPERATORS } from 'promo-sandbox/facts/filters';
export { TEMPLATE_ORDERS, type TemplateOrder } from 'promo-sandbox/facts/lists';
export type FilterOperator = (typeof STRING_OPERATORS)[number];

export interface FilterCondition {
  field: string;
  operator: FilterOperator;
  /** One value for most operators, several for $in / $not_in, none for $has_value / $is_unknown. */
  values: string[];
}

export interface ListTemplatesQuery {
  limit?: number;
  startingAfter?: string;
  order?: TemplateOrder;
  includeTotal?: boolean;
  filters?: FilterCondition[];
  junction?: 'and' | 'or';
}

export function listTemplatesRequest(query: ListTemplatesQuery): ApiRequest {
  const params = new URLSearchParams();
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.startingAfter !== undefined) params.set('starting_after_id', query.startingAfter);
  if (query.order !== undefined) params.set('order', query.order);
  if (query.includeTotal) params.set('include_total', 'true');
  for (const [key, value] of filterParams(query.filters ?? [], query.junction)) params.append(key, value);
  return { method: 'GET', path: '/v1/templates/campaigns', query: params, auth: 'app' };
}

/** The deepObject pairs; list operators are indexed (`[$in][0]`), presence checks take an empty value. */
export function filterParams(
  conditions: FilterCondition[],
  junction?: 'and' | 'or',
): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const { field, operator, values } of conditions) {
    const key = `filters[${field}][conditions][${operator}]`;
    if (operator === '$in' || operator === '$not_in') {
      values.forEach((value, i) => {
        pairs.push([`${key}[${i}]`, value]);
      });
    } else {
      pairs.push([key, values[0] ?? '']);
    }
  }
  if (junction && conditions.length > 0) pairs.push(['filters[junction]', junction]);
  return pairs;
}

const TEMPLATE = object({
  id: text,
  name: text,
  description: maybe(text),
  campaign_type: text,
  created_at: text,
});
export type CampaignTemplate = Checked<typeof TEMPLATE>;

/** The top-level fields of a campaign template (for --fields). */
export const TEMPLATE_FIELDS = [
  'id',
  'name',
  'description',
  'campaign_type',
  'campaign_setup',
  'created_at',
  'updated_at',
  'object',
] as const;

const TEMPLATE_PAGE = object({ has_more: flag, more_starting_after: maybe(text), total: optional(number) });

/** A page of templates: they sit under the key `data_ref` names (`campaign_templates`). */
export type TemplateList = ListAnswer<CampaignTemplate, Checked<typeof TEMPLATE_PAGE>>;

export async function listTemplates(client: ApiClient, query: ListTemplatesQuery): Promise<TemplateList> {
  return readListAnswer(
    await client.call(listTemplatesRequest(query)),
    TEMPLATE,
    'campaign_templates',
    'GET /v1/templates/campaigns',
    TEMPLATE_PAGE,
  );
}
