// Two habits of the vendor's client library (SDK v3, generated from the same description), which
// the service accepts and so the sandbox must: a body left out is sent as JSON `null` (or, for the
// add-vouchers call, as a bare number), and read as an empty body; a field sent as `null` is removed
// by an update and left out by a create or an add. Each path that creates, updates or adds vouchers
// and campaigns is walked through both.
import { describe, expect, it } from 'vitest';
import { type Json, useServedSandbox } from './helpers/sandbox-http.js';

const served = useServedSandbox({ now: () => Date.parse('2026-05-04T10:00:00.000Z') });
const call = (method: string, path: string, body?: unknown, raw?: string) =>
  served.call(method, path, body, raw);

let serial = 0;
const unique = (stem: string) => `${stem}-${++serial}`;
const discount = { type: 'PERCENT', percent_off: 10 };

async function newCampaign(extra: Json = {}): Promise<Json> {
  const { status, body } = await call('POST', '/v1/campaigns', {
    name: unique('SDK-C'),
    voucher: { type: 'DISCOUNT_VOUCHER', discount },
    ...extra,
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

const vouchersOf = (id: string) =>
  Object.values(served.sandbox.state.vouchers).filter((voucher) => voucher.campaign_id === id);

describe('a body left out, sent as null (or a bare number where the SDK sends one)', () => {
  it.each(['null', '7'])(
    'POST /v1/campaigns/{id}/vouchers with %s adds one voucher, no override',
    async (raw) => {
      const campaign = await newCampaign();
      const added = await call('POST', `/v1/campaigns/${campaign.id}/vouchers`, undefined, raw);
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect(added.body).toMatchObject({ campaign_id: campaign.id, discount, metadata: {} });
      expect(vouchersOf(campaign.id)).toHaveLength(1);
    },
  );

  it('POST /v1/campaigns/{id}/vouchers/{code} with null adds that code', async () => {
    const campaign = await newCampaign();
    const code = unique('SDK-OWN');
    const added = await call('POST', `/v1/campaigns/${campaign.id}/vouchers/${code}`, undefined, 'null');
    expect(added).toMatchObject({ status: 200, body: { code, campaign_id: campaign.id } });
  });

  it('PUT /v1/campaigns/{id} and PUT /v1/vouchers/{code} with null change nothing but updated_at', async () => {
    const campaign = await newCampaign({ description: 'kept' });
    const updated = await call('PUT', `/v1/campaigns/${campaign.id}`, undefined, 'null');
    expect(updated).toMatchObject({ status: 200, body: { description: 'kept' } });
    const code = unique('SDK-V');
    expect((await call('POST', `/v1/vouchers/${code}`, { discount, category: 'kept' })).status).toBe(200);
    const voucher = await call('PUT', `/v1/vouchers/${code}`, undefined, 'null');
    expect(voucher).toMatchObject({ status: 200, body: { code, category: 'kept' } });
  });

  it('a create with null is read as an empty body: the error names what is missing', async () => {
    const campaign = await call('POST', '/v1/campaigns', undefined, 'null');
    expect(campaign).toMatchObject({ status: 400, body: { details: 'Property name is required' } });
    const voucher = await call('POST', `/v1/vouchers/${unique('SDK-N')}`, undefined, 'null');
    expect(voucher.status).toBe(400);
    expect(voucher.body.details).not.toMatch(/must be a JSON object/);
  });
});

describe('a field sent as null', () => {
  it('PUT /v1/campaigns/{id} {"expiration_date": null} removes it: the answer leaves it out', async () => {
    const campaign = await newCampaign({
      start_date: '2026-01-01T00:00:00Z',
      expiration_date: '2030-01-01T00:00:00Z',
    });
    expect(campaign.expiration_date).toBe('2030-01-01T00:00:00.000Z');
    const updated = await call('PUT', `/v1/campaigns/${campaign.id}`, { expiration_date: null });
    expect(updated.status).toBe(200);
    expect(updated.body).not.toHaveProperty('expiration_date');
    expect(updated.body.start_date).toBe('2026-01-01T00:00:00.000Z');
    const read = await call('GET', `/v1/campaigns/${campaign.id}`);
    expect(read.body).not.toHaveProperty('expiration_date');
    const started = await call('PUT', `/v1/campaigns/${campaign.id}`, {
      start_date: null,
      description: null,
    });
    expect(started.body).not.toHaveProperty('start_date');
    expect(started.body.description).toBeNull();
  });

  it('PUT /v1/campaigns/{id} removes the category and the metadata sent as null, as a voucher update does', async () => {
    const campaign = await newCampaign({ category: 'Seasonal', metadata: { region: 'EU' } });
    const updated = await call('PUT', `/v1/campaigns/${campaign.id}`, { category: null, metadata: null });
    expect(updated.body).toMatchObject({ category: null, category_id: null, metadata: {} });
    const code = unique('SDK-META');
    await call('POST', `/v1/vouchers/${code}`, {
      discount,
      category: 'Seasonal',
      metadata: { region: 'EU' },
    });
    const voucher = await call('PUT', `/v1/vouchers/${code}`, { category: null, metadata: null });
    expect(voucher.body).toMatchObject({ category: null, category_id: null, metadata: {} });
  });

  it('PUT /v1/campaigns/{id} removes the recurring validity sent as null, and sets it when given', async () => {
    const campaign = await newCampaign();
    const set = await call('PUT', `/v1/campaigns/${campaign.id}`, { validity_day_of_week: [1, 2] });
    expect(set.body.validity_day_of_week).toEqual([1, 2]);
    const removed = await call('PUT', `/v1/campaigns/${campaign.id}`, { validity_day_of_week: null });
    expect(removed.body.validity_day_of_week).toBeNull();
  });

  it('a create or an add leaves out what is sent as null; an added voucher keeps its campaign dates', async () => {
    const campaign = await newCampaign({
      description: null,
      start_date: null,
      expiration_date: '2030-01-01T00:00:00Z',
      category: null,
      metadata: null,
    });
    expect(campaign).not.toHaveProperty('start_date');
    expect(campaign).toMatchObject({ description: null, category: null, metadata: {} });
    const added = await call('POST', `/v1/campaigns/${campaign.id}/vouchers`, {
      expiration_date: null,
      metadata: null,
      category: null,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body).toMatchObject({ expiration_date: '2030-01-01T00:00:00.000Z', metadata: {} });
    const code = unique('SDK-NULLS');
    const voucher = await call('POST', `/v1/vouchers/${code}`, {
      discount,
      category: null,
      metadata: null,
      start_date: null,
      redemption: null,
    });
    expect(voucher.status, JSON.stringify(voucher.body)).toBe(200);
    expect(voucher.body).toMatchObject({ code, category: null, metadata: {}, start_date: null });
  });
});
