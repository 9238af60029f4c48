// The profile's secrets never reach stdout: a service that echoes the app token inside a voucher's
// fields (a hostile or broken one) gets it blanked in every format, as stderr already was: JSON,
// NDJSON, a table, CSV and what --jq prints. What promo prints on purpose (token issue) stays.
import { beforeAll, describe, expect, it } from 'vitest';
import { REDACTED } from '../../src/http/redact.js';
import { APP_ID, APP_TOKEN, useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();
const CODE = 'ECHO-TOKEN-1';

beforeAll(async () => {
  // The service's answer carries the token: in a metadata value, inside a sentence, as a key.
  const answer = await fetch(`${fx.sandbox.url}/v1/vouchers`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN },
    body: JSON.stringify({
      code: CODE,
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'PERCENT', percent_off: 5 },
      additional_info: `echoed ${APP_TOKEN} here`,
      metadata: { note: APP_TOKEN, [APP_TOKEN]: 'as a key' },
    }),
  });
  expect(answer.status).toBe(200);
});

describe('an app token echoed in a voucher never reaches stdout', () => {
  const cases: Array<[string, string[]]> = [
    ['JSON', ['voucher', 'get', CODE, '-o', 'json']],
    ['NDJSON', ['voucher', 'list', '-o', 'ndjson']],
    ['a table', ['voucher', 'get', CODE, '-o', 'table', '--fields', 'code,additional_info,metadata.note']],
    ['a list table', ['voucher', 'list', '-o', 'table', '--fields', 'code,metadata.note']],
    ['CSV', ['voucher', 'list', '-o', 'csv', '--fields', 'code,additional_info,metadata.note']],
    ['--jq', ['voucher', 'get', CODE, '--jq', '.metadata.note, .additional_info, (.metadata | keys[])']],
    ['--jq on NDJSON', ['voucher', 'list', '-o', 'ndjson', '--jq', '.metadata.note']],
  ];
  for (const [format, argv] of cases) {
    it(`in ${format}`, async () => {
      const { code, stdout } = await fx.run(argv);
      expect(code).toBe(0);
      expect(stdout).not.toContain(APP_TOKEN);
      expect(stdout).toContain(REDACTED);
    });
  }

  it('JSON keeps the rest of the voucher as the service sent it', async () => {
    const { stdout } = await fx.run(['voucher', 'get', CODE, '-o', 'json']);
    const voucher = JSON.parse(stdout);
    expect(voucher.code).toBe(CODE);
    expect(voucher.additional_info).toBe(`echoed ${REDACTED} here`);
    expect(voucher.metadata).toEqual({ note: REDACTED, [REDACTED]: 'as a key' });
  });

  it('a cached access token of the profile is blanked too, in a run that did not use it', async () => {
    const issued = await fx.run(['token', 'issue', '--scope', 'api', '-o', 'json']);
    const { access_token } = JSON.parse(issued.stdout);
    const code = 'ECHO-CACHED-1';
    const answer = await fetch(`${fx.sandbox.url}/v1/vouchers`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN },
      body: JSON.stringify({
        code,
        type: 'DISCOUNT_VOUCHER',
        discount: { type: 'PERCENT', percent_off: 5 },
        metadata: { cached: access_token },
      }),
    });
    expect(answer.status).toBe(200);
    // voucher get sends the app credentials, not the bearer token.
    const { stdout } = await fx.run(['voucher', 'get', code, '-o', 'json']);
    expect(JSON.parse(stdout).metadata).toEqual({ cached: REDACTED });
  });

  it('token issue still prints the token it was asked for', async () => {
    const { code, stdout } = await fx.run(['token', 'issue', '--scope', 'api', '-o', 'json']);
    expect(code).toBe(0);
    const { access_token } = JSON.parse(stdout);
    expect(access_token).toMatch(/^[^[]{16,}$/);
  });
});
