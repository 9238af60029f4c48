// Modules that only some commands need, loaded on first use: start-up is most of a CLI's time.
// The build (scripts/build.mjs) swaps this file for one that requires each as its own bundled
// CommonJS file from dist/lazy/, so that the core never pays for them; tests use it as it is.
export const loadConf = () => import('conf');
export const loadPrompts = () => import('@inquirer/prompts');
export const loadTable = () => import('cli-table3');
export const loadLockfile = () => import('proper-lockfile');
export const loadSandbox = () => import('./sandbox/index.js');
export const loadCsv = () => import('csv-parse/sync');
export const loadProxy = () => import('./http/proxy.js');
export const loadHttp = () => import('node:http');
export const loadHttps = () => import('node:https');
