// The campaign routes against the vendor's own description (openapi-full.json, mended in
// test/helpers/vendor-mends.ts): every answer the sandbox gives, and every body promo sends, conform.
// Where the file is not beside the project, these checks are skipped (test/setup says so once).
import { describe, expect, it } from 'vitest';
import { campaignsApi } from '../helpers/openapi.js';
import { runPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';
import { callSandbox, type Json } from '../helpers/sandbox-http.js';

const api = campaignsApi();
const fx = useSandbox();
const call = async (method: string, path: string, body?: unknown) =>
  callSandbox(fx.sandbox.url, method, path, {
    body,
    headers: {
      'X-App-Id': 'test-app-id-0001',
      'X-App-Token': 'test-app-token-secret-7f3a9c1e',
      'Content-Type': 'application/json',
    },
  });

function conforms(operationId: string, status: number, value: unknown) {
  expect(api.problems(api.responseSchema(operationId, status), value)).toEqual([]);
}

describe.skipIf(!api.available)(
  api.available
    ? "campaign routes match the vendor's schema"
    : 'campaign routes vs the vendor schema (skipped: no openapi-full.json)',
  () => {
    it('answers every campaign operation in the shape the vendor describes', async () => {
      const name = `Contract ${Date.now()}`;
      const created = await call('POST', '/v1/campaigns', {
        name,
        campaign_type: 'DISCOUNT_COUPONS',
        vouchers_count: 3,
        voucher: {
          type: 'DISCOUNT_VOUCHER',
          discount: { type: 'PERCENT', percent_off: 5 },
          code_config: { pattern: 'CT-####' },
        },
      });
      expect(created.status).toBe(200);
      conforms('create-campaign', 200, created.body);
      const id = (created.body as Json).id;
      conforms('get-campaign', 200, (await call('GET', `/v1/campaigns/${id}`)).body);
      conforms('list-campaigns', 200, (await call('GET', '/v1/campaigns?limit=5')).body);
      conforms(
        'update-campaign',
        200,
        (await call('PUT', `/v1/campaigns/${id}`, { description: 'd', metadata: { a: 1 } })).body,
      );
      conforms('disable-campaign', 200, (await call('POST', `/v1/campaigns/${id}/disable`)).body);
      conforms('enable-campaign', 200, (await call('POST', `/v1/campaigns/${id}/enable`)).body);
      conforms(
        'add-vouchers-to-campaign',
        200,
        (await call('POST', `/v1/campaigns/${id}/vouchers`, {})).body,
      );
      const many = await call('POST', `/v1/campaigns/${id}/vouchers?vouchers_count=2`, {});
      expect(many.status).toBe(202);
      conforms('add-vouchers-to-campaign', 202, many.body);
      conforms(
        'get-async-action',
        200,
        (await call('GET', `/v1/async-actions/${(many.body as Json).async_action_id}`)).body,
      );
      conforms(
        'add-voucher-with-specific-code-to-campaign',
        200,
        (await call('POST', `/v1/campaigns/${id}/vouchers/CT-OWN-1`, { metadata: { seat: 1 } })).body,
      );
      const imported = await call('POST', `/v1/campaigns/${id}/import`, [{ code: 'CT-IMP-1' }]);
      expect(imported.status).toBe(202);
      conforms('import-vouchers-to-campaign', 202, imported.body);
      const deleted = await call('DELETE', `/v1/campaigns/${id}?force=true`);
      expect(deleted.status).toBe(202);
      conforms('delete-campaign', 202, deleted.body);
    });

    it('sends create and update bodies the vendor schema accepts', async () => {
      for (const argv of [
        [
          'create',
          'C1',
          '--percent-off',
          '10',
          '--vouchers-count',
          '5',
          '--code-pattern',
          'C1-####',
          '--join-once',
        ],
        ['create', 'C2', '--type', 'gift', '--gift-amount', '25', '--expiration-date', '2030-01-01'],
        ['create', 'C3', '--type', 'loyalty', '--points', '0', '--auto-join', '--metadata', 'tier=gold'],
      ]) {
        const { code, stdout } = await runPromo(['campaign', ...argv, '--dry-run', '-o', 'json'], {
          configDir: fx.configDir,
        });
        expect(code).toBe(0);
        expect(api.problems('CampaignsCreateRequestBody', JSON.parse(stdout).request.body)).toEqual([]);
      }
      const { stdout } = await runPromo(
        [
          'campaign',
          'update',
          'C1',
          '--description',
          'x',
          '--expiration-date',
          '2030-01-01',
          '--dry-run',
          '-o',
          'json',
        ],
        { configDir: fx.configDir },
      );
      expect(api.problems('CampaignsUpdateRequestBody', JSON.parse(stdout).request.body)).toEqual([]);
    });
  },
);
