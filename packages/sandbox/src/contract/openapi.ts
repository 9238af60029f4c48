// The vendor's OpenAPI 3.0 descriptions, read by a real JSON Schema validator (ajv), so that every
// answer of the sandbox and every request of a client can be checked against the vendor's own schema.
// OpenAPI 3.0 is not quite JSON Schema: `nullable` is turned into a null type here; the vendor's
// mistakes are mended in vendor-mends.ts, and nowhere else. ajv is loaded on the first check only:
// a suite that never checks never pays for it.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Ajv as AjvType, ErrorObject, ValidateFunction } from 'ajv';
import { type Json, mendFullDescription, mendSevenOpsDescription, visitSchemas } from './vendor-mends.js';

/** The whole description, and the one that still holds OAuth and the v2 tiers (which the whole one lacks). */
export const FULL_FILE = 'openapi-full.json';
export const SEVEN_OPS_FILE = 'openapi-7ops.json';
export const VENDOR_FILES = [FULL_FILE, SEVEN_OPS_FILE];

export interface VendorOperation {
  readonly file: string;
  readonly operationId: string;
  /** The operation object itself (parameters, requestBody, responses, security), mended. */
  readonly spec: Json;
  /** Parameters of the path item and the operation, references resolved. */
  readonly parameters: Json[];
}

export interface OpenApi {
  /** Whether the file is there (nothing else is read before the first check). */
  readonly available: boolean;
  /** The problems found in `value` against the named component schema; empty when it conforms. */
  problems(schemaName: string, value: unknown): string[];
  /** The problems found in `value` against a schema given inline (its $refs point into the file). */
  problemsWith(schema: Json, value: unknown, coerce?: boolean): string[];
  /** The response schema of an operation for a status, as a component name. */
  responseSchema(operationId: string, status: number): string;
  /** The operation at `method` and the vendor's path template (`/v1/vouchers/{code}`). */
  operation(method: string, path: string): VendorOperation | undefined;
}

// One read and compile per file and process (the whole description is 3 MB): the test files that a
// test runner's worker runs one after the other share it.
const loadedFiles = new Map<string, OpenApi>();

/** `file` of the folder `dir`, read and compiled on first use: without it, `available` is false. */
export function loadOpenApi(dir: string, file: string, mend?: (document: Json) => void): OpenApi {
  const path = join(dir, file);
  // Mended and as it is are two documents: one must never be served for the other.
  const key = `${path}\0${mend?.name ?? ''}`;
  const api = () => {
    let loaded = loadedFiles.get(key);
    if (!loaded) {
      loaded = readOpenApi(path, file, mend);
      loadedFiles.set(key, loaded);
    }
    return loaded;
  };
  return {
    available: existsSync(path),
    problems: (name, value) => api().problems(name, value),
    problemsWith: (schema, value, coerce) => api().problemsWith(schema, value, coerce),
    responseSchema: (operationId, status) => api().responseSchema(operationId, status),
    operation: (method, path) => api().operation(method, path),
  };
}

/** OpenAPI 3.0's `nullable: true` in JSON Schema terms: null is one more type (and enum value). */
function nullableToJsonSchema(document: Json): void {
  visitSchemas(document, (schema) => {
    if (schema.nullable !== true) return;
    delete schema.nullable;
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null);
    if (typeof schema.type === 'string') {
      schema.type = [schema.type, 'null'];
    } else if (schema.type === undefined) {
      const rest = { ...schema };
      for (const key of Object.keys(schema)) delete schema[key];
      schema.anyOf = [rest, { type: 'null' }];
    }
  });
}

const require = createRequire(import.meta.url);

function newAjv(coerceTypes: boolean): AjvType {
  const { Ajv } = require('ajv') as typeof import('ajv');
  const ajvFormats = require('ajv-formats') as typeof import('ajv-formats');
  // strict off: the file carries OpenAPI's own words (example, x-*) beside the schema keywords.
  // inlineRefs off: a referenced schema is compiled once as its own function, not copied into each
  // place that refers to it (the voucher's unions refer to the same parts many times): a third faster.
  const ajv = new Ajv({ strict: false, allErrors: true, coerceTypes, inlineRefs: false });
  // The package is CommonJS: its function is both the module and its own `default`.
  ajvFormats.default(ajv, ['date', 'date-time', 'hostname', 'email', 'uri']);
  // The vendor says "HH:mm" for its `time` fields (validity_hours), not RFC 3339's full time.
  ajv.addFormat('time', /^([01]\d|2[0-3]):[0-5]\d$/);
  ajv.addFormat('binary', true);
  return ajv;
}

const describeError = (error: ErrorObject) =>
  `$${error.instancePath.replaceAll('/', '.')}: ${error.message}${
    error.params && Object.keys(error.params).length ? ` ${JSON.stringify(error.params)}` : ''
  }`;

function readOpenApi(path: string, file: string, mend?: (document: Json) => void): OpenApi {
  const document = JSON.parse(readFileSync(path, 'utf8')) as Json;
  mend?.(document);
  nullableToJsonSchema(document.components);
  // The second reads text as the types the schema asks for (query strings, form fields).
  const ajvs = [newAjv(false), newAjv(true)] as const;
  for (const ajv of ajvs) ajv.addSchema({ ...document, $id: file });
  const compiled = new Map<string, ValidateFunction>();
  const validator = (schema: Json, coerce: boolean) => {
    const key = `${coerce}:${JSON.stringify(schema)}`;
    let validate = compiled.get(key);
    if (!validate) {
      const absolute = JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/', `"$ref":"${file}#/`));
      validate = ajvs[coerce ? 1 : 0].compile(absolute);
      compiled.set(key, validate);
    }
    return validate;
  };
  const problemsWith = (schema: Json, value: unknown, coerce = false) => {
    const validate = validator(schema, coerce);
    return validate(value) ? [] : (validate.errors ?? []).map(describeError);
  };
  const resolveParameter = (parameter: Json): Json =>
    parameter.$ref
      ? (document.components.parameters[String(parameter.$ref).split('/').pop()!] as Json)
      : parameter;

  return {
    available: true,
    problemsWith,
    problems(schemaName, value) {
      if (!document.components.schemas[schemaName]) throw new Error(`No schema ${schemaName} in ${file}`);
      return problemsWith({ $ref: `#/components/schemas/${schemaName}` }, value);
    },
    responseSchema(operationId, status) {
      for (const item of Object.values(document.paths as Record<string, Json>)) {
        for (const operation of Object.values(item)) {
          if ((operation as Json)?.operationId !== operationId) continue;
          const ref = (operation as Json).responses?.[status]?.content?.['application/json']?.schema?.$ref;
          if (ref) return String(ref).split('/').pop() as string;
        }
      }
      throw new Error(`No ${status} schema for ${operationId} in ${file}`);
    },
    operation(method, path) {
      const item = document.paths[path] as Json | undefined;
      const spec = item?.[method.toLowerCase()] as Json | undefined;
      if (!item || !spec) return undefined;
      const parameters = [...(item.parameters ?? []), ...(spec.parameters ?? [])].map(resolveParameter);
      return { file, operationId: String(spec.operationId), spec, parameters };
    },
  };
}

/** The vendor's whole description in `dir`, mended (vendor-mends.ts). */
export function fullApi(dir: string): OpenApi {
  return loadOpenApi(dir, FULL_FILE, mendFullDescription);
}

/** The seven operations of the seed in `dir`: the only file that describes OAuth and the v2 tiers. */
export function sevenOpsApi(dir: string): OpenApi {
  return loadOpenApi(dir, SEVEN_OPS_FILE, mendSevenOpsDescription);
}
