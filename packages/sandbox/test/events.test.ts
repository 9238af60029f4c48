// The send-event handler called directly: validation, the event schema, and stable customer ids.
import { describe, expect, it } from 'vitest';
import { eventRoutes } from '../src/events.js';
import { demoSeed, stateFromSeed } from '../src/seed.js';
import type { RouteContext, SandboxState } from '../src/types.js';
import { routeContext, routeRequest, sandboxFailure } from './helpers/sandbox-routes.js';

const route = eventRoutes[0]!;

interface EventReply {
  object: string;
  type: string;
  customer: Record<string, unknown>;
  referral: unknown;
  loyalty: unknown;
  metadata: unknown;
}

function setup() {
  const rc = routeContext(() => Date.parse('2026-04-01T12:00:00Z'));
  const state = stateFromSeed(demoSeed());
  return { state, send: (body: unknown) => send(state, rc, body) };
}

function send(state: SandboxState, rc: RouteContext, body: unknown) {
  const reply = route.handle(
    routeRequest({ method: 'POST', path: '/v1/events', body, json: true }),
    state,
    rc,
  );
  return reply.body as EventReply;
}

describe('send custom event handler', () => {
  it('answers the event with the customer, null referral and loyalty, and records it', () => {
    const { state, send } = setup();
    const event = send({
      event: 'purchase_completed',
      customer: { source_id: 'crm-42', name: 'Ada Lovelace', email: 'ada@example.com' },
      metadata: { order_total: 12900 },
    });
    expect(event).toEqual({
      object: 'event',
      type: 'purchase_completed',
      customer: {
        id: expect.stringMatching(/^cust_[a-f0-9]+$/),
        source_id: 'crm-42',
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        metadata: {},
        object: 'customer',
      },
      referral: null,
      loyalty: null,
      metadata: { order_total: 12900 },
    });
    expect(state.events).toEqual([event]);
  });

  it('keeps one customer id per source_id and remembers what it was told', () => {
    const { send } = setup();
    const first = send({
      event: 'newsletter_signup',
      customer: { source_id: 'crm-1', email: 'a@example.com' },
    });
    const other = send({ event: 'newsletter_signup', customer: { source_id: 'crm-2' } });
    const again = send({ event: 'purchase_completed', customer: { source_id: 'crm-1', name: 'Ann' } });
    expect(again.customer.id).toBe(first.customer.id);
    expect(other.customer.id).not.toBe(first.customer.id);
    expect(again.customer).toMatchObject({ email: 'a@example.com', name: 'Ann' });
    const byId = send({ event: 'cart_abandoned', customer: { id: first.customer.id } });
    expect(byId.customer).toMatchObject({ source_id: 'crm-1', name: 'Ann' });
  });

  it('echoes the referral and loyalty objects it was given', () => {
    const { send } = setup();
    const event = send({
      event: 'referral_conversion',
      customer: { email: 'new@example.com' },
      referral: { code: 'REF-ADA', referrer_id: 'cust_0000000000000001' },
      loyalty: { code: 'L-CARD-1' },
    });
    expect(event.referral).toEqual({ code: 'REF-ADA', referrer_id: 'cust_0000000000000001' });
    expect(event.loyalty).toEqual({ code: 'L-CARD-1' });
  });

  it('answers 404 not_found for an event the schema does not define', () => {
    const { state, send } = setup();
    const error = sandboxFailure(() => send({ event: 'unicorn_sighted', customer: { source_id: 'x' } }));
    expect([error.status, error.key]).toEqual([404, 'not_found']);
    expect(error.extra).toEqual({ resource_type: 'custom_event_schema', resource_id: 'unicorn_sighted' });
    expect(state.events).toEqual([]);
  });

  it('accepts a 300-character event name as far as the schema check', () => {
    const { send } = setup();
    expect(sandboxFailure(() => send({ event: 'e'.repeat(300), customer: { source_id: 'x' } })).status).toBe(
      404,
    );
  });

  it.each([
    ['a body that is not an object', ['purchase_completed']],
    ['a missing event', { customer: { source_id: 'x' } }],
    ['an empty event name', { event: '', customer: { source_id: 'x' } }],
    ['an event name of 301 characters', { event: 'e'.repeat(301), customer: { source_id: 'x' } }],
    ['an event name that is not a string', { event: 7, customer: { source_id: 'x' } }],
    ['a missing customer', { event: 'purchase_completed' }],
    ['a customer with no id, source_id or email', { event: 'purchase_completed', customer: { name: 'Ann' } }],
    ['a customer field of the wrong type', { event: 'purchase_completed', customer: { source_id: 5 } }],
    ['a referral without a code', { event: 'referral_conversion', customer: { id: 'c' }, referral: {} }],
    [
      'a loyalty object without a code',
      { event: 'purchase_completed', customer: { id: 'c' }, loyalty: { x: 1 } },
    ],
    ['metadata that is not an object', { event: 'purchase_completed', customer: { id: 'c' }, metadata: 'x' }],
  ])('answers 400 invalid_payload for %s', (_case, body) => {
    const { state, send } = setup();
    const error = sandboxFailure(() => send(body));
    expect([error.status, error.key]).toEqual([400, 'invalid_payload']);
    expect(state.events).toEqual([]);
  });
});
