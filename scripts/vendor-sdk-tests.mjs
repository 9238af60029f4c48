#!/usr/bin/env node
// The vendor's own JS SDK tests (voucherify-js-sdk, @voucherify/sdk v3), run unmodified against a
// promo-sandbox started here: the SDK reads the service's URL and app keys from VOUCHERIFY_HOST,
// X_APP_ID and X_APP_TOKEN (its test/spec_utils.js), which this script points at the sandbox. The
// tests are not in this project and are not downloaded by it: PROMO_VENDOR_SDK_DIR names a checkout
// of the vendor's repository with its dependencies installed, e.g.
//
//   git clone https://github.com/voucherifyio/voucherify-js-sdk && cd voucherify-js-sdk
//   npm ci --ignore-scripts          # mocha, babel, superagent: the SDK's own test set-up
//   cd /path/to/promo && npm run build
//   PROMO_VENDOR_SDK_DIR=/path/to/voucherify-js-sdk node scripts/vendor-sdk-tests.mjs [test files]
//
// Without it the script says so in one line and exits 0 (nothing to run). The default files are
// those of the routes the sandbox imitates: validation, qualifications, products and orders.
// Each test's outcome is printed, then every exchange is checked against the vendor's description
// when PROMO_VENDOR_OPENAPI_DIR names its folder. Exit 0 when every test passed, 1 otherwise.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startSandbox } from 'promo-sandbox';
import { exchangeChecker } from 'promo-sandbox/contract';

const DEFAULT_FILES = [
  'test/test_01_validation.js',
  'test/test_03_qualifications.js',
  'test/test_05_products.js',
  'test/test_09_orders.js',
];

const dir = process.env.PROMO_VENDOR_SDK_DIR;
if (!dir) {
  console.log(
    "note: the vendor's SDK tests are skipped (set PROMO_VENDOR_SDK_DIR to a checkout of voucherify-js-sdk)",
  );
  process.exit(0);
}
const sdk = resolve(dir);
const mocha = join(sdk, 'node_modules', 'mocha', 'bin', 'mocha.js');
if (!existsSync(join(sdk, 'test', 'spec_utils.js')) || !existsSync(mocha)) {
  console.error(
    `${sdk} is not a checkout of voucherify-js-sdk with its dependencies installed (test/spec_utils.js and node_modules/mocha are needed: run npm ci --ignore-scripts there)`,
  );
  process.exit(2);
}
const files = process.argv.slice(2).length > 0 ? process.argv.slice(2) : DEFAULT_FILES;

const exchanges = [];
const sandbox = await startSandbox({
  appId: 'vendor-sdk-app',
  appToken: 'vendor-sdk-token',
  onExchange: (exchange) => exchanges.push(exchange),
});
const work = mkdtempSync(join(tmpdir(), 'promo-vendor-sdk-'));
const report = join(work, 'report.json');

/** mocha as the SDK's own `npm test` runs it (babel for its ES modules, 15 s a test), a JSON report. */
function runMocha() {
  const args = [mocha, '--require', '@babel/register', '--timeout', '15000'];
  args.push('--reporter', 'json', '--reporter-option', `output=${report}`, ...files);
  const env = {
    ...process.env,
    VOUCHERIFY_HOST: sandbox.url,
    X_APP_ID: sandbox.appId,
    X_APP_TOKEN: sandbox.appToken,
  };
  for (const name of ['X_MANAGEMENT_ID', 'X_MANAGEMENT_TOKEN', 'PROJECT_ID']) delete env[name];
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, { cwd: sdk, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', fail);
    child.on('close', (code) => done(code));
  });
}

let failed = 1;
try {
  console.log(`The vendor's SDK tests (${files.join(', ')}) against ${sandbox.url}: this takes a minute.`);
  await runMocha();
  const { stats, tests, failures } = JSON.parse(readFileSync(report, 'utf8'));
  const failedTitles = new Set(failures.map((t) => t.fullTitle));
  for (const test of tests) {
    console.log(`${failedTitles.has(test.fullTitle) ? '✗' : '✓'} ${test.fullTitle}`);
  }
  // A hook that fails (a `before all`) is a failure of its own, with no test of that name.
  for (const failure of failures) {
    console.log(`✗ ${failure.fullTitle}: ${failure.err?.message ?? 'failed'}`);
  }
  console.log(
    `${stats.passes} passed, ${stats.failures} failed, ${stats.pending} pending (${stats.duration} ms)`,
  );
  const openapi = process.env.PROMO_VENDOR_OPENAPI_DIR;
  if (openapi) {
    const problems = exchangeChecker(openapi).answerProblems(exchanges);
    console.log(
      `${exchanges.length} exchanges; answers not conforming to the vendor's description: ${problems.length}`,
    );
    for (const problem of problems.slice(0, 20)) console.log(`  ${problem}`);
  }
  failed = stats.failures;
} finally {
  await sandbox.close();
  rmSync(work, { recursive: true, force: true });
}
process.exit(failed === 0 ? 0 : 1);
