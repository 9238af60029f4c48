// The run's secrets (the app token, the tokens it was issued, a proxy's password) blanked in the
// data promo prints, at the one door every format goes through (output.ts): a service that echoes
// the app token inside a voucher must not put it on stdout, in JSON, a table, CSV or --jq alike.

/** Every string of a JSON value, keys included, through `scrub`; a copy, the value itself untouched. */
export function scrubValue(value: unknown, scrub: (text: string) => string): unknown {
  if (typeof value === 'string') return scrub(value);
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, scrub));
  if (value !== null && typeof value === 'object' && isPlain(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[scrub(key)] = scrubValue(item, scrub);
    return out;
  }
  return value;
}

function isPlain(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** What a command prints on purpose although it is a secret (`token issue`, `api --show-secrets`). */
export interface Reveal {
  secrets: 'shown';
}
