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

/**
 * A secret as long as a real credential (app tokens are 36-character UUIDs; access tokens and
 * Basic credentials longer) cannot turn up inside other text by chance: wherever it stands, even
 * as `prefix-TOKEN-suffix` or `key_TOKEN`, it is the secret, and it is blanked.
 */
export const REAL_SECRET_LENGTH = 16;

/**
 * A shorter secret (a local sandbox's `sandbox`, a proxy password) is blanked where it stands
 * whole: not where the characters beside it make it part of a longer word (`x` inside
 * `exit_code`, `sandbox` inside `promo-sandbox`). Letters, digits, `_` and `-` continue a word;
 * anything else (a space, a quote, `=`, `&`, `/`, the text's ends) bounds it. An ASCII character is
 * told by its code; only another one is matched against Unicode's letters and digits, a pattern
 * that takes ~1 ms of CPU to make (V8 reads the classes from ICU). The sandbox's answers hold its
 * own name (`assets.sandbox.invalid`), which is also its app token: without the ASCII path, every
 * `voucher get` against it made that pattern.
 */
function isWordCharacter(character: string): boolean {
  const code = character.charCodeAt(0);
  if (code < 0x80) {
    return (
      (code >= 0x61 && code <= 0x7a) || // a-z
      (code >= 0x41 && code <= 0x5a) || // A-Z
      (code >= 0x30 && code <= 0x39) || // 0-9
      code === 0x5f || // _
      code === 0x2d // -
    );
  }
  return /[\p{L}\p{N}]/u.test(character);
}

/** The known secret values of this run (the app token, access tokens seen); replaced wherever they stand whole. */
export class SecretSet {
  private readonly values = new Set<string>();
  private longestFirst?: string[];

  /** Every configured secret, whatever its length: a short app token is still a secret. */
  add(value: string | undefined): void {
    if (!value) return;
    // As it may appear in a URL, a form body or a JSON string as well as raw.
    for (const form of [value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)]) {
      this.values.add(form);
    }
    this.longestFirst = undefined;
  }

  /** Whether any secret is known (a run with none prints its data as it is). */
  get size(): number {
    return this.values.size;
  }

  scrub(text: string): string {
    // Longest first, so that a secret containing another is blanked whole.
    this.longestFirst ??= [...this.values].sort((a, b) => b.length - a.length);
    // Most strings of an answer (codes, types, dates) are shorter than any secret.
    if (text.length < (this.longestFirst.at(-1)?.length ?? Infinity)) return text;
    let out = text;
    for (const value of this.longestFirst) if (out.includes(value)) out = blankWhole(out, value);
    return out;
  }
}

/** `text` with each whole occurrence of `value` replaced by REDACTED. */
function blankWhole(text: string, value: string): string {
  let out = '';
  let kept = 0;
  for (let at = text.indexOf(value); at !== -1; at = text.indexOf(value, at + 1)) {
    const end = at + value.length;
    const inWord = continuesWord(text[at - 1]) || continuesWord(text[end]);
    if (at < kept || (inWord && value.length < REAL_SECRET_LENGTH)) continue;
    out += text.slice(kept, at) + REDACTED;
    kept = end;
  }
  return out + text.slice(kept);
}

function continuesWord(character: string | undefined): boolean {
  return character !== undefined && isWordCharacter(character);
}

/**
 * A `token` in a URL's query (an export's download URL carries one) blanked wherever the URL
 * appears in a traced line: in the request line, and inside the answer that hands it out.
 */
export function redactUrlTokens(text: string): string {
  return text.replace(/([?&]token=)[^&"'\s#]+/g, `$1${REDACTED}`);
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

/** Secret fields (and echoed secret headers) blanked by name; with `secrets`, known values blanked in every string and key. */
export function redactJson(value: unknown, secrets?: SecretSet): unknown {
  if (typeof value === 'string') return secrets ? secrets.scrub(value) : value;
  if (Array.isArray(value)) return value.map((v) => redactJson(v, secrets));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        secrets ? secrets.scrub(k) : k,
        isSecretName(k) && typeof v === 'string' ? redactHeaderLike(k, v) : redactJson(v, secrets),
      ]),
    );
  }
  return value;
}

/** The values of secret fields anywhere in a JSON value (a token sent for introspection). */
export function secretsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) secretsIn(v, found);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (isSecretName(k) && typeof v === 'string') found.push(v);
      else secretsIn(v, found);
    }
  }
  return found;
}

function isSecretName(name: string): boolean {
  return SECRET_FIELDS.has(name) || SECRET_HEADERS.has(name.toLowerCase());
}

/** A field named like a secret header keeps its scheme (`Bearer [redacted]`), as in the trace. */
function redactHeaderLike(name: string, value: string): string {
  return SECRET_FIELDS.has(name) ? REDACTED : redactHeader(name, value);
}
