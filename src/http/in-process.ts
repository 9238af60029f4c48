// A request to the built-in sandbox, which runs in this process: handed to its dispatch() as values
// and answered the same way, so that neither side parses or writes HTTP (promo-sandbox's
// dispatch.ts). To exchange.ts it is a request like any other: 'finish' once handed over, then
// 'response' with an answer to read as a stream, or 'error' when the sandbox dropped it.
import { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import type { DispatchAnswer, DispatchRequest } from 'promo-sandbox';
import type { IncomingAnswer, OutgoingRequest } from './types.js';

export type Dispatch = (request: DispatchRequest) => Promise<DispatchAnswer>;

export class InProcessRequest extends EventEmitter implements OutgoingRequest {
  private over = false;

  constructor(
    private readonly dispatch: Dispatch,
    private readonly stream: { Readable: typeof Readable },
    private readonly url: URL,
    private readonly options: { method: string; headers: Record<string, string> },
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
      (answer) => {
        if (this.over) return;
        this.over = true;
        this.emit('response', this.answer(answer));
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

  private answer({ status, headers, body }: DispatchAnswer): IncomingAnswer {
    const pieces = typeof body === 'string' ? (body ? [body] : []) : body;
    const answer = this.stream.Readable.from(pieces, { objectMode: false }) as IncomingAnswer;
    answer.statusCode = status;
    answer.statusMessage = '';
    answer.rawHeaders = Object.entries(headers).flat();
    // No connection to watch: nothing stands between promo and the sandbox that could stall.
    answer.socket = new EventEmitter();
    return answer;
  }
}
