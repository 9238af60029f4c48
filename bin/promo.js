#!/usr/bin/env node
// The only place that exits the process. The code lives in dist/, built by `npm ci` (prepare) or
// `npm run build`. CommonJS on purpose (see bin/package.json): it starts faster than an ES module.
'use strict';
const path = require('node:path');

const argv = process.argv.slice(2);
// The version is a constant: no need to load the CLI for it.
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  process.stdout.write(`${require('../package.json').version}\n`);
  return;
}

const { loadCached } = require('./load-cached.js');

const { runCli } = loadCached(path.join(__dirname, '..', 'dist', 'cli.cjs'));

// `promo … | head` closes the pipe early: that is the reader's choice, not an error to report.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

runCli(argv).then((code) => {
  process.exitCode = code;
  // Pipes on Linux are written synchronously, so nothing is lost; a stray handle must not keep a cron job alive.
  setTimeout(() => process.exit(code), 50).unref();
});
