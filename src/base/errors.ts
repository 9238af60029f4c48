// The few kinds of failure promo knows, and the one place that maps them to exit codes (docs/cli.md).

export const ExitCode = {
  ok: 0,
  failure: 1,
  usage: 2,
  notFound: 3,
  auth: 4,
  rateLimited: 5,
  network: 6,
  partial: 7,
  cancelled: 8,
  notApplicable: 9,
  interrupted: 130,
} as const;
export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** What each exit code tells a script: `promo help exit-codes` and the root --help print this table. */
export const EXIT_CODE_MEANINGS: Record<ExitCodeValue, string> = {
  0: 'success',
  1: 'the service refused the request (a 4xx not listed below), or another failure',
  2: 'usage: a bad flag, value or input file; nothing was sent',
  3: 'not found (404)',
  4: 'authentication or permission (401, 403), or no credentials configured',
  5: 'rate limited (429) after the retries',
  6: 'network failure, timeout or 5xx after the retries, or an outcome unknown',
  7: 'a bulk run ended with lines not done: failed, unknown, or left when its input changed (its journal says which)',
  8: 'cancelled at a confirmation',
  9: 'not applicable: the service checked the codes (validate, redeem) and said no; the key and the reason are printed',
  130: 'interrupted (Ctrl-C, SIGTERM, SIGHUP: a terminal closed); a bulk run says how to resume',
};

/** Base class: every error promo raises on purpose carries its exit code and a one-line message. */
export class PromoError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCodeValue,
    readonly hint?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A bad flag, value or input file. Thrown before anything is sent. */
export class UsageError extends PromoError {
  constructor(message: string, hint?: string) {
    super(message, ExitCode.usage, hint);
  }
}

/** No credentials to use, or the service refused them. */
export class AuthError extends PromoError {
  constructor(message: string, hint?: string) {
    super(message, ExitCode.auth, hint);
  }
}

/** A local file (profile store, input) could not be read or parsed. */
export class ConfigError extends PromoError {
  constructor(message: string, hint?: string) {
    super(message, ExitCode.failure, hint);
  }
}

/**
 * Something the command line names does not exist (exit 3), found out by promo itself: a list the
 * service answers with no items for a campaign it does not have.
 */
export class NotFoundError extends PromoError {
  constructor(message: string, hint?: string) {
    super(message, ExitCode.notFound, hint);
  }
}

/** The user declined a confirmation. */
export class CancelledError extends PromoError {
  constructor(message = 'Cancelled.') {
    super(message, ExitCode.cancelled);
  }
}

/** Ctrl-C, SIGTERM or SIGHUP stopped the run (exit 130 for each, as docs/cli.md says). */
export class InterruptedError extends PromoError {
  constructor(message = 'Interrupted.', hint?: string) {
    super(message, ExitCode.interrupted, hint);
  }
}

/** The service's error object, as documented in the reference. */
export interface ServiceErrorBody {
  code?: number;
  key?: string;
  message?: string;
  details?: string;
  request_id?: string;
  resource_id?: string;
  resource_type?: string;
  [field: string]: unknown;
}

/** The service answered with a status that is not a success. */
export interface ApiErrorFields {
  status: number;
  body: ServiceErrorBody;
  method: string;
  path: string;
  requestId?: string;
  /** An earlier attempt was sent and its answer lost (see HttpResponse.afterLostAnswer). */
  afterLostAnswer?: boolean;
  /** The answer's headers (lower-case names), e.g. X-Rate-Limit-Type on a 429. */
  headers?: Record<string, string | string[] | undefined>;
  hint?: string;
}

export class ApiError extends PromoError {
  readonly status: number;
  readonly body: ServiceErrorBody;
  readonly method: string;
  readonly path: string;
  readonly requestId?: string;
  readonly afterLostAnswer: boolean;
  readonly headers: Record<string, string | string[] | undefined>;

  constructor(fields: ApiErrorFields) {
    super(describeServiceError(fields.status, fields.body), exitCodeForStatus(fields.status), fields.hint);
    this.status = fields.status;
    this.body = fields.body;
    this.method = fields.method;
    this.path = fields.path;
    this.requestId = fields.requestId;
    this.afterLostAnswer = fields.afterLostAnswer ?? false;
    this.headers = fields.headers ?? {};
  }

  /** The same error with `hint` first among its hints (what is likely, then what the service said). */
  withHint(hint: string): ApiError {
    return new ApiError({
      status: this.status,
      body: this.body,
      method: this.method,
      path: this.path,
      requestId: this.requestId,
      afterLostAnswer: this.afterLostAnswer,
      headers: this.headers,
      hint: this.hint ? `${hint}\n${this.hint}` : hint,
    });
  }
}

/**
 * The service refused, said in promo's words: people read the words; -o json keeps the service's
 * status, key and request id (a script tests `.error.key`), with the words as the message.
 */
export class RefusedError extends PromoError {
  constructor(
    message: string,
    readonly refusal: ApiError,
    hint?: string,
  ) {
    super(message, ExitCode.failure, hint);
  }
}

/** The request did not complete: connection refused or reset, DNS failure, timeout. */
export class NetworkError extends PromoError {
  constructor(
    message: string,
    readonly code?: string,
    hint?: string,
  ) {
    super(message, ExitCode.network, hint);
  }
}

export function exitCodeForStatus(status: number): ExitCodeValue {
  if (status === 401 || status === 403) return ExitCode.auth;
  if (status === 404) return ExitCode.notFound;
  if (status === 429) return ExitCode.rateLimited;
  if (status >= 500) return ExitCode.network;
  return ExitCode.failure;
}

function describeServiceError(status: number, body: ServiceErrorBody): string {
  const head = body.message ?? `HTTP ${status}`;
  const key = body.key ? ` (${body.key})` : '';
  const details = body.details && body.details !== body.message ? `: ${body.details}` : '';
  return `${head}${key}${details}`;
}

/** Exit code for anything thrown, including errors promo did not raise on purpose. */
export function exitCodeFor(error: unknown): number {
  if (error instanceof PromoError) return error.exitCode;
  return ExitCode.failure;
}

/** The errno code of a failed system call (`ENOENT`, `EEXIST`...), or undefined for any other error. */
export function errnoCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}
