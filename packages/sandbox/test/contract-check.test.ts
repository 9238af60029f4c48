// The contract check has teeth: exchanges made up to break one rule each are caught, with a line
// that names the request and the rule (a wrong type, a pattern, a missing field, a parameter the
// operation does not have, credentials that meet none of its requirements, an undeclared status).

import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../src/index.js';
import { checker, vendorApi as fullApi } from './helpers/vendor.js';

const vendorFilesAvailable = checker.available;
const exchangeProblems = checker.problems;

const APP = { 'x-app-id': 'a', 'x-app-token': 't', 'content-type': 'application/json' };

type Parts = Omit<Partial<RecordedRequest>, 'answer'> & { status?: number; answer?: unknown };

function exchange(parts: Parts): RecordedRequest {
  const { status = 200, answer, ...request } = parts;
  return {
    method: 'GET',
    rawPath: '/v1/vouchers',
    query: '',
    headers: APP,
    body: '',
    ...request,
    answer: { status, body: answer === undefined ? '' : JSON.stringify(answer), byFault: false },
  };
}

const list = { object: 'list', data_ref: 'vouchers', vouchers: [], total: 0 };

describe.skipIf(!vendorFilesAvailable)('the contract check', () => {
  it('passes a conforming exchange', () => {
    expect(
      exchangeProblems([exchange({ query: 'limit=5&filters[code][conditions][$in][0]=A', answer: list })]),
    ).toEqual([]);
  });

  it('catches a wrong type, a missing required field and an undeclared status in an answer', () => {
    const problems = exchangeProblems([
      exchange({ answer: { ...list, total: 'none' } }),
      exchange({ status: 404, answer: { key: 'not_found' } }),
      exchange({ status: 201, answer: list }),
    ]);
    expect(problems).toEqual([
      expect.stringMatching(/^GET \/v1\/vouchers → 200: answer \$\.total: must be integer/),
      "GET /v1/vouchers → 404: answer: the error's code is not the status",
      'GET /v1/vouchers → 201: answer: status 201 is not one the operation lists',
    ]);
  });

  it('catches a query parameter the operation lacks or a value out of its range, and missing credentials', () => {
    const problems = exchangeProblems([
      exchange({ query: 'limit=500&colour=red', answer: list }),
      exchange({ headers: { 'x-app-id': 'a' }, answer: list }),
    ]);
    expect(problems).toEqual([
      expect.stringMatching(/→ 200: query limit: must be <= 100/),
      expect.stringMatching(/→ 200: query: colour is not a parameter of the operation$/),
      expect.stringMatching(/→ 200: credentials: none of/),
    ]);
  });

  it('takes app keys or a bearer token, not both at once (the mended security requirement)', () => {
    const bearer = { authorization: 'Bearer abc', 'content-type': 'application/json' };
    expect(exchangeProblems([exchange({ headers: bearer, answer: list })])).toEqual([]);
  });

  it("reads an inactive token's introspection as `active: false` alone (the mended seven-ops file)", () => {
    const introspect = (answer: unknown) =>
      exchangeProblems([exchange({ method: 'POST', rawPath: '/v1/oauth/introspect', answer })], {
        request: false,
      });
    expect(introspect({ active: false })).toEqual([]);
    expect(introspect({ active: true })).not.toEqual([]);
  });

  it('catches a request body against the schema: a wrong type and a pattern', () => {
    const created = { code: 'A' };
    const problems = exchangeProblems([
      exchange({ method: 'PUT', rawPath: '/v1/vouchers/A', body: '{"active":"yes"}', answer: created }),
    ]);
    expect(problems.some((line) => /body \$\.active: must be boolean/.test(line))).toBe(true);
    // Patterns count too: the tier structure's id (openapi-7ops.json) is `lts_` and hex.
    expect(fullApi().problemsWith({ type: 'string', pattern: '^lts_[a-f0-9]+$' }, 'lts_XYZ')).toEqual([
      '$: must match pattern "^lts_[a-f0-9]+$" {"pattern":"^lts_[a-f0-9]+$"}',
    ]);
  });
});
