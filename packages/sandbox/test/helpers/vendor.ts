// The vendor's OpenAPI files, which the tests check every exchange against: beside the project
// (`../shared/reference`, as CI lays it out), never in it, or where PROMO_VENDOR_OPENAPI_DIR says.
// A clone with nothing beside it skips those checks (the root's test/setup/vendor-files.ts says so
// once); in CI (CI set) that is a failure.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exchangeChecker, fullApi, type OpenApi, sevenOpsApi } from '../../src/contract/index.js';

export const VENDOR_DIR =
  process.env.PROMO_VENDOR_OPENAPI_DIR ??
  join(fileURLToPath(new URL('../../../../', import.meta.url)), '..', 'shared', 'reference');

/** The one checker of the tests: its files are read and compiled once per worker. */
export const checker = exchangeChecker(VENDOR_DIR);

/** The vendor's whole description, mended. */
export const vendorApi = (): OpenApi => fullApi(VENDOR_DIR);
/** The seven operations of the seed: the only file that describes OAuth and the v2 tiers. */
export const sevenOpsVendorApi = (): OpenApi => sevenOpsApi(VENDOR_DIR);
