// What --fields selects, and how a value reads in a CSV cell. A field is a path into the service's
// object, dots for nesting (`discount.percent_off`); JSON keeps the nesting of what it picks.

/** The value at a dotted path, or undefined. */
export function valueAt(value: unknown, path: string): unknown {
  let at: unknown = value;
  for (const key of path.split('.')) {
    if (at === null || typeof at !== 'object' || Array.isArray(at)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/** The object with only these fields, nested as they were; a field the object lacks is left out. */
export function pick(value: unknown, fields: readonly string[]): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const path of fields) {
    const found = valueAt(value, path);
    if (found === undefined) continue;
    const keys = path.split('.');
    let into = out;
    for (const key of keys.slice(0, -1)) {
      if (into[key] === null || typeof into[key] !== 'object') into[key] = {};
      into = into[key] as Record<string, unknown>;
    }
    into[keys.at(-1)!] = found;
  }
  return out;
}
