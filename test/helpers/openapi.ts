// A small validator for the subset of OpenAPI 3.0 schemas the vendor's files use (type, nullable,
// enum, properties, required, items, allOf, oneOf, $ref, minimum/maximum, date-time), so that tests
// can check the sandbox's answers against the vendor's own description.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// biome-ignore lint/suspicious/noExplicitAny: schemas are arbitrary JSON
type Schema = Record<string, any>;

/**
 * The vendor's files live beside the project (`../shared/reference`, as CI lays it out), never in
 * it; PROMO_VENDOR_OPENAPI_DIR points elsewhere. A clone with nothing beside it skips the tests
 * that need them (test/setup/vendor-files.ts says so once, and fails the run in CI).
 */
export const VENDOR_DIR =
  process.env.PROMO_VENDOR_OPENAPI_DIR ??
  join(fileURLToPath(new URL('../../', import.meta.url)), '..', 'shared', 'reference');

/** The vendor's files the contract tests read. */
export const VENDOR_FILES = ['openapi-voucher-lifecycle.json', 'openapi-full.json'];

/**
 * Files made from the vendor's full description by scripts/trim-openapi.mjs: their checks run
 * where the file is, and are skipped (with one note) where it is not, in CI too.
 */
export const OPTIONAL_VENDOR_FILES: Record<string, string> = {
  'openapi-campaigns.json': '--campaigns',
};

export interface OpenApi {
  /** Whether the file is there; without it, a test checks everything else (vendor-files.ts says so once). */
  readonly available: boolean;
  /** The problems found in `value` against the named component schema; empty when it conforms. */
  problems(schemaName: string, value: unknown): string[];
  /** The response schema of an operation for a status, as a component name. */
  responseSchema(operationId: string, status: number): string;
}

/** The file, read on first use: a test file that needs it can load without it (and skip). */
export function loadOpenApi(file: string, patch?: (schemas: Record<string, Schema>) => void): OpenApi {
  let loaded: OpenApi | undefined;
  const api = () => (loaded ??= readOpenApi(file, patch));
  return {
    available: existsSync(join(VENDOR_DIR, file)),
    problems: (schemaName, value) => api().problems(schemaName, value),
    responseSchema: (operationId, status) => api().responseSchema(operationId, status),
  };
}

function readOpenApi(file: string, patch?: (schemas: Record<string, Schema>) => void): OpenApi {
  const document = JSON.parse(readFileSync(join(VENDOR_DIR, file), 'utf8')) as Schema;
  const schemas = document.components.schemas as Record<string, Schema>;
  patch?.(schemas);
  const resolve = (schema: Schema): Schema =>
    schema.$ref ? resolve(schemas[String(schema.$ref).split('/').pop() as string] as Schema) : schema;

  function check(schema: Schema, value: unknown, path: string, out: string[]): void {
    const s = resolve(schema);
    if (value === null) {
      // OpenAPI 3.0 cannot put `nullable` beside a $ref, and the vendor's examples answer null for
      // such fields (validity_timeframe: null), so a reference admits null; so does a bare allOf/oneOf.
      if (s.nullable || schema.$ref || (!s.type && !s.properties && !s.enum)) return;
      out.push(`${path}: null is not allowed`);
      return;
    }
    for (const part of s.allOf ?? []) check(part, value, path, out);
    if (s.oneOf) {
      // Treated as anyOf: the vendor's branches overlap (see the reference README).
      const fits = (s.oneOf as Schema[]).some((branch) => {
        const found: string[] = [];
        check(branch, value, path, found);
        return found.length === 0;
      });
      if (!fits) out.push(`${path}: matches none of the ${s.oneOf.length} oneOf branches`);
    }
    if (s.enum && !s.enum.includes(value)) out.push(`${path}: ${JSON.stringify(value)} not in enum`);
    if (s.type && !hasType(s.type, value)) {
      out.push(`${path}: expected ${s.type}, got ${JSON.stringify(value)?.slice(0, 60)}`);
      return;
    }
    if (s.format === 'date-time' && typeof value === 'string' && Number.isNaN(Date.parse(value))) {
      out.push(`${path}: not a date-time: ${value}`);
    }
    if (typeof value === 'number') {
      if (s.minimum !== undefined && value < s.minimum) out.push(`${path}: below ${s.minimum}`);
      if (s.maximum !== undefined && value > s.maximum) out.push(`${path}: above ${s.maximum}`);
    }
    if (Array.isArray(value) && s.items) {
      for (const [index, item] of value.entries()) check(s.items, item, `${path}[${index}]`, out);
    }
    if (isObject(value)) {
      for (const key of s.required ?? []) if (!(key in value)) out.push(`${path}.${key}: required`);
      for (const [key, sub] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) {
        if (key in value) check(sub, value[key], `${path}.${key}`, out);
      }
    }
  }

  return {
    available: true,
    problems(schemaName, value) {
      const schema = schemas[schemaName];
      if (!schema) throw new Error(`No schema ${schemaName} in ${file}`);
      const out: string[] = [];
      check(schema, value, '$', out);
      return out;
    },
    responseSchema(operationId, status) {
      for (const item of Object.values(document.paths as Record<string, Schema>)) {
        for (const operation of Object.values(item)) {
          if (operation?.operationId !== operationId) continue;
          const ref = operation.responses?.[status]?.content?.['application/json']?.schema?.$ref;
          if (ref) return String(ref).split('/').pop() as string;
        }
      }
      throw new Error(`No ${status} schema for ${operationId} in ${file}`);
    },
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasType(type: string, value: unknown): boolean {
  switch (type) {
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    default:
      return typeof value === type;
  }
}

/**
 * The voucher-lifecycle file. One known defect is patched: its VOUCHERS.IMPORT result types
 * `failed` as one object, while the vendor's own examples (and answers) carry an array of them.
 */
export function lifecycleApi(): OpenApi {
  return loadOpenApi('openapi-voucher-lifecycle.json', (schemas) => {
    const result = schemas['17_res_obj_get_async_action_result_vouchers_import'] as Schema;
    const failed = result.properties.failed;
    result.properties.failed = { type: 'array', nullable: true, items: { ...failed, nullable: false } };
  });
}

/** The campaign operations, trimmed from the vendor's file by scripts/trim-openapi.mjs --campaigns. */
export function campaignsApi(): OpenApi {
  return loadOpenApi('openapi-campaigns.json');
}
