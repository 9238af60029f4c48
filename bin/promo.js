#!/usr/bin/env node
// The only place that exits the process. The code lives in dist/, built by `npm ci` (prepare) or
// `npm run build`. CommonJS on purpose (see bin/package.json): it starts faster than an ES module.
'use strict';
const { runCli } = require('../dist/cli.cjs');

// `promo … | head` closes the pipe early: that is the reader's choice, not an error to report.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

runCli(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
  // Pipes on Linux are written synchronously, so nothing is lost; a stray handle must not keep a cron job alive.
  setTimeout(() => process.exit(code), 50).unref();
});
