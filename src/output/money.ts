// Money as people read it (tables, CSV): currency units, where the service keeps hundredths.

/** A copy of `item` whose numbers at these dotted paths are in currency units; the rest shared. */
export function inUnits<T>(item: T, paths: readonly string[]): T {
  let out: unknown = item;
  for (const path of paths) out = setAt(out, path.split('.'));
  return out as T;
}

function setAt(value: unknown, keys: readonly string[]): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const [key, ...rest] = keys as [string, ...string[]];
  const record = value as Record<string, unknown>;
  if (!(key in record)) return value;
  const inner = record[key];
  const next = rest.length > 0 ? setAt(inner, rest) : typeof inner === 'number' ? inner / 100 : inner;
  return next === inner ? value : { ...record, [key]: next };
}
