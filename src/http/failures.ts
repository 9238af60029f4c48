// What can go wrong between promo and the service, as errors a person (and a bulk run) can act on:
// a connection that failed before or after the request went out, a certificate promo cannot trust,
// a redirect, an answer too large to hold, a lost answer whose outcome is unknown.
import { ExitCode, NetworkError, PromoError } from '../base/errors.js';
import type { HttpRequest } from './types.js';

/** Why an attempt failed before an answer came; decides whether it may be repeated. */
export class AttemptFailure extends Error {
  constructor(
    message: string,
    readonly code: string,
    /** The whole request had been written to the socket: the service may have acted on it. */
    readonly sent: boolean,
    /** Trying again cannot help (a certificate, a proxy refusing us): report it at once. */
    readonly final = false,
    readonly hint?: string,
  ) {
    super(message);
  }
}

const CA_FIX =
  'If your network inspects TLS with its own certificate authority, point NODE_EXTRA_CA_CERTS at ' +
  "that authority's certificate (a PEM file) and run again.";

/** Certificate problems: the same certificate comes back on every attempt, so none is retried. */
const TLS_PROBLEMS: Record<string, [string, string]> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: ['the server presented a self-signed certificate', CA_FIX],
  SELF_SIGNED_CERT_IN_CHAIN: [
    "the server's certificate chain ends in an authority this machine does not trust",
    CA_FIX,
  ],
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: [
    "the server's certificate is signed by an authority this machine does not know",
    CA_FIX,
  ],
  UNABLE_TO_GET_ISSUER_CERT: [
    "the server's certificate is signed by an authority this machine does not know",
    CA_FIX,
  ],
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: [
    "the server's certificate is signed by an authority this machine does not know",
    CA_FIX,
  ],
  CERT_UNTRUSTED: ["the server's certificate is not trusted", CA_FIX],
  CERT_HAS_EXPIRED: [
    "the server's certificate has expired",
    "Check this machine's clock; if it is right, the server's certificate must be renewed.",
  ],
  CERT_NOT_YET_VALID: [
    "the server's certificate is not valid yet",
    "Check this machine's clock; if it is right, the server's certificate is misconfigured.",
  ],
  ERR_TLS_CERT_ALTNAME_INVALID: [
    "the server's certificate is for another host name",
    'Check the API URL (--api-url, PROMO_API_URL or the profile): it must name the host the certificate is for.',
  ],
  CERT_REVOKED: ["the server's certificate has been revoked", 'Do not use this server.'],
  ERR_SSL_WRONG_VERSION_NUMBER: [
    'the server does not speak TLS on this port',
    'Check the API URL: is it http:// rather than https://, or the wrong port?',
  ],
};

const PROXY_CREDENTIALS_FIX =
  'Check the user and password in HTTPS_PROXY/HTTP_PROXY (http://USER:PASSWORD@HOST:PORT, special characters percent-encoded).';

/** A proxy refused the credentials of the proxy URL, or wanted some: the same ones fail again. */
export function proxyAuthRequired(request: HttpRequest): NetworkError {
  return new NetworkError(
    `${request.method} ${request.url.origin}${request.url.pathname}: the proxy asked for credentials (407 Proxy Authentication Required)`,
    'EPROXYAUTH',
    PROXY_CREDENTIALS_FIX,
  );
}

/** A failure of the connection itself, in words; TLS failures are final and carry their fix. */
export function socketFailure(error: NodeJS.ErrnoException, sent: boolean, via?: string): AttemptFailure {
  // Node reports TLS spoken to a plain-http port as EPROTO, with OpenSSL's words in the message.
  const code =
    error.code === 'EPROTO' && /wrong version number|packet length too long/i.test(error.message)
      ? 'ERR_SSL_WRONG_VERSION_NUMBER'
      : (error.code ?? 'EIO');
  const tls = TLS_PROBLEMS[code];
  if (tls) return new AttemptFailure(`TLS: ${tls[0]} (${code})`, code, sent, true, tls[1]);
  if (code === 'EPROXYAUTH')
    return new AttemptFailure(error.message, code, sent, true, PROXY_CREDENTIALS_FIX);
  return new AttemptFailure(describeSocketError(error, via), code, sent);
}

function describeSocketError(error: NodeJS.ErrnoException, via?: string): string {
  const to = via ? ` to the proxy ${via}` : '';
  switch (error.code) {
    case 'ECONNREFUSED':
      return `connection${to} refused`;
    case 'ECONNRESET':
      return via ? `connection reset (through the proxy ${via})` : 'connection reset by the server';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `cannot resolve the host${via ? ` of the proxy ${via}` : ''} (${error.code})`;
    case 'EPIPE':
      return 'connection closed while sending';
    default:
      return error.message || String(error.code);
  }
}

export function networkError(request: HttpRequest, failure: AttemptFailure, attempts: number): NetworkError {
  const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
  return new NetworkError(
    `${request.method} ${request.url.origin}${request.url.pathname} failed${tries}: ${failure.message}`,
    failure.code,
    failure.hint ??
      (failure.code === 'ETIMEDOUT'
        ? 'Raise --timeout if the service is slow.'
        : 'Check the API URL and the network (and HTTPS_PROXY/NO_PROXY if you are behind a proxy).'),
  );
}

/** How the answer to a request that acts on the service was lost. */
export type LostAnswer =
  | 'connection' /** broke after the request was sent */
  | 'timeout' /** no answer within --timeout after it was sent */
  | 'gateway' /** a 502 or 504: a proxy or load balancer lost the service's answer */
  | 'interrupted' /** Ctrl-C or SIGTERM while it was in flight */
  | 'conflict'; /** a repeat of a create with a code answered 409: most likely the lost first attempt created it */

/**
 * A request that acts on the service was sent and its answer lost: the service may or may not have
 * acted on it. Its own class (key `outcome_unknown_error`, exit 6) so that scripts and bulk runs can
 * tell it apart from a failure: a bulk run records the line `unknown` and may read the result back.
 */
export interface LostAnswerFields {
  method: string;
  path: string;
  lost: LostAnswer;
  /** What happened after the request went out, as the end of a sentence. */
  why: string;
  code: string;
  /** The status of the answer that stood for the lost one (502, 504, 409), if one came. */
  status?: number;
  /** How to find out what happened: the API or command layer knows; this layer knows no command. */
  hint?: string;
  /** How many times the request went out (more than once only for a request safe to repeat). */
  sent?: number;
}

export class OutcomeUnknownError extends NetworkError {
  readonly method: string;
  readonly path: string;
  readonly lost: LostAnswer;
  readonly status?: number;
  private readonly fields: LostAnswerFields;

  constructor(fields: LostAnswerFields) {
    const {
      method,
      path,
      why,
      code,
      hint = 'Check whether it took effect before running it again.',
    } = fields;
    super(`${method} ${path}: outcome unknown: the request was sent, then ${why}`, code, hint);
    this.fields = fields;
    this.method = method;
    this.path = path;
    this.lost = fields.lost;
    this.status = fields.status;
  }

  /** The same loss, with a hint of the layer that knows how to check it. */
  withHint(hint: string): OutcomeUnknownError {
    // Through the constructor, not the class's own name: the bundler renames a class that names
    // itself, and error keys come from the class's name.
    const Same = this.constructor as typeof OutcomeUnknownError;
    const error = new Same({ ...this.fields, hint });
    error.stack = this.stack;
    return error;
  }
}

/**
 * The end of the message of a lost answer: how many times promo sent the request. A request that
 * is safe to repeat (a create with its own code) is sent again after a lost answer, and the
 * message says so: it never claims that a request was not repeated when it was.
 */
function sentNote(sent: number): string {
  return sent > 1
    ? `; the service may or may not have acted on it: promo sent it ${sent} times in all (repeating it is safe), and no answer said what became of it`
    : '; the service may or may not have acted on it, so promo did not send it again';
}

/** `sent`: how many times the request went out, this attempt included. */
export function outcomeUnknown(request: HttpRequest, failure: AttemptFailure, sent = 1): OutcomeUnknownError {
  const lost: LostAnswer =
    failure.code === 'ETIMEDOUT' ? 'timeout' : failure.code === 'EINTR' ? 'interrupted' : 'connection';
  const why =
    lost === 'interrupted'
      ? 'promo was interrupted before an answer came'
      : `the connection failed (${failure.message}) before an answer came`;
  return new OutcomeUnknownError({
    method: request.method,
    path: request.url.pathname,
    lost,
    why: why + sentNote(sent),
    code: failure.code,
    sent,
  });
}

export function gatewayLost(request: HttpRequest, status: number, sent = 1): OutcomeUnknownError {
  return new OutcomeUnknownError({
    method: request.method,
    path: request.url.pathname,
    lost: 'gateway',
    why: `a gateway answered ${status} instead of the service${sentNote(sent)}`,
    code: `HTTP_${status}`,
    status,
    sent,
  });
}

/** The service never redirects its API: a 3xx comes from something else, and is never followed. */
export class RedirectError extends PromoError {
  constructor(
    readonly status: number,
    request: HttpRequest,
    location: string | undefined,
  ) {
    super(
      `${request.method} ${request.url.pathname}: the server answered ${status}, ${redirectTarget(location, request.url)}; ` +
        'the service does not redirect its API, so promo did not follow it (nor send credentials there)',
      ExitCode.failure,
      'Check the API URL (--api-url, PROMO_API_URL or the profile): it may be outdated or point at a login page.',
    );
  }
}

function redirectTarget(location: string | undefined, base: URL): string {
  if (!location) return 'a redirect with no Location';
  try {
    // The host only: a Location is the server's text, and may be long or carry a query.
    return `a redirect to ${new URL(location, base).host}`;
  } catch {
    return 'a redirect to an address that is not a URL';
  }
}

/** More than promo will hold in memory: no real answer comes near it. */
export class AnswerTooLargeError extends PromoError {
  constructor(request: HttpRequest, limit: number) {
    super(
      `${request.method} ${request.url.pathname}: the answer is larger than ${limit / 1024 / 1024} MiB, ` +
        'more than any answer of the service; promo stopped reading it',
      ExitCode.failure,
      'Check the API URL: it may point at something other than the service.',
    );
  }
}
