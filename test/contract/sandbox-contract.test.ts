// Every route of the sandbox against the vendor's description: promo runs a representative set of
// its commands (single and bulk) on a sandbox that records each answer beside its request, and each
// exchange is checked (exchanges.ts): the request against the operation's security, parameters and
// request schema; the answer, success or error, against the schema of its status. The last test
// fails when a route has no operation in the route table or was exercised by none of these.
import { describe, expect, it } from 'vitest';
import { routes } from '../../src/sandbox/routes.js';
import { APP_ID, APP_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { callSandbox } from '../helpers/sandbox-http.js';
import { coveredRoutes, exchangeProblems, vendorFilesAvailable } from './exchanges.js';
import { ROUTE_TABLE } from './route-table.js';

const fx = useSandbox({ recordAnswers: true });
const STRUCTURE = 'lts_0a1b2c3d4e5f';

/** Runs promo; the command must end as `expected` says (0 unless told). */
async function promo(argv: string[], stdin?: string, expected = 0): Promise<string> {
  const run = await fx.run([...argv, '-o', 'json'], stdin === undefined ? {} : { stdin });
  expect(run.code, `${argv.join(' ')}: ${run.stderr}`).toBe(expected);
  return run.stdout;
}

/** Every exchange since the test began conforms, requests included. */
const allConform = () => expect(exchangeProblems(fx.sandbox.requests)).toEqual([]);

const NO_KEYS = { 'Content-Type': 'application/json' };
const APP = { ...NO_KEYS, 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN };
/** A request as another client sends it (the vendor's SDK, a script): `raw` is sent as it is. */
const direct = (method: string, path: string, body?: unknown, headers: Record<string, string> = APP) =>
  callSandbox(
    fx.sandbox.url,
    method,
    path,
    typeof body === 'string' ? { raw: body, headers } : { body, headers },
  );

describe.skipIf(!vendorFilesAvailable)(
  vendorFilesAvailable
    ? "the sandbox and promo speak the vendor's description"
    : "the sandbox and promo vs the vendor's description (skipped: no vendor files)",
  () => {
    it('vouchers: create, get, list, update, switch, import, delete, single and bulk', async () => {
      await promo(['voucher', 'create', '--code', 'CT-V1', '--percent-off', '10', '--amount-limit', '5']);
      await promo(['voucher', 'create', '--type', 'gift', '--code', 'CT-G1', '--gift-amount', '25']);
      await promo(['voucher', 'create', '--pattern', 'CT-P-####', '--fixed-amount', '5']);
      await promo(['voucher', 'create', '--amount-off', '5', '--charset', 'numbers', '--length', '6']);
      await promo([
        ...['voucher', 'create', '--unit', 'prod_a:1', '--unit', 'prod_b:2:missing', '--category', 'CT'],
        ...['--start-date', '2026-01-01', '--expiration-date', '2030-01-01', '--validity-day', 'mon-fri'],
        ...[
          '--validity-hours',
          'mon-fri@09:00-17:00',
          '--validity-duration',
          'PT1H',
          '--validity-interval',
          'P2D',
        ],
        ...['--redemption-quantity', '3', '--metadata', 'n:=1', '--additional-info', 'i', '--inactive'],
      ]);
      await promo(
        ['voucher', 'create', '--input', '-', '--unit-off', '1', '--unit-type', 'prod_1'],
        'code\nCT-B1\nCT-B2\n',
      );
      await promo(['voucher', 'get', 'CT-V1']);
      await promo(['voucher', 'list', '--limit', '5', '--filter', 'code^=CT-', '--order', 'code']);
      await promo(['voucher', 'list', '--created-after', '2020-01-01', '--category', 'none', '--page', '2']);
      await promo([
        'voucher',
        'list',
        '--all',
        '--updated-before',
        '2099-01-01',
        '--junction',
        'or',
        '-f',
        'code=CT-V1',
      ]);
      await promo(['voucher', 'update', 'CT-V1', '--metadata', 'a=1', '--expiration-date', '2031-01-01']);
      await promo(['voucher', 'update', 'CT-G1', '--gift-effect', 'apply-to-items', '--validity-day', '1']);
      await promo(['voucher', 'update', '--input', '-'], '{"code":"CT-B1","additional_info":"x"}\n');
      await promo(['voucher', 'disable', 'CT-V1']);
      await promo(['voucher', 'enable', 'CT-V1']);
      await promo(['voucher', 'disable', '--input', '-'], 'CT-B1\nCT-B2\n');
      const job = JSON.parse(
        await promo(
          ['voucher', 'import', '-'],
          '{"code":"CT-I1","discount":{"type":"PERCENT","percent_off":5,"effect":"APPLY_TO_ORDER"}}\n',
        ),
      );
      await promo(['job', 'get', job[0].async_action_id]);
      await promo(['job', 'list', '--limit', '3']);
      await promo(['voucher', 'delete', 'CT-G1', '--yes']);
      await promo(['voucher', 'delete', '--input', '-', '--force', '--yes'], 'CT-B1\nCT-B2\n');
      allConform();
    });

    it('campaigns: create, get, list, update, switch, add, import, its vouchers, delete', async () => {
      await promo([
        'campaign',
        'create',
        'CT-C1',
        '--percent-off',
        '10',
        '--vouchers-count',
        '3',
        '--join-once',
      ]);
      await promo([
        ...['campaign', 'create', 'CT-C2', '--type', 'gift', '--gift-amount', '25', '--code-prefix', 'G-'],
        ...['--charset', 'numbers', '--code-length', '4', '--vouchers-count', '2', '--category', 'CT'],
        ...['--start-date', '2026-01-01', '--validity-day', 'sat,sun', '--validity-hours', 'sat@10:00-14:00'],
      ]);
      await promo(['campaign', 'create', 'CT-C3', '--type', 'loyalty', '--points', '0', '--auto-join']);
      const body = { campaign_type: 'DISCOUNT_COUPONS', vouchers_count: 2 };
      const voucher = { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 100 } };
      await promo(['campaign', 'create', 'CT-C4', '--body', '-'], JSON.stringify({ ...body, voucher }));
      await promo(['campaign', 'get', 'CT-C1']);
      await promo(['campaign', 'list', '--all', '--order', '-created_at']);
      await promo([
        'campaign',
        'list',
        '--type',
        'DISCOUNT_COUPONS',
        '--filter',
        'name^=CT-',
        '--limit',
        '5',
      ]);
      await promo(['campaign', 'update', 'CT-C1', '--description', 'd', '--expiration-date', '2031-01-01']);
      await promo(['campaign', 'disable', 'CT-C1']);
      await promo(['campaign', 'enable', 'CT-C1']);
      await promo(['campaign', 'add-vouchers', 'CT-C1', '--count', '1']);
      await promo(['campaign', 'add-vouchers', 'CT-C1', '--count', '2', '--metadata', 'seat=1']);
      await promo(['campaign', 'add-vouchers', 'CT-C1', '--code', 'CT-OWN-1', '--code', 'CT-OWN-2']);
      await promo(['campaign', 'import', 'CT-C1', '-'], 'code\nCT-IMP-1\n');
      await promo(['campaign', 'vouchers', 'CT-C1', '--limit', '3']);
      await promo(['voucher', 'create', '--campaign', 'CT-C1', '--code', 'CT-OWN-3']);
      await promo(['voucher', 'create', '--campaign', 'CT-C3']);
      await promo(['campaign', 'delete', 'CT-C2', '--force', '--yes']);
      await promo(['campaign', 'delete', 'CT-C4', '--yes']);
      allConform();
    });

    it('tokens, tiers, templates and events', async () => {
      await promo(['status']);
      await promo(['api', 'GET', '/v1/vouchers?limit=1']);
      await promo(['token', 'issue', '--scope', 'api', 'vouchers']);
      await promo(['token', 'inspect', '--scope', 'api vouchers']);
      await promo(['tiers', 'list', STRUCTURE, '--all', '--limit', '2', '--order', 'name']);
      await promo(['templates', 'list', '--filter', 'name^=S', '--include-total', '--limit', '2', '--all']);
      await promo(['event', 'send', 'purchase_completed', '--customer-source-id', 'c1', '--metadata', 'a=1']);
      await promo([
        'event',
        'send',
        'purchase_completed',
        '--referral-code',
        'R1',
        '--customer-email',
        'a@b.co',
      ]);
      await promo(
        ['event', 'send', 'purchase_completed', '--input', '-'],
        '{"customer":{"source_id":"c2"}}\n',
      );
      allConform();
    });

    it("answers errors in the vendor's Error shape, and promo's refused requests still conform", async () => {
      await promo(['voucher', 'get', 'CT-NOPE'], undefined, 3);
      await promo(['voucher', 'create', '--code', 'CT-DUP', '--percent-off', '5']);
      await promo(['voucher', 'create', '--code', 'CT-DUP', '--percent-off', '5'], undefined, 1);
      await promo(['campaign', 'get', 'CT-NO-SUCH-CAMPAIGN'], undefined, 3);
      await promo(['tiers', 'list', 'lts_nope'], undefined, 3);
      await promo(['voucher', 'update', 'CT-NOPE', '--category', 'x'], undefined, 3);
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
      expect(exchangeProblems(fx.sandbox.requests, { request: false })).toEqual([]);
    });

    it('answers refused requests (401, 403, 400, 404, 409, 429) with the Error object', async () => {
      const token = JSON.parse(await promo(['token', 'issue', '--scope', 'vouchers', '--new']));
      const bearer = { ...NO_KEYS, Authorization: `Bearer ${token.access_token}` };
      expect((await direct('GET', '/v1/vouchers', undefined, NO_KEYS)).status).toBe(401);
      expect(
        (await direct('GET', '/v1/campaigns', undefined, { ...NO_KEYS, 'X-App-Id': 'x', 'X-App-Token': 'y' }))
          .status,
      ).toBe(401);
      const forbidden = await direct('GET', '/v1/campaigns', undefined, bearer);
      expect(forbidden.status, JSON.stringify(forbidden.body)).toBe(403);
      expect((await direct('POST', '/v1/vouchers', { discount: { type: 'AMOUNT' } })).status).toBe(400);
      expect((await direct('PUT', '/v1/campaigns/CT-NONE', { description: 'x' })).status).toBe(404);
      expect((await direct('POST', '/v1/campaigns', { name: 'CT-SDK', vouchers_count: 0 })).status).toBe(409);
      expect((await direct('GET', '/v1/vouchers?limit=1000')).status).toBe(400);
      expect(
        (
          await direct('POST', '/v1/oauth/token', 'grant_type=client_credentials&scope=nope', {
            ...APP,
            'Content-Type': 'application/x-www-form-urlencoded',
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await direct('POST', '/v1/oauth/introspect', '', {
            ...APP,
            'Content-Type': 'application/x-www-form-urlencoded',
          })
        ).status,
      ).toBe(400);
      expect((await direct('POST', '/v1/events', { customer: {} })).status).toBe(400);
      expect((await direct('GET', '/v1/templates/campaigns?filters[nope][conditions][$is]=x')).status).toBe(
        400,
      );
      fx.sandbox.faults.set({ script: [{ action: { status: 429 } }] });
      expect((await direct('GET', '/v1/async-actions')).status).toBe(429);
      expect(exchangeProblems(fx.sandbox.requests, { request: false })).toEqual([]);
    });

    it('lists every sandbox route in the route table, each exercised by the tests above', () => {
      const served = routes.map((route) => `${route.method} ${route.pattern}`);
      expect(served.filter((route) => !ROUTE_TABLE[route])).toEqual([]);
      expect(Object.keys(ROUTE_TABLE).filter((route) => !served.includes(route))).toEqual([]);
      expect(served.filter((route) => !coveredRoutes.has(route))).toEqual([]);
    });
  },
);
