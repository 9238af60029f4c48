// The delete-voucher handler called directly: the bin, the forced delete, and the 404.
import { describe, expect, it } from 'vitest';
import { demoSeed, stateFromSeed } from '../src/seed.js';
import type { RouteContext, SandboxState } from '../src/types.js';
import { createVoucher, deleteVoucher } from '../src/vouchers.js';
import { routeRequest, sandboxFailure } from './helpers/sandbox-routes.js';

const rc: RouteContext = {
  now: () => Date.parse('2026-03-02T08:30:00.000Z'),
  newId: (prefix) => `${prefix}0123456789abcdef`,
  appId: 'sandbox',
};

function request(method: string, body: unknown, params: Record<string, string> = {}, query = '') {
  return routeRequest({ method, path: '/v1/vouchers', params, query, body, requestId: 'v-test' });
}

function create(state: SandboxState, code: string) {
  const body = { type: 'DISCOUNT_VOUCHER', code, discount: { type: 'AMOUNT', amount_off: 500 } };
  return createVoucher.handle(request('POST', body), state, rc);
}

function remove(state: SandboxState, code: string, query = '') {
  return deleteVoucher.handle(request('DELETE', undefined, { code }, query), state, rc);
}

describe('delete voucher handler', () => {
  it('moves a live voucher to the bin without force, keeping its code taken', () => {
    const state = stateFromSeed(demoSeed());
    create(state, 'BIN-ME');
    expect(remove(state, 'BIN-ME')).toEqual({ status: 204 });
    expect(state.vouchers['BIN-ME']).toBeUndefined();
    expect(state.bin['BIN-ME']).toMatchObject({ code: 'BIN-ME' });
    expect(sandboxFailure(() => create(state, 'BIN-ME')).status).toBe(409);
  });

  it('answers 404 to a plain delete of a binned voucher', () => {
    const state = stateFromSeed(demoSeed());
    create(state, 'TWICE');
    remove(state, 'TWICE', 'force=false');
    expect(sandboxFailure(() => remove(state, 'TWICE')).status).toBe(404);
  });

  it('frees a code for reuse only after a forced delete, from the bin or from live', () => {
    const state = stateFromSeed(demoSeed());
    create(state, 'REUSE');
    remove(state, 'REUSE');
    expect(remove(state, 'REUSE', 'force=true')).toEqual({ status: 204 });
    expect(state.bin).toEqual({});
    expect(create(state, 'REUSE').status).toBe(200);
    remove(state, 'REUSE', 'force=true');
    expect(state.vouchers).toEqual({});
    expect(state.bin).toEqual({});
  });

  it('answers the service 404 shape for a code it never held', () => {
    const error = sandboxFailure(() => remove(stateFromSeed(demoSeed()), '10OFF', 'force=true'));
    expect(error).toMatchObject({
      status: 404,
      key: 'not_found',
      message: 'Resource not found',
      details: 'Cannot find voucher with id 10OFF',
      extra: { resource_id: '10OFF', resource_type: 'voucher' },
    });
  });

  it('refuses a force value that is neither true nor false', () => {
    const state = stateFromSeed(demoSeed());
    create(state, 'KEEP');
    expect(sandboxFailure(() => remove(state, 'KEEP', 'force=yes')).status).toBe(400);
    expect(state.vouchers.KEEP).toBeDefined();
  });
});
