// Once per test run: the vendor's OpenAPI files, which a few contract tests check the sandbox's
// answers against, live beside the project (never in it). A clone with nothing beside it runs
// everything else and says in one line what it skipped; CI, which has them, fails without them.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { OPTIONAL_VENDOR_FILES, VENDOR_DIR, VENDOR_FILES } from '../helpers/openapi.js';

export default function checkVendorFiles(): void {
  for (const [file, flag] of Object.entries(OPTIONAL_VENDOR_FILES)) {
    if (existsSync(join(VENDOR_DIR, file))) continue;
    console.log(
      `note: ${file} is not in ${VENDOR_DIR}: its contract checks are skipped (make it with node scripts/trim-openapi.mjs <the vendor's production/readOnly-openAPI.json> ${join(VENDOR_DIR, file)} ${flag}).`,
    );
  }
  const missing = VENDOR_FILES.filter((file) => !existsSync(join(VENDOR_DIR, file)));
  if (missing.length === 0) return;
  const what = `the vendor's OpenAPI files (${missing.join(', ')}) are not in ${VENDOR_DIR}`;
  if (process.env.CI)
    throw new Error(`${what}: CI must run the contract tests (set PROMO_VENDOR_OPENAPI_DIR to their folder)`);
  console.log(
    `note: ${what}: the checks against them are skipped (set PROMO_VENDOR_OPENAPI_DIR to a folder that has them).`,
  );
}
