// Builds dist/ for the published package: plain ES modules for Node (no TypeScript at run time),
// one file per public entry (., /contract, /options, /facts/*, the bin's), what they share split
// into chunks, and the type declarations beside them. Its dependencies (ajv, ajv-formats) stay
// outside, installed with it.
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = (path) => join(root, 'src', path);
const facts = readdirSync(src('facts')).filter((file) => file.endsWith('.ts'));

rmSync(join(root, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: [
    src('index.ts'),
    src('contract/index.ts'),
    src('options/index.ts'),
    src('cli/bin.ts'),
    ...facts.map((file) => src(`facts/${file}`)),
  ],
  outbase: join(root, 'src'),
  outdir: join(root, 'dist'),
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
});

// The declarations, by the TypeScript the workspace holds.
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const declared = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], {
  stdio: 'inherit',
});
if (declared.status !== 0) throw new Error('the type declarations did not build');
