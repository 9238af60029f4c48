// Running one operation of the service: find the route, then, inside a state transaction, check the
// credentials, parse the body and let the route handle it. Whatever it throws becomes an Error object.

import type { IncomingHttpHeaders } from 'node:http';
import { type Answer, answer, errorObject, errorObjectForStatus, parseBody } from './core-http.js';
import { type AppCredentials, authenticate, matchRoute } from './core-router.js';
import { advanceImports, hasQueuedImports } from './import-jobs.js';
import { nodeCrypto } from './node-builtin.js';
import type { StateStore } from './state.js';
import {
  type Route,
  type RouteContext,
  SandboxError,
  type SandboxRequest,
  type SandboxState,
} from './types.js';

export interface OperationContext {
  routes: Route[];
  store: StateStore;
  credentials: AppCredentials;
  now: () => number;
  log?: (line: string) => void;
  /** Told of a state file that failed under a request (a full disk): the request answers 500. */
  onStorageError?: (error: Error) => void;
}

export interface IncomingRequest {
  method: string;
  rawPath: string;
  rawQuery: string;
  headers: IncomingHttpHeaders;
  bytes: Buffer;
  requestId: string;
}

// Ids come by the hundred thousand (a campaign's generated vouchers): their random bytes are taken
// from a pool filled 4 KiB at a time, not from a call into the system's generator each (~7 µs apiece,
// 0.7 s for 100,000 vouchers).
const idPool = Buffer.alloc(4096);
let idPoolUsed = idPool.length;

/** A new identifier with the service's shape, e.g. `cat_0b6152ce12414820dc`. */
export function newId(prefix: string, hexLength = 18): string {
  const bytes = Math.ceil(hexLength / 2);
  if (idPoolUsed + bytes > idPool.length) {
    nodeCrypto().randomFillSync(idPool);
    idPoolUsed = 0;
  }
  const hex = idPool.toString('hex', idPoolUsed, idPoolUsed + bytes);
  idPoolUsed += bytes;
  return prefix + hex.slice(0, hexLength);
}

/** The answer, and whether the operation changed the state (the service acted). */
export interface OperationOutcome {
  answer: Answer;
  changed: boolean;
}

/** Thrown by a read-only run that finds jobs to advance, to be run again as a writing one. */
const NEEDS_WRITE = Symbol('needs a writing transaction');

export async function answerOperation(
  context: OperationContext,
  incoming: IncomingRequest,
): Promise<OperationOutcome> {
  try {
    return await runOperation(context, incoming);
  } catch (error) {
    const failed = (reply: Answer) => ({ answer: reply, changed: false });
    if (error instanceof SandboxError)
      return failed(answer(error.status, errorObject(error, incoming.requestId)));
    if (error instanceof Error && error.name === 'SandboxStateError') context.onStorageError?.(error);
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    context.log?.(`sandbox: internal error on ${incoming.method} ${incoming.rawPath}: ${detail}`);
    return failed(
      answer(500, errorObjectForStatus(500, incoming.requestId, String((error as Error)?.message))),
    );
  }
}

async function runOperation(context: OperationContext, incoming: IncomingRequest): Promise<OperationOutcome> {
  const { method, rawPath, requestId } = incoming;
  const match = matchRoute(context.routes, method, rawPath);
  if (match.kind === 'unknown') {
    throw new SandboxError(404, 'not_found', 'Resource not found', `No operation at ${method} ${rawPath}`);
  }
  if (match.kind === 'wrong-method') {
    const allowed = match.allowed.join(', ');
    const error = new SandboxError(405, 'method_not_allowed', 'Method not allowed', `Allowed: ${allowed}`);
    return { answer: answer(405, errorObject(error, requestId), { Allow: allowed }), changed: false };
  }
  const { route, params } = match;
  const routeContext: RouteContext = { now: context.now, newId, appId: context.credentials.appId };

  const work = (readOnly: boolean) => (state: SandboxState) => {
    const request: SandboxRequest = {
      method: route.method,
      path: rawPath.split('/').map(decodeURIComponent).join('/'),
      params,
      query: new URLSearchParams(incoming.rawQuery),
      rawQuery: incoming.rawQuery,
      headers: incoming.headers,
      rawBody: incoming.bytes,
      auth: authenticate(route, incoming.headers, state, context.credentials, context.now()),
      body: parseBody(incoming.headers['content-type'], incoming.bytes),
      requestId,
    };
    // Background jobs catch up with the clock first, so that every answer sees them where they are.
    // That changes the state, which a read-only run would not keep: it asks for a writing one.
    if (readOnly && hasQueuedImports(state)) throw NEEDS_WRITE;
    advanceImports(state, routeContext);
    const reply = route.handle(request, state, routeContext);
    // Serialised inside the transaction, before another request can change the objects it shows.
    if (reply.stream) return { status: reply.status, headers: reply.headers ?? {}, stream: reply.stream };
    return answer(reply.status, reply.body, reply.headers);
  };
  const readOnly = route.readOnly === true;
  let committed: { value: Answer; changed: boolean };
  try {
    committed = await context.store.commit(work(readOnly), { readOnly });
  } catch (error) {
    if (error !== NEEDS_WRITE) throw error;
    committed = await context.store.commit(work(false));
  }
  return { answer: committed.value, changed: committed.changed };
}
