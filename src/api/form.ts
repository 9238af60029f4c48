// The application/x-www-form-urlencoded serializer of the URL standard, byte for byte what
// `new URLSearchParams(pairs).toString()` writes: ASCII letters, digits and `*-._` as they are, a
// space as `+`, everything else percent-encoded as UTF-8 (a lone surrogate as U+FFFD). Written here
// because URLSearchParams' first use compiles ~5 KB of Node's own code (~0.3 ms of CPU, Node 20),
// and every token request (a form body) and every list (a query) would pay it at start-up.

/** What encodeURIComponent leaves as it is and the form serializer does not. */
const ENCODE_TOO: ReadonlyArray<readonly [string, string]> = [
  ['!', '%21'],
  ["'", '%27'],
  ['(', '%28'],
  [')', '%29'],
  ['~', '%7E'],
];

/** `key=value` pairs joined by `&`, each side form-encoded. */
export function formEncode(pairs: Iterable<readonly [string, string]>): string {
  let out = '';
  for (const [key, value] of pairs)
    out += `${out === '' ? '' : '&'}${formComponent(key)}=${formComponent(value)}`;
  return out;
}

function formComponent(text: string): string {
  let encoded: string;
  try {
    encoded = encodeURIComponent(text);
  } catch {
    // A lone surrogate (encodeURIComponent refuses it): U+FFFD, as URLSearchParams makes it.
    encoded = encodeURIComponent(text.replace(/[\uD800-\uDFFF]/gu, '\uFFFD'));
  }
  if (encoded.includes('%20')) encoded = encoded.replaceAll('%20', '+');
  for (const [char, code] of ENCODE_TOO) if (encoded.includes(char)) encoded = encoded.replaceAll(char, code);
  return encoded;
}
