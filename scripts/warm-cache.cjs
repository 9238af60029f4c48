// Run by the build with PROMO_CODE_CACHE=write: loads dist/ through bin/load-cached.js and runs
// several commands in this one process, so that the code caches written at exit hold what all of
// them compiled (help, tables, JSON, the profile store, requests, the built-in sandbox).
'use strict';
const path = require('node:path');
const { loadCached } = require('../bin/load-cached.js');

const { runCli } = loadCached(path.join(__dirname, '..', 'dist', 'cli.cjs'));
const runs = [
  ['--help'],
  ['--version'],
  ['token', 'issue', '--help'],
  ['--profile', 'sandbox', 'token', 'issue', '--scope', 'api'],
  ['--profile', 'sandbox', 'token', 'inspect'],
  ['--profile', 'sandbox', 'token', 'issue', '--scope', 'api', '-o', 'table'],
  ['--profile', 'sandbox', 'voucher', 'create', '--percent-off', '10', '-o', 'table'],
  ['--profile', 'sandbox', 'templates', 'list', '--limit', '2', '-o', 'table'],
  ['--profile', 'sandbox', 'tiers', 'list', 'lts_0a1b2c3d4e5f'],
  ['--profile', 'sandbox', 'event', 'send', 'newsletter_signup', '--customer-source-id', 'warm-up'],
  ['profile', 'list'],
];
(async () => {
  for (const argv of runs) await runCli(argv);
  process.exit(0);
})();
