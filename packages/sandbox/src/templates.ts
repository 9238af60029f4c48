// List campaign templates: `GET /v1/templates/campaigns`, paged by `starting_after_id`.
import { STRING_OPERATORS, TEMPLATE_CAMPAIGN_TYPES, WHOLE_VALUE_OPERATORS } from './facts/filters.js';
import { TEMPLATE_ORDERS } from './facts/lists.js';
import { type FilterFields, matchesFilters, parseFilters } from './list-filters.js';
import {
  compareKeys,
  DEFAULT_LIMIT,
  invalidQuery,
  readBoolean,
  readChoice,
  readLimit,
} from './list-params.js';
import type { Route, SandboxReply, SandboxRequest, SandboxState } from './types.js';

type Template = Record<string, unknown>;

// The vendor's filter schema: plain string fields take every string operator; campaign_type is an
// enumeration without the substring operators, and its whole-value operators take only its values.
const TEMPLATE_FILTER_FIELDS: FilterFields = {
  id: { operators: STRING_OPERATORS },
  name: { operators: STRING_OPERATORS },
  description: { operators: STRING_OPERATORS },
  campaign_type: {
    operators: WHOLE_VALUE_OPERATORS,
    values: TEMPLATE_CAMPAIGN_TYPES,
  },
  created_at: { operators: STRING_OPERATORS },
  updated_at: { operators: STRING_OPERATORS },
};

export const templateRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/v1/templates/campaigns',
    auth: 'app-or-bearer',
    scopes: ['templates'],
    handle: listTemplates,
  },
];

function listTemplates(req: SandboxRequest, state: SandboxState): SandboxReply {
  const limit = readLimit(req.query) ?? DEFAULT_LIMIT;
  const order = readChoice(req.query, 'order', TEMPLATE_ORDERS);
  const includeTotal = readBoolean(req.query, 'include_total') ?? false;
  const filters = parseFilters(req.rawQuery, TEMPLATE_FILTER_FIELDS);

  const ordered = sortTemplates(state.templates, order);
  const startingAfter = req.query.get('starting_after_id');
  let start = 0;
  if (startingAfter !== null) {
    // The id is looked up among all templates, not only the filtered ones, so a page boundary stays
    // put even when a filter hides the template it names. An id that names nothing is refused
    // rather than answered with an empty page, which would look like the end of the list.
    const at = ordered.findIndex((template) => template.id === startingAfter);
    if (at < 0) throw invalidQuery('starting_after_id', `names no campaign template: '${startingAfter}'`);
    start = at + 1;
  }

  const matching = ordered.slice(start).filter((template) => matchesFilters(template, filters));
  const page = matching.slice(0, limit);
  const hasMore = matching.length > page.length;
  const body: Record<string, unknown> = {
    object: 'list',
    data_ref: 'campaign_templates',
    campaign_templates: page,
  };
  // The service counts every template here, whatever the filters and limit.
  if (includeTotal) body.total = state.templates.length;
  body.has_more = hasMore;
  if (hasMore) body.more_starting_after = page[page.length - 1]?.id;
  return { status: 200, body };
}

/** By id when asked; otherwise by creation date, most recent last (ties by id, so pages never overlap). */
function sortTemplates(
  templates: Template[],
  order: (typeof TEMPLATE_ORDERS)[number] | undefined,
): Template[] {
  const id = (template: Template) => String(template.id ?? '');
  const created = (template: Template) => Date.parse(String(template.created_at ?? '')) || 0;
  return [...templates].sort((a, b) => {
    if (order === 'id') return compareKeys(id(a), id(b));
    if (order === '-id') return compareKeys(id(b), id(a));
    return compareKeys(created(a), created(b)) || compareKeys(id(a), id(b));
  });
}
