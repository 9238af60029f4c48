// The registry's entry for `promo qualify`: its definition, in command.ts. The build carries it in the
// core as data (what parsing, help and completion read) and loads command.ts only when the command
// runs, as it does for the verbs of a noun (scripts/verb-manifest.mjs).
export { default } from './command.js';
