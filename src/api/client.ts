// The thin API layer: builds requests (auth headers, query, JSON or form bodies), sends them
// through the transport and turns error answers into ApiError. Knows nothing of terminals.
import { ApiError, AuthError, type ServiceErrorBody, UsageError } from '../base/errors.js';
import { isObject } from '../base/json.js';
import { VERSION } from '../base/version.js';
import { REDACTED, redactBody, redactHeader } from '../http/redact.js';
import type { HttpRequest, HttpResponse, Transport } from '../http/transport.js';
import { formEncode } from './form.js';
import type {
  ApiRequest,
  ApiResponse,
  BearerSource,
  Credentials,
  DryRun,
  FormFile,
  Query,
  SourcedToken,
} from './request.js';
import { checkHeaderValue, checkPathSegments, MAX_URL_LENGTH } from './request-checks.js';

export type * from './request.js';
export { isDotSegment } from './request-checks.js';

/** Percent-encodes every interpolated value, so that a code like `A/B?C` stays one path segment. */
export function encodePath(strings: TemplateStringsArray, ...values: Array<string | number>): string {
  return strings.reduce(
    (path, part, i) => path + part + (i < values.length ? encodeURIComponent(String(values[i])) : ''),
    '',
  );
}

const USER_AGENT = `promo/${VERSION} node/${process.versions.node}`;

export class ApiClient {
  /** Told of every answer (a bulk run paces itself from the rate-limit headers). */
  readonly observers: Array<(status: number, headers: HttpResponse['headers']) => void> = [];
  /** What --dry-run shows instead of `baseUrl` (the built-in sandbox's port lives for one run only). */
  shownBaseUrl?: string;
  /** The hint of a 401 to the app credentials: where they came from and how to mend them. */
  refusedHint?: string;
  /** Asked before each attempt of every request (HttpRequest.beforeAttempt): a bulk run's hold on its journal. */
  beforeAttempt?: () => void;

  /** `bearer` issues the tokens of auth 'bearer'; without it such requests fail with an AuthError. */
  constructor(
    readonly baseUrl: string,
    private readonly credentials: Credentials | undefined,
    private readonly transport: Transport,
    readonly bearer?: BearerSource,
  ) {}

  /**
   * The HTTP request as it would go out. With `dryRun` no token is issued: the bearer header is
   * shown as redacted, which is all a dry run may print of it anyway.
   */
  async prepare(request: ApiRequest, options: { rejected?: string; dryRun?: boolean } = {}) {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'User-Agent': USER_AGENT,
      ...request.headers,
    };
    // Everything that can be checked locally is, before a bearer token is issued for it.
    const url = this.url(request.path, request.query);
    let body: string | undefined;
    if (request.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = formEncode(Object.entries(request.form));
    } else if (request.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.json);
    } else if (request.file) {
      const boundary = boundaryFor(request.file.content);
      headers['Content-Type'] = `multipart/form-data; boundary=${boundary}`;
      body = multipartBody(request.file, boundary);
    }
    const maxBodyBytes = request.maxBodyBytes ?? MAX_BODY_BYTES;
    if (body !== undefined && Buffer.byteLength(body) > maxBodyBytes) {
      throw new UsageError(
        `the request body would be ${Buffer.byteLength(body)} bytes; the most promo sends in one request is ${maxBodyBytes}`,
        'Split the input: the bulk options (--input FILE) send one request per item.',
      );
    }
    let bearer: SourcedToken | undefined;
    // Promo's own headers are fine as written; the app's are checked once (appHeaders).
    if (request.headers)
      for (const [name, value] of Object.entries(request.headers)) checkHeaderValue(name, value);
    if (request.auth === 'app') Object.assign(headers, this.appHeaders());
    if (request.auth === 'bearer') {
      if (options.dryRun) {
        headers.Authorization = `Bearer ${REDACTED}`;
      } else {
        if (!this.bearer) throw new AuthError('no way to obtain a bearer token: app credentials are missing');
        bearer = await this.bearer.token(request.scopes ?? ['api'], { rejected: options.rejected });
        headers.Authorization = `Bearer ${bearer.access_token}`;
        checkHeaderValue('Authorization', headers.Authorization);
      }
    }
    const http: HttpRequest = {
      method: request.method,
      url,
      headers,
      body,
      idempotent: request.idempotent ?? !['POST', 'PATCH'].includes(request.method),
      mutates: request.mutates,
      beforeAttempt: this.beforeAttempt,
    };
    return { http, bearer };
  }

  /** Sends and returns the answer whatever its status (for `promo api`). */
  async send(
    request: ApiRequest,
    rejected?: string,
  ): Promise<{ response: HttpResponse; bearer?: SourcedToken }> {
    const { http, bearer } = await this.prepare(request, { rejected });
    const response = await this.transport.send(http);
    for (const observe of this.observers) observe(response.status, response.headers);
    return { response, bearer };
  }

  /** What `--dry-run` prints: method, URL, headers with secrets redacted, and the body. Sends nothing. */
  async dryRun(request: ApiRequest): Promise<DryRun> {
    const { http } = await this.prepare(request, { dryRun: true });
    const headers = Object.fromEntries(Object.entries(http.headers).map(([k, v]) => [k, redactHeader(k, v)]));
    const body =
      http.body === undefined
        ? undefined
        : request.json !== undefined
          ? request.json
          : request.file
            ? { [request.file.field]: { filename: request.file.filename, content: request.file.content } }
            : redactBody(http.body, http.headers['Content-Type']);
    const url = http.url.toString();
    const shown =
      this.shownBaseUrl && url.startsWith(this.baseUrl.replace(/\/$/, ''))
        ? this.shownBaseUrl.replace(/\/$/, '') + url.slice(this.baseUrl.replace(/\/$/, '').length)
        : url;
    return { method: http.method, url: shown, headers, body };
  }

  /**
   * Sends and parses a JSON answer; an error status becomes ApiError. A 401 on a cached bearer
   * token is retried once with a new one. The body is `unknown`: readAnswer (answer.ts) with a
   * check is how a caller gets a typed one.
   */
  async call(request: ApiRequest): Promise<ApiResponse> {
    let { response, bearer } = await this.send(request);
    if (response.status === 401 && bearer?.fromCache) {
      ({ response } = await this.send(request, bearer.access_token));
    }
    const parsed = parseBody(response.text);
    if (response.status >= 400) {
      const body: ServiceErrorBody = isObject(parsed)
        ? (parsed as ServiceErrorBody)
        : { message: `HTTP ${response.status}`, details: response.text.slice(0, 300) || undefined };
      const requestId =
        typeof response.headers['x-request-id'] === 'string' ? response.headers['x-request-id'] : undefined;
      throw new ApiError({
        status: response.status,
        body,
        method: request.method,
        path: request.path,
        requestId,
        afterLostAnswer: response.afterLostAnswer,
        headers: response.headers,
        hint:
          response.waitRefused ??
          (response.status === 401 && request.auth === 'app' ? this.refusedHint : undefined),
      });
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }

  /**
   * GETs an absolute URL with the app keys (an export's download, on its own host), handing a 2xx
   * body to `sink` as it arrives; an error status becomes ApiError as in `call`. The caller has
   * checked that the URL's host may receive the keys (api/exports.ts).
   */
  async download(url: URL, sink: NonNullable<HttpRequest['sink']>, operation: string): Promise<void> {
    const headers = { Accept: 'text/plain, text/csv', 'User-Agent': USER_AGENT, ...this.appHeaders() };
    const response = await this.transport.send({ method: 'GET', url, headers, idempotent: true, sink });
    for (const observe of this.observers) observe(response.status, response.headers);
    if (response.status < 400) return;
    const parsed = parseBody(response.text);
    throw new ApiError({
      status: response.status,
      body: isObject(parsed)
        ? (parsed as ServiceErrorBody)
        : { message: `HTTP ${response.status}`, details: response.text.slice(0, 300) || undefined },
      method: 'GET',
      path: operation,
      afterLostAnswer: response.afterLostAnswer,
      headers: response.headers,
      hint: response.waitRefused,
    });
  }

  /** The app's credentials as headers, their values checked (once: they do not change). */
  appHeaders(): Record<string, string> {
    if (!this.credentials) {
      throw new AuthError(
        'no credentials configured',
        'Run `promo login` (`promo profile add` in scripts), set PROMO_APP_ID and PROMO_APP_TOKEN, or try `--profile sandbox`.',
      );
    }
    if (!this.appChecked) {
      checkHeaderValue('X-App-Id', this.credentials.appId);
      checkHeaderValue('X-App-Token', this.credentials.appToken);
      this.appChecked = true;
    }
    return { 'X-App-Id': this.credentials.appId, 'X-App-Token': this.credentials.appToken };
  }

  private appChecked = false;
  /** The URL of the last path sent without a query: a bulk run sends thousands to the same one. */
  private lastUrl?: { path: string; url: URL };

  url(path: string, query?: Query | URLSearchParams): URL {
    if (!query && this.lastUrl?.path === path) return this.lastUrl.url;
    checkPathSegments(path);
    const search =
      query instanceof URLSearchParams ? query.toString() : query ? formEncode(queryPairs(query)) : '';
    // A path that carries a query of its own (none of promo's do) gets the rest after it.
    const url = new URL(
      this.baseUrl + path + (search === '' ? '' : `${path.includes('?') ? '&' : '?'}${search}`),
    );
    if (url.href.length > MAX_URL_LENGTH) {
      throw new UsageError(
        `the request URL would be ${url.href.length} characters long; the most promo sends is ${MAX_URL_LENGTH}`,
      );
    }
    // Nothing changes a URL once made (the transport and http.request only read it).
    if (!query) this.lastUrl = { path, url };
    return url;
  }
}

/** A query's pairs in order, a list as one pair per item; undefined values left out. */
function* queryPairs(query: Query): Generator<[string, string]> {
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) yield [key, String(item)];
    else yield [key, String(value)];
  }
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The sandbox, like the service it imitates, answers 413 above 1 MiB: refuse before sending. */
const MAX_BODY_BYTES = 1024 * 1024;

/** A multipart boundary that the file's text does not hold (the same for the same file: dry runs repeat). */
function boundaryFor(content: string): string {
  for (let n = 0; ; n++) {
    const boundary = `promo-form-boundary-${n}`;
    if (!content.includes(boundary)) return boundary;
  }
}

/** One file part (RFC 7578); the name travels quoted, so quotes and line breaks in it are escaped. */
function multipartBody(file: FormFile, boundary: string): string {
  const quoted = (text: string) => text.replace(/["\r\n]/g, (c) => encodeURIComponent(c));
  return [
    `--${boundary}`,
    `Content-Disposition: form-data; name="${quoted(file.field)}"; filename="${quoted(file.filename)}"`,
    `Content-Type: ${file.type}`,
    '',
    file.content,
    `--${boundary}--`,
    '',
  ].join('\r\n');
}
