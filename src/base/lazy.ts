// Modules that only some commands need, loaded on first use: start-up is most of a CLI's time.
// This is the one list of them: scripts/build.mjs reads each `export const loadX = () =>
// import('...');` line below, bundles what it imports apart as dist/lazy/x.cjs, and swaps this
// file for one that requires those files (and `node:` built-ins as they are), so that the core
// never pays for them. Tests use this file as it is. One line per module, in this exact form.
export const loadConf = () => import('conf');
export const loadPrompts = () => import('./prompt-library.js');
export const loadTable = () => import('cli-table3');
export const loadLockfile = () => import('proper-lockfile');
export const loadSandbox = () => import('promo-sandbox');
// Only when a proxy variable is set; it brings node:tls and node:https with it.
export const loadProxy = () => import('../http/proxy.js');
export const loadCsvStream = () => import('csv-parse');
// A request's connection (src/http/transport.ts): TCP, and TLS for an https URL alone.
export const loadNet = () => import('node:net');
export const loadTls = () => import('node:tls');
// Streams, for an answer's body: a command that sends no request (and writes straight to its descriptors) never loads them.
export const loadStream = () => import('node:stream');
// Colour, only when stderr or a table is coloured.
export const loadChalk = () => import('chalk');
// Worker threads, for --jq only: jq runs in one (src/output/jq.ts), bundled as dist/lazy/jq-worker.cjs.
export const loadWorkerThreads = () => import('node:worker_threads');
