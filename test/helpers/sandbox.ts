// A sandbox on an ephemeral loopback port and a profile pointing at it, for one test file.

import type { Sandbox, SandboxOptions } from 'promo-sandbox';
import {
  answersConformAfterEach,
  type CheckedSandbox,
  startCheckedSandbox,
} from '../../packages/sandbox/test/helpers/checked.js';
import { type RunOptions, runPromo, tempDir } from './promo.js';
import { callSandbox, fileScoped, JSON_HEADERS } from './sandbox-http.js';

export const APP_ID = 'test-app-id-0001';
export const APP_TOKEN = 'test-app-token-secret-7f3a9c1e';

export interface Fixture {
  sandbox: CheckedSandbox;
  configDir: string;
  /** Environment for a child process using the fixture's profile. */
  env: Record<string, string>;
  /** promo in-process on the fixture's profile. */
  run(argv: string[], options?: RunOptions): ReturnType<typeof runPromo>;
  close(): Promise<void>;
}

/**
 * Starts a sandbox that accepts APP_ID/APP_TOKEN (the one way: its answers checked against the
 * vendor's description, startCheckedSandbox) and saves a default profile `test` for it.
 */
export async function sandboxFixture(options: SandboxOptions = {}): Promise<Fixture> {
  const sandbox = await startCheckedSandbox({ appId: APP_ID, appToken: APP_TOKEN, ...options });
  const dir = tempDir();
  const added = await runPromo(
    [
      'profile',
      'add',
      'test',
      // Set-up, not a test of the check (a fixture's sandbox may start with faults).
      '--no-check',
      '--app-id',
      APP_ID,
      '--app-token-stdin',
      '--api-url',
      sandbox.url,
      '--default',
    ],
    {
      configDir: dir.path,
      stdin: `${APP_TOKEN}\n`,
    },
  );
  if (added.code !== 0) throw new Error(`profile add failed: ${added.stderr}`);
  sandbox.requests.length = 0;
  return {
    sandbox,
    configDir: dir.path,
    env: { PROMO_CONFIG_DIR: dir.path },
    run: (argv, runOptions = {}) => runPromo(argv, { configDir: dir.path, ...runOptions }),
    close: async () => {
      await sandbox.close();
      dir.cleanup();
    },
  };
}

/**
 * The usual set-up of a test file: one fixture for the file, its faults cleared and its request
 * log emptied before each test. Returns a handle whose fields read the fixture of the moment.
 */
export function useSandbox(options: SandboxOptions = {}): Fixture {
  const fixture = fileScoped(
    () => sandboxFixture({ recordAnswers: true, ...options }),
    (current) => current.close(),
    (current) => {
      current.sandbox.faults.set({});
      current.sandbox.requests.length = 0;
    },
  );
  answersConformAfterEach(() => fixture().sandbox);
  return {
    get sandbox() {
      return fixture().sandbox;
    },
    get configDir() {
      return fixture().configDir;
    },
    get env() {
      return fixture().env;
    },
    run: (argv, runOptions) => fixture().run(argv, runOptions),
    close: () => fixture().close(),
  };
}

/** Sets how the fixture's sandbox processes imports, through its control API. */
export async function setImportSettings(fx: Fixture, settings: Record<string, unknown>): Promise<void> {
  const headers = { ...JSON_HEADERS, Connection: 'close', 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN };
  const { status } = await callSandbox(fx.sandbox.url, 'POST', '/_sandbox/imports', {
    body: settings,
    headers,
  });
  if (status !== 200) throw new Error(`POST /_sandbox/imports answered ${status}`);
}

/** The requests the sandbox received, one line each: `GET /v1/vouchers?limit=3` (query decoded). */
export const sentRequests = (sandbox: Sandbox) =>
  sandbox.requests.map((r) => `${r.method} ${r.rawPath}${r.query ? `?${decodeURIComponent(r.query)}` : ''}`);

/** The one way promo's tests start a sandbox of their own: its answers checked (startCheckedSandbox). */
export { type CheckedSandbox, startCheckedSandbox };
