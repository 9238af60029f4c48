// An answer's headers as one object, made from the lines as they came (`res.rawHeaders`) by the
// rules Node's `res.headers` follows, without asking Node for it: that getter's first use compiles
// its table of known header names (~5 KB of Node's source, on every run of a one-request command).
// Names in lower case; a repeat of a header that can only be said once is dropped (the first
// stands); set-cookie gathers an array; cookie joins with '; '; any other repeat joins with ', '.
import type { IncomingHttpHeaders } from 'node:http';

/** The headers that Node keeps only the first of. */
const SAID_ONCE = new Set([
  'age',
  'authorization',
  'content-length',
  'content-type',
  'etag',
  'expires',
  'from',
  'host',
  'if-modified-since',
  'if-unmodified-since',
  'last-modified',
  'location',
  'max-forwards',
  'proxy-authorization',
  'referer',
  'retry-after',
  'server',
  'user-agent',
]);

export function answerHeaders(raw: readonly string[]): IncomingHttpHeaders {
  const headers: Record<string, string | string[]> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = lowerCase(raw[i] as string);
    const value = raw[i + 1] as string;
    // An object's own `__proto__` cannot be set by assignment; Node's object drops it alike.
    if (name === '__proto__') continue;
    // Its own only: `constructor` and the like are inherited by any object.
    const earlier = Object.hasOwn(headers, name) ? headers[name] : undefined;
    if (name === 'set-cookie') {
      if (earlier === undefined) headers[name] = [value];
      else (earlier as string[]).push(value);
    } else if (earlier === undefined) headers[name] = value;
    else if (name === 'cookie') headers[name] = `${earlier}; ${value}`;
    else if (!SAID_ONCE.has(name)) headers[name] = `${earlier}, ${value}`;
  }
  return headers as IncomingHttpHeaders;
}

/** A header's name in lower case (a name is ASCII on the wire); most come lower already. */
function lowerCase(name: string): string {
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code >= 65 && code <= 90) return name.toLowerCase();
  }
  return name;
}
