// The two list operations over real HTTP, as the CLI sees them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSeed, type Sandbox } from '../src/index.js';
import { startCheckedSandbox } from './helpers/checked.js';
import { APP_HEADERS, callSandbox } from './helpers/sandbox-http.js';

const STRUCTURE = 'lts_0a1b2c3d4e5f';
const START = Date.parse('2026-04-01T12:00:00.000Z');

type Item = Record<string, unknown>;
interface TierPage {
  data: Item[];
  cursor: { next: string; expires_at: string } | null;
}
interface TemplatePage {
  campaign_templates: Item[];
  has_more: boolean;
  more_starting_after?: string;
  total?: number;
}

async function get<T>(sandbox: Sandbox, pathAndQuery: string): Promise<{ status: number; body: T }> {
  const { status, body } = await callSandbox(sandbox.url, 'GET', pathAndQuery, { headers: APP_HEADERS });
  return { status, body: body as T };
}

const tiersPath = (structure = STRUCTURE) => `/v2/loyalties/tier-structures/${structure}/tiers`;

/** Follows cursor.next to the end and returns every tier seen. */
async function allTierPages(sandbox: Sandbox, query: string): Promise<Item[]> {
  const seen: Item[] = [];
  let next: string | undefined;
  for (let pages = 0; pages < 50; pages++) {
    const cursor = next ? `&cursor=${next}` : '';
    const { status, body } = await get<TierPage>(sandbox, `${tiersPath()}?${query}${cursor}`);
    expect(status).toBe(200);
    seen.push(...body.data);
    if (!body.cursor) return seen;
    next = body.cursor.next;
  }
  throw new Error('the cursor never ended');
}

/** 37 tiers whose names and creation dates repeat, so that only the tie-break keeps pages apart. */
function crowdedSeed() {
  const seed = demoSeed();
  const tiers = Array.from({ length: 37 }, (_, i) => ({
    id: `lt_${(0xa00 + i).toString(16)}`,
    tier_structure_id: STRUCTURE,
    name: `Level ${i % 6}`,
    downgrade: {},
    metadata: {},
    created_at: `2026-01-${String(1 + (i % 9)).padStart(2, '0')}T00:00:00.000Z`,
    updated_at: null,
    object: 'tier',
  }));
  return { ...seed, tierStructures: { [STRUCTURE]: tiers } };
}

describe('list tiers over HTTP', () => {
  const clock = { now: START };
  let demo: Sandbox;
  let crowded: Sandbox;
  beforeAll(async () => {
    demo = await startCheckedSandbox({ now: () => clock.now });
    crowded = await startCheckedSandbox({ seed: crowdedSeed(), now: () => START });
  });
  afterAll(async () => {
    await demo.close();
    await crowded.close();
  });

  it.each(['created_at', '-created_at', 'name', '-name'])(
    'joins pages of 4 into the same list as one page of 100 when ordered by %s',
    async (order) => {
      const whole = await get<TierPage>(crowded, `${tiersPath()}?limit=100&order=${order}`);
      expect(whole.body.data).toHaveLength(37);
      expect(whole.body.cursor).toBeNull();
      const paged = await allTierPages(crowded, `limit=4&order=${order}`);
      expect(paged.map((tier) => tier.id)).toEqual(whole.body.data.map((tier) => tier.id));
    },
  );

  it('pages the demo tiers in both created_at orders across page boundaries', async () => {
    const newest = await allTierPages(demo, 'limit=2');
    expect(newest.map((tier) => tier.name)).toEqual(['Diamond', 'Platinum', 'Gold', 'Silver', 'Bronze']);
    const oldest = await allTierPages(demo, 'limit=2&order=created_at');
    expect(oldest.map((tier) => tier.name)).toEqual(['Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond']);
  });

  it('answers cursor_expired when the clock passes the cursor expiry', async () => {
    clock.now = START;
    const first = await get<TierPage>(demo, `${tiersPath()}?limit=3`);
    expect(first.body.cursor?.expires_at).toBe('2026-04-01T12:30:00.000Z');
    clock.now = START + 10 * 60 * 1000;
    const second = await get<TierPage>(demo, `${tiersPath()}?cursor=${first.body.cursor?.next}`);
    expect(second.body.data.map((tier) => tier.name)).toEqual(['Silver', 'Bronze']);
    clock.now = START + 31 * 60 * 1000;
    const late = await get<Item>(demo, `${tiersPath()}?cursor=${first.body.cursor?.next}`);
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ code: 400, key: 'cursor_expired' });
    clock.now = START;
  });

  it('answers 404 not_found for a tier structure that does not exist', async () => {
    const { status, body } = await get<Item>(demo, tiersPath('lts_nothere'));
    expect(status).toBe(404);
    expect(body).toMatchObject({
      key: 'not_found',
      resource_type: 'tier_structure',
      resource_id: 'lts_nothere',
    });
    expect(body.request_id).toEqual(expect.any(String));
  });

  it('accepts a bearer token that holds the loyalties scope and refuses one that does not', async () => {
    const issue = async (scope: string) => {
      const response = await fetch(`${demo.url}/v1/oauth/token`, {
        method: 'POST',
        headers: { ...APP_HEADERS, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', scope }),
      });
      return ((await response.json()) as { access_token: string }).access_token;
    };
    const withBearer = async (token: string) =>
      (await fetch(demo.url + tiersPath(), { headers: { Authorization: `Bearer ${token}` } })).status;
    expect(await withBearer(await issue('loyalties'))).toBe(200);
    expect(await withBearer(await issue('vouchers'))).toBe(403);
  });

  it('answers 400 naming limit when it is out of range', async () => {
    const { status, body } = await get<Item>(demo, `${tiersPath()}?limit=101`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ key: 'invalid_query_params', details: expect.stringContaining("'limit'") });
  });
});

describe('list campaign templates over HTTP', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startCheckedSandbox({ now: () => START });
  });
  afterAll(() => sandbox.close());

  const list = (query: string) => get<TemplatePage>(sandbox, `/v1/templates/campaigns?${query}`);

  it.each(['', 'order=id', 'order=-id'])(
    'walks every template once with starting_after_id (%s)',
    async (order) => {
      const whole = (await list(`limit=100&${order}`)).body.campaign_templates.map((t) => t.id);
      expect(whole).toHaveLength(25);
      const seen: unknown[] = [];
      let after = '';
      for (let pages = 0; pages < 10; pages++) {
        const { body } = await list(`limit=6&${order}${after ? `&starting_after_id=${after}` : ''}`);
        seen.push(...body.campaign_templates.map((t) => t.id));
        if (!body.has_more) break;
        after = body.more_starting_after ?? '';
      }
      expect(seen).toEqual(whole);
    },
  );

  it('filters by name prefix and campaign type with an or junction, brackets encoded or not', async () => {
    const plain =
      'filters[name][conditions][$starts_with]=Winter&filters[campaign_type][conditions][$in][0]=GIFT_VOUCHERS' +
      '&filters[junction]=or&limit=100';
    const encoded = plain.replaceAll('[', '%5B').replaceAll(']', '%5D').replaceAll('$', '%24');
    const { status, body } = await list(plain);
    expect(status).toBe(200);
    const names = body.campaign_templates.map((t) => t.name);
    expect(names).toContain('Winter Clearance 30%');
    expect(names).toContain('Gift card 50');
    expect(names).toHaveLength(9 + 2);
    expect((await list(encoded)).body.campaign_templates.map((t) => t.name)).toEqual(names);
  });

  it('reports the total of all templates only when include_total is true', async () => {
    const filtered = 'filters[name][conditions][$contains]=Friday&include_total=true';
    const { body } = await list(filtered);
    expect(body.total).toBe(25);
    expect(body.campaign_templates).toHaveLength(2);
    expect((await list('')).body).not.toHaveProperty('total');
  });

  it.each([
    'limit=0',
    'limit=101',
    'filters[name][conditions][$like]=x',
    'filters[nickname][conditions][$is]=x',
  ])('answers 400 invalid_query_params to %s', async (query) => {
    const { status, body } = await get<Item>(sandbox, `/v1/templates/campaigns?${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 400, key: 'invalid_query_params' });
  });

  it('accepts limit 1 and limit 100', async () => {
    expect((await list('limit=1')).body.campaign_templates).toHaveLength(1);
    expect((await list('limit=100')).body.campaign_templates).toHaveLength(25);
  });
});
