// OAuth 2.0 token operations: issue a client-credentials token, introspect one.

import { ALLOWED_SCOPES } from './facts/scopes.js';
import { nodeCrypto } from './node-builtin.js';
import { type Route, type RouteContext, SandboxError, type SandboxState, type TokenRecord } from './types.js';

/** The scope values the service accepts, for lookups. */
const ALLOWED = new Set<string>(ALLOWED_SCOPES);

export const TOKEN_LIFETIME_SECONDS = 900;
/** A project may hold at most this many tokens; cron jobs that never reuse one run into it. */
export const MAX_LIVE_TOKENS = 1000;

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function alphanumeric(bytes: Buffer): string {
  return Array.from(bytes, (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
}

/** The same app always gets the same client id, as with the service. */
function clientIdFor(appId: string): string {
  return alphanumeric(nodeCrypto().createHash('sha256').update(`sandbox-client:${appId}`).digest()).slice(
    0,
    21,
  );
}

function formField(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function missingParameters(details: string): SandboxError {
  return new SandboxError(400, 'missing_parameters', 'Missing parameters', details);
}

function nowSeconds(rc: RouteContext): number {
  return Math.floor(rc.now() / 1000);
}

/** Expired tokens are gone for good; dropping them keeps the state file small and the count honest. */
function pruneExpiredTokens(state: SandboxState, now: number): void {
  for (const [token, record] of Object.entries(state.tokens)) {
    if (record.expires_at <= now) delete state.tokens[token];
  }
}

function validateScope(scope: string): void {
  const values = scope.split(' ').filter(Boolean);
  const valid = !scope.includes(',') && values.length > 0 && values.every((value) => ALLOWED.has(value));
  if (!valid) throw new SandboxError(400, 'invalid_scope', `Invalid scope: ${scope}`);
}

const issueToken: Route = {
  method: 'POST',
  pattern: '/v1/oauth/token',
  auth: 'app',
  handle(req, state, rc) {
    const grantType = formField(req.body, 'grant_type');
    const scope = formField(req.body, 'scope');
    if (!grantType || !scope) missingParametersFor(grantType, scope);
    if (grantType !== 'client_credentials') {
      throw new SandboxError(400, 'invalid_grant_type', 'Invalid grant_type');
    }
    validateScope(scope);

    const now = nowSeconds(rc);
    pruneExpiredTokens(state, now);
    if (Object.keys(state.tokens).length >= MAX_LIVE_TOKENS) {
      throw new SandboxError(
        400,
        'limit_exceeded',
        'Limit exceeded',
        `The project already holds ${MAX_LIVE_TOKENS} live OAuth tokens; reuse one until it expires`,
      );
    }
    const record: TokenRecord = {
      access_token: alphanumeric(nodeCrypto().randomBytes(50)),
      client_id: clientIdFor(rc.appId),
      scope: scope.split(' ').filter(Boolean).join(' '),
      expires_at: now + TOKEN_LIFETIME_SECONDS,
      token_type: 'Bearer',
    };
    state.tokens[record.access_token] = record;
    return {
      status: 200,
      body: {
        access_token: record.access_token,
        client_id: record.client_id,
        expires_at: record.expires_at,
        expires_in: TOKEN_LIFETIME_SECONDS,
        scope: record.scope,
        token_type: record.token_type,
      },
    };
  },
};

function missingParametersFor(grantType: string | undefined, scope: string | undefined): never {
  const missing = [grantType ? undefined : 'grant_type', scope ? undefined : 'scope'].filter(Boolean);
  throw missingParameters(`Required form fields missing: ${missing.join(', ')}`);
}

const introspectToken: Route = {
  method: 'POST',
  pattern: '/v1/oauth/introspect',
  auth: 'app',
  handle(req, state, rc) {
    const token = formField(req.body, 'access_token');
    if (!token) throw missingParameters('Required form field missing: access_token');
    const record = state.tokens[token];
    const now = nowSeconds(rc);
    // An unknown token is only reported inactive: nothing is said about whether it ever existed.
    if (!record || record.expires_at <= now) return { status: 200, body: { active: false } };
    return {
      status: 200,
      body: {
        access_token: record.access_token,
        client_id: record.client_id,
        expires_at: record.expires_at,
        expires_in: record.expires_at - now,
        scope: record.scope,
        token_type: record.token_type,
        active: true,
      },
    };
  },
};

export const oauthRoutes: Route[] = [issueToken, introspectToken];
