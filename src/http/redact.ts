// Redaction for everything promo may print about a request: headers, bodies, and any known secret
// value wherever it appears (an error message that echoes a token, a URL, a JSON field).

export const REDACTED = '[redacted]';

const SECRET_HEADERS = new Set([
  'x-app-token',
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
]);
const SECRET_FIELDS = new Set([
  'access_token',
  'app_token',
  'refresh_token',
  'client_secret',
  'password',
  'token',
]);

/** The known secret values of this run (the app token, access tokens seen); replaced wherever they appear. */
export class SecretSet {
  private readonly values = new Set<string>();

  add(value: string | undefined): void {
    // Very short values would redact ordinary text (the built-in sandbox's public 'sandbox' among
    // them); real secrets are long.
    if (!value || value.length < 8) return;
    // As it may appear in a URL, a form body or a JSON string as well as raw.
    for (const form of [value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)]) {
      this.values.add(form);
    }
  }

  scrub(text: string): string {
    let out = text;
    // Longest first, so that a secret containing another is blanked whole.
    for (const value of [...this.values].sort((a, b) => b.length - a.length)) {
      out = out.split(value).join(REDACTED);
    }
    return out;
  }
}

export function redactHeader(name: string, value: string): string {
  if (!SECRET_HEADERS.has(name.toLowerCase())) return value;
  const scheme = /^(Bearer|Basic)\s/i.exec(value)?.[1];
  return scheme ? `${scheme} ${REDACTED}` : REDACTED;
}

/** A body as text with secret fields blanked: JSON by key, form bodies by field name. */
export function redactBody(text: string, contentType: string | undefined): string {
  if (contentType?.includes('json')) {
    try {
      return JSON.stringify(redactJson(JSON.parse(text)));
    } catch {
      return text;
    }
  }
  if (contentType?.includes('x-www-form-urlencoded')) {
    return [...new URLSearchParams(text)]
      .map(([k, v]) => `${encodeURIComponent(k)}=${SECRET_FIELDS.has(k) ? REDACTED : encodeURIComponent(v)}`)
      .join('&');
  }
  return text;
}

export function redactJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactJson);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        SECRET_FIELDS.has(k) && typeof v === 'string' ? REDACTED : redactJson(v),
      ]),
    );
  }
  return value;
}

/** Last four characters, for showing which secret is configured without showing it. */
export function mask(secret: string | undefined): string {
  if (!secret) return '';
  return secret.length <= 8 ? '****' : `****${secret.slice(-4)}`;
}
