// promo's own HTTP/1.1 client, for a connection straight to the service (or to a `promo sandbox`
// on this machine): the request written in one piece, the answer read by AnswerParser, the connection kept
// for the next request. node:http does the same, but its client's code is compiled anew on every
// run (Node's built-in code cache holds little of it), and promo's is in promo's code cache: one
// request cost ~18M instructions (6-9 ms of CPU) more through http.get than through a bare
// net.connect, about half of what a one-request command spends above `node -e 0` (ARCHITECTURE.md).
// Through a proxy promo still goes through node:http (proxy.ts). What exchange.ts reads of a
// request and an answer is what node:http's have: the same events, fields and stream.
import { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import { type AnswerHead, AnswerParser, TOKEN } from './answer-parser.js';
import type { Connection, OutgoingRequest } from './types.js';

/** Opens a connection to host:port (a TCP socket, or TLS). */
export type Connector = (host: string, port: number) => Connection;

const HEADER_VALUE_BAD = /[^\t\x20-\x7e\x80-\xff]/;
/** Methods whose empty body node:http says with `Content-Length: 0` (a proxy may refuse them without it). */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** What hears a connection while a request uses it. */
interface Owner {
  data(data: Buffer): void;
  /** Its end or its close (whichever comes first; both may). */
  cut(): void;
  error(error: Error): void;
}

/**
 * A connection and who hears it now: the request it carries, or nobody while it waits in the pool,
 * when anything it says (bytes, its end, an error) makes it unusable. Its listeners are set once.
 */
class Line {
  owner: Owner | undefined;
  /** A second before the server said it closes an idle connection (`Keep-Alive: timeout=N`). */
  keptUntil = Number.POSITIVE_INFINITY;

  constructor(
    readonly connection: Connection,
    readonly key: string,
    pool: WirePool,
  ) {
    connection.on('data', (data: Buffer) => (this.owner ? this.owner.data(data) : pool.drop(this)));
    connection.on('end', () => (this.owner ? this.owner.cut() : pool.drop(this)));
    connection.on('close', () => {
      pool.forget(this);
      this.owner?.cut();
    });
    // Heard between requests too: an error nobody hears would end the process.
    connection.on('error', (error: Error) => (this.owner ? this.owner.error(error) : pool.drop(this)));
  }
}

/** Connections to one kind of server, kept between requests. */
export class WirePool {
  private readonly idle = new Map<string, Line[]>();
  private readonly open = new Set<Line>();

  /** The answer's stream class, made on node:stream's Readable (which the caller loads when it needs it). */
  readonly Answer: AnswerClass;

  constructor(
    private readonly connector: Connector,
    private readonly defaultPort: number,
    stream: { Readable: typeof Readable },
  ) {
    this.Answer = answerClass(stream.Readable);
  }

  request(url: URL, options: { method: string; headers: Record<string, string> }): OutgoingRequest {
    const head = requestHead(url, options.method, options.headers);
    return new WireRequest(this, url, options.method, head);
  }

  /** Closes the connections that wait for a request (a request that must not meet a stale one). */
  dropIdle(): void {
    for (const list of this.idle.values()) for (const line of list) line.connection.destroy();
    this.idle.clear();
  }

  /** Closes every connection, in use or not. */
  close(): void {
    this.dropIdle();
    for (const line of this.open) line.connection.destroy();
    this.open.clear();
  }

  /** A kept connection to host:port if one is still open and fresh, else a new one; `owner` hears it. */
  take(host: string, port: number, owner: Owner): Line {
    const key = `${host}:${port}`;
    const list = this.idle.get(key);
    const now = list?.length ? Date.now() : 0;
    while (list?.length) {
      const line = list.pop() as Line;
      if (line.connection.destroyed) continue;
      if (now > line.keptUntil) {
        line.connection.destroy();
        continue;
      }
      line.owner = owner;
      line.connection.ref?.();
      return line;
    }
    const line = new Line(this.connector(host, port || this.defaultPort), key, this);
    line.owner = owner;
    this.open.add(line);
    return line;
  }

  /**
   * Keeps a connection whose answer ended where it said for the next request to its host, until a
   * second before the server said it would close it (`keptForMs`), as node:http's agent does.
   */
  give(line: Line, reusable: boolean, keptForMs?: number): void {
    line.owner = undefined;
    const { connection } = line;
    const stale = keptForMs !== undefined && keptForMs <= 1000;
    if (!reusable || connection.destroyed || stale) {
      connection.destroy();
      return;
    }
    line.keptUntil = keptForMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + keptForMs - 1000;
    // The request's idle watch (a streamed body's) ends with its answer; a kept one keeps no run alive.
    if (connection.timeout) connection.setTimeout?.(0);
    connection.unref?.();
    if (connection.isPaused()) connection.resume();
    const list = this.idle.get(line.key);
    if (list) list.push(line);
    else this.idle.set(line.key, [line]);
  }

  /** An idle connection said something: it is closed and no longer kept. */
  drop(line: Line): void {
    line.connection.destroy();
    this.forget(line);
  }

  /** A connection closed: no longer open nor kept. */
  forget(line: Line): void {
    this.open.delete(line);
    const list = this.idle.get(line.key);
    const at = list?.indexOf(line) ?? -1;
    if (at >= 0) list?.splice(at, 1);
  }
}

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
    let line: Line | undefined;
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
        if (line) this.pool.give(line, reusable, parser.keptForMs);
        this.answer?.push(null);
      },
    });
    line = this.pool.take(hostOf(this.url), Number(this.url.port), {
      data: (data) => {
        try {
          parser.feed(data);
        } catch (error) {
          this.fail(error as Error);
        }
      },
      cut: () => {
        if (!parser.close()) this.fail(hangUp(this.answer !== undefined));
      },
      error: (error) => this.fail(error),
    });
    const { connection } = line;
    this.connection = connection;
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

function requestHead(url: URL, method: string, headers: Record<string, string>): string {
  let head = `${method} ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\n`;
  let length = false;
  for (const [name, value] of Object.entries(headers)) {
    if (!TOKEN.test(name))
      throw invalidHeader(`Header name must be a valid HTTP token ["${name}"]`, 'ERR_INVALID_HTTP_TOKEN');
    if (HEADER_VALUE_BAD.test(value))
      throw invalidHeader(`Invalid character in header content ["${name}"]`, 'ERR_INVALID_CHAR');
    if (name.length === 14 && name.toLowerCase() === 'content-length') length = true;
    head += `${name}: ${value}\r\n`;
  }
  const auth = basicCredentials(url);
  if (auth) head += `Authorization: Basic ${auth}\r\n`;
  if (!length && BODY_METHODS.has(method)) head += 'Content-Length: 0\r\n';
  return `${head}Connection: keep-alive\r\n\r\n`;
}

/** The base64 of a URL's `user:password` (Basic authentication), if it names either. */
export function basicCredentials(url: URL): string | undefined {
  if (!url.username && !url.password) return undefined;
  const pair = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  return Buffer.from(pair).toString('base64');
}

function invalidHeader(message: string, code: string): TypeError {
  const error = new TypeError(message) as TypeError & { code: string };
  error.code = code;
  return error;
}
