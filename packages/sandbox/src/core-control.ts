// The control API under /_sandbox/: lets tests (and people) drive a sandbox that runs in another
// process. It needs the app credentials, bypasses the faults and is never recorded.
import type { IncomingHttpHeaders } from 'node:http';
import { type Answer, answer, errorObject, parseBody } from './core-http.js';
import { newId } from './core-operation.js';
import type { AppCredentials } from './core-router.js';
import type { FaultEngine, FaultOptions } from './faults.js';
import { lostAnswersProblem } from './faults-lost.js';
import { advanceImports } from './import-jobs.js';
import { applyImportSettings, checkImportSettings } from './import-settings.js';
import type { StateStore } from './state.js';
import { SandboxError } from './types.js';

export const CONTROL_PREFIX = '/_sandbox/';

export interface ControlContext {
  credentials: AppCredentials;
  requests: unknown[];
  faults: FaultEngine;
  store: StateStore;
  now: () => number;
}

export interface ControlRequest {
  method: string;
  rawPath: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  requestId: string;
}

export async function handleControl(request: ControlRequest, context: ControlContext): Promise<Answer> {
  try {
    return await dispatch(request, context);
  } catch (error) {
    if (!(error instanceof SandboxError)) throw error;
    return answer(error.status, errorObject(error, request.requestId));
  }
}

async function dispatch(request: ControlRequest, context: ControlContext): Promise<Answer> {
  const { headers } = request;
  if (
    headers['x-app-id'] !== context.credentials.appId ||
    headers['x-app-token'] !== context.credentials.appToken
  ) {
    throw new SandboxError(401, 'unauthorized', 'Unauthorized', 'The control API needs the app credentials');
  }
  const operation = `${request.method.toUpperCase()} ${request.rawPath.slice(CONTROL_PREFIX.length)}`;
  switch (operation) {
    case 'GET requests':
      return answer(200, context.requests);
    case 'DELETE requests':
      context.requests.length = 0;
      return answer(204, undefined);
    case 'GET faults':
      return answer(200, context.faults.get());
    case 'POST faults':
      context.faults.set(faultsFromBody(headers['content-type'], request.body));
      return answer(200, context.faults.get());
    case 'GET state':
      // Through a transaction so that a shared sandbox answers with what the file holds now.
      // Import jobs catch up with the clock first, as they do before any operation.
      return context.store.transact((state) => {
        advanceImports(state, { now: context.now, newId, appId: context.credentials.appId });
        return answer(200, state);
      });
    case 'GET imports':
      return context.store.transact((state) => answer(200, state.importSettings));
    case 'POST imports': {
      const settings = checkImportSettings(
        parseBody(headers['content-type'] ?? 'application/json', request.body),
      );
      return context.store.transact((state) => answer(200, applyImportSettings(state, settings)));
    }
    case 'POST reset':
      await context.store.reset();
      return answer(204, undefined);
    default:
      throw new SandboxError(404, 'not_found', 'Resource not found', `No control operation ${operation}`);
  }
}

function faultsFromBody(contentType: string | undefined, body: Buffer): FaultOptions {
  const parsed = parseBody(contentType ?? 'application/json', body) ?? {};
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new SandboxError(400, 'invalid_faults', 'Invalid faults', 'Send a JSON object of fault options');
  }
  const problem = lostAnswersProblem((parsed as FaultOptions).lostAnswers);
  if (problem) throw new SandboxError(400, 'invalid_faults', 'Invalid faults', problem);
  return parsed as FaultOptions;
}
