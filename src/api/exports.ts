// The service's CSV exports: `POST /v1/exports` queues one, `GET /v1/exports/{id}` follows it to
// DONE (or ERROR), `GET /v1/exports` lists, `DELETE` removes; the file itself is downloaded from the
// URL in its result, which names the download host of the cluster and carries a token.
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { downloadHostOf, type ExportedObject } from 'promo-sandbox/facts/exports';
import { ExitCode, PromoError } from '../base/errors.js';
import { loadStream } from '../base/lazy.js';
import { redactUrlTokens } from '../http/redact.js';
import {
  anything,
  type Checked,
  type ListAnswer,
  maybe,
  object,
  readAnswer,
  readListAnswer,
  record,
  text,
} from './answer.js';
import { type ApiClient, encodePath } from './client.js';

const EXPORT = object({
  id: text,
  status: text,
  exported_object: maybe(text),
  created_at: maybe(text),
  channel: maybe(text),
  parameters: maybe(record(anything)),
  result: maybe(object({ url: maybe(text) })),
});
export type Export = Checked<typeof EXPORT>;

/** The top-level fields of an export, for --fields of list and get. */
export const EXPORT_OBJECT_FIELDS = [
  'id',
  'object',
  'created_at',
  'status',
  'channel',
  'exported_object',
  'parameters',
  'result',
  'user_id',
] as const;

export function isExportFinished(exp: Export): boolean {
  return exp.status === 'DONE' || exp.status === 'ERROR';
}

/** `{junction, field: {conditions: {$op: [values]}}}`, the filters of the export's parameters. */
export type ExportFilters = Record<string, unknown>;

export interface ExportParameters {
  fields?: readonly string[];
  order?: string;
  filters?: ExportFilters;
}

export async function createExport(
  client: ApiClient,
  exported: ExportedObject,
  parameters: ExportParameters,
): Promise<Export> {
  const response = await client.call({
    method: 'POST',
    path: '/v1/exports',
    json: { exported_object: exported, parameters },
    auth: 'app',
    // A repeat would queue a second export: harmless (it only reads) but not sent blindly.
    mutates: true,
  });
  return readAnswer(response, EXPORT, 'POST /v1/exports');
}

export async function getExport(client: ApiClient, id: string): Promise<Export> {
  return readAnswer(
    await client.call({ method: 'GET', path: encodePath`/v1/exports/${id}`, auth: 'app' }),
    EXPORT,
    'GET /v1/exports/{id}',
  );
}

export async function listExports(
  client: ApiClient,
  query: { limit?: number; page?: number; order?: string },
): Promise<ListAnswer<Export>> {
  return readListAnswer(
    await client.call({ method: 'GET', path: '/v1/exports', query, auth: 'app' }),
    EXPORT,
    'exports',
    'GET /v1/exports',
  );
}

export async function deleteExport(client: ApiClient, id: string): Promise<void> {
  await client.call({ method: 'DELETE', path: encodePath`/v1/exports/${id}`, auth: 'app' });
}

/**
 * Where the app keys may go with a download: the download host of the API host's own cluster
 * (api → download, us1.api → us1.download, as1.api → as1.download, over https), or, for any other
 * API URL (a custom one, the sandbox), that very origin. Anything else is refused, nothing sent.
 */
export function checkDownloadUrl(raw: string, baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused('is not a URL', raw);
  }
  const base = new URL(baseUrl);
  const clusterHost = downloadHostOf(base.hostname);
  const allowed = clusterHost ? `https://${clusterHost}` : base.origin;
  if (url.origin !== allowed || url.username || url.password) {
    throw refused(
      `names ${url.protocol === 'https:' || url.protocol === 'http:' ? url.host : url.protocol}, not ${new URL(allowed).host}`,
      raw,
    );
  }
  return url;
}

function refused(why: string, raw: string): PromoError {
  // The URL's token is a secret even when the URL does not parse: blanked by its shape.
  let shown = raw;
  try {
    const url = new URL(raw);
    shown = `${url.origin}${url.pathname}${url.search}`;
  } catch {}
  shown = redactUrlTokens(shown);
  return new PromoError(
    `refused to download the export: its URL ${why}; promo sends the app keys only to the download host of the profile's own cluster (nothing was sent to ${shown})`,
    ExitCode.failure,
    'If the service really moved its downloads, say so to its support; to fetch the file by hand, use the URL with your own tools.',
  );
}

/** The token of a result URL, also from one that does not parse: a secret of the run. */
export function downloadToken(raw: string | null | undefined): string | undefined {
  const found = raw ? /[?&]token=([^&#\s"']+)/.exec(raw)?.[1] : undefined;
  if (!found) return undefined;
  try {
    return decodeURIComponent(found.replace(/\+/g, ' '));
  } catch {
    return found;
  }
}

/** The export's CSV, handed to `sink` as it arrives; an answer that is not CSV is refused before. */
export async function downloadExport(
  client: ApiClient,
  exp: Export,
  sink: (body: Readable) => Promise<void>,
): Promise<void> {
  const raw = exp.result?.url;
  if (exp.status !== 'DONE' || !raw) {
    throw new PromoError(
      `export ${exp.id} has no file to download: its status is ${exp.status}`,
      ExitCode.failure,
      exp.status === 'ERROR'
        ? 'Create the export again.'
        : `Wait for it: promo export download ${exp.id} once it is DONE.`,
    );
  }
  const url = checkDownloadUrl(raw, client.baseUrl);
  await client.download(url, csvOnly(exp.id, sink), 'GET /v1/exports/{id} (download)');
}

/**
 * The service sends an export's file as text (text/plain or text/csv). A JSON object, an HTML page
 * or XML in its place (the export itself, asked for without the token; a portal's login page) is
 * not the file: refused before the sink has a byte of it, saying what came.
 */
function csvOnly(id: string, sink: (body: Readable) => Promise<void>) {
  return async (body: Readable, headers: IncomingHttpHeaders): Promise<void> => {
    const type = String(headers['content-type'] ?? '').toLowerCase();
    const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const first = await chunks.next();
    const start = first.done ? '' : first.value.toString('utf8', 0, 64).trimStart();
    const kind =
      /json/.test(type) || start.startsWith('{')
        ? 'JSON'
        : /html/.test(type) || /^<(!doctype|html)/i.test(start)
          ? 'an HTML page'
          : /xml/.test(type) || start.startsWith('<')
            ? 'XML'
            : undefined;
    if (kind) {
      await chunks.return?.();
      throw new PromoError(
        `the download of export ${id} is not CSV: the service sent ${kind}${type ? ` (Content-Type ${type})` : ''}; nothing was written`,
        ExitCode.failure,
        `Check the export: promo export get ${id}`,
      );
    }
    // The first chunk and the rest, pulled as the sink reads (its back-pressure holds).
    async function* whole(): AsyncGenerator<Buffer> {
      if (first.done) return;
      yield first.value;
      for (;;) {
        const next = await chunks.next();
        if (next.done) return;
        yield next.value;
      }
    }
    const stream = await loadStream();
    await sink(stream.Readable.from(whole(), { objectMode: false }));
  };
}
