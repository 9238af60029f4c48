// The sandbox's public face: the CLI (lazily) and the tests import only this module.
import { routes } from './routes.js';
import { type Sandbox, type SandboxOptions, startSandboxWithRoutes } from './server.js';

export type {
  FaultController,
  FaultOptions,
  ScriptedAction,
  ScriptedFault,
  ScriptedReply,
} from './faults.js';
export { demoSeed, type SeedData, stateFromSeed } from './seed.js';
export type { RecordedRequest, Sandbox, SandboxOptions } from './server.js';
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

/** Starts a local imitation of the service on loopback, serving every route of routes.ts. */
export function startSandbox(options?: SandboxOptions): Promise<Sandbox> {
  return startSandboxWithRoutes(routes, options);
}

const WINDOW_SECONDS: Record<string, number> = {
  s: 1,
  sec: 1,
  second: 1,
  m: 60,
  min: 60,
  minute: 60,
  h: 3600,
  hour: 3600,
};

/** Reads a rate limit as people write it: `100/min`, `100/hour`, `10/s`. */
export function parseRateLimit(text: string): { limit: number; windowSeconds: number } {
  const match = /^\s*(\d+)\s*\/\s*([a-z]+?)s?\s*$/i.exec(text);
  const limit = Number(match?.[1]);
  const windowSeconds = WINDOW_SECONDS[match?.[2]?.toLowerCase() ?? ''];
  if (!match || !windowSeconds || !Number.isSafeInteger(limit) || limit < 1) {
    throw new Error(
      `Invalid rate limit "${text}": expected a positive count per s, min or hour, such as 100/min or 10/s`,
    );
  }
  return { limit, windowSeconds };
}
