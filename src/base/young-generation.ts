// V8 grows its young generation each time what its collections kept adds up to its size, however
// little each one kept: a long run that allocates and lets go (a streamed walk of 1,000 pages, a
// dry run over a million lines, an export's download chunk after chunk) ends with it at its
// largest (32 MiB on Node 24), most of what such a run adds to its memory. A growth factor of 1
// keeps it the size it has: more, smaller collections, the peak ~15-35 MiB lower, no slower.
// V8 reads the flag each time it would grow; Node has no other way to set it from inside the
// process (given on the command line it would also set aside promo's code cache). node:v8 costs
// ~2 ms to load, so only such runs call this.
export function keepYoungGenerationSmall(): void {
  process.getBuiltinModule('node:v8').setFlagsFromString('--semi-space-growth-factor=1');
}
