// One exchange with the sandbox (a request as recorded, and the answer beside it) checked against the
// vendor's operation that the route table names: the credentials against its security, the query
// against its parameters, the body against its request schema, the answer against the schema of
// its status (an error the operation does not list: the vendor's Error object).
import { matchRoute } from '../core-router.js';
import { parseMultipart } from '../multipart.js';
import { routes } from '../routes.js';
import type { RecordedRequest } from '../server.js';
import { FULL_FILE, fullApi, type OpenApi, SEVEN_OPS_FILE, sevenOpsApi, VENDOR_FILES } from './openapi.js';
import { ROUTE_TABLE } from './route-table.js';
import type { Json } from './vendor-mends.js';

/** Every route the sandbox serves, `METHOD pattern` (`GET /v1/vouchers/:code`). */
export const SERVED_ROUTES: readonly string[] = routes.map((route) => `${route.method} ${route.pattern}`);

export interface CheckOptions {
  /** Check the request too (a client's requests); off for probes that send a bad one on purpose. */
  request?: boolean;
}

export interface ExchangeChecker {
  /** Whether the vendor's files are in the folder; without them every check finds nothing. */
  readonly available: boolean;
  /** The vendor's files missing from the folder. */
  readonly missingFiles: string[];
  /** The routes whose exchanges were checked so far, as `METHOD pattern`. */
  readonly coveredRoutes: Set<string>;
  /** The problems of every exchange, each line naming the request; an empty list when all conform. */
  problems(recorded: RecordedRequest[], options?: CheckOptions): string[];
  /**
   * The problems of the answers the sandbox gave on a route it serves (not those a fault made up),
   * the requests left alone: what to check after any test, whose requests may be bad on purpose.
   */
  answerProblems(recorded: RecordedRequest[]): string[];
}

type Apis = Record<string, OpenApi>;

/**
 * A checker of exchanges against the vendor's OpenAPI files in `vendorDir` (openapi-full.json and
 * openapi-7ops.json). The files are read, and ajv loaded, on the first check.
 */
export function exchangeChecker(vendorDir: string): ExchangeChecker {
  const apis: Apis = { [FULL_FILE]: fullApi(vendorDir), [SEVEN_OPS_FILE]: sevenOpsApi(vendorDir) };
  const missingFiles = VENDOR_FILES.filter((file) => !apis[file]!.available);
  const coveredRoutes = new Set<string>();
  const problems = (recorded: RecordedRequest[], options: CheckOptions = {}) =>
    missingFiles.length > 0
      ? []
      : recorded.flatMap((exchange) => {
          const name = `${exchange.method} ${exchange.rawPath}${exchange.query ? `?${exchange.query}` : ''}`;
          return checkExchange(apis, coveredRoutes, exchange, options).map(
            (problem) => `${name} → ${exchange.answer?.status}: ${problem}`,
          );
        });
  return {
    available: missingFiles.length === 0,
    missingFiles,
    coveredRoutes,
    problems,
    answerProblems: (recorded) =>
      problems(
        recorded.filter(
          ({ answer, method, rawPath }) =>
            answer && !answer.byFault && matchRoute(routes, method, rawPath).kind === 'found',
        ),
        { request: false },
      ),
  };
}

function checkExchange(
  apis: Apis,
  coveredRoutes: Set<string>,
  exchange: RecordedRequest,
  { request = true }: CheckOptions,
): string[] {
  const match = matchRoute(routes, exchange.method, exchange.rawPath);
  if (match.kind !== 'found') return ['no sandbox route answers it'];
  const routeName = `${match.route.method} ${match.route.pattern}`;
  const contract = ROUTE_TABLE[routeName];
  if (!contract) return [`the route ${routeName} is not in the route table`];
  const api = apis[contract.file]!;
  const other = contract.withQuery;
  const chosen =
    other && new URLSearchParams(exchange.query).has(other.parameter) ? other.operation : contract.operation;
  const [method, path] = chosen.split(' ') as [string, string];
  const operation = api.operation(method, path);
  if (!operation) return [`${chosen} is not in ${contract.file}`];
  if (!exchange.answer) return ['no answer was recorded (start the sandbox with recordAnswers)'];
  coveredRoutes.add(routeName);
  const problems = answerProblems(api, operation.spec, exchange.answer);
  if (request && exchange.answer.status !== 401) {
    problems.push(...securityProblems(operation.spec, exchange.headers));
    problems.push(...queryProblems(api, operation.parameters, exchange.query));
    problems.push(...bodyProblems(api, operation.spec, exchange));
  }
  return problems;
}

function answerProblems(api: OpenApi, spec: Json, answer: { status: number; body: string }): string[] {
  const declared = spec.responses?.[answer.status] as Json | undefined;
  const schema = declared?.content?.['application/json']?.schema as Json | undefined;
  // A file (an export's CSV): text the vendor describes only as a string.
  if (declared && !schema && declared.content?.['text/plain']?.schema?.type === 'string') return [];
  if (declared && !schema)
    return answer.body === '' ? [] : [`answer: ${answer.status} has a body the vendor does not describe`];
  if (!declared && answer.status < 400)
    return [`answer: status ${answer.status} is not one the operation lists`];
  const body = answer.body === '' ? undefined : (JSON.parse(answer.body) as unknown);
  const problems = (schema ? api.problemsWith(schema, body) : api.problems('Error', body)).map(
    (problem) => `answer ${problem}`,
  );
  if (answer.status >= 400 && (body as Json)?.code !== answer.status)
    problems.push("answer: the error's code is not the status");
  return problems;
}

/** The operation's security is a list of alternatives, each a set of schemes needed together. */
function securityProblems(spec: Json, headers: RecordedRequest['headers']): string[] {
  const requirements = (spec.security ?? []) as Json[];
  if (requirements.length === 0) return [];
  const has = (scheme: string) =>
    /oauth|bearer/i.test(scheme)
      ? /^Bearer \S+$/.test(String(headers.authorization ?? ''))
      : headers[scheme.toLowerCase()] !== undefined;
  const met = requirements.some((requirement) => Object.keys(requirement).every(has));
  return met ? [] : [`credentials: none of ${JSON.stringify(requirements.map(Object.keys))}`];
}

/** `filters[name][conditions][$in][0]=A` read as OpenAPI's deepObject: {name: {conditions: {$in: ['A']}}}. */
function queryValues(rawQuery: string): Map<string, unknown> {
  const values = new Map<string, unknown>();
  for (const [key, value] of new URLSearchParams(rawQuery)) {
    const [name, ...path] = key.split(/\[|\]\[|\]$/).filter((part, index) => index === 0 || part !== '');
    if (path.length === 0) {
      const before = values.get(name!);
      values.set(name!, before === undefined ? value : [before, value].flat());
      continue;
    }
    const root = (values.get(name!) as Json | undefined) ?? {};
    values.set(name!, root);
    let node = root;
    for (const [index, part] of path.entries()) {
      if (index === path.length - 1) node[part] = value;
      else node = node[part] ??= {};
    }
  }
  const arrays = (node: unknown): unknown => {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return node;
    const entries = Object.entries(node).map(([key, value]) => [key, arrays(value)] as const);
    const numbered = entries.length > 0 && entries.every(([key], index) => key === String(index));
    return numbered ? entries.map(([, value]) => value) : Object.fromEntries(entries);
  };
  for (const [name, value] of values) values.set(name, arrays(value));
  return values;
}

function queryProblems(api: OpenApi, parameters: Json[], rawQuery: string): string[] {
  const declared = new Map(parameters.filter((p) => p.in === 'query').map((p) => [String(p.name), p]));
  const problems: string[] = [];
  // Some operations name a parameter with brackets literally (GET /v1/customers: `created_at[before]`),
  // not as a deepObject: such a key is checked as it is named.
  const literal = new URLSearchParams();
  const nested = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(rawQuery))
    (declared.has(key) ? literal : nested).append(key, value);
  for (const [name, value] of literal) {
    for (const problem of api.problemsWith(declared.get(name)!.schema ?? {}, value, true))
      problems.push(`query ${name}${problem.slice(1)}`);
  }
  for (const [name, value] of queryValues(nested.toString())) {
    const parameter = declared.get(name);
    if (!parameter) {
      problems.push(`query: ${name} is not a parameter of the operation`);
      continue;
    }
    for (const problem of api.problemsWith(parameter.schema ?? {}, value, true))
      problems.push(`query ${name}${problem.slice(1)}`);
  }
  return problems;
}

function bodyProblems(api: OpenApi, spec: Json, exchange: RecordedRequest): string[] {
  const content = spec.requestBody?.content as Json | undefined;
  const mediaType = String(exchange.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  if (!content) return exchange.body === '' ? [] : ['body: sent to an operation that takes none'];
  if (exchange.body === '') return spec.requestBody.required ? ['body: the operation needs one'] : [];
  const schema = content[mediaType]?.schema as Json | undefined;
  if (!schema) return [`body: ${mediaType || 'no content type'} is not one the operation takes`];
  const multipart = mediaType === 'multipart/form-data';
  const form = multipart || mediaType === 'application/x-www-form-urlencoded';
  const contentType = String(exchange.headers['content-type']);
  const body = multipart
    ? parseMultipart(contentType, Buffer.from(exchange.body, 'utf8'))
    : form
      ? Object.fromEntries(new URLSearchParams(exchange.body))
      : JSON.parse(exchange.body);
  return api.problemsWith(schema, body, form).map((problem) => `body ${problem}`);
}
