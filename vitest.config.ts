import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

// A machine's own CA bundle (NODE_EXTRA_CA_CERTS) is none of the tests' business: they talk to
// loopback servers, and the TLS tests name their own authority. Node 20 reads the whole file as each
// process starts (~45 ms of CPU here), and the suite starts ~350 of them; the workers inherit this
// environment, and what they spawn inherits theirs. The bench leaves it out for the same reason.
// Kept aside for the one test that asks the npm registry (the packed tarball's install, which
// fetches what npm's cache lacks): where the registry is reached through an authority of the
// machine's own, npm needs it.
if (process.env.NODE_EXTRA_CA_CERTS) process.env.PROMO_TEST_MACHINE_CA = process.env.NODE_EXTRA_CA_CERTS;
delete process.env.NODE_EXTRA_CA_CERTS;

// The promo-sandbox package is run from its sources (its exports' "promo-source" condition): no
// build of it is needed before the tests.
const conditions = ['promo-source', 'node', 'import', 'default'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['node'] } },
  define: { __PROMO_VERSION__: JSON.stringify(version) },
  test: {
    include: ['test/**/*.test.ts', 'packages/sandbox/test/**/*.test.ts'],
    // Says once when the vendor's OpenAPI files are not beside the project (their tests skip).
    globalSetup: ['test/setup/vendor-files.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Three workers on two cores: a test that waits on a spawned bin, a socket or a real timer
    // leaves its core to another (45 s -> 38 s here); no test bounds the time it takes.
    pool: 'forks',
    maxWorkers: 3,
    // A worker keeps its modules from one file to the next: loading them again for each of the
    // 120-odd files cost a fifth of the run. Files share no state: each makes its own sandbox,
    // config directory and context (the suite passes with its files in a shuffled order).
    isolate: false,
    // Sandbox entries are frozen around each transaction, so a route that edits one in place fails
    // loudly (packages/sandbox/src/state-verify.ts).
    // App tokens in the profile file, never a developer's keychain, unless a test asks for one.
    env: { PROMO_SANDBOX_VERIFY: '1', PROMO_SECRET_STORE: 'file' },
  },
});
