// Once per test run: the vendor's OpenAPI files, which the contract tests check the sandbox's answers
// and promo's requests against, live beside the project (never in it). A clone with nothing beside
// it runs everything else and says in one line what it skipped; CI (CI set), which has them, fails
// without them: there nothing is skipped.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { VENDOR_DIR, VENDOR_FILES } from '../helpers/openapi.js';

/** The line to print when files are missing (none when all are there); throws in CI instead. */
export function vendorFilesNote(dir: string, ci: string | undefined): string | undefined {
  const missing = VENDOR_FILES.filter((file) => !existsSync(join(dir, file)));
  if (missing.length === 0) return undefined;
  const what = `the vendor's OpenAPI files (${missing.join(', ')}) are not in ${dir}`;
  if (ci)
    throw new Error(`${what}: CI must run the contract tests (set PROMO_VENDOR_OPENAPI_DIR to their folder)`);
  return `note: ${what}: the contract checks against them are skipped (set PROMO_VENDOR_OPENAPI_DIR to a folder that has them).`;
}

export default function checkVendorFiles(): void {
  const note = vendorFilesNote(VENDOR_DIR, process.env.CI);
  if (note) console.log(note);
}
