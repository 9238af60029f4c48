// Finding the route for a request and checking its credentials, as the service does per operation.
import type { IncomingHttpHeaders } from 'node:http';
import { type AuthInfo, type Route, SandboxError, type SandboxState } from './types.js';

export type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'wrong-method'; allowed: string[] }
  | { kind: 'unknown' };

/**
 * Matches on the raw path split by '/', so an encoded slash inside a code stays inside its segment:
 * `/v1/vouchers/A%2FB` is the voucher `A/B`, not a longer path. Segments are decoded after matching.
 */
export function matchRoute(routes: Route[], method: string, rawPath: string): RouteMatch {
  const segments = rawPath.split('/');
  const allowed: string[] = [];
  for (const route of routes) {
    const params = matchPattern(route.pattern, segments);
    if (!params) continue;
    if (route.method === method.toUpperCase()) return { kind: 'found', route, params };
    allowed.push(route.method);
  }
  return allowed.length > 0 ? { kind: 'wrong-method', allowed } : { kind: 'unknown' };
}

function matchPattern(pattern: string, segments: string[]): Record<string, string> | undefined {
  const parts = pattern.split('/');
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    const segment = segments[index]!;
    if (part.startsWith(':')) {
      if (segment === '') return undefined;
      params[part.slice(1)] = decodeSegment(segment);
    } else if (part !== segment) {
      return undefined;
    }
  }
  return params;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new SandboxError(400, 'invalid_path', 'Invalid path', `Malformed percent-encoding in "${segment}"`);
  }
}

export interface AppCredentials {
  appId: string;
  appToken: string;
}

function unauthorized(details: string): SandboxError {
  return new SandboxError(401, 'unauthorized', 'Unauthorized', details);
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Checks the credentials a route accepts; throws the service's 401 or 403 error when they fail. */
export function authenticate(
  route: Route,
  headers: IncomingHttpHeaders,
  state: SandboxState,
  credentials: AppCredentials,
  nowMs: number,
): AuthInfo {
  if (route.auth === 'none') return { kind: 'app', scopes: [] };
  const appId = header(headers, 'x-app-id');
  const appToken = header(headers, 'x-app-token');
  const sentAppHeaders = appId !== undefined || appToken !== undefined;
  const appValid = appId === credentials.appId && appToken === credentials.appToken;

  if (route.auth === 'app' || (route.auth === 'app-or-bearer' && sentAppHeaders)) {
    if (appValid) return { kind: 'app', scopes: [] };
    throw unauthorized(
      sentAppHeaders
        ? 'The X-App-Id and X-App-Token headers do not match an application key'
        : 'This operation needs the X-App-Id and X-App-Token headers',
    );
  }
  return authenticateBearer(route, header(headers, 'authorization'), state, nowMs);
}

function authenticateBearer(
  route: Route,
  authorization: string | undefined,
  state: SandboxState,
  nowMs: number,
): AuthInfo {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (!token) throw unauthorized('This operation needs an "Authorization: Bearer <token>" header');
  const record = state.tokens[token];
  if (!record || record.expires_at <= Math.floor(nowMs / 1000)) {
    throw unauthorized('The bearer token is unknown or expired; issue a new one');
  }
  const scopes = record.scope.split(' ').filter(Boolean);
  const needed = route.scopes ?? [];
  const granted =
    needed.length === 0 || scopes.includes('api') || needed.some((scope) => scopes.includes(scope));
  if (!granted) {
    throw new SandboxError(
      403,
      'missing_scope',
      'Missing scope',
      `This operation needs a token with the scope api or ${needed.join(' or ')}; the token has: ${record.scope}`,
    );
  }
  return { kind: 'bearer', scopes };
}
