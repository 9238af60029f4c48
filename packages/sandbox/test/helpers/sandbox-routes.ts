// Sandbox route handlers called directly, before any HTTP is involved: the request a handler reads,
// a route context with a fixed clock, and the SandboxError a refused request throws.
import { type RouteContext, SandboxError, type SandboxRequest } from '../../src/types.js';

export interface RequestParts {
  method?: string;
  path: string;
  params?: Record<string, string>;
  /** The raw query string, without `?`. */
  query?: string;
  body?: unknown;
  /** Also send the body as application/json bytes, as the server hands them on. */
  json?: boolean;
  requestId?: string;
}

/** The request the server hands a route, authenticated with the app credentials. */
export function routeRequest({
  method = 'GET',
  path,
  params = {},
  query = '',
  body,
  json = false,
  requestId = 'req_test',
}: RequestParts): SandboxRequest {
  return {
    method,
    path,
    params,
    query: new URLSearchParams(query),
    rawQuery: query,
    headers: json ? { 'content-type': 'application/json' } : {},
    rawBody: json ? Buffer.from(JSON.stringify(body ?? null)) : Buffer.alloc(0),
    body,
    auth: { kind: 'app', scopes: [] },
    requestId,
  };
}

/** A clock the test chooses, and ids counted up from 1 in hex, padded to the service's length. */
export function routeContext(now: () => number): RouteContext {
  let counter = 0;
  return {
    now,
    newId: (prefix, hexLength = 16) => prefix + (++counter).toString(16).padStart(hexLength, '0'),
    appId: 'sandbox',
  };
}

/** The SandboxError that `action` throws; anything else thrown is rethrown, nothing thrown fails. */
export function sandboxFailure(action: () => unknown): SandboxError {
  try {
    action();
  } catch (error) {
    if (error instanceof SandboxError) return error;
    throw error;
  }
  throw new Error('expected a SandboxError');
}
