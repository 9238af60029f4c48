// OAuth 2.0 tokens of the service: issue with the app credentials, introspect.
import { type Check, flag, number, object, readAnswer, text } from './answer.js';
import type { ApiClient } from './client.js';

export interface OAuthToken {
  access_token: string;
  client_id: string;
  expires_at: number;
  expires_in: number;
  scope: string;
  token_type: string;
}

export type Introspection = ({ active: true } & OAuthToken) | { active: false };

export { ALLOWED_SCOPES } from './names.js';

/** A token is sent back as a header and cached: printable ASCII, no spaces, not empty. */
const tokenText: Check = (value, at) =>
  text(value, at) ??
  (/^[\x21-\x7e]{1,4096}$/.test(value as string) ? undefined : `${at} is not a printable token`);

const TOKEN_ANSWER = object({
  access_token: tokenText,
  client_id: text,
  expires_at: number,
  scope: text,
  token_type: text,
});

/** `{"active": false}` alone for a token that is not (or no longer) valid. */
const INTROSPECTION_ANSWER: Check = (value, at) =>
  object({ active: flag })(value, at) ??
  ((value as { active: boolean }).active ? TOKEN_ANSWER(value, at) : undefined);

export async function issueToken(client: ApiClient, scopes: string[]): Promise<OAuthToken> {
  const response = await client.call<unknown>({
    method: 'POST',
    path: '/v1/oauth/token',
    form: { grant_type: 'client_credentials', scope: scopes.join(' ') },
    auth: 'app',
    // A second token costs one of the project's 1000, but a failed run costs more: issuing is safe to repeat.
    idempotent: true,
  });
  return readAnswer<OAuthToken>(response, TOKEN_ANSWER, 'POST /v1/oauth/token');
}

export async function introspectToken(client: ApiClient, accessToken: string): Promise<Introspection> {
  const response = await client.call<unknown>({
    method: 'POST',
    path: '/v1/oauth/introspect',
    form: { access_token: accessToken },
    auth: 'app',
    idempotent: true,
  });
  return readAnswer<Introspection>(response, INTROSPECTION_ANSWER, 'POST /v1/oauth/introspect');
}
