// promo status: what this command line would use, and whether it works.

import { AuthError, exitCodeFor, type PromoError } from '../../base/errors.js';
import { KeychainCredentials } from '../../config/secrets.js';
import { errorJson } from '../../output/errors.js';
import { mask } from '../../output/mask.js';
import { formatDate } from '../../output/table.js';
import type { Runtime } from '../../runtime/runtime.js';
import { readWith } from '../credentials.js';

interface Status {
  profile: string;
  /** Why this profile: --profile, PROMO_PROFILE, the default, or credentials from the environment. */
  chosen_by: string;
  api_url: string;
  built_in_sandbox: boolean;
  app_id: string | null;
  app_token: string | null;
  credentials_from: 'environment' | 'profile' | 'built in' | null;
  /** Where the profile keeps its app token: the system's keychain or the profile file. */
  secret_store: 'keychain' | 'file' | null;
  credentials: { ok: boolean; checked_in_ms?: number; error?: ReturnType<typeof errorJson> };
  tokens: Array<{ scopes: string; expires_at: number; expires_in: number }>;
}

export async function run(rt: Runtime): Promise<number> {
  const target = await rt.target();
  const client = await rt.client();
  const { credentials } = target;
  const fromEnv = Boolean(rt.ctx.env.PROMO_APP_ID && rt.ctx.env.PROMO_APP_TOKEN);
  const status: Status = {
    profile: target.profile,
    chosen_by: chosenBy(rt, target.profile),
    api_url: target.embedded ? 'sandbox://built-in' : client.baseUrl,
    built_in_sandbox: target.embedded,
    app_id: credentials?.appId ?? null,
    app_token: null,
    credentials_from: !credentials
      ? null
      : target.embedded
        ? 'built in'
        : fromEnv
          ? 'environment'
          : 'profile',
    secret_store:
      credentials instanceof KeychainCredentials
        ? 'keychain'
        : credentials && !target.embedded && !fromEnv
          ? 'file'
          : null,
    credentials: { ok: false },
    tokens: [],
  };
  let failure: unknown;
  if (credentials) {
    try {
      // A keychain out of reach is reported here, as a check that failed, not a crash.
      if (!target.embedded) status.app_token = mask(credentials.appToken);
    } catch (error) {
      failure = error;
      status.credentials = { ok: false, error: errorJson(error) };
    }
  }
  if (credentials && !failure) {
    const started = rt.ctx.now();
    try {
      await readWith(client.baseUrl, credentials.appId, credentials.appToken, rt);
      status.credentials = { ok: true, checked_in_ms: rt.ctx.now() - started };
    } catch (error) {
      failure = error;
      const refused = error instanceof AuthError && target.refusedHint;
      status.credentials = {
        ok: false,
        error: { ...errorJson(error), ...(refused ? { hint: target.refusedHint } : {}) },
      };
    }
  }
  const nowMs = rt.ctx.now();
  for (const { scopes, token } of await rt.tokenCache().live(target.profile, nowMs))
    status.tokens.push({
      scopes,
      expires_at: token.expires_at,
      expires_in: Math.round(token.expires_at - nowMs / 1000),
    });

  await rt.out.record(status, [
    { header: 'Profile', value: (s) => `${s.profile} (${s.chosen_by})`, text: true },
    {
      header: 'API',
      value: (s) => (s.built_in_sandbox ? 'built-in sandbox (local)' : s.api_url),
      text: true,
    },
    { header: 'App id', value: (s) => s.app_id ?? undefined, id: true },
    {
      header: 'App token',
      value: (s) =>
        s.app_token
          ? `${s.app_token} (from the ${s.credentials_from}${s.secret_store === 'keychain' ? ", in the system's keychain" : s.secret_store === 'file' ? ', in the profile file' : ''})`
          : s.secret_store === 'keychain'
            ? "in the system's keychain (out of reach)"
            : undefined,
    },
    { header: 'Credentials', value: (s) => describeCheck(s), text: true },
    { header: 'Tokens', value: (s) => describeTokens(s.tokens), text: true },
  ]);
  if (failure === undefined) return 0;
  // The table says what failed; what to do about it goes under it (JSON has it as error.hint).
  const hint = status.credentials.error?.hint;
  if (hint && !rt.out.isJson) rt.out.notice(hint);
  return exitCodeFor(failure as PromoError);
}

function chosenBy(rt: Runtime, profile: string): string {
  const argv = rt.ctx.argv ?? [];
  if (argv.some((a) => a === '-p' || a === '--profile' || a.startsWith('--profile=')))
    return 'chosen by --profile';
  if (rt.ctx.env.PROMO_PROFILE === profile) return 'chosen by PROMO_PROFILE';
  if (profile === 'env') return 'PROMO_APP_ID and PROMO_APP_TOKEN, no profile';
  return 'the default profile';
}

function describeCheck(s: Status): string {
  if (s.credentials.ok) return `accepted by the service (checked in ${s.credentials.checked_in_ms} ms)`;
  const error = s.credentials.error;
  if (!error) return 'none configured';
  // A refusal is a check that was made and failed; only a service out of reach leaves them unchecked.
  const refused = error.exit_code === 4 ? /\(HTTP 40[13]\)/.exec(error.message) : null;
  return refused ? `checked: refused by the service ${refused[0]}` : `not checked: ${error.message}`;
}

function describeTokens(tokens: Status['tokens']): string {
  if (tokens.length === 0) return 'none cached (promo issues one when a command needs it)';
  return tokens
    .map(
      (t) =>
        `${t.scopes}: expires in ${Math.max(0, Math.round(t.expires_in / 60))} min (${formatDate(t.expires_at)})`,
    )
    .join('; ');
}
