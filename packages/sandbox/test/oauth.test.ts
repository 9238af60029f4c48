import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../src/index.js';
import { APP_HEADERS, fixedClock, postForm, readJson } from './core-helpers.js';
import { startCheckedSandbox } from './helpers/checked.js';

let sandbox: Sandbox;
afterEach(async () => {
  await sandbox?.close();
});

async function start(clock = fixedClock()) {
  sandbox = await startCheckedSandbox({ seed: {}, now: clock.now });
  return {
    clock,
    token: (fields: Record<string, string>) => postForm(`${sandbox.url}/v1/oauth/token`, fields),
    introspect: (fields: Record<string, string>) => postForm(`${sandbox.url}/v1/oauth/introspect`, fields),
  };
}

interface TokenAnswer {
  access_token: string;
  client_id: string;
  expires_at: number;
}

const VALID = { grant_type: 'client_credentials', scope: 'api vouchers' };

describe('issuing a token', () => {
  it('issues a client-credentials token that lives 900 seconds', async () => {
    const { clock, token } = await start();
    const res = await token(VALID);
    expect(res.status).toBe(200);
    const body = await readJson<TokenAnswer>(res);
    expect(body).toEqual({
      access_token: expect.stringMatching(/^[A-Za-z0-9]{50}$/),
      client_id: expect.stringMatching(/^[A-Za-z0-9]{21}$/),
      expires_at: clock.now() / 1000 + 900,
      expires_in: 900,
      scope: 'api vouchers',
      token_type: 'Bearer',
    });
    expect(sandbox.state.tokens[body.access_token]).toMatchObject({ scope: 'api vouchers' });
  });

  it('gives every token of one app the same client id and a new access token', async () => {
    const { token } = await start();
    const first = await readJson<TokenAnswer>(await token(VALID));
    const second = await readJson<TokenAnswer>(await token(VALID));
    expect(second.client_id).toBe(first.client_id);
    expect(second.access_token).not.toBe(first.access_token);
  });

  it('refuses scopes separated by commas, naming the scope string', async () => {
    const { token } = await start();
    const res = await token({ grant_type: 'client_credentials', scope: 'vouchers,campaigns' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 400,
      key: 'invalid_scope',
      message: 'Invalid scope: vouchers,campaigns',
    });
  });

  it('refuses a scope value that is not in the allowed list', async () => {
    const { token } = await start();
    const res = await token({ grant_type: 'client_credentials', scope: 'api everything' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      key: 'invalid_scope',
      message: 'Invalid scope: api everything',
    });
  });

  it('refuses a grant type other than client_credentials', async () => {
    const { token } = await start();
    const res = await token({ grant_type: 'password', scope: 'api' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ key: 'invalid_grant_type', message: 'Invalid grant_type' });
  });

  it('answers missing_parameters when grant_type or scope is missing', async () => {
    const { token } = await start();
    const incomplete: Array<Record<string, string>> = [
      { scope: 'api' },
      { grant_type: 'client_credentials' },
    ];
    for (const fields of incomplete) {
      const res = await token(fields);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ key: 'missing_parameters', message: 'Missing parameters' });
    }
  });

  it('needs the app credentials', async () => {
    await start();
    const res = await postForm(`${sandbox.url}/v1/oauth/token`, VALID, {});
    expect(res.status).toBe(401);
  });

  it('refuses the 1001st live token and issues again once old ones expired', async () => {
    const { clock, token } = await start();
    const expiresAt = clock.now() / 1000 + 900;
    for (let index = 0; index < 1000; index += 1) {
      sandbox.state.tokens[`t${index}`] = {
        access_token: `t${index}`,
        client_id: 'c',
        scope: 'api',
        expires_at: expiresAt,
        token_type: 'Bearer',
      };
    }
    const refused = await token(VALID);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 400, key: 'limit_exceeded' });
    clock.advance(900);
    expect((await token(VALID)).status).toBe(200);
    expect(Object.keys(sandbox.state.tokens)).toHaveLength(1);
  });
});

describe('introspecting a token', () => {
  it('reports a live token with the seconds it has left', async () => {
    const { clock, token, introspect } = await start();
    const issued = await readJson<TokenAnswer>(await token(VALID));
    clock.advance(345);
    const res = await introspect({ access_token: issued.access_token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ...issued, expires_in: 555, active: true });
  });

  it('reports an expired token as only inactive', async () => {
    const { clock, token, introspect } = await start();
    const issued = await readJson<TokenAnswer>(await token(VALID));
    clock.advance(900);
    expect(await (await introspect({ access_token: issued.access_token })).json()).toEqual({ active: false });
  });

  it('reports an unknown token as only inactive', async () => {
    const { introspect } = await start();
    const res = await introspect({ access_token: 'never-issued' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ active: false });
  });

  it('answers missing_parameters without an access_token', async () => {
    const { introspect } = await start();
    const res = await introspect({});
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 400,
      key: 'missing_parameters',
      message: 'Missing parameters',
    });
  });

  it('serves introspect only with the app credentials', async () => {
    await start();
    const res = await postForm(
      `${sandbox.url}/v1/oauth/introspect`,
      { access_token: 'x' },
      { ...APP_HEADERS, 'X-App-Token': 'bad' },
    );
    expect(res.status).toBe(401);
  });
});
