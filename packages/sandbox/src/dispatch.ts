// One request to the sandbox without HTTP on the wire, for a client in the same process (promo's
// built-in profile): the request's method, path, headers and body handed over as values, its answer
// handed back the same way. The core handles it as it handles a connection's (recorded, faulted,
// routed, in a transaction), but nothing parses or writes HTTP on either side, and node:http is
// never loaded.
import type { IncomingHttpHeaders } from 'node:http';
import { type Answer, wireHeaders } from './core-http.js';
import type { Exchange } from './server.js';

export interface DispatchRequest {
  method: string;
  /** Its path and query, percent-encoded as on the wire: `/v1/vouchers/ABC?x=1`. */
  url: string;
  /** Names in any case. `Host` is the origin the client used (an export's download URL names it). */
  headers: Record<string, string>;
  body?: string;
}

export interface DispatchAnswer {
  status: number;
  /** The headers as a connection would carry them (Content-Type and Content-Length with a body made whole). */
  headers: Record<string, string>;
  /** The body whole, or its pieces as they are made (an export's CSV); '' when there is none. */
  body: string | Iterable<string>;
}

export function dispatched(
  request: DispatchRequest,
  handle: (exchange: Exchange) => Promise<void>,
): Promise<DispatchAnswer> {
  return new Promise((resolve, reject) => {
    const bytes = Buffer.from(request.body ?? '', 'utf8');
    const headers: IncomingHttpHeaders = {};
    for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
    if (request.body !== undefined) headers['content-length'] = String(bytes.length);
    let over = false;
    const end = (settle: () => void) => {
      if (over) return;
      over = true;
      settle();
    };
    const exchange: Exchange = {
      method: request.method,
      url: request.url,
      headers,
      readBody: async (limit) =>
        bytes.length > limit ? { bytes: Buffer.alloc(0), tooLarge: true } : { bytes, tooLarge: false },
      drop: () => end(() => reject(dropped())),
      send: async (reply: Answer, common) =>
        end(() =>
          resolve({
            status: reply.status,
            headers: wireHeaders(reply, common),
            body: reply.stream ?? reply.text ?? '',
          }),
        ),
    };
    handle(exchange).then(
      () => end(() => reject(dropped())),
      (error: unknown) => end(() => reject(error)),
    );
  });
}

/** What a client of a connection would have seen: the connection closed, no answer. */
function dropped(): Error {
  const error: NodeJS.ErrnoException = new Error('the sandbox dropped the request without an answer');
  error.code = 'ECONNRESET';
  return error;
}
