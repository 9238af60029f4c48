// The npm package libsql, required from where this code runs: this package's own build and the
// tests make a `require` from this module's URL; promo's CommonJS bundle has an empty import.meta
// and a `require` of its own. (An ES module bundle's `require` is a stand-in that refuses, so the
// URL is asked first.) promo's build puts another module in this one's place (scripts/build.mjs),
// which bundles libsql's JavaScript and loads only its native binary from node_modules.
import { createRequire } from 'node:module';

export function requireLibsql(): unknown {
  const url = (import.meta as { url?: string }).url;
  const load: NodeRequire = typeof url === 'string' ? createRequire(url) : require;
  return load('libsql');
}
