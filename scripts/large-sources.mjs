// Pads each bundle that bin/load-cached.js reads whole, of 32 KiB or more, with spaces after its
// last line to just over 128 KiB: V8's largest regular heap object. Read as a string, such a
// source then lands in V8's space for large objects, which a scavenge promotes by moving its page,
// never copying it; a smaller one lands in the young generation, where every scavenge copies it
// (the source stays alive as long as its functions). A one-request command reads 200-370 KB of
// bundles: held young, they filled the first MiB sooner and survived it, and took one scavenge
// more (BENCHMARKS.md, "An answer's headers from their lines; sources out of the young
// generation"). Smaller bundles are left as they are: padded, each would cost a large object's
// pages for little saved. The spaces change no line, column or source map.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** V8's kMaxRegularHeapObjectSize (128 KiB on Node 20-26), and a margin for the string's header. */
export const LARGE_SOURCE = 128 * 1024 + 64;
export const PADDED_FROM = 32 * 1024;

/** Pads the bundles in `dir` and its subfolders, but those of `skip` (paths in `dir`, with '/'). */
export function padLargeSources(dir, { skip = [] } = {}) {
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = join(dir, name);
    const relative = name.replaceAll('\\', '/');
    if (!relative.endsWith('.cjs') || skip.includes(relative)) continue;
    const size = statSync(file).size;
    if (size < PADDED_FROM || size >= LARGE_SOURCE) continue;
    const text = readFileSync(file, 'latin1');
    writeFileSync(file, text + ' '.repeat(LARGE_SOURCE - size), 'latin1');
  }
}
