// Where the jq worker's code is. Built, it is dist/lazy/jq-worker.cjs, bundled with jq-wasm by
// scripts/build.mjs, which swaps this file for one that names that file. From the sources (the
// tests), esbuild bundles src/output/jq-worker.ts here on first use: a worker thread cannot run
// TypeScript.
import { fileURLToPath } from 'node:url';

export type JqWorkerScript = { file: string } | { code: string };

let bundled: JqWorkerScript | undefined;

export async function jqWorkerScript(): Promise<JqWorkerScript> {
  if (bundled) return bundled;
  const { build } = await import('esbuild');
  const entry = fileURLToPath(new URL('./jq-worker.ts', import.meta.url));
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  bundled = { code: result.outputFiles[0]!.text };
  return bundled;
}
