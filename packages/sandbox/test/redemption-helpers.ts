// Talking to the sandbox's validation and redemption routes over real HTTP, each answer checked
// against the vendor's whole description (openapi-full.json) when it is beside the project.
import { expect } from 'vitest';
import { type Answer, callSandbox, type Json } from './helpers/sandbox-http.js';
import { vendorApi } from './helpers/vendor.js';

export const fullApi = vendorApi();

/** Checks a 200 answer against the schema of the vendor's operation (when the file is there). */
export function conforms(operationId: string, answer: Answer): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  if (!fullApi.available) return;
  expect(fullApi.problems(fullApi.responseSchema(operationId, 200), answer.body)).toEqual([]);
}

export interface Desk {
  call(method: string, path: string, body?: unknown): Promise<Answer>;
  voucher(code: string, fields: Json): Promise<Json>;
  validate(codes: string[], extra?: Json): Promise<Answer>;
  redeem(codes: string[], extra?: Json): Promise<Answer>;
}

export function desk(url: () => string): Desk {
  const call = async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const { status, body: answer } = await callSandbox(url(), method, path, { body });
    return { status, body: answer };
  };
  const request = (codes: string[], extra: Json = {}) => ({
    redeemables: codes.map((id) => ({ object: 'voucher', id })),
    order: { amount: 10000 },
    ...extra,
  });
  return {
    call,
    async voucher(code, fields) {
      const created = await call('POST', '/v1/vouchers', { code, type: 'DISCOUNT_VOUCHER', ...fields });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      return created.body;
    },
    validate: (codes, extra) => call('POST', '/v1/validations', request(codes, extra)),
    redeem: (codes, extra) => call('POST', '/v1/redemptions', request(codes, extra)),
  };
}

/** The key an inapplicable code was refused with, from a validation's answer. */
export function keyOf(answer: Answer, code: string): string | undefined {
  const entry = (answer.body.redeemables as Json[]).find((each) => each.id === code);
  return entry?.result?.error?.key ?? entry?.result?.details?.key;
}
