#!/usr/bin/env node
// The only place that exits the process. The code lives in dist/, built by `npm run build` (and
// before `npm pack`, so a package from the registry or a tarball has it). CommonJS on purpose (see
// bin/package.json): it starts faster than an ES module.
'use strict';
const path = require('node:path');

const argv = process.argv.slice(2);
// The version is a constant: no need to load the CLI for it, nor Node's stdout stream (building it
// loads the stream machinery, and for a pipe node:net: ~3 ms of CPU on Node 24, a third of what
// `promo --version` cost over a bare `node`). Straight to descriptor 1, as help is (cli-stdout.ts):
// a reader that already left (`promo --version | true`) ends it quietly, exit 0; the stream is
// only for a descriptor left non-blocking by whoever shares it.
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  const text = `${require('../package.json').version}\n`;
  try {
    require('node:fs').writeSync(1, text);
  } catch (error) {
    if (error.code === 'EAGAIN') process.stdout.write(text);
    else if (error.code !== 'EPIPE') throw error;
  }
  return;
}

const root = path.join(__dirname, '..');
const cliFile = path.join(root, 'dist', 'cli.cjs');
const { codeCacheDir, loadCached, useCodeCache } = require('./load-cached.js');
const debug = argv.includes('--debug') || process.env.PROMO_DEBUG === '1';
if (debug && typeof process.setSourceMapsEnabled === 'function') {
  // --debug stacks name src/*.ts lines (dist/*.map). The maps are read only here, for --debug runs,
  // which load the bundles with Node's own loader (a code cache would bypass the maps).
  process.setSourceMapsEnabled(true);
} else {
  useCodeCache(codeCacheDir(), argv);
}
// `promo --help` as an earlier run of this build printed it, without loading the CLI (help-cache.js).
const helpOnly = argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h');
let keepHelp;
if (helpOnly && !debug && !process.env.NODE_DISABLE_COMPILE_CACHE) {
  const help = require('./help-cache.js');
  const kind = help.stdoutKind();
  if (kind && help.printKeptHelp(codeCacheDir(), cliFile, kind)) return;
  if (kind) keepHelp = (text) => help.keepHelp(codeCacheDir(), cliFile, kind, text);
}
let runCli;
let releaseHungUpTerminals;
try {
  ({ runCli, releaseHungUpTerminals } = loadCached(cliFile));
} catch (error) {
  // A checkout that was never built (npm ci installs, it does not build): say how, not a stack trace.
  if (!require('node:fs').existsSync(cliFile)) {
    process.stderr.write(`promo is not built: ${path.join(root, 'dist')} is missing. Run \`npm ci && npm run build\` in ${root}.\n`);
    process.exitCode = 1;
    return;
  }
  throw error;
}

// main() reports every error it sees; anything that escapes it is a bug in promo. One line for
// people (its stack may hold request data), the stack with --debug.
function crash(error) {
  const what = error && (error.code || error.name);
  process.stderr.write(
    debug
      ? `${(error && error.stack) || error}\n`
      : `error: internal error${what ? ` (${what})` : ''}; run again with --debug for details.\n`,
  );
  // Node aborts at exit on a terminal that hung up (cli-terminal.ts): exit 1 it is, not SIGABRT.
  releaseHungUpTerminals();
  process.exit(1);
}
process.on('uncaughtException', crash);
process.on('unhandledRejection', crash);

// An interrupted run that does not stop by itself in time is ended here, through exit handlers.
// runCli resolves once the run is over and stdout and stderr have taken everything (a slow
// reader's pipe included), so nothing is lost by exiting at once. At once, not when the event loop
// runs dry: a natural exit first closes the signal watchers, and a Ctrl-C or SIGTERM that arrived
// in that window would kill the finished run by the signal (a shell would read 130 for a run that
// did all its work); a stray handle must not keep a cron job alive either.
runCli(argv, (code) => process.exit(code), keepHelp).then((code) => process.exit(code), crash);
