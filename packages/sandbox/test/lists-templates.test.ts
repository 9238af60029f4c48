// The list-templates handler and its deepObject filters, called directly against the demo data.
import { describe, expect, it } from 'vitest';
import { demoSeed, stateFromSeed } from '../src/seed.js';
import { templateRoutes } from '../src/templates.js';
import type { RouteContext } from '../src/types.js';
import { routeRequest, sandboxFailure } from './helpers/sandbox-routes.js';

const route = templateRoutes[0]!;
const rc: RouteContext = {
  now: () => Date.parse('2026-04-01T12:00:00Z'),
  newId: (p) => `${p}1`,
  appId: 'sandbox',
};

interface TemplateList {
  object: string;
  data_ref: string;
  campaign_templates: Array<Record<string, unknown>>;
  has_more: boolean;
  more_starting_after?: string;
  total?: number;
}

function list(query: string): TemplateList {
  const reply = route.handle(
    routeRequest({ path: '/v1/templates/campaigns', query }),
    stateFromSeed(demoSeed()),
    rc,
  );
  return reply.body as TemplateList;
}

const failure = (query: string) => sandboxFailure(() => list(query));

const names = (page: TemplateList) => page.campaign_templates.map((template) => template.name);
const all = (query: string) => names(list(`limit=100&${query}`));

describe('list campaign templates handler', () => {
  it('answers ten templates in creation order with the array under data_ref', () => {
    const page = list('');
    expect(page).toMatchObject({ object: 'list', data_ref: 'campaign_templates', has_more: true });
    expect(page.campaign_templates).toHaveLength(10);
    expect(page.campaign_templates[0]).toMatchObject({
      name: 'Summer Sale 20% off',
      object: 'campaign_template',
    });
    expect(page.more_starting_after).toBe(page.campaign_templates[9]?.id);
    expect(page).not.toHaveProperty('total');
  });

  it('holds 25 templates of both campaign types with increasing creation dates', () => {
    const templates = list('limit=100').campaign_templates;
    expect(templates).toHaveLength(25);
    expect(new Set(templates.map((t) => t.campaign_type))).toEqual(
      new Set(['DISCOUNT_COUPONS', 'GIFT_VOUCHERS']),
    );
    const dates = templates.map((t) => String(t.created_at));
    expect([...dates].sort()).toEqual(dates);
    expect(templates.every((t) => /^camptpl_[a-f0-9]+$/.test(String(t.id)))).toBe(true);
  });

  it.each(['', 'order=id', 'order=-id'])(
    'pages with starting_after_id through every template once (%s)',
    (order) => {
      const whole = list(`limit=100&${order}`).campaign_templates.map((t) => t.id);
      const seen: unknown[] = [];
      let after: string | undefined;
      for (let pages = 0; pages < 10; pages++) {
        const page = list(`limit=7&${order}${after ? `&starting_after_id=${after}` : ''}`);
        seen.push(...page.campaign_templates.map((t) => t.id));
        if (!page.has_more) {
          expect(page.more_starting_after).toBeUndefined();
          break;
        }
        after = page.more_starting_after;
      }
      expect(seen).toEqual(whole);
    },
  );

  it('sorts by id in both directions', () => {
    const ids = list('limit=100&order=id').campaign_templates.map((t) => String(t.id));
    expect(ids).toEqual([...ids].sort());
    expect(list('limit=100&order=-id').campaign_templates.map((t) => t.id)).toEqual([...ids].reverse());
  });

  it('counts every template in total, whatever the filters', () => {
    const page = list('include_total=true&filters[campaign_type][conditions][$is]=GIFT_VOUCHERS');
    expect(page.total).toBe(25);
    expect(page.campaign_templates.every((t) => t.campaign_type === 'GIFT_VOUCHERS')).toBe(true);
    expect(list('include_total=false')).not.toHaveProperty('total');
  });

  it.each([
    'limit=0',
    'limit=101',
    'limit=x',
    'order=name',
    'include_total=yes',
    'starting_after_id=camptpl_00',
  ])('refuses %s with invalid_query_params', (query) => {
    const error = failure(query);
    expect([error.status, error.key]).toEqual([400, 'invalid_query_params']);
    expect(error.details).toContain(`'${query.split('=')[0]}'`);
  });

  it('accepts the largest limit and the smallest', () => {
    expect(list('limit=100').campaign_templates).toHaveLength(25);
    expect(list('limit=1').campaign_templates).toHaveLength(1);
  });
});

describe('template filters', () => {
  const summer = ['Summer Sale 20% off', 'Summer Free Shipping', 'Summer Flash Weekend', 'Summer gift card'];

  it('keeps names that start with a prefix', () => {
    expect(all('filters[name][conditions][$starts_with]=Summer')).toEqual([
      ...summer,
      'Summer Loyalty Boost',
    ]);
  });

  it('reads brackets whether or not they are percent-encoded', () => {
    const encoded = 'filters%5Bname%5D%5Bconditions%5D%5B%24starts_with%5D=Summer';
    expect(all(encoded)).toEqual(all('filters[name][conditions][$starts_with]=Summer'));
  });

  it('keeps names that end with, contain, or do not contain a string', () => {
    expect(all('filters[name][conditions][$ends_with]=Gift card 50')).toEqual([
      'Gift card 50',
      'Winter Holidays Gift card 50',
    ]);
    expect(all('filters[name][conditions][$contains]=Friday')).toEqual([
      'Black Friday Doorbusters',
      'Black Friday Early Access',
    ]);
    // %25 is a percent sign: six names carry one.
    const withoutPercent = all('filters[name][conditions][$not_contain]=%25');
    expect(withoutPercent).toHaveLength(19);
    expect(withoutPercent.some((name) => String(name).includes('%'))).toBe(false);
  });

  it('matches exact names with $is and leaves them out with $is_not', () => {
    expect(all('filters[name][conditions][$is]=Gift+card+50')).toEqual(['Gift card 50']);
    expect(all('filters[name][conditions][$is_not]=Gift%20card%2050')).toHaveLength(24);
  });

  it('takes $in values by index, or as one comma-separated value', () => {
    const indexed =
      'filters[campaign_type][conditions][$in][1]=GIFT_VOUCHERS&filters[campaign_type][conditions][$in][0]=DISCOUNT_COUPONS';
    expect(all(indexed)).toHaveLength(25);
    const ids = list('limit=2').campaign_templates.map((t) => t.id);
    expect(list(`filters[id][conditions][$in]=${ids.join(',')}`).campaign_templates.map((t) => t.id)).toEqual(
      ids,
    );
    expect(all(`filters[id][conditions][$not_in][0]=${ids[0]}`)).toHaveLength(24);
  });

  it('tells templates with a description from those without', () => {
    const without = all('filters[description][conditions][$is_unknown]=');
    expect(without).toEqual([
      'Welcome discount 10%',
      'Birthday treat',
      'Holiday gift voucher',
      'Corporate gift card',
      'Anniversary 5 EUR off',
    ]);
    expect(all('filters[description][conditions][$has_value]=')).toHaveLength(25 - without.length);
  });

  it('joins conditions with and by default, and with or when the junction says so', () => {
    const summerGifts =
      'filters[name][conditions][$starts_with]=Summer&filters[campaign_type][conditions][$is]=GIFT_VOUCHERS';
    expect(all(summerGifts)).toEqual(['Summer gift card']);
    const either = all(`${summerGifts}&filters[junction]=or`);
    expect(either).toHaveLength(5 + 9 - 1);
    expect(either).toContain('Summer Sale 20% off');
    expect(either).toContain('Gift card 100');
  });

  it('applies the filters before the limit and reports has_more against the filtered list', () => {
    const first = list('limit=3&filters[name][conditions][$starts_with]=Summer');
    expect(names(first)).toEqual(summer.slice(0, 3));
    expect(first.has_more).toBe(true);
    const rest = list(
      `limit=3&filters[name][conditions][$starts_with]=Summer&starting_after_id=${first.more_starting_after}`,
    );
    expect(names(rest)).toEqual(['Summer gift card', 'Summer Loyalty Boost']);
    expect(rest.has_more).toBe(false);
  });

  it.each([
    ['filters[colour][conditions][$is]=red', 'an unknown field'],
    ['filters[name][conditions][$like]=Summer', 'an unknown operator'],
    ['filters[campaign_type][conditions][$contains]=GIFT', 'an operator the field does not take'],
    ['filters[campaign_type][conditions][$is]=LOYALTY_PROGRAM', 'a campaign type that does not exist'],
    ['filters[junction]=xor', 'a junction other than and/or'],
    ['filters[name][$is]=Summer', 'a key without conditions'],
    ['filters[name][conditions][$is][0]=Summer', 'an index on a single-value operator'],
    ['filters[name][conditions][$starts_with]=', 'an empty prefix'],
    ['filters[id][conditions][$in]=', 'an empty $in list'],
    ['filters=name', 'a filters value that is not a deepObject'],
    ['filters[name][conditions][$is]=%E0%A4%A', 'broken percent-encoding'],
  ])('refuses %s (%s)', (query) => {
    const error = failure(query);
    expect([error.status, error.key]).toEqual([400, 'invalid_query_params']);
  });
});
