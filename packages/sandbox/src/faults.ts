// The sandbox as a fault injector: clients are tested against slow, failing, rate-limiting and
// vanishing servers without mocking anything. Scripted faults make a test deterministic; the
// random knobs are for soak runs by hand.
import { type LostAnswer, type LostAnswerFaults, pickLostAnswer } from './faults-lost.js';
import { type RateLimit, RateLimiter } from './faults-rate.js';

export interface FaultOptions {
  /** Added to every answer. */
  latencyMs?: number;
  /** Real counting in fixed windows; over the limit the answer is 429. */
  rateLimit?: RateLimit;
  /** The bulk calls' own limit (the voucher import), counted apart; 429 with X-Rate-Limit-Type. */
  bulkRateLimit?: RateLimit;
  /** Probability 0..1 of answering `errorStatus` instead of handling the request. */
  errorRate?: number;
  /** Default 503. */
  errorStatus?: number;
  /** Probability 0..1 of destroying the socket without answering. */
  resetRate?: number;
  /** Never answer (until close()). */
  hang?: boolean;
  /** Lose the answer of a request after it changed the state (faults-lost.ts). */
  lostAnswers?: LostAnswerFaults;
  /** Deterministic faults, consumed in order and checked before everything else. */
  script?: ScriptedFault[];
}

/** Answer with this status instead of handling; the body defaults to the Error object for the status. */
export interface ScriptedReply {
  status: number;
  /** Seconds, sent as Retry-After. */
  retryAfter?: number;
  /** Unix seconds, sent as X-Rate-Limit-Retry. */
  rateLimitRetryAt?: number;
  /** Sent as X-Rate-Limit-Type, e.g. `bulk_api_calls`. */
  rateLimitType?: string;
  body?: unknown;
}

export type ScriptedAction =
  | ScriptedReply
  | { reset: 'before-handling' | 'after-handling' }
  /** Handle the request, then answer this status (502, 504, ...) instead of the route's answer. */
  | { replyAfterHandling: number }
  | { hang: true }
  | { delayMs: number };

export interface ScriptedFault {
  /** Which requests the fault applies to; every request when absent. `path` is a raw path prefix. */
  match?: { method?: string; path?: string };
  /** How many matching requests it applies to; default 1. */
  times?: number;
  action: ScriptedAction;
}

export interface FaultController {
  set(faults: FaultOptions): void;
  get(): FaultOptions;
  push(...script: ScriptedFault[]): void;
}

/** What the fault layer decided for one request before the route runs. */
export type FaultDecision =
  | { kind: 'none'; delayMs: number; afterHandling: LostAnswer | number | undefined }
  | { kind: 'reply'; delayMs: number; status: number; body: unknown; headers: Record<string, string> }
  | { kind: 'reset' }
  | { kind: 'hang' };

const ERROR_NAMES: Record<number, [key: string, message: string]> = {
  400: ['bad_request', 'Bad request'],
  401: ['unauthorized', 'Unauthorized'],
  403: ['forbidden', 'Forbidden'],
  404: ['not_found', 'Resource not found'],
  409: ['conflict', 'Conflict'],
  429: ['too_many_requests', 'Too many requests'],
  500: ['internal_server_error', 'Internal server error'],
  502: ['bad_gateway', 'Bad gateway'],
  503: ['service_unavailable', 'Service unavailable'],
  504: ['gateway_timeout', 'Gateway timeout'],
};

/** The key and message the sandbox uses for an error status that no route chose. */
export function errorNameForStatus(status: number): { key: string; message: string } {
  const [key, message] = ERROR_NAMES[status] ?? ['error', `Error ${status}`];
  return { key, message };
}

export class FaultEngine implements FaultController {
  private options: FaultOptions = {};
  private script: ScriptedFault[] = [];
  private readonly limiter: RateLimiter;

  constructor(
    initial: FaultOptions | undefined,
    now: () => number,
    private readonly random: () => number = Math.random,
  ) {
    this.limiter = new RateLimiter(now);
    if (initial) this.set(initial);
  }

  set(faults: FaultOptions): void {
    const { script, ...rest } = structuredClone(faults ?? {});
    this.options = rest;
    this.script = script ?? [];
    // A new limit starts a fresh count, as if the plan had just changed.
    this.limiter.clear();
  }

  get(): FaultOptions {
    return structuredClone({ ...this.options, script: this.script });
  }

  push(...script: ScriptedFault[]): void {
    this.script.push(...structuredClone(script));
  }

  /** The X-Rate-Limit-* headers of an answer to this request. */
  rateLimitHeadersFor(method: string, rawPath: string): Record<string, string> {
    return this.limiter.headers(this.options, method, rawPath);
  }

  /** Decides, for one request, which fault (if any) replaces or delays the normal answer. */
  decide(method: string, rawPath: string): FaultDecision {
    const scripted = this.takeScripted(method, rawPath);
    let delayMs = this.options.latencyMs ?? 0;
    let afterHandling: LostAnswer | number | undefined;
    if (scripted) {
      const action = scripted.action;
      if ('status' in action) return this.scriptedReply(action, delayMs);
      if ('hang' in action) return { kind: 'hang' };
      if ('delayMs' in action) delayMs += action.delayMs;
      else if ('replyAfterHandling' in action) afterHandling = action.replyAfterHandling;
      else if (action.reset === 'before-handling') return { kind: 'reset' };
      else afterHandling = 'reset';
    }
    if (this.options.hang) return { kind: 'hang' };

    const tooMany = this.limiter.hit(this.options, method, rawPath);
    if (tooMany) return { kind: 'reply', delayMs, status: 429, body: undefined, headers: tooMany };
    if (this.random() < (this.options.resetRate ?? 0)) return { kind: 'reset' };
    if (this.random() < (this.options.errorRate ?? 0)) {
      const status = this.options.errorStatus ?? 503;
      return { kind: 'reply', delayMs, status, body: undefined, headers: {} };
    }
    return { kind: 'none', delayMs, afterHandling };
  }

  /** For a request whose route changed the state: whether its answer is lost, and how. */
  loseAnswer(method: string, rawPath: string): LostAnswer | undefined {
    return pickLostAnswer(this.options.lostAnswers, method, rawPath, this.random);
  }

  private takeScripted(method: string, rawPath: string): ScriptedFault | undefined {
    const index = this.script.findIndex((fault) => {
      const match = fault.match ?? {};
      if (match.method && match.method.toUpperCase() !== method.toUpperCase()) return false;
      return !match.path || rawPath.startsWith(match.path);
    });
    const fault = this.script[index];
    if (!fault) return undefined;
    const left = (fault.times ?? 1) - 1;
    if (left <= 0) this.script.splice(index, 1);
    else fault.times = left;
    return fault;
  }

  private scriptedReply(action: ScriptedReply, delayMs: number): FaultDecision {
    // The core adds the current X-Rate-Limit-* headers; these override them.
    const headers: Record<string, string> = {};
    if (action.status === 429) headers['X-Rate-Limit-Remaining'] = '0';
    if (action.rateLimitRetryAt !== undefined)
      headers['X-Rate-Limit-Retry'] = String(action.rateLimitRetryAt);
    if (action.retryAfter !== undefined) headers['Retry-After'] = String(action.retryAfter);
    if (action.rateLimitType !== undefined) headers['X-Rate-Limit-Type'] = action.rateLimitType;
    return {
      kind: 'reply',
      delayMs,
      status: action.status,
      body: action.body,
      headers,
    };
  }
}
