// promo api: the request checked, sent and its answer printed (the options are in index.ts).
import type { ApiRequest } from '../../api/client.js';
import { METHODS } from '../../api/names.js';
import { parseScopes } from '../../auth/scopes.js';
import { UsageError } from '../../base/errors.js';
import { OutcomeUnknownError } from '../../http/failures.js';
import { redactJson, secretsIn } from '../../http/redact.js';
import { readInlineOrFileJson } from '../../input/json-source.js';
import { printDryRun } from '../../output/dry-run.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { ApiFlags } from './options.js';

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

export function parseApiOptions(flags: ApiFlags): ApiOptions {
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
    options.data === undefined ? undefined : await readInlineOrFileJson(options.data, '--data', rt.ctx);
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
  const { body, status } = await client.call(request).catch((error: unknown) => {
    if (!(error instanceof OutcomeUnknownError)) throw error;
    throw error.withHint(
      `Check whether it took effect (with \`promo api GET\` of what it changes) before sending it again.`,
    );
  });
  if (body === undefined) {
    rt.out.notice(`HTTP ${status}, no content.`);
    return;
  }
  // The answer may echo what was sent (credentials, a token being introspected): redacted like
  // every other output unless asked for.
  const reveal = options.showSecrets ? ({ secrets: 'shown' } as const) : undefined;
  if (typeof body === 'string') rt.out.text(body, reveal);
  else await rt.out.json(options.showSecrets ? body : redactJson(body, rt.secrets), reveal);
}
