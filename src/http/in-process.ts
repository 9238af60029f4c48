// A request to the built-in sandbox, which runs in this process: handed to its dispatch() as values
// and answered the same way, so that neither side parses or writes HTTP (promo-sandbox's
// dispatch.ts). To exchange.ts it is a request like any other: 'finish' once handed over, then
// 'response' with an answer to read as a stream, or 'error' when the sandbox dropped it.
import { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import type { DispatchAnswer, DispatchRequest } from 'promo-sandbox';
import type { IncomingAnswer, OutgoingRequest, RequestOptions } from './types.js';

export type Dispatch = (request: DispatchRequest) => Promise<DispatchAnswer>;

export class InProcessRequest extends EventEmitter implements OutgoingRequest {
  private over = false;

  constructor(
    private readonly dispatch: Dispatch,
    /** node:stream, loaded when an answer is streamed. */
    private readonly stream: () => Promise<{ Readable: typeof Readable }>,
    private readonly url: URL,
    private readonly options: RequestOptions,
  ) {
    super();
  }

  end(body?: string): this {
    const { url, options } = this;
    const sent = this.dispatch({
      method: options.method,
      url: `${url.pathname}${url.search}`,
      headers: { Host: url.host, ...options.headers },
      body,
    });
    // Handed over: the sandbox may act on it from now on, whatever becomes of its answer.
    queueMicrotask(() => {
      if (!this.over) this.emit('finish');
    });
    sent.then(
      async (answer) => {
        if (this.over) return;
        const [made, tell] = await this.answer(answer);
        if (this.over) return;
        this.over = true;
        this.emit('response', made);
        // Its listeners are set: a whole body is told now.
        tell?.();
      },
      (error: Error) => {
        if (this.over) return;
        this.over = true;
        this.emit('error', error);
      },
    );
    return this;
  }

  /** Given up (a timeout, an interruption): a late answer is let go. */
  destroy(): this {
    this.over = true;
    return this;
  }

  /** The answer, and for one made whole what tells its body once it has listeners. */
  private async answer({ status, headers, body }: DispatchAnswer): Promise<[IncomingAnswer, (() => void)?]> {
    const rawHeaders = Object.entries(headers).flat();
    // No connection to watch: nothing stands between promo and the sandbox that could stall.
    const socket = new EventEmitter();
    if (typeof body === 'string' && !this.options.streamed)
      return wholeAnswer(status, rawHeaders, socket, body);
    const pieces = typeof body === 'string' ? (body ? [body] : []) : body;
    const answer = (await this.stream()).Readable.from(pieces, { objectMode: false }) as IncomingAnswer;
    answer.statusCode = status;
    answer.statusMessage = '';
    answer.rawHeaders = rawHeaders;
    answer.socket = socket;
    return [answer];
  }
}

/**
 * An answer made whole by the sandbox, for a request that reads it whole: its body told as one
 * chunk, then its end, as exchange.ts listens for them, without a stream (node:stream is ~8M
 * instructions to load, and nothing else on the built-in profile's path loads it).
 */
function wholeAnswer(
  status: number,
  rawHeaders: string[],
  socket: EventEmitter,
  body: string,
): [IncomingAnswer, () => void] {
  const answer = Object.assign(new EventEmitter(), {
    statusCode: status,
    statusMessage: '',
    rawHeaders,
    socket,
  });
  const tell = () => {
    if (body) answer.emit('data', Buffer.from(body, 'utf8'));
    answer.emit('end');
  };
  // exchange.ts reads no more of an answer to a request without a sink than its fields and these events.
  return [answer as unknown as IncomingAnswer, tell];
}
