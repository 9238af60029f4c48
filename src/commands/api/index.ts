// promo api <METHOD> <path>: a raw request with the profile's credentials, for what has no command yet.

import type { ApiRequest } from '../../api/client.js';
import { ALLOWED_SCOPES } from '../../api/oauth.js';
import { parseScopes } from '../../auth/scopes.js';
import { UsageError } from '../../errors.js';
import { redactJson, secretsIn } from '../../http/redact.js';
import { readInlineOrFileJson } from '../../input/json-source.js';
import { printDryRun } from '../../output/dry-run.js';
import { defineArgs, defineCommand, defineOptions, type Input } from '../../registry/define.js';
import type { Runtime } from '../../runtime.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export interface ApiOptions {
  method: ApiRequest['method'];
  path: string;
  query: URLSearchParams;
  data?: string;
  auth: 'app' | 'bearer';
  scopes?: string[];
  dryRun: boolean;
  showSecrets: boolean;
}

const args = defineArgs({
  method: { help: METHODS.join(', '), required: true },
  path: { help: 'path from the API root, e.g. /v1/vouchers/SUMMER10', required: true },
});

const options = defineOptions({
  data: { type: 'value', short: 'd', value: 'json', help: 'JSON body, or @FILE, or @- for stdin' },
  // Not variadic: a list option that took every following word would swallow the path.
  query: {
    type: 'list',
    short: 'q',
    value: 'key=value',
    help: 'query parameter (repeatable)',
  },
  auth: {
    type: 'value',
    value: 'kind',
    help: 'app (X-App-Id/X-App-Token) or oauth (a bearer token promo issues or reuses)',
    default: 'app',
  },
  scope: {
    type: 'list',
    value: 'scope',
    complete: ALLOWED_SCOPES,
    help: "scopes of the bearer token with --auth oauth, repeatable or space-separated in one value (default: the profile's)",
  },
  dryRun: { type: 'switch', help: 'print the request instead of sending it' },
  showSecrets: {
    type: 'switch',
    help: 'print tokens and credentials in the answer as they came (default: [redacted])',
  },
});

export function parseApiOptions(flags: Input<typeof args, typeof options>): ApiOptions {
  const { method, path } = flags;
  const upper = method.toUpperCase();
  if (!(METHODS as readonly string[]).includes(upper)) {
    throw new UsageError(`METHOD must be one of ${METHODS.join(', ')}, not '${method}'`);
  }
  if (!path.startsWith('/') || path.startsWith('//')) {
    throw new UsageError(
      `path must start with a single '/' (e.g. /v1/vouchers/CODE), not '${path}'`,
      'The host comes from the profile.',
    );
  }
  const [pathOnly = '', inlineQuery = ''] = path.split(/\?(.*)/s, 2);
  if (/[\s\x00-\x1f\x7f]/.test(pathOnly))
    throw new UsageError('path must not contain spaces or control characters');
  if (pathOnly.split('/').some((segment) => segment === '..' || segment === '.')) {
    throw new UsageError("path must not contain '.' or '..' segments");
  }
  const query = new URLSearchParams(inlineQuery);
  for (const pair of flags.query ?? []) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`--query takes key=value, not '${pair}'`);
    query.append(pair.slice(0, eq), pair.slice(eq + 1));
  }
  const { auth } = flags;
  if (auth !== 'app' && auth !== 'oauth') throw new UsageError(`--auth must be app or oauth, not '${auth}'`);
  if (flags.data !== undefined && (upper === 'GET' || upper === 'DELETE')) {
    throw new UsageError(`--data cannot be sent with ${upper}`);
  }
  return {
    method: upper as ApiRequest['method'],
    path: pathOnly,
    query,
    data: flags.data,
    auth: auth === 'oauth' ? 'bearer' : 'app',
    scopes: flags.scope ? parseScopes(flags.scope) : undefined,
    dryRun: flags.dryRun,
    showSecrets: flags.showSecrets,
  };
}

export async function run(options: ApiOptions, rt: Runtime): Promise<void> {
  const json =
    options.data === undefined ? undefined : await readInlineOrFileJson(options.data, '--data', rt.ctx.stdin);
  for (const secret of secretsIn(json)) rt.secrets.add(secret);
  const client = await rt.client();
  const target = await rt.target();
  const request: ApiRequest = {
    method: options.method,
    path: options.path,
    query: options.query,
    json,
    auth: options.auth,
    scopes: options.scopes ?? target.scopes,
  };
  if (options.dryRun) return printDryRun(rt.out, await client.dryRun(request));
  const { body, status } = await client.call<unknown>(request);
  if (body === undefined) {
    rt.out.notice(`HTTP ${status}, no content.`);
    return;
  }
  // The answer may echo what was sent (credentials, a token being introspected): redacted like
  // every other output unless asked for.
  if (typeof body === 'string') rt.out.text(options.showSecrets ? body : rt.secrets.scrub(body));
  else rt.out.json(options.showSecrets ? body : redactJson(body, rt.secrets));
}

export default defineCommand({
  path: ['api'],
  summary: "Send a raw request to any endpoint with the profile's credentials (the escape hatch)",
  examples: [
    'promo api GET /v1/templates/campaigns -q limit=1',
    'promo api DELETE /v1/vouchers/SUMMER10 -q force=true',
    'promo api POST /v1/events --data \'{"event":"newsletter_signup","customer":{"source_id":"c1"}}\'',
    'promo api GET /v2/loyalties/tier-structures/lts_0a1b2c3d4e5f/tiers --auth oauth',
  ],
  args,
  options,
  run: (input, rt) => run(parseApiOptions(input), rt),
});
