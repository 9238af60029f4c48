// Static customer segments and the rule customer.segment, through the built bin/promo.js against a
// sandbox of its own per test: voucher validate, voucher redeem and qualify refuse a code for a
// customer outside the segment with the service's key and say so in words (exit 9 for validate and
// redeem), and let it through for one inside; voucher get shows the rule in words; a --segment the
// service does not hold is exit 2 before any rule is sent. promo has no segment command: the
// segments are made over the sandbox's HTTP API, as the service's dashboard or API would.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawnPromo } from '../helpers/promo.js';
import { APP_ID, APP_TOKEN, type Fixture, sandboxFixture } from '../helpers/sandbox.js';
import { callSandbox } from '../helpers/sandbox-http.js';

let fx: Fixture;
beforeEach(async () => {
  fx = await sandboxFixture({ recordAnswers: true });
});
afterEach(async () => {
  await fx.close();
});

const promo = (...argv: string[]) => spawnPromo(argv, { env: fx.env });
const headers = { 'Content-Type': 'application/json', 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN };
const call = (method: string, path: string, body?: unknown) =>
  callSandbox(fx.sandbox.url, method, path, { body, headers });

/** voucher validate or redeem of SEG5 for an order of 20.00 and this customer. */
const seg5 = (verb: 'validate' | 'redeem', customer: string, output = 'table') =>
  promo('voucher', verb, 'SEG5', '--amount', '20', '--customer', customer, '-o', output);

/** What the sandbox was asked, in order. */
const asked = () => fx.sandbox.requests.map((r) => `${r.method} ${r.rawPath}`);

/** Customers ann (in the segment VIP) and bob (not), and the code SEG5 for VIP only; the segment's id. */
async function setUp(): Promise<string> {
  const ids: string[] = [];
  for (const who of ['ann', 'bob']) {
    const made = await fx.run(['customer', 'create', '--source-id', who, '-o', 'json']);
    expect(made.code, made.stderr).toBe(0);
    ids.push(JSON.parse(made.stdout).id);
  }
  const segment = await call('POST', '/v1/segments', { name: 'VIP', type: 'static', customers: [ids[0]] });
  expect(segment.status).toBe(200);
  const id = String(segment.body.id);
  for (const argv of [
    ['voucher', 'create', '--code', 'SEG5', '--amount-off', '5'],
    ['rule', 'create', '--name', 'VIP only', '--segment', id],
    ['rule', 'assign', 'VIP only', '--voucher', 'SEG5'],
  ]) {
    const done = await fx.run(argv);
    expect(done.code, done.stderr).toBe(0);
  }
  fx.sandbox.requests.length = 0;
  return id;
}

describe('customer.segment rules through the built CLI', () => {
  it('validate and redeem: refused outside the segment in words with the key (exit 9), applied inside', async () => {
    const seg = await setUp();
    const words = `SEG5  does not apply: customer is not in segment ${seg} (customer_rules_violated)`;
    const bob = await seg5('validate', 'bob', 'table');
    expect([bob.code, bob.stderr]).toEqual([9, '']);
    expect(bob.stdout.split('\n')[0]).toBe(words);
    // The refusal, then what promo read to say why: the code, its rules, the customer's segments.
    expect(asked()).toEqual([
      'POST /v1/validations',
      'GET /v1/vouchers/SEG5',
      // Its rules: the voucher lists its own assignments; each rule read.
      expect.stringMatching(/^GET \/v1\/validation-rules\/val_/),
      'GET /v1/customers/bob/segments',
    ]);
    const ann = await seg5('validate', 'ann', 'table');
    expect([ann.code, ann.stderr]).toEqual([0, '']);
    expect(ann.stdout).toContain('SEG5  applies: 5.00 off');

    fx.sandbox.requests.length = 0;
    const refused = await seg5('redeem', 'bob', 'table');
    expect(refused.code).toBe(9);
    expect(refused.stdout).toContain(words);
    expect(refused.stdout).toContain('Not redeemed: a code does not apply, so none was used.');
    expect(asked()[0]).toBe('POST /v1/redemptions');
    const redeemed = await seg5('redeem', 'ann', 'json');
    expect(redeemed.code, redeemed.stderr).toBe(0);
    expect(JSON.parse(redeemed.stdout).redemptions[0]).toMatchObject({ result: 'SUCCESS' });
    // The refused attempt is kept as a failure with the key; only ann's use stands.
    const kept = Object.values(fx.sandbox.state.redemptions).map((r) => [r.result, r.failure_code ?? null]);
    expect(kept).toEqual([
      ['FAILURE', 'customer_rules_violated'],
      ['SUCCESS', null],
    ]);

    const nobody = await promo('voucher', 'validate', 'SEG5', '--amount', '20', '-o', 'table');
    expect(nobody.code).toBe(9);
    expect(nobody.stdout.split('\n')[0]).toBe(
      `SEG5  does not apply: needs a customer: for customers in segment ${seg} only (customer_rules_violated)`,
    );
  });

  it('qualify lists the code for a customer in the segment only; --explain says why for the others', async () => {
    const seg = await setUp();
    const ann = await promo('qualify', '--customer', 'ann', '--amount', '20', '-o', 'table');
    expect([ann.code, ann.stderr]).toEqual([0, '']);
    expect(ann.stdout).toBe(
      'Code  Kind     Gives     Off   Total after\nSEG5  voucher  5.00 off  5.00  15.00\n',
    );
    fx.sandbox.requests.length = 0;
    const bob = await promo('qualify', '--customer', 'bob', '--amount', '20', '--explain', '-o', 'table');
    expect(bob.code).toBe(0);
    expect(bob.stdout).toBe(
      `Near misses:\nSEG5  does not apply: customer is not in segment ${seg} (customer_rules_violated)\n`,
    );
    // The qualification, the ruled codes found and validated, then what says why.
    expect(asked()).toEqual([
      'POST /v1/qualifications',
      'GET /v1/validation-rules-assignments',
      expect.stringMatching(/^GET \/v1\/vouchers\/v_/),
      'POST /v1/validations',
      'GET /v1/vouchers/SEG5',
      // Its rules: the voucher lists its own assignments; each rule read.
      expect.stringMatching(/^GET \/v1\/validation-rules\/val_/),
      'GET /v1/customers/bob/segments',
    ]);
  });

  it('voucher get shows the rule in words; an unknown --segment is exit 2 with no rule sent', async () => {
    const seg = await setUp();
    const shown = await promo('voucher', 'get', 'SEG5', '-o', 'table');
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain(`customers in segment ${seg}`);
    fx.sandbox.requests.length = 0;
    const unknown = await promo('rule', 'create', '--segment', 'seg_nope');
    expect(unknown.code).toBe(2);
    expect(JSON.parse(unknown.stderr).error.message).toContain(
      '--segment seg_nope: the service holds no segment with this id',
    );
    expect(asked()).toEqual(['GET /v1/segments/seg_nope']);
  });

  it("the sandbox's segments: get, a customer's segments, the customer list by segment, delete; auto-update refused by name", async () => {
    const seg = await setUp();
    expect((await call('GET', `/v1/segments/${seg}`)).body).toMatchObject({
      id: seg,
      name: 'VIP',
      type: 'static',
      object: 'segment',
    });
    const annSegments = await call('GET', '/v1/customers/ann/segments');
    expect(annSegments.body).toEqual({
      object: 'list',
      data_ref: 'data',
      data: [{ id: seg, name: 'VIP', object: 'segment' }],
      total: 1,
    });
    expect((await call('GET', '/v1/customers/nobody/segments')).body.total).toBe(0);
    const listed = await call('GET', `/v1/customers?segment_id=${seg}`);
    expect(listed.body.customers.map((c: { source_id: string }) => c.source_id)).toEqual(['ann']);
    const members = await promo('customer', 'list', '--segment', seg, '-o', 'json');
    expect(members.code, members.stderr).toBe(0);
    expect(JSON.parse(members.stdout).map((c: { source_id: string }) => c.source_id)).toEqual(['ann']);
    const active = await call('POST', '/v1/segments', { name: 'Big', type: 'auto-update', filter: {} });
    expect([active.status, active.body.key]).toEqual([400, 'not_imitated']);
    const stray = await call('POST', '/v1/segments', { name: 'X', type: 'static', customers: ['cust_none'] });
    expect([stray.status, stray.body.key]).toEqual([404, 'not_found']);
    expect((await call('DELETE', `/v1/segments/${seg}`)).status).toBe(204);
    expect((await call('GET', `/v1/segments/${seg}`)).status).toBe(404);
    // With the segment gone, ann is in none: the rule holds for nobody.
    const after = await seg5('validate', 'ann', 'table');
    expect(after.code).toBe(9);
  });
});
