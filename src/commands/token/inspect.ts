// promo token inspect [TOKEN|-]: introspects a token, or the profile's most recent cached one.
import { type Introspection, introspectToken } from '../../api/oauth.js';
import { PromoError, UsageError } from '../../errors.js';
import { mask } from '../../output/mask.js';
import { formatDate } from '../../output/table.js';
import { defineCommand } from '../../registry/define.js';
import type { Runtime } from '../../runtime.js';
import { readStdin } from '../../stdin.js';

export interface InspectOptions {
  /** The token to inspect; `-` reads it from stdin; undefined takes the cached one. */
  token?: string;
}

export function parseInspectOptions(token: string | undefined): InspectOptions {
  if (token !== undefined && token !== '-' && !/^[\x21-\x7e]+$/.test(token)) {
    throw new UsageError('TOKEN must be printable characters with no spaces');
  }
  return { token };
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
  const cached = await rt.tokenCache().latest(target.profile, rt.ctx.now());
  if (!cached) {
    throw new PromoError(
      `no cached token for profile '${target.profile}'`,
      1,
      'Issue one with `promo token issue --scope api`, or pass the token to inspect.',
    );
  }
  return cached.access_token;
}

export default defineCommand({
  path: ['token', 'inspect'],
  summary: "Introspect a token (active, scope, expiry); without one, the profile's cached token",
  examples: [
    'promo token inspect',
    'promo token issue --scope api --json | jq -r .access_token | promo token inspect -',
  ],
  args: { token: { help: 'the token, or - to read it from stdin' } },
  run: ({ token }, rt) => run(parseInspectOptions(token), rt),
});
