// promo-sandbox's public entry: a local imitation of the service for test suites (and the built-in
// sandbox of promo, which loads it lazily). promo and its tests import only this module and the
// package's other public entries (promo-sandbox/contract, /options, /facts/*).
import { routes } from './routes.js';
import { type Sandbox, type SandboxOptions, startSandboxWithRoutes } from './server.js';

export type { DispatchAnswer, DispatchRequest } from './dispatch.js';
export type {
  FaultController,
  FaultOptions,
  ScriptedAction,
  ScriptedFault,
  ScriptedReply,
} from './faults.js';
// Kept here too for the callers that took it from the main entry.
export { parseRateLimit } from './options/rate-limit.js';
export { demoSeed, type SeedData, stateFromSeed } from './seed.js';
export type { RecordedRequest, Sandbox, SandboxOptions } from './server.js';
export { IN_PROCESS_URL } from './server.js';
export type {
  AuthInfo,
  AuthKind,
  Route,
  RouteContext,
  SandboxReply,
  SandboxRequest,
  SandboxState,
  TokenRecord,
} from './types.js';
export { SandboxError } from './types.js';
export type { GeneratedVouchers } from './voucher-generate.js';

/**
 * Starts a local imitation of the service (on 127.0.0.1 and a free port unless told otherwise);
 * resolves once it listens, to its `url`, the `appId` and `appToken` it accepts, the `requests` it
 * received, its `faults` (to change while it runs) and `close()`.
 */
export function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const { state, statePath, ...rest } = options;
  const path = state ?? statePath;
  return startSandboxWithRoutes(routes, path === undefined ? rest : { ...rest, statePath: path });
}
