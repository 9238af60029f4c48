// OAuth 2.0 tokens of the service: issue with the app credentials, introspect.
import {
  both,
  type Checked,
  either,
  exactly,
  maybe,
  number,
  object,
  readAnswer,
  rule,
  text,
} from './answer.js';
import type { ApiClient } from './client.js';

export { ALLOWED_SCOPES } from 'promo-sandbox/facts/scopes';

/** A token is sent back as a header and cached: printable ASCII, no spaces, not empty. */
const tokenText = both(
  text,
  rule((value, at) =>
    /^[\x21-\x7e]{1,4096}$/.test(value as string) ? undefined : `${at} is not a printable token`,
  ),
);

const TOKEN_ANSWER = object({
  access_token: tokenText,
  client_id: text,
  expires_at: number,
  expires_in: maybe(number),
  scope: text,
  token_type: text,
});
export type OAuthToken = Checked<typeof TOKEN_ANSWER>;

/** `{"active": false}` alone for a token that is not (or no longer) valid. */
const INTROSPECTION_ANSWER = either(
  both(object({ active: exactly(true) }), TOKEN_ANSWER),
  object({ active: exactly(false) }),
);
export type Introspection = Checked<typeof INTROSPECTION_ANSWER>;

export async function issueToken(client: ApiClient, scopes: string[]): Promise<OAuthToken> {
  const response = await client.call({
    method: 'POST',
    path: '/v1/oauth/token',
    form: { grant_type: 'client_credentials', scope: scopes.join(' ') },
    auth: 'app',
    // A second token costs one of the project's 1000, but a failed run costs more: issuing is safe to repeat.
    idempotent: true,
  });
  return readAnswer(response, TOKEN_ANSWER, 'POST /v1/oauth/token');
}

export async function introspectToken(client: ApiClient, accessToken: string): Promise<Introspection> {
  const response = await client.call({
    method: 'POST',
    path: '/v1/oauth/introspect',
    form: { access_token: accessToken },
    auth: 'app',
    idempotent: true,
  });
  return readAnswer(response, INTROSPECTION_ANSWER, 'POST /v1/oauth/introspect');
}
