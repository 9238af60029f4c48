// An answer's headers are gathered by promo (src/http/answer-headers.ts) from the lines as they
// came, not by Node's `res.headers`: the two must agree for any answer a server can send, repeats,
// case and odd names included, since the retry policy, the rate limit, the request id and the size
// limit all read them. Checked against Node itself, over a real connection.
import { once } from 'node:events';
import { get, type IncomingMessage } from 'node:http';
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { answerHeaders } from '../../src/http/answer-headers.js';

let server: Server | undefined;
afterEach(() => {
  server?.close();
  server = undefined;
});

/** An answer with exactly these header lines, read by Node's HTTP client. */
async function answerWith(lines: string[]): Promise<IncomingMessage> {
  server = createServer((socket) => {
    socket.once('data', () => {
      socket.end(
        `HTTP/1.1 200 OK\r\n${lines.map((line) => `${line}\r\n`).join('')}Content-Length: 2\r\n\r\n{}`,
      );
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res));
    }).on('error', reject);
  });
}

const CASES: Record<string, string[]> = {
  'plain lines, mixed case': ['Content-Type: application/json', 'X-Request-Id: r-1', 'RETRY-AFTER: 3'],
  'repeats joined with a comma': ['X-Rate-Limit: 1', 'x-rate-limit: 2', 'Vary: a', 'vary: b', 'Vary: c'],
  'repeats of headers said once (the first stands)': [
    'Content-Type: text/plain',
    'content-type: application/json',
    'Retry-After: 5',
    'Retry-After: 600',
    'Location: /a',
    'Location: /b',
    'ETag: "1"',
    'Etag: "2"',
    'Server: a',
    'Server: b',
    'Age: 1',
    'Age: 2',
    'Expires: x',
    'Expires: y',
    'Last-Modified: x',
    'Last-Modified: y',
    'Authorization: a',
    'Authorization: b',
    'Proxy-Authorization: a',
    'Proxy-Authorization: b',
    'User-Agent: a',
    'User-Agent: b',
    'Referer: a',
    'Referer: b',
    'From: a',
    'From: b',
    'Host: a',
    'Host: b',
    'Max-Forwards: 1',
    'Max-Forwards: 2',
    'If-Modified-Since: a',
    'If-Modified-Since: b',
    'If-Unmodified-Since: a',
    'If-Unmodified-Since: b',
  ],
  'set-cookie gathers, cookie joins with a semicolon': [
    'Set-Cookie: a=1',
    'set-cookie: b=2',
    'Cookie: c=3',
    'cookie: d=4',
  ],
  'empty values and values with commas': ['X-Empty:', 'X-List: a, b', 'x-list: c', 'X-Empty: then'],
  'names that look like object properties': [
    '__proto__: polluted',
    'constructor: x',
    'toString: y',
    'hasOwnProperty: z',
    'Constructor: again',
  ],
};

describe('answer headers', () => {
  for (const [name, lines] of Object.entries(CASES)) {
    it(`are what Node makes of them: ${name}`, async () => {
      const res = await answerWith(lines);
      const ours = answerHeaders(res.rawHeaders);
      expect(ours).toEqual({ ...res.headers });
      expect(Object.keys(ours)).toEqual(Object.keys(res.headers));
      expect(Object.getPrototypeOf(ours)).toBe(Object.prototype);
    });
  }

  it('keep the first of a header said once, whatever its case', async () => {
    const res = await answerWith(['RETRY-AFTER: 7', 'retry-after: 900', 'X-A: 1', 'x-a: 2']);
    expect(answerHeaders(res.rawHeaders)).toMatchObject({ 'retry-after': '7', 'x-a': '1, 2' });
  });
});
