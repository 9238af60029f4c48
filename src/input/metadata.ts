// `--metadata key=value` (repeatable): values are typed as JSON where they parse (numbers,
// booleans, null, arrays, objects), else kept as strings.
import { UsageError } from '../errors.js';

const KEY = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}$/;

export function parseMetadata(
  pairs: string[] | undefined,
  flag = '--metadata',
): Record<string, unknown> | undefined {
  if (!pairs || pairs.length === 0) return undefined;
  const metadata: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`${flag} takes key=value, not '${pair}'`);
    const key = pair.slice(0, eq);
    if (!KEY.test(key)) {
      throw new UsageError(
        `${flag}: invalid key '${key}' (letters, digits, '_', '.', '-'; at most 100 characters)`,
      );
    }
    metadata[key] = typedValue(pair.slice(eq + 1));
  }
  return metadata;
}

function typedValue(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return text;
  // Only JSON that looks like a value of its own type: "007" stays a string (a leading zero is an id).
  if (
    /^(true|false|null)$/.test(trimmed) ||
    /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(trimmed) ||
    /^[[{"]/.test(trimmed)
  ) {
    try {
      return JSON.parse(trimmed);
    } catch {
      if (/^[[{]/.test(trimmed))
        throw new UsageError(`--metadata: value '${text}' looks like JSON but does not parse`);
      return text;
    }
  }
  return text;
}
