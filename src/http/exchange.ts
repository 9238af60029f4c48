// One exchange on the wire: the request written, the answer read whole (up to a limit), each step
// in the --debug trace. Failures before an answer are AttemptFailure, for the retry loop to judge.
import type { IncomingHttpHeaders } from 'node:http';
import { PromoError } from '../base/errors.js';
import { answerHeaders } from './answer-headers.js';
import { AnswerTooLargeError, AttemptFailure, socketFailure } from './failures.js';
import { redactBody, redactHeader } from './redact.js';
import type { HttpRequest, HttpResponse, IncomingAnswer, Route } from './types.js';

export interface ExchangeOptions {
  timeoutMs: number;
  maxAnswerBytes: number;
  /** Calls `stop` once the run is interrupted (at once if it already is); returns what stops watching. */
  interrupts?: (stop: () => void) => () => void;
  now: () => number;
  /** Already scrubbed of known secrets by the caller; absent without --debug (the trace is not even built). */
  trace?: (line: string) => void;
}

export function exchange(route: Route, request: HttpRequest, o: ExchangeOptions): Promise<HttpResponse> {
  const { url, method, headers, body } = request;
  const started = o.now();
  const limit = o.maxAnswerBytes;
  if (o.trace) {
    o.trace(`> ${method} ${url.origin}${url.pathname}${url.search}${route.via ? ` (via ${route.via})` : ''}`);
    for (const [name, value] of Object.entries(headers)) o.trace(`> ${name}: ${redactHeader(name, value)}`);
    if (body !== undefined) o.trace(`> ${redactBody(body, headers['Content-Type'])}`);
  }

  return new Promise<HttpResponse>((resolve, reject) => {
    let sent = false;
    let settled = false;
    let unwatch: () => void = noWatch;
    const settle = (error?: Error) => {
      if (settled) return false;
      settled = true;
      clearTimeout(timer);
      unwatch();
      if (error) {
        o.trace?.(`< failed after ${o.now() - started} ms: ${error.message}`);
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
      streamed: request.sink !== undefined,
    });
    const timer = setTimeout(
      () => fail(`no answer within ${o.timeoutMs / 1000} s`, 'ETIMEDOUT'),
      o.timeoutMs,
    );
    unwatch = o.interrupts?.(() => fail('interrupted', 'EINTR')) ?? noWatch;
    req.on('finish', () => {
      sent = true;
    });
    req.on('error', (error: NodeJS.ErrnoException) => settle(socketFailure(error, sent, route.via)));
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const resHeaders = answerHeaders(res.rawHeaders);
      if (request.sink && status >= 200 && status < 300) {
        clearTimeout(timer);
        streamed(res, resHeaders, request.sink);
        return;
      }
      // Refused before reading: a body that large cannot be a real answer.
      if (Number(resHeaders['content-length']) > limit) {
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
        // One chunk (most answers) is decoded as it is, without a copy.
        const whole = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
        if (settle()) resolve(answer(res, resHeaders, whole.toString('utf8'), o, started));
      });
    });
    /** A 2xx body handed to the sink as it arrives; an idle connection times out, a long download does not. */
    function streamed(
      res: IncomingAnswer,
      resHeaders: IncomingHttpHeaders,
      sink: NonNullable<HttpRequest['sink']>,
    ) {
      // Whatever fails now may have left part of the body with the sink: never repeated.
      const final = (message: string, code: string) => settle(new AttemptFailure(message, code, true, true));
      // Idle time on the socket, not a listener on the body (which would let it flow past back-pressure).
      const socket = res.socket;
      const onIdle = () => final(`no data for ${o.timeoutMs / 1000} s`, 'ETIMEDOUT');
      socket.setTimeout?.(o.timeoutMs);
      socket.on('timeout', onIdle);
      unwatch();
      unwatch = o.interrupts?.(() => final('interrupted', 'EINTR')) ?? noWatch;
      const done = () => {
        socket.setTimeout?.(0);
        socket.off('timeout', onIdle);
        unwatch();
      };
      traceAnswer(res, resHeaders, o, started);
      sink(res, resHeaders).then(
        () => {
          done();
          if (settle()) resolve({ status: res.statusCode ?? 0, headers: resHeaders, text: '' });
        },
        (error: NodeJS.ErrnoException) => {
          done();
          // The sink's own failure (its file, what the answer turned out to be) is not the network's.
          if (error instanceof PromoError) settle(error);
          else final(`the download broke off: ${error.message}`, error.code ?? 'ECONNRESET');
        },
      );
    }
    req.end(body);
  });
}

const noWatch = () => undefined;

function traceAnswer(
  res: IncomingAnswer,
  headers: IncomingHttpHeaders,
  o: ExchangeOptions,
  started: number,
): void {
  if (!o.trace) return;
  o.trace(`< ${res.statusCode}${res.statusMessage ? ` ${res.statusMessage}` : ''} (${o.now() - started} ms)`);
  for (const [name, value] of Object.entries(headers))
    o.trace(`< ${name}: ${redactHeader(name, String(value))}`);
}

function answer(
  res: IncomingAnswer,
  headers: IncomingHttpHeaders,
  text: string,
  o: ExchangeOptions,
  started: number,
): HttpResponse {
  if (o.trace) {
    traceAnswer(res, headers, o, started);
    if (text) o.trace(`< ${redactBody(text, headers['content-type'])}`);
  }
  return { status: res.statusCode ?? 0, headers, text };
}
