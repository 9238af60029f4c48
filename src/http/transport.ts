// The one HTTP transport: promo's HTTP/1.1 client (wire.ts) with connections kept between
// requests (node:http's client, and the global fetch still more, cost a run the compile of their
// code), node:http through a proxy (proxy.ts), a timeout per attempt, retries that only repeat
// what is safe to repeat, and a redacted trace for --debug.
import type { IncomingHttpHeaders } from 'node:http';
import type { ConnectionOptions } from 'node:tls';
import { AbortFanOut } from '../base/abort-fan-out.js';
import { ExitCode, PromoError } from '../base/errors.js';
import { loadNet, loadProxy, loadStream, loadTls } from '../base/lazy.js';
import type { AbortSource } from '../base/light-abort.js';
import { abortableSleep } from '../base/sleep.js';
import { exchange } from './exchange.js';
import {
  AttemptFailure,
  gatewayLost,
  networkError,
  type OutcomeUnknownError,
  outcomeUnknown,
  proxyAuthRequired,
  RedirectError,
} from './failures.js';
import { type Dispatch, InProcessRequest } from './in-process.js';
import { redactUrlTokens, type SecretSet } from './redact.js';
import {
  backoffMs,
  describeRefusedWait,
  type RateLimitState,
  retryDelayMs,
  slowDownMs,
} from './retry-policy.js';
import type { HttpRequest, HttpResponse, Route } from './types.js';
import { WirePool } from './wire.js';

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
  /** The run's interruption: requests in flight are aborted, and no new one goes out. */
  signal?: AbortSignal | AbortSource;
  /**
   * Told before each wait, so that a person sees why nothing happens: a retry (`reason` says what
   * failed) or a pause (`reason` says what for).
   */
  onWait?: (ms: number, reason: string, kind: 'retry' | 'pause') => void;
  /** The most of an answer promo reads (default 64 MiB). */
  maxAnswerBytes?: number;
  /** Where the proxy variables are read (HTTPS_PROXY, NO_PROXY…); none read without it. */
  env?: Record<string, string | undefined>;
  /** Builds the error for a proxy variable promo cannot use. */
  usageError?: (message: string, hint: string) => Error;
}

/** Any of these set makes promo load its proxy code (src/http/proxy.ts); else it never does. */
const PROXY_VARIABLES = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY', 'all_proxy', 'ALL_PROXY'];

type ProxyRoutes = InstanceType<Awaited<ReturnType<typeof loadProxy>>['ProxyRoutes']>;

const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);
/** A proxy or load balancer answered for the service: whether the service acted is unknown. */
const LOST_STATUS = new Set([502, 504]);

/** Well above any real answer (a page of 100 vouchers is well under 1 MiB), well below what Node can hold as text. */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/** How long a pooled connection may have sat idle and still carry a request that is not safe to repeat. */
export const MAX_IDLE_REUSE_MS = 2_000;

export class Transport {
  private readonly rate: RateLimitState = {};
  private proxies?: Promise<ProxyRoutes | undefined>;
  private proxyRoutes?: ProxyRoutes;
  /** When the last answer ended: every pooled connection has been idle at least since then. */
  private lastAnswerAt = Number.NEGATIVE_INFINITY;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  /** The run's interruption, handed to each request and pause in flight (one listener on it, not one each). */
  private readonly interrupts: AbortFanOut;

  constructor(private readonly options: TransportOptions) {
    this.interrupts = new AbortFanOut(options.signal);
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
    /** How many attempts went out (their bytes sent): a repeat of a request that acts is counted and told. */
    let sent = 0;
    /** An attempt that was sent lost its answer: the service may have acted on it already. */
    let lostBy: ((sent: number) => OutcomeUnknownError) | undefined;
    const lost = () => lostBy!(sent);
    for (let attempt = 0; ; attempt++) {
      await this.waitForRateLimit();
      if (this.options.signal?.aborted) {
        if (lostBy && mutates) throw lost();
        throw new PromoError('Interrupted.', ExitCode.interrupted);
      }
      request.beforeAttempt?.();
      if (attempt > 0 && mutates)
        this.trace(
          `* sending ${request.method} ${request.url.pathname} again: attempt ${attempt + 1} (sent ${sent} ${sent === 1 ? 'time' : 'times'} so far)`,
        );
      let response: HttpResponse;
      try {
        response = await this.attempt(request);
      } catch (error) {
        if (!(error instanceof AttemptFailure)) throw error;
        if (error.sent) {
          sent += 1;
          lostBy = (n) => outcomeUnknown(request, error, n);
        }
        if (lostBy && (!request.idempotent || (mutates && error.code === 'EINTR'))) throw lost();
        // A host that does not exist will not exist a second later either (EAI_AGAIN may pass).
        if (attempt >= retries || error.final || error.code === 'ENOTFOUND') {
          if (lostBy && mutates) throw lost();
          // A streamed body cut short by Ctrl-C: interrupted, not a network failure.
          if (error.code === 'EINTR') throw new PromoError('Interrupted.', ExitCode.interrupted);
          throw networkError(request, error, attempt + 1);
        }
        await this.pause(backoffMs(attempt), `${error.message}; retrying`);
        continue;
      }
      sent += 1;
      this.rememberRateLimit(response.headers);
      const { status } = response;
      if (status >= 300 && status < 400)
        throw new RedirectError(status, request, stringHeader(response, 'location'));
      // The service never asks for proxy credentials: a proxy on the way refused ours (or wants some).
      if (status === 407) throw proxyAuthRequired(request);
      if (LOST_STATUS.has(status) && mutates) {
        lostBy = (n) => gatewayLost(request, status, n);
        if (!request.idempotent) throw lost();
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
      if (lostBy && mutates && (RETRYABLE_STATUS.has(status) || status >= 500)) throw lost();
      if (lostBy) response.afterLostAnswer = true;
      return response;
    }
  }

  /** Closes idle keep-alive sockets so that the process can exit at once. */
  close(): void {
    for (const route of Object.values(this.directRoutes)) route.close?.();
    this.proxyRoutes?.close();
  }

  /**
   * Servers in this process (the built-in sandbox), by origin: how to open a connection to one, and
   * its route once made (as the direct ones are made once).
   */
  private readonly inProcess = new Map<string, { dispatch: Dispatch; route?: Route }>();

  /**
   * Requests to `origin` go to a server in this process through `dispatch` (as values, no HTTP on
   * the wire: src/http/in-process.ts), never through a proxy nor the network.
   */
  dispatchInProcess(origin: string, dispatch: Dispatch): void {
    this.inProcess.set(origin, { dispatch });
  }

  /** Whether a proxy variable is set: read once (process.env is slow to read, and a run does not change it). */
  private proxied?: boolean;

  private async proxyRoute(url: URL): Promise<Route | undefined> {
    const env = this.options.env;
    this.proxied ??= env !== undefined && PROXY_VARIABLES.some((name) => env[name]?.trim());
    if (!env || !this.proxied) return undefined;
    this.proxies ??= loadProxy().then(({ ProxyRoutes }) => {
      this.proxyRoutes = new ProxyRoutes(env, {
        secret: (value) => this.options.secrets.add(value),
        problem: this.options.usageError ?? ((message) => new Error(message)),
      });
      return this.proxyRoutes;
    });
    return (await this.proxies)?.route(url);
  }

  /** The direct route of each protocol, made once (a bulk run asks for it thousands of times). */
  private readonly directRoutes: Partial<Record<'http:' | 'https:', Route>> = {};
  /**
   * A direct route being made: once however many requests ask at the same time (a bulk run's
   * first 16). TLS and crypto are loaded for an https URL alone.
   */
  private readonly makingRoutes: Partial<Record<'http:' | 'https:', Promise<Route>>> = {};

  private async route(url: URL): Promise<Route> {
    // Only with a server in this process: the URL's origin is made on first use (Node's code for it too).
    const server = this.inProcess.size > 0 ? this.inProcess.get(url.origin) : undefined;
    if (server) {
      server.route ??= {
        request: (target, options) => new InProcessRequest(server.dispatch, loadStream, target, options),
      };
      return server.route;
    }
    const proxied = await this.proxyRoute(url);
    if (proxied) return proxied;
    const key = url.protocol === 'https:' ? 'https:' : 'http:';
    const route = this.directRoutes[key];
    if (route) return route;
    this.makingRoutes[key] ??= (key === 'https:' ? tlsPool() : tcpPool()).then((pool) => {
      const made: Route = {
        request: (target, options) => pool.request(target, options),
        dropIdle: () => pool.dropIdle(),
        close: () => pool.close(),
      };
      this.directRoutes[key] = made;
      return made;
    });
    return this.makingRoutes[key];
  }

  private async pause(ms: number, reason: string, kind: 'retry' | 'pause' = 'retry'): Promise<void> {
    this.options.onWait?.(ms, reason, kind);
    this.trace(`* waiting ${Math.round(ms)} ms: ${reason}`);
    const wait = this.interrupts.child();
    try {
      await this.sleep(ms, wait.signal);
    } finally {
      wait.release();
    }
  }

  private async waitForRateLimit(): Promise<void> {
    const ms = slowDownMs(this.rate, this.now());
    if (ms > 0) await this.pause(ms, 'for the rate limit', 'pause');
  }

  private rememberRateLimit(headers: IncomingHttpHeaders): void {
    // The bulk calls' hourly budget is not the one that paces every other request: a 429 of the
    // import must not hold the polls that follow until the top of the hour.
    if (headers['x-rate-limit-type'] === 'bulk_api_calls') return;
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
    this.options.trace?.(redactUrlTokens(this.options.secrets.scrub(line)));
  }

  private async attempt(request: HttpRequest): Promise<HttpResponse> {
    const route = await this.route(request.url);
    // A write into a connection that a server or a NAT dropped silently while it sat idle fails
    // after the request went out; for a request that acts on the service that would leave its
    // outcome unknown for nothing. Such a request goes out on a connection used moments ago, or a new one.
    if ((request.mutates ?? !request.idempotent) && this.now() - this.lastAnswerAt > MAX_IDLE_REUSE_MS)
      route.dropIdle?.();
    const response = await exchange(route, request, {
      timeoutMs: this.options.timeoutMs,
      maxAnswerBytes: this.options.maxAnswerBytes ?? MAX_ANSWER_BYTES,
      interrupts: this.watchInterrupts,
      now: this.now,
      trace: this.options.trace ? (line) => this.trace(line) : undefined,
    });
    this.lastAnswerAt = this.now();
    return response;
  }

  private readonly watchInterrupts = (stop: () => void) => this.interrupts.watch(stop);
}

function stringHeader(response: HttpResponse, name: string): string | undefined {
  const value = response.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** Plain TCP connections, as node:http's agent makes them (no delay: a request is one write). */
async function tcpPool(): Promise<WirePool> {
  const [{ connect }, stream] = await Promise.all([loadNet(), loadStream()]);
  return new WirePool((host, port) => connect({ host, port, noDelay: true }), 80, stream);
}

/** TLS connections; a session kept by host resumes the next handshake, as node:https's agent does. */
async function tlsPool(): Promise<WirePool> {
  const [{ connect }, { isIP }, stream] = await Promise.all([loadTls(), loadNet(), loadStream()]);
  const sessions = new Map<string, Buffer>();
  return new WirePool(
    (host, port) => {
      const key = `${host}:${port}`;
      const socket = connect({
        host,
        port,
        servername: isIP(host) ? undefined : host,
        session: sessions.get(key),
        noDelay: true,
      } as ConnectionOptions);
      socket.on('session', (session: Buffer) => sessions.set(key, session));
      return socket;
    },
    443,
    stream,
  );
}
