// The global options of docs/cli.md, resolved once per run: flag, then environment, then default.
// (The profile's own endpoint comes in later, in target.ts.)

import type { Context } from '../base/context.js';
import { UsageError } from '../base/errors.js';
import { defineOptions, type OptionValues } from '../base/options.js';
import { PROFILE_NAME } from '../config/profile-name.js';
import {
  LOG_FORMATS,
  type OutputFormat,
  type Printing,
  resolvePrinting,
  truthy,
} from '../output/printing.js';

export const CLUSTERS = ['api', 'us1.api', 'as1.api', 'download', 'us1.download', 'as1.download'] as const;

const GLOBAL = 'Global Options:';

/** The options every command takes, wherever they stand on the command line. */
export const GLOBAL_OPTIONS = defineOptions({
  profile: {
    type: 'value',
    short: 'p',
    value: 'name',
    group: GLOBAL,
    complete: 'profiles',
    help: 'profile to use (env PROMO_PROFILE; default: the default profile)',
  },
  cluster: {
    type: 'value',
    value: 'cluster',
    group: GLOBAL,
    complete: CLUSTERS,
    help: `API cluster: ${CLUSTERS.join(', ')} (env PROMO_CLUSTER)`,
  },
  apiUrl: {
    type: 'value',
    value: 'url',
    group: GLOBAL,
    help: 'full base URL; wins over --cluster (env PROMO_API_URL)',
  },
  output: {
    type: 'value',
    short: 'o',
    value: 'format',
    group: GLOBAL,
    help: 'table, json, ndjson or csv (env PROMO_OUTPUT; default: table on a terminal, else json; json with --jq or --fields)',
  },
  fields: {
    type: 'value',
    value: 'a,b.c',
    group: GLOBAL,
    complete: 'fields',
    help: 'fields to keep (json, ndjson, csv) or show as columns (table), dots for nested ones',
  },
  jq: {
    type: 'value',
    value: 'expr',
    group: GLOBAL,
    help: 'filter the JSON through a jq expression (jq 1.7, built in); strings print raw (escaped on a terminal)',
  },
  json: { type: 'switch', group: GLOBAL, help: 'same as -o json' },
  csvCrlf: {
    type: 'switch',
    group: GLOBAL,
    help: 'end CSV lines with CRLF, for spreadsheets that need it (env PROMO_CSV_CRLF=1; default LF)',
  },
  logFormat: {
    type: 'value',
    value: 'format',
    group: GLOBAL,
    complete: LOG_FORMATS,
    help: 'errors and notices on stderr as text or json (env PROMO_LOG_FORMAT; default: text on a terminal, json when stderr is not one and the output is json)',
  },
  color: { type: 'switch', negatable: true, group: GLOBAL, help: 'no colour (also NO_COLOR)' },
  timeout: {
    type: 'value',
    value: 'seconds',
    group: GLOBAL,
    help: 'timeout of each request attempt (default 30)',
  },
  retries: {
    type: 'value',
    value: 'n',
    group: GLOBAL,
    help: 'retries on 429, 502, 503, 504 and network failures (default 3)',
  },
  debug: {
    type: 'switch',
    group: GLOBAL,
    help: 'HTTP trace on stderr, secrets redacted (env PROMO_DEBUG=1)',
  },
  quiet: {
    type: 'switch',
    short: 'q',
    group: GLOBAL,
    help: 'no notices, warnings or progress on stderr; errors, the exit code and stdout stay (env PROMO_QUIET=1)',
  },
  yes: { type: 'switch', short: 'y', group: GLOBAL, help: 'skip confirmations' },
  input: {
    type: 'switch',
    negatable: true,
    group: GLOBAL,
    help: 'never prompt (also when CI is set, or stdin/stdout is not a terminal)',
  },
});

/** The global options as typed on the command line, before any default or environment variable. */
export type RawGlobals = Partial<OptionValues<typeof GLOBAL_OPTIONS>>;

/** How to print (output/printing.ts: format, colour, stderr's lines, prompts), and the rest. */
export interface Globals extends Printing {
  profile?: string;
  /** An endpoint given by flag or environment; the profile's own is used when this is undefined. */
  endpoint?: { cluster?: string; apiUrl?: string; source: string };
  /** --fields, parsed. */
  fields?: string[];
  /** --jq. */
  jq?: string;
  /** --csv-crlf or PROMO_CSV_CRLF: CSV lines end with CRLF. */
  csvCrlf: boolean;
  timeoutMs: number;
  retries: number;
  debug: boolean;
  yes: boolean;
}

export function resolveGlobals(raw: RawGlobals, ctx: Context): Globals {
  const { env } = ctx;
  const printing = resolvePrinting(raw, ctx);
  const { output } = printing;
  return {
    ...printing,
    profile: resolveProfileName(raw, env),
    endpoint: resolveEndpoint(raw, env),
    fields: raw.fields === undefined ? undefined : parseFields(raw.fields),
    jq: resolveJq(raw.jq, output),
    csvCrlf: raw.csvCrlf === true || truthy(env.PROMO_CSV_CRLF),
    timeoutMs: parseTimeout(raw.timeout),
    retries: parseRetries(raw.retries),
    debug: raw.debug === true || truthy(env.PROMO_DEBUG),
    yes: raw.yes === true,
  };
}

/** A name that no profile can have (control characters, `../`, 10 MB) is a usage error, not "no such profile". */
function resolveProfileName(raw: RawGlobals, env: Context['env']): string | undefined {
  const name = raw.profile ?? (env.PROMO_PROFILE || undefined);
  if (name !== undefined && !PROFILE_NAME.test(name)) {
    const source = raw.profile !== undefined ? '--profile' : 'PROMO_PROFILE';
    throw new UsageError(
      `${source} must be a profile name: 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit`,
    );
  }
  return name;
}

/** `--fields a,b.c`: names, each a path of dotted keys; anything else is exit 2 naming the flag. */
function parseFields(text: string): string[] {
  const fields = text
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  const bad = fields.find((f) => !/^[A-Za-z_][\w-]*(\.[A-Za-z_][\w-]*)*$/.test(f));
  if (fields.length === 0 || bad !== undefined) {
    throw new UsageError(
      `--fields takes field names separated by commas (e.g. code,discount.percent_off)${bad === undefined ? '' : `, not '${bad}'`}`,
    );
  }
  return fields;
}

/** --jq is for JSON: with a table or CSV it is a mistake to say so (exit 2), not to ignore. */
function resolveJq(jq: string | undefined, output: OutputFormat): string | undefined {
  if (jq === undefined) return undefined;
  if (jq.trim() === '') throw new UsageError('--jq needs an expression, e.g. --jq ".[].code"');
  if (output === 'table' || output === 'csv')
    throw new UsageError(`--jq filters JSON: it goes with -o json or ndjson, not ${output}`);
  return jq;
}

function resolveEndpoint(raw: RawGlobals, env: Context['env']): Globals['endpoint'] {
  // The most specific source wins as a whole; within one source the full URL wins over the cluster.
  if (raw.apiUrl !== undefined || raw.cluster !== undefined) {
    return checkEndpoint({
      apiUrl: raw.apiUrl,
      cluster: raw.cluster,
      source: raw.apiUrl ? '--api-url' : '--cluster',
    });
  }
  if (env.PROMO_API_URL || env.PROMO_CLUSTER) {
    return checkEndpoint({
      apiUrl: env.PROMO_API_URL || undefined,
      cluster: env.PROMO_CLUSTER || undefined,
      source: env.PROMO_API_URL ? 'PROMO_API_URL' : 'PROMO_CLUSTER',
    });
  }
  return undefined;
}

function checkEndpoint(endpoint: NonNullable<Globals['endpoint']>): Globals['endpoint'] {
  if (endpoint.apiUrl !== undefined) checkApiUrl(endpoint.apiUrl, endpoint.source);
  if (endpoint.cluster !== undefined) checkCluster(endpoint.cluster, endpoint.source);
  return endpoint;
}

export function checkCluster(cluster: string, source: string): string {
  if (!(CLUSTERS as readonly string[]).includes(cluster)) {
    throw new UsageError(`${source} must be one of ${CLUSTERS.join(', ')}, not '${cluster}'`);
  }
  return cluster;
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** A base URL the credentials may travel to: https anywhere, plain http only on this machine. */
export function checkApiUrl(value: string, source: string): string {
  // The URL parser silently drops tabs and line breaks; a value holding them is not what it seems.
  if (/[\x00-\x20\x7f]/.test(value)) {
    throw new UsageError(`${source} must not contain spaces or control characters`);
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${source} is not a URL: '${value}'`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`${source} must be an http(s) URL, not '${url.protocol}'`);
  }
  if (url.username || url.password) {
    throw new UsageError(
      `${source} must not carry credentials; use a profile or PROMO_APP_ID/PROMO_APP_TOKEN`,
    );
  }
  if (url.protocol === 'http:' && !LOOPBACK.test(url.hostname)) {
    throw new UsageError(
      `${source}: plain http:// is only allowed to a loopback host (credentials would travel in clear to ${url.hostname}); use https://`,
    );
  }
  if (url.search || url.hash) throw new UsageError(`${source} must not have a query or fragment`);
  return value;
}

/** A base URL on this machine (a local sandbox, whose token is its own choice, `sandbox` by default). */
export function isLoopbackUrl(value: string): boolean {
  try {
    return LOOPBACK.test(new URL(value).hostname);
  } catch {
    return false;
  }
}

export function baseUrlFor(endpoint: { cluster?: string; apiUrl?: string }): string {
  if (endpoint.apiUrl) return endpoint.apiUrl.replace(/\/+$/, '');
  return `https://${endpoint.cluster ?? 'api'}.voucherify.io`;
}

function parseTimeout(value: string | undefined): number {
  if (value === undefined) return 30_000;
  const seconds = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value.trim()) || !(seconds > 0) || seconds > 3600) {
    throw new UsageError(`--timeout must be a number of seconds above 0 and at most 3600, not '${value}'`);
  }
  return seconds * 1000;
}

function parseRetries(value: string | undefined): number {
  if (value === undefined) return 3;
  if (!/^\d+$/.test(value) || Number(value) > 10) {
    throw new UsageError(`--retries must be a whole number from 0 to 10, not '${value}'`);
  }
  return Number(value);
}
