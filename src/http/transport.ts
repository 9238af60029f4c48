// The one HTTP transport: node:http/https with a keep-alive agent (the global fetch costs about
// 200 ms of start-up on Node 20), a timeout per attempt, retries that only repeat what is safe to
// repeat, and a redacted trace for --debug.
import type { Agent, IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { ExitCode, PromoError } from '../errors.js';
import { loadHttp, loadHttps } from '../lazy.js';
import {
  AnswerTooLargeError,
  AttemptFailure,
  gatewayLost,
  networkError,
  type OutcomeUnknownError,
  outcomeUnknown,
  RedirectError,
  socketFailure,
} from './failures.js';
import { redactBody, redactHeader, type SecretSet } from './redact.js';
import {
  backoffMs,
  describeRefusedWait,
  type RateLimitState,
  retryDelayMs,
  slowDownMs,
} from './retry-policy.js';
import type { HttpRequest, HttpResponse, Route } from './types.js';

export { OutcomeUnknownError } from './failures.js';
export type { HttpRequest, HttpResponse, Route } from './types.js';

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
  /** The most of an answer promo reads (default 64 MiB). */
  maxAnswerBytes?: number;
}

type HttpModule = { request: typeof import('node:http').request; Agent: typeof import('node:http').Agent };

const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);
/** A proxy or load balancer answered for the service: whether the service acted is unknown. */
const LOST_STATUS = new Set([502, 504]);

/** Well above any real answer (a page of 100 vouchers is well under 1 MiB), well below what Node can hold as text. */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

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

  /**
   * Sends with retries where they are safe. Throws NetworkError when no answer came, and
   * OutcomeUnknownError when a request that acts on the service lost its answer for good; a
   * 3xx or an answer too large to hold are errors too. Any other answer is returned.
   */
  async send(request: HttpRequest): Promise<HttpResponse> {
    const { retries } = this.options;
    const mutates = request.mutates ?? !request.idempotent;
    /** An attempt that was sent lost its answer: the service may have acted on it already. */
    let lost: OutcomeUnknownError | undefined;
    for (let attempt = 0; ; attempt++) {
      await this.waitForRateLimit();
      if (this.options.signal?.aborted) {
        if (lost && mutates) throw lost;
        throw new PromoError('Interrupted.', ExitCode.interrupted);
      }
      let response: HttpResponse;
      try {
        response = await this.attempt(request);
      } catch (error) {
        if (!(error instanceof AttemptFailure)) throw error;
        if (error.sent) lost = outcomeUnknown(request, error);
        if (lost && (!request.idempotent || (mutates && error.code === 'EINTR'))) throw lost;
        // A host that does not exist will not exist a second later either (EAI_AGAIN may pass).
        if (attempt >= retries || error.final || error.code === 'ENOTFOUND') {
          if (lost && mutates) throw lost;
          throw networkError(request, error, attempt + 1);
        }
        await this.pause(backoffMs(attempt), `${error.message}; retrying`);
        continue;
      }
      this.rememberRateLimit(response.headers);
      const { status } = response;
      if (status >= 300 && status < 400)
        throw new RedirectError(status, request, stringHeader(response, 'location'));
      if (LOST_STATUS.has(status) && mutates) {
        if (!request.idempotent) throw gatewayLost(request, status);
        lost = gatewayLost(request, status);
      }
      if (RETRYABLE_STATUS.has(status) && (request.idempotent || status === 429) && attempt < retries) {
        const delay = retryDelayMs(attempt, status, response.headers, this.now());
        if (delay !== undefined) {
          await this.pause(delay, `the service answered ${status}; retrying`);
          // The wait a 429 asked for is the service's word on when to come back; its
          // X-Rate-Limit-Remaining of 0 must not make the next attempt wait for the window again.
          if (status === 429) this.forgetRateLimit();
          continue;
        }
      }
      if (RETRYABLE_STATUS.has(status))
        response.waitRefused = describeRefusedWait(status, response.headers, this.now());
      // Retries are spent on a request that acts and lost an answer: it may have been done.
      if (lost && mutates && (RETRYABLE_STATUS.has(status) || status >= 500)) throw lost;
      if (lost) response.afterLostAnswer = true;
      return response;
    }
  }

  /** Closes idle keep-alive sockets so that the process can exit at once. */
  close(): void {
    for (const agent of Object.values(this.agents)) agent.destroy();
  }

  private async route(url: URL): Promise<Route> {
    const key = url.protocol === 'https:' ? 'https:' : 'http:';
    const module: HttpModule = this.modules[key] ?? (key === 'https:' ? await loadHttps() : await loadHttp());
    this.modules[key] = module;
    const agent = this.agents[key] ?? new module.Agent({ keepAlive: true });
    this.agents[key] = agent;
    return { request: (target, options) => module.request(target, { ...options, agent }), agent };
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
    const route = await this.route(url);
    // A write into a connection that a server or a NAT dropped silently while it sat idle fails
    // after the request went out; for a request that acts on the service that would leave its
    // outcome unknown for nothing. Such a request goes out on a connection used moments ago, or a new one.
    if ((request.mutates ?? !request.idempotent) && this.now() - this.lastAnswerAt > MAX_IDLE_REUSE_MS)
      dropIdle(route.agent);
    const started = this.now();
    const limit = this.options.maxAnswerBytes ?? MAX_ANSWER_BYTES;
    this.trace(
      `> ${method} ${url.origin}${url.pathname}${url.search}${route.via ? ` (via ${route.via})` : ''}`,
    );
    for (const [name, value] of Object.entries(headers))
      this.trace(`> ${name}: ${redactHeader(name, value)}`);
    if (body !== undefined) this.trace(`> ${redactBody(body, headers['Content-Type'])}`);

    return new Promise<HttpResponse>((resolve, reject) => {
      let sent = false;
      let settled = false;
      const settle = (error?: Error) => {
        if (settled) return false;
        settled = true;
        clearTimeout(timer);
        this.options.signal?.removeEventListener('abort', onAbort);
        if (error) {
          this.trace(`< failed after ${this.now() - started} ms: ${error.message}`);
          req.destroy();
          reject(error);
        }
        return true;
      };
      const fail = (message: string, code: string) => settle(new AttemptFailure(message, code, sent));
      const req = route.request(url, {
        method,
        headers:
          body === undefined ? headers : { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
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
      req.on('error', (error: NodeJS.ErrnoException) => settle(socketFailure(error, sent, route.via)));
      req.on('response', (res) => {
        if (Number(res.headers['content-length']) > limit) {
          settle(new AnswerTooLargeError(request, limit));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limit) settle(new AnswerTooLargeError(request, limit));
          else chunks.push(chunk);
        });
        res.on('error', (error: NodeJS.ErrnoException) => settle(socketFailure(error, sent, route.via)));
        res.on('end', () => {
          if (!settle()) return;
          this.lastAnswerAt = this.now();
          resolve(this.answer(res, Buffer.concat(chunks).toString('utf8'), started));
        });
      });
      req.end(body);
    });
  }

  private answer(res: IncomingMessage, text: string, started: number): HttpResponse {
    this.trace(`< ${res.statusCode} ${res.statusMessage ?? ''} (${this.now() - started} ms)`);
    for (const [name, value] of Object.entries(res.headers)) {
      this.trace(`< ${name}: ${redactHeader(name, String(value))}`);
    }
    if (text) this.trace(`< ${redactBody(text, res.headers['content-type'])}`);
    return { status: res.statusCode ?? 0, headers: res.headers, text };
  }
}

function stringHeader(response: HttpResponse, name: string): string | undefined {
  const value = response.headers[name];
  return typeof value === 'string' ? value : undefined;
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
