// Sandboxes on a state file that a test then opens itself, as an older promo (or a person) would:
// the file's SQLite read and changed directly between two sandboxes' lives.
import { createRequire } from 'node:module';
import { afterAll } from 'vitest';
import { routes } from '../../src/routes.js';
import { type Sandbox, startSandboxWithRoutes } from '../../src/server.js';
import { removeTemporaryDirectories } from '../core-helpers.js';

export interface Db {
  prepare(sql: string): {
    run(...params: unknown[]): unknown;
    all(...params: unknown[]): Array<Record<string, unknown>>;
  };
  close(): void;
}
export const Database = createRequire(import.meta.url)('libsql') as new (path: string) => Db;

/** Starts sandboxes on a state file, each closed after the file's tests (or when it is stopped). */
export function useStateFileSandboxes() {
  const opened = new Set<Sandbox>();
  afterAll(async () => {
    for (const sandbox of opened) await sandbox.close();
    removeTemporaryDirectories();
  });
  return {
    async start(statePath: string): Promise<Sandbox> {
      const sandbox = await startSandboxWithRoutes(routes, { statePath });
      opened.add(sandbox);
      return sandbox;
    },
    async stop(sandbox: Sandbox): Promise<void> {
      opened.delete(sandbox);
      await sandbox.close();
    },
  };
}
