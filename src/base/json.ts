// JSON values as promo reads them from files, stdin and the service.

export type JsonObject = Record<string, unknown>;

/** A JSON object: not null, not an array. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
