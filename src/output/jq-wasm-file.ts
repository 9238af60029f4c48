// Where jq's WebAssembly module is, as a file. From the sources (the tests) it is nowhere: jq-wasm.ts
// reads it out of the package's glue, which carries it as 1.3 MB of base64. Built, it is
// dist/lazy/jq.wasm beside the jq worker, and the worker's copy of the glue carries none of it
// (scripts/build.mjs swaps this file and empties that string): ~25 ms less for the worker's start,
// measured on --jq's first run (the glue's text parsed, the base64 decoded).

/** The module's bytes from its file, or undefined where there is none. */
export function jqWasmBytes(): Uint8Array | undefined {
  return undefined;
}
