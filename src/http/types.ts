// The request and answer as the transport sees them, and how a request reaches its URL.
import type { IncomingHttpHeaders } from 'node:http';
import type { Duplex, Readable } from 'node:stream';

export interface HttpRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string;
  /**
   * True when sending it twice does no harm (GET, DELETE, token issue, introspect, and a create
   * with an explicit code, whose repeat can only create it or answer 409): it is retried after a
   * reset, a timeout or a 502/503/504. A request that is not is repeated only when the service
   * certainly did not act on it: the connection failed before it was sent, or the answer was 429.
   */
  idempotent: boolean;
  /**
   * It acts on the service (a create, an event): when its answer is lost for good (a reset or a
   * timeout after sending, a 502 or 504, an interruption in flight) the outcome is unknown and
   * OutcomeUnknownError says so, whether or not it was retried. Default: not idempotent.
   */
  mutates?: boolean;
  /**
   * Takes the body of a 2xx answer as it arrives (an export's CSV), instead of its being read whole:
   * the answer's `text` is then empty. Once it has begun, a failure is final: what it wrote cannot
   * be taken back, so the request is not repeated. Between chunks the timeout counts idle time.
   * A PromoError it throws is its own (a file that cannot be written, an answer of the wrong kind)
   * and reaches the caller as it is, never as a network failure.
   */
  sink?: (body: Readable, headers: IncomingHttpHeaders) => Promise<void>;
  /**
   * Asked before each attempt goes out, the first and every repeat (after any wait): throws to stop
   * the request unsent (a bulk run whose journal another run took over while it was paused).
   */
  beforeAttempt?: () => void;
}

export interface HttpResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /**
   * An earlier attempt of this (idempotent) request was sent and its answer lost: the service may
   * have acted on it already, so that this answer describes the state after it (a DELETE's 404, a
   * create's 409).
   */
  afterLostAnswer?: boolean;
  /** The service asked for a longer wait than promo sits through: what it asked, and when to come back. */
  waitRefused?: string;
}

/** A connection as the client reads it: a socket, or TLS. */
export type Connection = Duplex & {
  setTimeout?(ms: number): unknown;
  /** Its idle timeout, when one is set (net.Socket's). */
  timeout?: number;
  ref?(): unknown;
  unref?(): unknown;
};

/** A request on its way, as exchange.ts drives it (node:http's ClientRequest, or wire.ts's). */
export interface OutgoingRequest {
  on(event: 'finish', listener: () => void): unknown;
  on(event: 'error', listener: (error: NodeJS.ErrnoException) => void): unknown;
  on(event: 'response', listener: (answer: IncomingAnswer) => void): unknown;
  end(body?: string): unknown;
  destroy(): unknown;
}

/** An answer as exchange.ts reads it: its status, its header lines, its body as a stream. */
export interface IncomingAnswer extends Readable {
  statusCode?: number;
  statusMessage?: string;
  rawHeaders: string[];
  /** Its connection, for an idle watch while a body streams (none without setTimeout). */
  socket: {
    setTimeout?(ms: number): unknown;
    on(event: 'timeout', listener: () => void): unknown;
    off(event: 'timeout', listener: () => void): unknown;
  };
}

export interface RequestOptions {
  method: string;
  headers: Record<string, string>;
  /** Its answer's body is handed to a sink as a stream (HttpRequest.sink), not read whole by exchange.ts. */
  streamed?: boolean;
}

/** How one request reaches its URL: directly, or through a proxy (see proxy.ts). */
export interface Route {
  request(url: URL, options: RequestOptions): OutgoingRequest;
  /** Closes its kept connections that wait for a request; none for a server in this process. */
  dropIdle?(): void;
  /** Closes every connection it made (a route of its own; the proxies' are closed with them). */
  close?(): void;
  /** The proxy, for messages (never with its credentials). */
  via?: string;
}
