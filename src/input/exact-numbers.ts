// Numbers are never altered in transit (docs/cli.md): JSON read by promo is checked for number literals
// that a JavaScript number cannot hold exactly (12345678901234567890, 0.10000000000000000001),
// which JSON.parse would round and promo would then send rounded. Such input is refused.
import { UsageError } from '../base/errors.js';

/** The first number literal in JSON `text` that would not survive JSON.parse, or undefined. */
export function inexactNumber(text: string): string | undefined {
  // Quick way out: no literal of sixteen digits or more (the point may fall among them:
  // 12345678.123456789 has seventeen) and none with an exponent.
  if (!/\d(?:\.?\d){15}|\d[eE]/.test(text)) return undefined;
  for (const literal of numberLiterals(text)) if (!holdsExactly(literal)) return literal;
  return undefined;
}

/** `where` (`--body: 'file.json'`) holds `literal`: exit 2, nothing sent. */
export function inexactNumberError(literal: string, where: string): UsageError {
  return new UsageError(
    `${where} holds the number ${literal}, which promo cannot send exactly (JavaScript numbers keep about 15 digits)`,
    'Send it as a string ("…") if the service takes one, or with fewer digits.',
  );
}

/** Number literals outside strings. */
function* numberLiterals(text: string): Generator<string> {
  const token = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;
  for (const match of text.matchAll(token)) if (match[0][0] !== '"') yield match[0];
}

/** The literal's value equals that of the double nearest to it. */
export function holdsExactly(literal: string): boolean {
  const value = Number(literal);
  return Number.isFinite(value) && decimal(literal) === decimal(String(value));
}

/** A canonical form of a decimal literal's value: significant digits and the point's place. */
function decimal(literal: string): string {
  const m = /^-?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(literal);
  if (!m) return literal;
  const sign = literal.startsWith('-') ? '-' : '';
  let digits = m[1]! + (m[2] ?? '');
  let point = m[1]!.length + Number(m[3] ?? 0);
  const lead = digits.length - digits.replace(/^0+/, '').length;
  digits = digits.slice(lead).replace(/0+$/, '');
  point -= lead;
  return digits === '' ? '0' : `${sign}0.${digits}e${point}`;
}
