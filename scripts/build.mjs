// Bundles src/cli.ts into dist/ as ESM with code splitting, so that what a command does not use
// (prompts, tables, colour, the sandbox) is loaded only when used: start-up is most of a CLI's time.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

await build({
  entryPoints: { cli: 'src/cli.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'bundle',
  minifySyntax: true,
  minifyWhitespace: true,
  sourcemap: false,
  legalComments: 'none',
  define: { __PROMO_VERSION__: JSON.stringify(version) },
  // Some bundled CommonJS packages call require() for Node built-ins.
  banner: { js: "import { createRequire as __promoRequire } from 'node:module'; const require = __promoRequire(import.meta.url);" },
  logLevel: 'warning',
});
