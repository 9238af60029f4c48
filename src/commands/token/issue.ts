// promo token issue --scope S... [--new]: the profile's cached token while it has more than 60 s
// left, else a new one; `--new` always issues.

import { ALLOWED_SCOPES } from 'promo-sandbox/facts/scopes';
import { parseScopes } from '../../auth/scopes.js';
import { AuthError } from '../../base/errors.js';
import type { CachedToken } from '../../config/token-cache.js';
import { formatDate } from '../../output/table.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineCommand } from '../../toolkit/define.js';

export interface IssueOptions {
  scopes: string[];
  fresh: boolean;
}

export async function run(options: IssueOptions, rt: Runtime): Promise<void> {
  const client = await rt.client();
  if (!client.bearer) throw new AuthError('no app credentials to issue a token with');
  const token = await client.bearer.token(options.scopes, { fresh: options.fresh });
  const nowSeconds = Math.floor(rt.ctx.now() / 1000);
  // The service's token object; expires_in is recomputed, since a cached token has aged.
  const { fromCache, saved, ...stored } = token;
  const answer = { ...stored, expires_in: Math.max(0, stored.expires_at - nowSeconds) };
  // The token is what was asked for: printed, though the run knows it as a secret.
  await rt.out.record<typeof answer>(answer, tokenFields(nowSeconds), { secrets: 'shown' });
  if (!rt.out.isJson) {
    rt.out.notice(
      fromCache
        ? 'Reused the cached token (use --new for a fresh one).'
        : saved
          ? 'Issued a new token and cached it.'
          : 'Issued a new token; it could not be cached (see the warning above).',
    );
  }
}

function tokenFields(nowSeconds: number) {
  return [
    { header: 'Access token', value: (t: CachedToken) => t.access_token },
    { header: 'Scope', value: (t: CachedToken) => t.scope },
    {
      header: 'Expires',
      value: (t: CachedToken) => `${formatDate(t.expires_at)} (in ${t.expires_at - nowSeconds} s)`,
    },
    { header: 'Client id', value: (t: CachedToken) => t.client_id },
  ];
}

export default defineCommand({
  path: ['token', 'issue'],
  summary:
    'Print an OAuth token for the given scopes, reusing the cached one while it has more than 60 s left',
  description: `Allowed scopes: ${ALLOWED_SCOPES.join(', ')}`,
  examples: [
    'promo token issue --scope api',
    'promo token issue --scope api vouchers --json | jq -r .access_token',
    'promo --profile sandbox token issue --scope api --new',
  ],
  options: {
    scope: {
      type: 'list',
      variadic: true,
      required: true,
      short: 's',
      value: 'scope',
      complete: ALLOWED_SCOPES,
      help: 'scopes, space-separated or repeated (e.g. --scope api vouchers)',
    },
    new: {
      type: 'switch',
      help: 'always issue a new token (each one counts against the project limit of 1000)',
    },
  },
  run: ({ scope, new: fresh }, rt) => run({ scopes: parseScopes(scope), fresh }, rt),
});
