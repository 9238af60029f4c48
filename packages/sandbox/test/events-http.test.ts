// Send custom event over real HTTP, as the CLI sees it.
import { describe, expect, it } from 'vitest';
import { useServedSandbox } from './helpers/sandbox-http.js';

describe('send custom event over HTTP', () => {
  const served = useServedSandbox({ now: () => Date.parse('2026-04-01T12:00:00Z') });
  const send = (body: unknown) => served.call('POST', '/v1/events', body);

  it('answers 200 with the event and keeps it in the state', async () => {
    const before = served.sandbox.state.events.length;
    const { status, body } = await send({
      event: 'purchase_completed',
      customer: { source_id: 'http-1', email: 'http@example.com' },
      referral: { code: 'REF-1' },
      metadata: { total: 5000 },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      object: 'event',
      type: 'purchase_completed',
      customer: { id: expect.stringMatching(/^cust_[a-f0-9]+$/), source_id: 'http-1', object: 'customer' },
      referral: { code: 'REF-1' },
      loyalty: null,
      metadata: { total: 5000 },
    });
    expect(served.sandbox.state.events).toHaveLength(before + 1);
    const again = await send({ event: 'newsletter_signup', customer: { source_id: 'http-1' } });
    expect((again.body.customer as { id: string }).id).toBe((body.customer as { id: string }).id);
  });

  it('answers 404 not_found for an event the schema does not define', async () => {
    const { status, body } = await send({ event: 'order_teleported', customer: { source_id: 'x' } });
    expect(status).toBe(404);
    expect(body).toMatchObject({ key: 'not_found', resource_type: 'custom_event_schema' });
  });

  it('answers 400 when the customer is missing', async () => {
    const { status, body } = await send({ event: 'purchase_completed' });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 400, key: 'invalid_payload' });
  });

  it('answers 400 to an event name of 301 characters', async () => {
    const { status, body } = await send({ event: 'x'.repeat(301), customer: { source_id: 'x' } });
    expect(status).toBe(400);
    expect(body).toMatchObject({ key: 'invalid_payload', details: expect.stringContaining('300') });
  });
});
