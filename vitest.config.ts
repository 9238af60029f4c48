import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

export default defineConfig({
  define: { __PROMO_VERSION__: JSON.stringify(version) },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Two cores: spawned end-to-end tests are heavy, so keep the pool small and predictable.
    pool: 'forks',
    maxWorkers: 2,
    // Every sandbox transaction is checked against a whole-state copy (src/sandbox/state-verify.ts).
    env: { PROMO_SANDBOX_VERIFY: '1' },
  },
});
