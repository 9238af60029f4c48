// The one HTTP transport: node:http/https with a keep-alive agent (the global fetch costs about
// 200 ms of start-up on Node 20), a timeout per attempt, retries that only repeat what is safe to
// repeat, and a redacted trace for --debug.
import type { Agent, IncomingHttpHeaders } from 'node:http';
import { ExitCode, NetworkError, PromoError } from '../errors.js';
import { loadHttp, loadHttps } from '../lazy.js';
import { redactBody, redactHeader, type SecretSet } from './redact.js';
import { backoffMs, type RateLimitState, retryDelayMs, slowDownMs } from './retry-policy.js';

export interface HttpRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string;
  /**
   * True when sending it twice does no harm (GET, DELETE, token issue, introspect). A request that
   * is not is repeated only when the service certainly did not act on it: the connection was
   * refused before anything was sent, or the answer was 429.
   */
  idempotent: boolean;
}

export interface HttpResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /**
   * An earlier attempt of this (idempotent) request was sent and its answer lost: the service may
   * have acted on it already, so that this answer describes the state after it (a DELETE's 404).
   */
  afterLostAnswer?: boolean;
}

export interface TransportOptions {
  timeoutMs: number;
  retries: number;
  secrets: SecretSet;
  /** Receives the --debug trace, already redacted. */
  trace?: (line: string) => void;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  signal?: AbortSignal;
  /** Told before each wait, so that a person sees why nothing happens. */
  onWait?: (ms: number, reason: string) => void;
}

/** Why an attempt failed before an answer came; decides whether it may be repeated. */
class AttemptFailure extends Error {
  constructor(
    message: string,
    readonly code: string,
    /** The whole request had been written to the socket: the service may have acted on it. */
    readonly sent: boolean,
  ) {
    super(message);
  }
}

type HttpModule = { request: typeof import('node:http').request; Agent: typeof import('node:http').Agent };

const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);

/** How long a pooled connection may have sat idle and still carry a request that is not safe to repeat. */
export const MAX_IDLE_REUSE_MS = 2_000;

function dropIdle(agent: Agent): void {
  for (const sockets of Object.values(agent.freeSockets))
    for (const socket of sockets ?? []) socket.destroy();
}

export class Transport {
  /** Loaded on first use: node:https pulls in TLS and crypto, which --help and --version never need. */
  private readonly agents: Partial<Record<'http:' | 'https:', Agent>> = {};
  private readonly modules: Partial<Record<'http:' | 'https:', HttpModule>> = {};
  private readonly rate: RateLimitState = {};
  /** When the last answer ended: every pooled connection has been idle at least since then. */
  private lastAnswerAt = Number.NEGATIVE_INFINITY;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(private readonly options: TransportOptions) {
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? abortableSleep;
  }

  async send(request: HttpRequest): Promise<HttpResponse> {
    const { retries } = this.options;
    let lostAnswer = false;
    for (let attempt = 0; ; attempt++) {
      await this.waitForRateLimit();
      if (this.options.signal?.aborted) throw new PromoError('Interrupted.', ExitCode.interrupted);
      let response: HttpResponse;
      try {
        response = await this.attempt(request);
      } catch (error) {
        if (!(error instanceof AttemptFailure)) throw error;
        const repeatable = request.idempotent || !error.sent;
        if (!repeatable) throw outcomeUnknown(request, error);
        // A host that does not exist will not exist a second later either (EAI_AGAIN may pass).
        if (attempt >= retries || error.code === 'ENOTFOUND') throw networkError(request, error, attempt + 1);
        lostAnswer ||= error.sent;
        await this.pause(backoffMs(attempt), `${error.message}; retrying`);
        continue;
      }
      if (lostAnswer) response.afterLostAnswer = true;
      this.rememberRateLimit(response.headers);
      const retryable =
        RETRYABLE_STATUS.has(response.status) && (request.idempotent || response.status === 429);
      if (!retryable || attempt >= retries) return response;
      const delay = retryDelayMs(attempt, response.status, response.headers, this.now());
      if (delay === undefined) return response;
      await this.pause(delay, `the service answered ${response.status}; retrying`);
      // The wait a 429 asked for is the service's word on when to come back; its
      // X-Rate-Limit-Remaining of 0 must not make the next attempt wait for the window again.
      if (response.status === 429) this.forgetRateLimit();
    }
  }

  /** Closes idle keep-alive sockets so that the process can exit at once. */
  close(): void {
    for (const agent of Object.values(this.agents)) agent.destroy();
  }

  private async client(protocol: string): Promise<{ module: HttpModule; agent: Agent }> {
    const key = protocol === 'https:' ? 'https:' : 'http:';
    const module: HttpModule = this.modules[key] ?? (key === 'https:' ? await loadHttps() : await loadHttp());
    this.modules[key] = module;
    const agent = this.agents[key] ?? new module.Agent({ keepAlive: true });
    this.agents[key] = agent;
    return { module, agent };
  }

  private async pause(ms: number, reason: string): Promise<void> {
    this.options.onWait?.(ms, reason);
    this.trace(`* waiting ${Math.round(ms)} ms: ${reason}`);
    await this.sleep(ms, this.options.signal);
  }

  private async waitForRateLimit(): Promise<void> {
    const ms = slowDownMs(this.rate, this.now());
    if (ms > 0) await this.pause(ms, 'close to the rate limit; slowing down');
  }

  private rememberRateLimit(headers: IncomingHttpHeaders): void {
    const remaining = Number(headers['x-rate-limit-remaining']);
    const retryAt = Number(headers['x-rate-limit-retry']);
    if (Number.isFinite(remaining)) this.rate.remaining = remaining;
    if (Number.isFinite(retryAt)) this.rate.resetAtMs = retryAt * 1000;
    this.rate.seenAtMs = this.now();
  }

  private forgetRateLimit(): void {
    this.rate.remaining = undefined;
    this.rate.resetAtMs = undefined;
  }

  private trace(line: string): void {
    this.options.trace?.(this.options.secrets.scrub(line));
  }

  private async attempt(request: HttpRequest): Promise<HttpResponse> {
    const { url, method, headers, body } = request;
    const { module, agent } = await this.client(url.protocol);
    // A write into a connection that a server or a NAT dropped silently while it sat idle fails
    // after the request went out; for a request that must not be repeated that would leave its
    // outcome unknown for nothing. Such a request goes out on a connection used moments ago, or a new one.
    if (!request.idempotent && this.now() - this.lastAnswerAt > MAX_IDLE_REUSE_MS) dropIdle(agent);
    const started = this.now();
    this.trace(`> ${method} ${url.origin}${url.pathname}${url.search}`);
    for (const [name, value] of Object.entries(headers))
      this.trace(`> ${name}: ${redactHeader(name, value)}`);
    if (body !== undefined) this.trace(`> ${redactBody(body, headers['Content-Type'])}`);

    return new Promise<HttpResponse>((resolve, reject) => {
      let sent = false;
      let settled = false;
      const fail = (message: string, code: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.options.signal?.removeEventListener('abort', onAbort);
        this.trace(`< failed after ${this.now() - started} ms: ${message}`);
        req.destroy();
        reject(new AttemptFailure(message, code, sent));
      };
      const req = module.request(url, {
        method,
        headers: body === undefined ? headers : { ...headers, 'Content-Length': Buffer.byteLength(body) },
        agent,
      });
      const timer = setTimeout(
        () => fail(`no answer within ${this.options.timeoutMs / 1000} s`, 'ETIMEDOUT'),
        this.options.timeoutMs,
      );
      const onAbort = () => fail('interrupted', 'EINTR');
      this.options.signal?.addEventListener('abort', onAbort, { once: true });
      req.on('finish', () => {
        sent = true;
      });
      req.on('error', (error: NodeJS.ErrnoException) =>
        fail(describeSocketError(error), error.code ?? 'EIO'),
      );
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (error: NodeJS.ErrnoException) =>
          fail(describeSocketError(error), error.code ?? 'EIO'),
        );
        res.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          this.options.signal?.removeEventListener('abort', onAbort);
          const text = Buffer.concat(chunks).toString('utf8');
          this.trace(`< ${res.statusCode} ${res.statusMessage ?? ''} (${this.now() - started} ms)`);
          for (const [name, value] of Object.entries(res.headers)) {
            this.trace(`< ${name}: ${redactHeader(name, String(value))}`);
          }
          if (text) this.trace(`< ${redactBody(text, res.headers['content-type'])}`);
          this.lastAnswerAt = this.now();
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text });
        });
      });
      req.end(body);
    });
  }
}

function describeSocketError(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
      return 'connection reset by the server';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `cannot resolve the host (${error.code})`;
    case 'EPIPE':
      return 'connection closed while sending';
    default:
      return error.message || String(error.code);
  }
}

function networkError(request: HttpRequest, failure: AttemptFailure, attempts: number): NetworkError {
  const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
  return new NetworkError(
    `${request.method} ${request.url.origin}${request.url.pathname} failed${tries}: ${failure.message}`,
    failure.code,
    failure.code === 'ETIMEDOUT'
      ? 'Raise --timeout if the service is slow.'
      : 'Check the API URL and the network.',
  );
}

/**
 * A request that is not safe to repeat broke after it was sent: the service may have acted on it.
 * Its own class, so that scripts (key `outcome_unknown_error`) and bulk runs can tell it apart.
 */
export class OutcomeUnknownError extends NetworkError {
  constructor(
    readonly method: string,
    readonly path: string,
    failure: string,
    code: string,
  ) {
    super(
      `${method} ${path}: outcome unknown. The request was sent, then the connection failed (${failure}) ` +
        'before an answer came; the service may or may not have acted on it, so promo did not send it again',
      code,
      path.startsWith('/v1/vouchers')
        ? 'Check before running it again: `promo api GET /v1/vouchers/<code>` answers 404 if it was not created.'
        : 'Check whether it took effect (e.g. with `promo api GET …`) before running it again.',
    );
  }
}

function outcomeUnknown(request: HttpRequest, failure: AttemptFailure): NetworkError {
  return new OutcomeUnknownError(request.method, request.url.pathname, failure.message, failure.code);
}

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
