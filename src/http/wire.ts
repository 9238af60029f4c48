// promo's own HTTP/1.1 client, for a connection straight to the service (or to the built-in
// sandbox): the request written in one piece, the answer read by AnswerParser, the connection kept
// for the next request. node:http does the same, but its client's code is compiled anew on every
// run (Node's built-in code cache holds little of it), and promo's is in promo's code cache: one
// request cost ~18M instructions (6-9 ms of CPU) more through http.get than through a bare
// net.connect, about half of what a one-request command spends above `node -e 0` (ARCHITECTURE.md).
// Through a proxy promo still goes through node:http (proxy.ts). What exchange.ts reads of a
// request and an answer is what node:http's have: the same events, fields and stream.
import { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import { type AnswerHead, AnswerParser } from './answer-parser.js';
import type { Connection, OutgoingRequest } from './types.js';

/** Opens a connection to host:port (a TCP socket, TLS, or the built-in sandbox's stream). */
export type Connector = (host: string, port: number) => Connection;

const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const HEADER_VALUE_BAD = /[^\t\x20-\x7e\x80-\xff]/;
/** Methods whose empty body node:http says with `Content-Length: 0` (a proxy may refuse them without it). */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** Connections to one kind of server, kept between requests when `keepAlive` (else one a request). */
export class WirePool {
  private readonly idle = new Map<string, Connection[]>();
  private readonly open = new Set<Connection>();

  /** The answer's stream class, made on node:stream's Readable (which the caller loads when it needs it). */
  readonly Answer: AnswerClass;

  constructor(
    private readonly connector: Connector,
    private readonly defaultPort: number,
    private readonly keepAlive: boolean,
    stream: { Readable: typeof Readable },
  ) {
    this.Answer = answerClass(stream.Readable);
  }

  request(url: URL, options: { method: string; headers: Record<string, string> }): OutgoingRequest {
    const head = requestHead(url, options.method, options.headers, this.keepAlive);
    return new WireRequest(this, url, options.method, head);
  }

  /** Closes the connections that wait for a request (a request that must not meet a stale one). */
  dropIdle(): void {
    for (const list of this.idle.values()) for (const connection of list) connection.destroy();
    this.idle.clear();
  }

  /** Closes every connection, in use or not. */
  close(): void {
    this.dropIdle();
    for (const connection of this.open) connection.destroy();
    this.open.clear();
  }

  /** A kept connection to host:port if one is still open, else a new one. */
  take(host: string, port: number): Connection {
    const list = this.idle.get(`${host}:${port}`);
    while (list?.length) {
      const connection = list.pop() as Connection;
      this.watching.get(connection)?.();
      this.watching.delete(connection);
      if (connection.destroyed) continue;
      connection.setTimeout?.(0);
      connection.ref?.();
      return connection;
    }
    const connection = this.connector(host, port || this.defaultPort);
    this.open.add(connection);
    connection.once('close', () => this.open.delete(connection));
    // Heard between requests too: an error nobody hears would end the process.
    connection.on('error', ignore);
    return connection;
  }

  /** What stops watching each idle connection. */
  private readonly watching = new Map<Connection, () => void>();

  /**
   * Keeps a connection whose answer ended where it said for the next request to host:port, until a
   * second before the server said it would close it (`keptForMs`), as node:http's agent does.
   */
  give(host: string, port: number, connection: Connection, reusable: boolean, keptForMs?: number): void {
    const idleMs = keptForMs === undefined ? 0 : keptForMs - 1000;
    if (!reusable || !this.keepAlive || connection.destroyed || (keptForMs !== undefined && idleMs <= 0)) {
      connection.destroy();
      return;
    }
    const key = `${host}:${port}`;
    const drop = () => {
      connection.destroy();
      this.watching.get(connection)?.();
      this.watching.delete(connection);
      const list = this.idle.get(key);
      const at = list?.indexOf(connection) ?? -1;
      if (at >= 0) list?.splice(at, 1);
    };
    // Whatever an idle connection says (bytes, its end, an error) makes it unusable.
    const unwatch = watch(connection, { data: drop, end: drop, close: drop, error: drop });
    connection.on('timeout', drop);
    this.watching.set(connection, () => {
      unwatch();
      connection.off('timeout', drop);
    });
    // The request's idle watch ends with its answer; a kept connection keeps no run alive.
    connection.setTimeout?.(idleMs);
    connection.unref?.();
    connection.resume();
    const list = this.idle.get(key);
    if (list) list.push(connection);
    else this.idle.set(key, [connection]);
  }
}

type Listeners = {
  data: (data: Buffer) => void;
  end: () => void;
  close: () => void;
  error: (error: Error) => void;
};

/** Listens to a connection; returns what stops it (the connection's own listeners stay). */
function watch(connection: Connection, on: Listeners): () => void {
  connection.on('data', on.data).on('end', on.end).on('close', on.close).on('error', on.error);
  return () => {
    connection.off('data', on.data).off('end', on.end).off('close', on.close).off('error', on.error);
  };
}

const ignore = () => undefined;

class WireRequest extends EventEmitter implements OutgoingRequest {
  private connection?: Connection;
  private answer?: InstanceType<AnswerClass>;
  private over = false;

  constructor(
    private readonly pool: WirePool,
    private readonly url: URL,
    private readonly method: string,
    private readonly head: string,
  ) {
    super();
  }

  end(body?: string): this {
    const host = hostOf(this.url);
    const port = Number(this.url.port);
    const connection = this.pool.take(host, port);
    this.connection = connection;
    const parser = new AnswerParser(this.method === 'HEAD', {
      head: (head) => {
        this.answer = new this.pool.Answer(head, connection);
        this.emit('response', this.answer);
      },
      body: (chunk) => {
        if (this.answer && !this.answer.push(chunk)) connection.pause();
      },
      end: (reusable) => {
        this.over = true;
        unwatch();
        this.pool.give(host, port, connection, reusable, parser.keptForMs);
        this.answer?.push(null);
      },
    });
    const cut = () => {
      if (!parser.close()) this.fail(hangUp(this.answer !== undefined));
    };
    const unwatch = watch(connection, {
      data: (data) => {
        try {
          parser.feed(data);
        } catch (error) {
          this.fail(error as Error);
        }
      },
      end: cut,
      close: cut,
      error: (error) => this.fail(error),
    });
    const bytes =
      body === undefined
        ? Buffer.from(this.head, 'latin1')
        : Buffer.concat([Buffer.from(this.head, 'latin1'), Buffer.from(body, 'utf8')]);
    connection.write(bytes, (error) => {
      if (!error && !this.over) this.emit('finish');
    });
    return this;
  }

  /** Closes the connection: the request is given up (a timeout, an interruption, a failure). */
  destroy(): this {
    if (this.over) return this;
    this.over = true;
    this.connection?.destroy();
    return this;
  }

  private fail(error: Error): void {
    if (this.over) return;
    this.over = true;
    this.connection?.destroy();
    if (this.answer) this.answer.destroy(error);
    else this.emit('error', error);
  }
}

type AnswerClass = ReturnType<typeof answerClass>;

/** The answer as exchange.ts reads node:http's: status, raw headers, the body as a stream. */
function answerClass(Base: typeof Readable) {
  return class WireAnswer extends Base {
    readonly statusCode: number;
    readonly statusMessage: string;
    readonly rawHeaders: string[];

    constructor(
      head: AnswerHead,
      readonly socket: Connection,
    ) {
      super();
      this.statusCode = head.status;
      this.statusMessage = head.statusMessage;
      this.rawHeaders = head.rawHeaders;
    }

    override _read(): void {
      this.socket.resume();
    }

    // A body cut short fails its reader; with no reader yet (a sink still being readied), it ends
    // the stream without an uncaught 'error', and the reader that comes finds it closed early.
    override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
      done(this.listenerCount('error') > 0 ? error : null);
    }
  };
}

/** The connection closed before the answer was whole: node:http's words and code for it. */
function hangUp(answered: boolean): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(answered ? 'aborted' : 'socket hang up');
  error.code = 'ECONNRESET';
  return error;
}

/** The host to connect to: a URL's hostname without the brackets of an IPv6 address. */
function hostOf(url: URL): string {
  const { hostname } = url;
  return hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
}

function requestHead(url: URL, method: string, headers: Record<string, string>, keepAlive: boolean): string {
  let head = `${method} ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\n`;
  let length = false;
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name))
      throw invalidHeader(`Header name must be a valid HTTP token ["${name}"]`, 'ERR_INVALID_HTTP_TOKEN');
    if (HEADER_VALUE_BAD.test(value))
      throw invalidHeader(`Invalid character in header content ["${name}"]`, 'ERR_INVALID_CHAR');
    if (name.length === 14 && name.toLowerCase() === 'content-length') length = true;
    head += `${name}: ${value}\r\n`;
  }
  if (url.username || url.password) {
    const auth = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    head += `Authorization: Basic ${Buffer.from(auth).toString('base64')}\r\n`;
  }
  if (!length && BODY_METHODS.has(method)) head += 'Content-Length: 0\r\n';
  return `${head}Connection: ${keepAlive ? 'keep-alive' : 'close'}\r\n\r\n`;
}

function invalidHeader(message: string, code: string): TypeError {
  const error = new TypeError(message) as TypeError & { code: string };
  error.code = code;
  return error;
}
