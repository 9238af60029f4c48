// The character sets a code config names and how many codes it can make: what the service counts
// when it refuses a campaign asking for more codes than its config can make. promo checks it before
// sending and the sandbox when it answers, from this one list.

const DIGITS = '0123456789';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = LOWER.toUpperCase();

/**
 * The sets the service names in its documentation ("Alphabetic Lowercase", "lowercase alphabetic"
 * and so on), by their key: the name in lower case without spaces, dashes or underscores.
 */
const NAMED_CHARSETS: Readonly<Record<string, string>> = {
  alphanumeric: DIGITS + LOWER + UPPER,
  alphabetic: LOWER + UPPER,
  alphabeticlowercase: LOWER,
  lowercasealphabetic: LOWER,
  alphabeticuppercase: UPPER,
  uppercasealphabetic: UPPER,
  numbers: DIGITS,
};

/** The service's default: letters and digits. */
export const DEFAULT_CHARSET = NAMED_CHARSETS.alphanumeric as string;
/** Random characters of a generated code when its config gives neither length nor pattern. */
export const DEFAULT_CODE_LENGTH = 8;

/** The most codes one campaign generates at its creation. */
export const MAX_VOUCHERS_COUNT = 1_000_000;

/** The characters of a set the service names (`numbers`, `Alphabetic Uppercase`), else undefined. */
export function namedCharset(name: string): string | undefined {
  return NAMED_CHARSETS[name.toLowerCase().replace(/[\s_-]/g, '')];
}

/** The characters a code is drawn from: a named set's, or the custom set's own (each once). */
export function resolveCharset(charset: string | null | undefined): string {
  if (charset === null || charset === undefined) return DEFAULT_CHARSET;
  // A custom set may list a character twice; repeat entries would only skew the odds.
  return namedCharset(charset) ?? [...new Set(charset)].join('');
}

/** The part of a code config that decides how many codes it makes. */
export interface CodeSpaceConfig {
  charset?: unknown;
  pattern?: unknown;
  length?: unknown;
}

/** The random characters of a code: the pattern's `#`s, else the length, else the default length. */
export function randomSlots(config: CodeSpaceConfig | undefined): number {
  if (typeof config?.pattern === 'string') return [...config.pattern].filter((c) => c === '#').length;
  return typeof config?.length === 'number' ? config.length : DEFAULT_CODE_LENGTH;
}

/** How many different codes a config can make; past Number.MAX_SAFE_INTEGER it is plenty. */
export function codeSpace(config: CodeSpaceConfig | undefined): number {
  const charset = resolveCharset(typeof config?.charset === 'string' ? config.charset : null);
  return charset.length ** randomSlots(config);
}
