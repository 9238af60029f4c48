// promo token inspect [TOKEN|-]: introspects a token, or the profile's most recent cached one.
import { ALLOWED_SCOPES, type Introspection, introspectToken } from '../../api/oauth.js';
import { parseScopes } from '../../auth/scopes.js';
import { PromoError, UsageError } from '../../base/errors.js';
import { readStdin } from '../../base/stdin.js';
import { mask } from '../../output/mask.js';
import { formatDate } from '../../output/table.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineCommand } from '../../toolkit/define.js';

export interface InspectOptions {
  /** The token to inspect; `-` reads it from stdin; undefined takes the cached one. */
  token?: string;
  /** Which cached token, when the profile holds several: the one issued for these scopes. */
  scopes?: string[];
}

export function parseInspectOptions(token: string | undefined, scope?: string[]): InspectOptions {
  if (token !== undefined && token !== '-' && !/^[\x21-\x7e]+$/.test(token)) {
    throw new UsageError('TOKEN must be printable characters with no spaces');
  }
  if (token !== undefined && scope !== undefined)
    throw new UsageError('--scope chooses among cached tokens: give it or a TOKEN, not both');
  return { token, scopes: scope === undefined ? undefined : parseScopes(scope) };
}

export async function run(options: InspectOptions, rt: Runtime): Promise<void> {
  const token = await tokenToInspect(options, rt);
  rt.secrets.add(token);
  const client = await rt.client();
  const answer = await introspectToken(client, token);
  // The token itself is a secret: shown by its last four characters only.
  const shown: Introspection = answer.active
    ? { ...answer, access_token: mask(answer.access_token) }
    : answer;
  const now = Math.floor(rt.ctx.now() / 1000);
  await rt.out.record<Introspection>(shown, [
    { header: 'Active', value: (t) => (t.active ? 'yes' : 'no') },
    { header: 'Token', value: (t) => (t.active ? t.access_token : mask(token)) },
    { header: 'Scope', value: (t) => (t.active ? t.scope : undefined) },
    {
      header: 'Expires',
      value: (t) => (t.active ? `${formatDate(t.expires_at)} (in ${t.expires_at - now} s)` : undefined),
    },
    { header: 'Client id', value: (t) => (t.active ? t.client_id : undefined) },
  ]);
}

async function tokenToInspect(options: InspectOptions, rt: Runtime): Promise<string> {
  if (options.token === '-') {
    const text = (await readStdin(rt.ctx.stdin)).trim();
    if (!text || /\s/.test(text)) throw new UsageError('stdin must hold exactly one token');
    return text;
  }
  if (options.token) return options.token;
  const target = await rt.target();
  const live = await rt.tokenCache().live(target.profile, rt.ctx.now());
  const wanted = options.scopes && [...options.scopes].sort().join(' ');
  const chosen = wanted === undefined ? live[0] : live.find((t) => t.scopes === wanted);
  const held = live.map((t) => `'${t.scopes}'`).join(', ');
  if (!chosen) {
    throw new PromoError(
      `no cached token for profile '${target.profile}'${wanted ? ` with scopes '${wanted}'` : ''}`,
      1,
      live.length
        ? `Cached tokens are for ${held}: choose one with --scope.`
        : 'Issue one with `promo token issue --scope api`, or pass the token to inspect.',
    );
  }
  if (wanted === undefined && live.length > 1)
    rt.out.notice(
      `${live.length} cached tokens (${held}): inspecting the latest, '${chosen.scopes}'. Choose with --scope.`,
    );
  return chosen.token.access_token;
}

export default defineCommand({
  path: ['token', 'inspect'],
  summary: "Introspect a token (active, scope, expiry); without one, the profile's cached token",
  examples: [
    'promo token inspect',
    'promo token inspect --scope "api vouchers"',
    'promo token issue --scope api --json | jq -r .access_token | promo token inspect -',
  ],
  args: { token: { help: 'the token, or - to read it from stdin' } },
  options: {
    scope: {
      type: 'list',
      value: 'scope',
      complete: ALLOWED_SCOPES,
      help: "which cached token: the one issued for these scopes (repeatable, or 'api vouchers')",
    },
  },
  run: ({ token, scope }, rt) => run(parseInspectOptions(token, scope), rt),
});
