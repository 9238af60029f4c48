// The vendor's OpenAPI 3.0 descriptions, read by a real JSON Schema validator (ajv), so that tests
// can check every answer of the sandbox and every request of promo against the vendor's own schema.
// OpenAPI 3.0 is not quite JSON Schema: `nullable` is turned into a null type here; the vendor's
// mistakes are mended in vendor-mends.ts, and nowhere else.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import { type Json, mendFullDescription, visitSchemas } from './vendor-mends.js';

/**
 * The vendor's files live beside the project (`../shared/reference`, as CI lays it out), never in
 * it; PROMO_VENDOR_OPENAPI_DIR points elsewhere. A clone with nothing beside it skips the tests
 * that need them (test/setup/vendor-files.ts says so once); in CI (CI set) that is a failure.
 */
export const VENDOR_DIR =
  process.env.PROMO_VENDOR_OPENAPI_DIR ??
  join(fileURLToPath(new URL('../../', import.meta.url)), '..', 'shared', 'reference');

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
  /** Whether the file is there; without it, a test checks everything else (vendor-files.ts says so once). */
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

// One read and compile per file and worker (the whole description is 3 MB): the test files of a
// worker share it, as their modules are kept from one file to the next.
const loadedFiles = new Map<string, OpenApi>();

/** The file, read and compiled on first use: a test file that needs it loads without it (and skips). */
export function loadOpenApi(file: string, mend?: (document: Json) => void): OpenApi {
  const api = () => {
    let loaded = loadedFiles.get(file);
    if (!loaded) {
      loaded = readOpenApi(file, mend);
      loadedFiles.set(file, loaded);
    }
    return loaded;
  };
  return {
    available: existsSync(join(VENDOR_DIR, file)),
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

function newAjv(coerceTypes: boolean): Ajv {
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

function readOpenApi(file: string, mend?: (document: Json) => void): OpenApi {
  const document = JSON.parse(readFileSync(join(VENDOR_DIR, file), 'utf8')) as Json;
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

/** The vendor's whole description, mended (vendor-mends.ts). */
export function fullApi(): OpenApi {
  return loadOpenApi(FULL_FILE, mendFullDescription);
}

/** The seven operations of the seed: the only file that describes OAuth and the v2 tiers. */
export function sevenOpsApi(): OpenApi {
  return loadOpenApi(SEVEN_OPS_FILE);
}

/** The voucher lifecycle operations: read from the whole description (one file, one set of mends). */
export const lifecycleApi = fullApi;
/** The campaign operations: read from the whole description too. */
export const campaignsApi = fullApi;
