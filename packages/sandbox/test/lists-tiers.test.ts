// The list-tiers handler called directly, with a fixed clock, before any HTTP is involved.
import { describe, expect, it } from 'vitest';
import { demoSeed, stateFromSeed } from '../src/seed.js';
import { tierRoutes } from '../src/tiers.js';
import type { RouteContext, SandboxState } from '../src/types.js';
import { routeContext, routeRequest, sandboxFailure } from './helpers/sandbox-routes.js';

const STRUCTURE = 'lts_0a1b2c3d4e5f';
const START = Date.parse('2026-04-01T12:00:00.000Z');
const route = tierRoutes[0]!;

const context = (clock: { now: number }) => routeContext(() => clock.now);

function list(state: SandboxState, rc: RouteContext, query: string, structure = STRUCTURE) {
  const path = `/v2/loyalties/tier-structures/${structure}/tiers`;
  const reply = route.handle(
    routeRequest({ path, params: { tierStructureId: structure }, query }),
    state,
    rc,
  );
  return reply.body as {
    object: string;
    data: Array<Record<string, unknown>>;
    cursor: { next: string; expires_at: string } | null;
  };
}

const names = (page: { data: Array<Record<string, unknown>> }) => page.data.map((tier) => tier.name);

describe('list tiers handler', () => {
  it('lists the five demo tiers newest first by default with no cursor', () => {
    const page = list(stateFromSeed(demoSeed()), context({ now: START }), '');
    expect(page.object).toBe('list');
    expect(names(page)).toEqual(['Diamond', 'Platinum', 'Gold', 'Silver', 'Bronze']);
    expect(page.cursor).toBeNull();
  });

  it('gives the demo tiers the vendor shape', () => {
    const [diamond] = list(stateFromSeed(demoSeed()), context({ now: START }), '').data;
    expect(diamond).toMatchObject({
      id: expect.stringMatching(/^lt_[a-f0-9]+$/),
      tier_structure_id: STRUCTURE,
      qualification_rules: { type: 'POINTS_AND_SEGMENT', points: { min_value: 50000 } },
      downgrade: { type: 'NO_DOWNGRADE' },
      object: 'tier',
    });
  });

  it.each([
    ['created_at', ['Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond']],
    ['name', ['Bronze', 'Diamond', 'Gold', 'Platinum', 'Silver']],
    ['-name', ['Silver', 'Platinum', 'Gold', 'Diamond', 'Bronze']],
  ])('sorts the tiers by %s', (order, expected) => {
    expect(names(list(stateFromSeed(demoSeed()), context({ now: START }), `order=${order}`))).toEqual(
      expected,
    );
  });

  it('continues a page from its cursor without repeating or skipping a tier', () => {
    const state = stateFromSeed(demoSeed());
    const rc = context({ now: START });
    const first = list(state, rc, 'limit=2&order=name');
    expect(names(first)).toEqual(['Bronze', 'Diamond']);
    expect(first.cursor?.next).toMatch(/^lcrst_[a-f0-9]+$/);
    expect(first.cursor?.expires_at).toBe('2026-04-01T12:30:00.000Z');
    const second = list(state, rc, `cursor=${first.cursor?.next}`);
    expect(names(second)).toEqual(['Gold', 'Platinum']);
    const third = list(state, rc, `cursor=${second.cursor?.next}&order=name`);
    expect(names(third)).toEqual(['Silver']);
    expect(third.cursor).toBeNull();
  });

  it('refuses a cursor used with another order than the one it was issued for', () => {
    const state = stateFromSeed(demoSeed());
    const rc = context({ now: START });
    const first = list(state, rc, 'limit=2&order=name');
    const error = sandboxFailure(() => list(state, rc, `cursor=${first.cursor?.next}&order=-name`));
    expect([error.status, error.key]).toEqual([400, 'invalid_cursor']);
  });

  it('answers cursor_expired once the cursor has lived thirty minutes', () => {
    const state = stateFromSeed(demoSeed());
    const clock = { now: START };
    const rc = context(clock);
    const first = list(state, rc, 'limit=2');
    clock.now = START + 29 * 60 * 1000;
    expect(names(list(state, rc, `cursor=${first.cursor?.next}`))).toEqual(['Gold', 'Silver']);
    clock.now = START + 30 * 60 * 1000;
    const error = sandboxFailure(() => list(state, rc, `cursor=${first.cursor?.next}`));
    expect([error.status, error.key]).toEqual([400, 'cursor_expired']);
  });

  it.each([
    ['lcrst_deadbeef', 'a cursor that was never issued'],
    ['not-a-cursor', 'a malformed cursor'],
    ['', 'an empty cursor'],
  ])('refuses cursor=%s (%s) with invalid_cursor', (cursor) => {
    const error = sandboxFailure(() =>
      list(stateFromSeed(demoSeed()), context({ now: START }), `cursor=${cursor}`),
    );
    expect([error.status, error.key]).toEqual([400, 'invalid_cursor']);
  });

  it('refuses a cursor issued for another tier structure', () => {
    const seed = demoSeed();
    seed.tierStructures = { ...seed.tierStructures, lts_ffff: seed.tierStructures?.[STRUCTURE] ?? [] };
    const state = stateFromSeed(seed);
    const rc = context({ now: START });
    const first = list(state, rc, 'limit=1');
    const error = sandboxFailure(() => list(state, rc, `cursor=${first.cursor?.next}`, 'lts_ffff'));
    expect(error.key).toBe('invalid_cursor');
  });

  it.each(['0', '101', 'ten', '2.5', '-1', ''])('refuses limit=%s naming the parameter', (limit) => {
    const error = sandboxFailure(() =>
      list(stateFromSeed(demoSeed()), context({ now: START }), `limit=${limit}`),
    );
    expect([error.status, error.key]).toEqual([400, 'invalid_query_params']);
    expect(error.details).toContain("'limit'");
  });

  it('refuses an order the endpoint does not know', () => {
    const error = sandboxFailure(() =>
      list(stateFromSeed(demoSeed()), context({ now: START }), 'order=updated_at'),
    );
    expect([error.status, error.key]).toEqual([400, 'invalid_query_params']);
    expect(error.details).toContain("'order'");
  });

  it('answers 404 not_found naming the tier structure that does not exist', () => {
    const error = sandboxFailure(() =>
      list(stateFromSeed(demoSeed()), context({ now: START }), '', 'lts_missing'),
    );
    expect([error.status, error.key]).toEqual([404, 'not_found']);
    expect(error.extra).toEqual({ resource_type: 'tier_structure', resource_id: 'lts_missing' });
  });

  it('forgets cursors a day after they expired so that the state does not grow forever', () => {
    const state = stateFromSeed(demoSeed());
    const clock = { now: START };
    const rc = context(clock);
    const old = list(state, rc, 'limit=1').cursor?.next ?? '';
    clock.now = START + 25 * 60 * 60 * 1000;
    list(state, rc, 'limit=1');
    expect(Object.keys(state.cursors)).not.toContain(old);
    expect(Object.keys(state.cursors)).toHaveLength(1);
  });
});
