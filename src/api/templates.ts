// List campaign templates: `GET /v1/templates/campaigns`, paged by `starting_after_id`, with the
// service's deepObject `filters` (filters[<field>][conditions][<operator>]=<value>).
import {
  both,
  type Check,
  flag,
  list,
  nullable,
  number,
  object,
  optional,
  readAnswer,
  text,
} from './answer.js';
import type { ApiClient, ApiRequest } from './client.js';

export const TEMPLATE_ORDERS = ['id', '-id'] as const;
export type TemplateOrder = (typeof TEMPLATE_ORDERS)[number];

export const FILTER_OPERATORS = [
  '$in',
  '$not_in',
  '$is',
  '$is_not',
  '$has_value',
  '$is_unknown',
  '$starts_with',
  '$ends_with',
  '$contains',
  '$not_contain',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export interface FilterCondition {
  field: string;
  operator: FilterOperator;
  /** One value for most operators, several for $in / $not_in, none for $has_value / $is_unknown. */
  values: string[];
}

export interface CampaignTemplate {
  id: string;
  name: string;
  description?: string;
  campaign_type: string;
  created_at: string;
  updated_at?: string;
  object: 'campaign_template';
}

/** The list object; the array lives under the key that `data_ref` names (`campaign_templates`). */
export interface TemplateList {
  object: 'list';
  data_ref: string;
  has_more: boolean;
  more_starting_after?: string;
  total?: number;
  [key: string]: unknown;
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

/** The templates of a page, read from the property that `data_ref` names (checked by listTemplates). */
export function templatesOf(list: TemplateList): CampaignTemplate[] {
  return itemsOf(list) as CampaignTemplate[];
}

function itemsOf(list: TemplateList): unknown {
  return list[list.data_ref] ?? list.campaign_templates ?? list.data;
}

const TEMPLATE = object({ id: text, name: text, campaign_type: text, created_at: text });

const TEMPLATE_LIST_ANSWER: Check = both(
  object({
    data_ref: text,
    has_more: flag,
    more_starting_after: optional(nullable(text)),
    total: optional(number),
  }),
  (value) => list(TEMPLATE)(itemsOf(value as TemplateList), 'the array that body.data_ref names'),
);

export async function listTemplates(client: ApiClient, query: ListTemplatesQuery): Promise<TemplateList> {
  return readAnswer<TemplateList>(
    await client.call<unknown>(listTemplatesRequest(query)),
    TEMPLATE_LIST_ANSWER,
    'GET /v1/templates/campaigns',
  );
}
