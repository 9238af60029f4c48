// What a request may hold before it goes out: a URL path without dot segments, a URL of a length
// servers take, header values without line breaks or anything Node would refuse mid-send.
import { UsageError } from '../base/errors.js';

/** Servers and proxies refuse longer request lines (commonly at 8 KiB); no real code or id comes near. */
export const MAX_URL_LENGTH = 8 * 1024;

/**
 * The URL parser resolves `.` and `..` segments, `%2e` spelled ones too, and a proxy that decodes
 * `%2F` may resolve `..%2F`: a code or path holding one could reach another endpoint than the one
 * named. No real code or id holds one, so refuse them before anything is sent.
 */
export function checkPathSegments(path: string): void {
  for (const segment of path.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      decoded = segment;
    }
    if (isDotSegment(decoded)) {
      throw new UsageError(
        "a code, id or path segment is '.' or '..' or holds '../' (perhaps percent-encoded); refusing to send it",
      );
    }
  }
}

/** A code or id that could not travel in a URL path safely (see checkPathSegments). */
export function isDotSegment(value: string): boolean {
  return /^\.\.?$/.test(value) || /(^|[/\\])\.\.([/\\]|$)/.test(value);
}

/**
 * A header value with CR or LF could smuggle a second header or request: refuse it outright, and
 * anything else that is not printable ASCII (Node would throw on it mid-send). The value itself is
 * never echoed: it may be a secret.
 */
export function checkHeaderValue(name: string, value: string): void {
  if (/[\r\n\0]/.test(value)) {
    throw new UsageError(`the value for header ${name} contains a line break or NUL character`);
  }
  if (/[^\t\x20-\x7e]/.test(value)) {
    throw new UsageError(
      `the value for header ${name} contains a control or non-ASCII character`,
      name.startsWith('X-App')
        ? 'Check the app id and token of the profile, or PROMO_APP_ID/PROMO_APP_TOKEN.'
        : undefined,
    );
  }
  if (value.length > MAX_HEADER_LENGTH) {
    throw new UsageError(
      `the value for header ${name} is ${value.length} characters long; at most ${MAX_HEADER_LENGTH}`,
    );
  }
}

const MAX_HEADER_LENGTH = 4 * 1024;
