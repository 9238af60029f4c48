// `--metadata key=text` (repeatable) sets a string, exactly as typed; `--metadata key:=json` sets
// a JSON value (number, true, false, null, array, object, or a "quoted string"). A number that a
// JavaScript number cannot hold exactly is refused rather than sent rounded.
import { UsageError } from '../base/errors.js';
import { inexactNumber } from './exact-numbers.js';

const KEY = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}$/;

/** Metadata from `key=text` / `key:=json` pairs; `flag` names where they came from in errors. */
export function parseMetadata(
  pairs: string[] | undefined,
  flag = '--metadata',
): Record<string, unknown> | undefined {
  if (!pairs || pairs.length === 0) return undefined;
  const metadata: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    const typed = eq > 0 && pair[eq - 1] === ':';
    const key = pair.slice(0, typed ? eq - 1 : eq);
    if (eq <= 0 || key === '') throw new UsageError(`${flag} takes key=text or key:=json, not '${pair}'`);
    if (!KEY.test(key)) {
      throw new UsageError(
        `${flag}: invalid key '${key}' (letters, digits, '_', '.', '-'; at most 100 characters)`,
      );
    }
    const text = pair.slice(eq + 1);
    // An own property, not the prototype's setter: `__proto__` is data like any other key.
    Object.defineProperty(metadata, key, {
      value: typed ? jsonValue(text, key, flag) : text,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return metadata;
}

function jsonValue(text: string, key: string, flag: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(
      `${flag} ${key}:=… takes JSON, and '${text}' is not JSON`,
      `For text write ${key}=${text} (one '=': always a string).`,
    );
  }
  const inexact = inexactNumber(text);
  if (inexact !== undefined) {
    throw new UsageError(
      `${flag} ${key}:=${text}: the number ${inexact} cannot be sent exactly as a JSON number`,
      `Send it as text: ${key}=${text}`,
    );
  }
  return value;
}

/**
 * A CSV cell as a metadata pair: a JSON literal written as JSON writes it (42.5, true, null) keeps
 * its type, anything else (007, 1e3, 12345678901234567890, text) is a string as written.
 */
export function cellPair(key: string, text: string): string {
  const literal =
    /^(true|false|null|-?(0|[1-9]\d*)(\.\d+)?)$/.test(text) && JSON.stringify(JSON.parse(text)) === text;
  return literal ? `${key}:=${text}` : `${key}=${text}`;
}
