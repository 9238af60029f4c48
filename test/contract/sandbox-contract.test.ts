// Every route of the sandbox against the vendor's description: promo runs a representative set of
// its commands (command-set.ts: single and bulk) on a sandbox that records each answer beside its
// request, and each exchange is checked (exchanges.ts): the request against the operation's
// security, parameters and request schema; the answer, success or error, against the schema of its
// status. The last test fails when a route has no operation in the route table or was exercised by
// none of these.

import { ROUTE_TABLE, SERVED_ROUTES } from 'promo-sandbox/contract';
import { describe, expect, it } from 'vitest';
import { APP_ID, APP_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { callSandbox } from '../helpers/sandbox-http.js';
import {
  CAMPAIGN_STEPS,
  OTHER_STEPS,
  type Probe,
  REFUSED_PROBES,
  REFUSED_STEPS,
  type Step,
  VOUCHER_STEPS,
} from './command-set.js';
import { coveredRoutes, exchangeProblems, vendorFilesAvailable } from './exchanges.js';

const fx = useSandbox({ recordAnswers: true });

/**
 * Runs the steps in order, each ending as it must; `{job}` is the job the step before last queued,
 * `{export}` the last export made, `{redemption}` the last redemption made.
 */
async function run(steps: Step[]): Promise<void> {
  let job = '';
  let made = '';
  let redemption = '';
  for (const { argv, stdin, exit = 0 } of steps) {
    const words = (typeof argv === 'string' ? argv.split(' ') : argv).map((w) =>
      w.replace('{job}', job).replace('{export}', made).replace('{redemption}', redemption),
    );
    const done = await fx.run([...words, '-o', 'json'], stdin === undefined ? {} : { stdin });
    expect(done.code, `${words.join(' ')}: ${done.stderr}`).toBe(exit);
    job = /"async_action_id": "([^"]+)"/.exec(done.stdout)?.[1] ?? job;
    made = /"id": "(exp_[^"]+)"/.exec(done.stdout)?.[1] ?? made;
    redemption = /"id": "(r_[^"]+)"/.exec(done.stdout)?.[1] ?? redemption;
  }
}

/** Every exchange since the test began conforms, requests included unless told. */
const allConform = (request = true) => expect(exchangeProblems(fx.sandbox.requests, { request })).toEqual([]);

const JSON_TYPE = { 'Content-Type': 'application/json' };
const APP = { ...JSON_TYPE, 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN };
/** A request as another client sends it (the vendor's SDK, a script): a string body is sent as it is. */
function direct(method: string, path: string, body?: unknown, headers: Record<string, string> = APP) {
  const sent = typeof body === 'string' ? { raw: body, headers } : { body, headers };
  return callSandbox(fx.sandbox.url, method, path, sent);
}

describe.skipIf(!vendorFilesAvailable)(
  vendorFilesAvailable
    ? "the sandbox and promo speak the vendor's description"
    : "the sandbox and promo vs the vendor's description (skipped: no vendor files)",
  () => {
    it('vouchers: create, get, list, update, switch, import, delete, single and bulk', async () => {
      await run(VOUCHER_STEPS);
      allConform();
    });

    it('campaigns: create, get, list, update, switch, add, import, its vouchers, delete', async () => {
      await run(CAMPAIGN_STEPS);
      allConform();
    });

    it('status, the raw api command, tokens, tiers, templates, events, customers and exports', async () => {
      await run(OTHER_STEPS);
      allConform();
    });

    it("answers errors in the vendor's Error shape, and promo's refused requests still conform", async () => {
      await run(REFUSED_STEPS);
      allConform();
    });

    it("answers the vendor's SDK: a voucher by code in the path, a campaign voucher added with no body", async () => {
      expect(
        (await direct('POST', '/v1/vouchers/CT-SDK-1', { discount: { type: 'AMOUNT', amount_off: 100 } }))
          .status,
      ).toBe(200);
      const campaign = await direct('POST', '/v1/campaigns', {
        name: 'CT-SDK',
        voucher: { discount: { type: 'PERCENT', percent_off: 5 } },
      });
      allConform();
      // The SDK sends `null` when given no body; the vendor's schema wants an object, so only the
      // answer is checked here (the sandbox answers it as the service does: sdk-habits.test.ts).
      fx.sandbox.requests.length = 0;
      expect((await direct('POST', `/v1/campaigns/${campaign.body.id}/vouchers`, 'null')).status).toBe(200);
      allConform(false);
    });

    it("answers the vouchers' CSV imports as the vendor's SDK sends them: standalone and into a campaign", async () => {
      const form = (csv: string) => {
        const boundary = 'ct-csv-boundary';
        const raw = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="v.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
        const headers = { 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN };
        return { raw, headers: { ...headers, 'Content-Type': `multipart/form-data; boundary=${boundary}` } };
      };
      const header =
        'Code,Voucher Type,Active,Discount Type,Value,Category,Redemption Limit,Additional Info,Region';
      const standalone = await callSandbox(
        fx.sandbox.url,
        'POST',
        '/v1/vouchers/importCSV',
        form(`${header}\nCT-CSV-1,DISCOUNT_VOUCHER,TRUE,PERCENT,15,New,3,Fall,Europe\nCT-CSV-1,,,,,,,,`),
      );
      expect(standalone.status).toBe(202);
      await direct('POST', '/v1/campaigns', {
        name: 'CT-CSV',
        type: 'STATIC',
        voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 15 } },
      });
      const campaign = await callSandbox(
        fx.sandbox.url,
        'POST',
        '/v1/campaigns/CT-CSV/importCSV',
        form(`${header}\nCT-CSV-2,DISCOUNT_VOUCHER,TRUE,AMOUNT,15,New,,Fall,Europe`),
      );
      expect(campaign.status).toBe(200);
      const job = (id: string) => direct('GET', `/v1/async-actions/${id}`);
      // A job advances with time (a record a millisecond): asked again until both have ended.
      const ended = async (id: string) => (await job(id)).body.status === 'DONE';
      while (
        !((await ended(campaign.body.async_action_id)) && (await ended(standalone.body.async_action_id)))
      )
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect((await job(standalone.body.async_action_id)).body.result).toMatchObject({
        done_count: 1,
        failed: [{ code: 'CT-CSV-1' }],
      });
      const one = (await direct('GET', '/v1/vouchers/CT-CSV-1')).body;
      expect([
        one.discount,
        one.category,
        one.redemption.quantity,
        one.additional_info,
        one.metadata,
      ]).toEqual([
        { type: 'PERCENT', percent_off: 15, effect: 'APPLY_TO_ORDER' },
        'New',
        3,
        'Fall',
        { Region: 'Europe' },
      ]);
      const two = (await direct('GET', '/v1/vouchers/CT-CSV-2')).body;
      expect([two.campaign, two.category, two.active, two.metadata.Region]).toEqual([
        'CT-CSV',
        'New',
        true,
        'Europe',
      ]);
      allConform();
    });

    it("answers the vendor's SDK product bulk updates, with no body as its tests send one", async () => {
      const bulk = await direct('POST', '/v1/products/bulk/async', [{ source_id: 'ct-bulk', price: 100 }]);
      expect(bulk.status).toBe(202);
      const metadata = await direct('POST', '/v1/products/metadata/async', {
        source_ids: ['ct-bulk'],
        metadata: { a: 1 },
      });
      expect(metadata.status).toBe(202);
      allConform();
      // The SDK's own test calls bulk/async with no body and metadata/async with an unknown field.
      fx.sandbox.requests.length = 0;
      expect((await direct('POST', '/v1/products/bulk/async')).status).toBe(202);
      expect((await direct('POST', '/v1/products/metadata/async', { product_ids: ['x'] })).status).toBe(202);
      allConform(false);
    });

    it('validations, redemptions and rollbacks: as promo validates, and as other clients redeem and roll back', async () => {
      const discount = (amount_off: number) => ({ type: 'AMOUNT', amount_off });
      for (const [code, extra] of [
        ['CT-RD-1', { redemption: { quantity: 1 } }],
        ['CT-RD-2', {}],
        ['CT-RD-3', {}],
      ] as const) {
        expect(
          (await direct('POST', '/v1/vouchers', { code, discount: discount(100), ...extra })).status,
        ).toBe(200);
      }
      await run([
        { argv: 'voucher validate CT-RD-1 --item prod_ct:1:20.50 --customer ct-customer' },
        { argv: 'voucher validate CT-RD-1 CT-NONE --amount 20.50', exit: 9 },
      ]);
      const redeemables = (...ids: string[]) => ids.map((id) => ({ object: 'voucher', id }));
      const order = {
        amount: 2050,
        items: [{ object: 'order_item', product_id: 'prod_ct', quantity: 1, price: 2050 }],
      };
      const one = await direct('POST', '/v1/redemptions', {
        redeemables: redeemables('CT-RD-1'),
        order,
        customer: { source_id: 'ct-customer' },
        metadata: { promo_request_id: 'ct-1' },
      });
      expect(one.status).toBe(200);
      // Refused for a rule: kept as a FAILURE, answered with the rule's key.
      expect(
        (await direct('POST', '/v1/redemptions', { redeemables: redeemables('CT-RD-1'), order })).status,
      ).toBe(400);
      const stacked = await direct('POST', '/v1/redemptions', {
        redeemables: redeemables('CT-RD-2', 'CT-RD-3'),
        order,
      });
      expect(stacked.status).toBe(200);
      const id = one.body.redemptions[0].id;
      expect(
        (await direct('GET', '/v1/redemptions?filters[metadata.promo_request_id][conditions][$is]=ct-1'))
          .status,
      ).toBe(200);
      expect((await direct('GET', `/v1/redemptions/${id}`)).status).toBe(200);
      expect(
        (await direct('POST', `/v1/redemptions/${id}/rollback?reason=refund`, { reason: 'refund' })).status,
      ).toBe(200);
      expect((await direct('POST', `/v1/redemptions/${id}/rollback`, {})).status).toBe(400);
      const parent = stacked.body.parent_redemption.id;
      expect((await direct('POST', `/v1/redemptions/${parent}/rollbacks`, {})).status).toBe(200);
      expect((await direct('GET', '/v1/vouchers/CT-RD-1/redemption')).status).toBe(200);
      allConform();
    });

    it('validation rules: create, get, list, update, assign, judge, qualify, unassign, delete', async () => {
      await run([
        { argv: 'voucher create --code CT-VR-1 --amount-off 1' },
        {
          argv: [
            'rule',
            'create',
            '--name',
            'CT rule',
            '--min-amount',
            '50',
            '--product',
            'Shoe',
            '--per-customer',
            '1',
          ],
        },
        { argv: ['rule', 'get', 'CT rule'] },
        { argv: 'rule list' },
        { argv: ['rule', 'update', 'CT rule', '--min-amount', '40', '--customer-metadata', 'tier=gold'] },
        { argv: ['rule', 'assign', 'CT rule', '--voucher', 'CT-VR-1'] },
        { argv: ['rule', 'assign', 'CT rule', '--campaign', 'Summer Sale'] },
        { argv: 'voucher validate CT-VR-1 --amount 10 --customer ct-customer', exit: 9 },
        { argv: 'qualify --amount 10 --customer ct-customer --limit 2 --explain' },
        { argv: 'qualify --item prod_ct:1:60 --limit 50' },
      ]);
      const listed = await direct(
        'GET',
        '/v1/validation-rules-assignments?related_object_id=camp_Qvxqkkgs0YKdUbKA8tLICtdS',
      );
      expect(listed.body.total).toBe(1);
      const again = await direct('POST', `/v1/validation-rules/${listed.body.data[0].rule_id}/assignments`, {
        related_object_type: 'campaign',
        related_object_id: 'camp_Qvxqkkgs0YKdUbKA8tLICtdS',
      });
      expect([again.status, again.body.key]).toEqual([400, 'duplicate_found']);
      await run([
        { argv: ['rule', 'unassign', 'CT rule', '--voucher', 'CT-VR-1'] },
        { argv: ['rule', 'delete', 'CT rule', '--yes'] },
      ]);
      allConform();
    });

    it('static segments: made and deleted as other clients do, named by a rule, read by validate', async () => {
      const customer = (await direct('POST', '/v1/customers', { source_id: 'ct-seg-in' })).body.id;
      const segment = await direct('POST', '/v1/segments', {
        name: 'CT segment',
        type: 'static',
        customers: [customer],
      });
      expect(segment.status).toBe(200);
      const seg = segment.body.id;
      expect((await direct('POST', '/v1/segments', { name: 'CT auto', type: 'auto-update' })).status).toBe(
        400,
      );
      await run([
        { argv: 'voucher create --code CT-SEG-1 --amount-off 1' },
        { argv: ['rule', 'create', '--name', 'CT seg rule', '--segment', seg] },
        { argv: ['rule', 'create', '--name', 'CT no seg', '--segment', 'seg_none'], exit: 2 },
        { argv: ['rule', 'assign', 'CT seg rule', '--voucher', 'CT-SEG-1'] },
        { argv: 'voucher validate CT-SEG-1 --amount 10 --customer ct-seg-in' },
        { argv: 'voucher validate CT-SEG-1 --amount 10 --customer ct-seg-out', exit: 9 },
        { argv: 'qualify --amount 10 --customer ct-seg-out --explain' },
      ]);
      expect((await direct('GET', `/v1/segments/${seg}`)).status).toBe(200);
      // promo reads it only on a terminal, to say why (-o json prints the service's answer alone).
      expect((await direct('GET', '/v1/customers/ct-seg-in/segments')).body.total).toBe(1);
      expect((await direct('DELETE', `/v1/segments/${seg}`)).status).toBe(204);
      allConform();
    });

    it('loyalty rewards, tiers and earning rules: as promo reads them, and as other clients write them', async () => {
      const club = (
        await direct('POST', '/v1/campaigns', {
          name: 'CT-Loyalty',
          campaign_type: 'LOYALTY_PROGRAM',
          type: 'STATIC',
          voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 0 } },
        })
      ).body.id;
      expect((await direct('POST', `/v1/campaigns/${club}/vouchers/CT-LC-1`, {})).status).toBe(200);
      expect(
        (
          await direct('POST', '/v1/publications', {
            voucher: 'CT-LC-1',
            customer: { source_id: 'ct-member' },
          })
        ).status,
      ).toBe(200);
      expect((await direct('POST', '/v1/vouchers/CT-LC-1/balance', { amount: 1000 })).status).toBe(200);
      const product = (await direct('POST', '/v1/products', { name: 'CT mug' })).body.id;
      const mug = (
        await direct('POST', '/v1/rewards', { name: 'CT mug', parameters: { product: { id: product } } })
      ).body.id;
      const coin = (
        await direct('POST', '/v1/rewards', {
          name: 'CT coin',
          parameters: { coin: { exchange_ratio: 0.01, points_ratio: 1 } },
        })
      ).body.id;
      const gift = (
        await direct('POST', '/v1/rewards', { name: 'CT gone', parameters: { product: { id: product } } })
      ).body.id;
      expect((await direct('PUT', `/v1/rewards/${mug}`, { name: 'CT mug', stock: 10 })).status).toBe(200);
      expect((await direct('GET', '/v1/rewards?limit=10')).status).toBe(200);
      expect((await direct('GET', `/v1/rewards/${mug}`)).status).toBe(200);
      const assignment = (
        await direct('POST', `/v1/loyalties/${club}/rewards`, [
          { reward: mug, parameters: { loyalty: { points: 300 } } },
          { reward: coin },
        ])
      ).body[0];
      expect((await direct('GET', `/v1/loyalties/${club}/rewards/${assignment.id}`)).status).toBe(200);
      expect(
        (
          await direct('PUT', `/v1/loyalties/${club}/rewards/${assignment.id}`, {
            parameters: { loyalty: { points: 400 } },
          })
        ).status,
      ).toBe(200);
      const gone = (
        await direct('POST', `/v1/loyalties/${club}/rewards`, [
          { reward: gift, parameters: { loyalty: { points: 5 } } },
        ])
      ).body[0];
      expect((await direct('DELETE', `/v1/loyalties/${club}/rewards/${gone.id}`)).status).toBe(204);
      expect((await direct('DELETE', `/v1/rewards/${gift}`)).status).toBe(204);
      expect(
        (
          await direct('POST', `/v1/loyalties/${club}/tiers`, [
            { name: 'CT low', points: { from: 0, to: 499 } },
            { name: 'CT high', points: { from: 500 } },
          ])
        ).status,
      ).toBe(200);
      const tiers = (await direct('GET', `/v1/loyalties/${club}/tiers?limit=10&order=created_at`)).body.data;
      expect((await direct('GET', `/v1/loyalties/${club}/tiers/${tiers[0].id}`)).status).toBe(200);
      const rule = (
        await direct('POST', `/v1/loyalties/${club}/earning-rules`, [
          { event: 'order.paid', loyalty: { type: 'FIXED', points: 10 }, source: { banner: 'CT order' } },
        ])
      ).body[0];
      expect((await direct('GET', `/v1/loyalties/${club}/earning-rules/${rule.id}`)).status).toBe(200);
      expect(
        (
          await direct('PUT', `/v1/loyalties/${club}/earning-rules/${rule.id}`, {
            loyalty: { type: 'FIXED', points: 15 },
          })
        ).status,
      ).toBe(200);
      await run([
        { argv: 'loyalty rewards CT-LC-1' },
        { argv: 'loyalty rewards --program CT-Loyalty' },
        { argv: ['loyalty', 'redeem-reward', 'CT-LC-1', '--reward', mug, '--yes'] },
        { argv: 'loyalty tiers CT-LC-1' },
        { argv: 'loyalty earning-rules CT-Loyalty' },
        { argv: ['loyalty', 'earning-rules', 'CT-Loyalty', '--disable', rule.id] },
        { argv: ['loyalty', 'earning-rules', 'CT-Loyalty', '--enable', rule.id] },
        { argv: ['loyalty', 'redeem-reward', 'CT-LC-1', '--reward', mug, '--yes'] },
        { argv: ['loyalty', 'redeem-reward', 'CT-LC-1', '--reward', mug, '--yes'], exit: 1 },
      ]);
      expect((await direct('GET', '/v1/loyalties/members/CT-LC-1/rewards?affordable_only=true')).status).toBe(
        200,
      );
      expect((await direct('DELETE', `/v1/loyalties/${club}/earning-rules/${rule.id}`)).status).toBe(204);
      allConform();
    });

    it('loyalty: programs, members, points, transfers, their trail, expiry and pending points', async () => {
      const program = await direct('POST', '/v1/loyalties', {
        name: 'CT-LOYAL',
        voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 0 } },
      });
      expect(program.status, JSON.stringify(program.body)).toBe(200);
      const id = program.body.id;
      expect((await direct('GET', '/v1/loyalties?limit=5')).status).toBe(200);
      expect((await direct('GET', `/v1/loyalties/${id}`)).status).toBe(200);
      expect((await direct('PUT', `/v1/loyalties/${id}`, { description: 'ct' })).status).toBe(200);
      const join = (source_id: string) =>
        direct('POST', `/v1/loyalties/${id}/members`, { customer: { source_id }, metadata: {} });
      const a = (await join('ct-loyal-a')).body.code;
      const b = (await join('ct-loyal-b')).body.code;
      expect((await direct('GET', `/v1/loyalties/${id}/members?limit=10`)).body.total).toBe(2);
      expect((await direct('GET', `/v1/loyalties/members/${a}`)).status).toBe(200);
      expect((await direct('GET', `/v1/loyalties/${id}/members/${a}`)).status).toBe(200);
      const balance = (code: string, body: unknown) =>
        direct('POST', `/v1/loyalties/members/${code}/balance`, body);
      expect((await balance(a, { points: 100, reason: 'r', source_id: 's1' })).status).toBe(200);
      const dated = { points: 40, expiration_type: 'CUSTOM_DATE', expiration_date: '2099-01-31T00:00:00Z' };
      expect((await balance(a, dated)).status).toBe(200);
      expect((await balance(a, { points: -500 })).body.key).toBe('loyalty_card_points_exceeded');
      const moved = await direct('POST', `/v1/loyalties/${id}/members/${b}/transfers`, [
        { code: a, points: 30, reason: 'new card', source_id: 't1' },
      ]);
      expect(moved.status).toBe(200);
      expect((await direct('GET', `/v1/loyalties/members/${a}/transactions?limit=2`)).status).toBe(200);
      expect((await direct('GET', `/v1/loyalties/${id}/members/${a}/points-expiration`)).status).toBe(200);
      expect((await direct('GET', `/v1/loyalties/members/${a}/pending-points`)).status).toBe(200);
      // As promo sends them: its requests are checked too.
      await run([
        { argv: 'loyalty list --all' },
        { argv: 'loyalty get CT-LOYAL' },
        { argv: 'loyalty members CT-LOYAL --all' },
        { argv: 'loyalty members CT-LOYAL --customer ct-loyal-a' },
        { argv: 'loyalty join CT-LOYAL --customer ct-loyal-c' },
        { argv: `loyalty member ${a}` },
        { argv: `loyalty points ${a} --add 5 --expires never --source-id ct-p1` },
        { argv: `loyalty points ${a} --add 5 --expires 2099-03-01` },
        { argv: `loyalty points ${a} --remove 3 --reason ct` },
        { argv: `loyalty points ${a} --remove 100000`, exit: 1 },
        { argv: `loyalty transfer ${b} --from ${a}:2` },
        { argv: `loyalty history ${a} --all` },
        { argv: `loyalty expiring ${a}` },
      ]);
      expect((await direct('DELETE', `/v1/loyalties/${id}`)).status).toBe(200);
      allConform();
    });

    it('answers refused requests (401, 403, 400, 404, 409) with the Error object', async () => {
      const token = JSON.parse(
        (await fx.run(['token', 'issue', '--scope', 'vouchers', '--new', '-o', 'json'])).stdout,
      );
      const credentials = (kind: Probe[3]): Record<string, string> =>
        kind === 'app'
          ? APP
          : kind === 'none'
            ? JSON_TYPE
            : kind === 'bad-keys'
              ? { ...JSON_TYPE, 'X-App-Id': 'x', 'X-App-Token': 'y' }
              : kind === 'bearer'
                ? { ...JSON_TYPE, Authorization: `Bearer ${token.access_token}` }
                : { ...APP, ...kind };
      for (const [method, path, body, kind, status] of REFUSED_PROBES) {
        const answer = await direct(method, path, body, credentials(kind));
        expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(status);
      }
      allConform(false);
    });

    it('answers a rate limit (429) with the Error object', async () => {
      fx.sandbox.faults.set({ script: [{ action: { status: 429 } }] });
      expect((await direct('GET', '/v1/async-actions')).status).toBe(429);
      allConform(false);
    });

    it('lists every sandbox route in the route table, each exercised by the tests above', () => {
      const served = SERVED_ROUTES;
      expect(served.filter((route) => !ROUTE_TABLE[route])).toEqual([]);
      expect(Object.keys(ROUTE_TABLE).filter((route) => !served.includes(route))).toEqual([]);
      expect(served.filter((route) => !coveredRoutes.has(route))).toEqual([]);
    });
  },
);
