// The vendor's OpenAPI descriptions for promo's tests: promo-sandbox/contract reads them, from the
// folder that packages/sandbox/test/helpers/vendor.ts names (the one place that says where they are).
import {
  FULL_FILE,
  type Json,
  loadOpenApi as loadFrom,
  type OpenApi,
  SEVEN_OPS_FILE,
  VENDOR_FILES,
  type VendorOperation,
} from 'promo-sandbox/contract';
import { sevenOpsVendorApi, VENDOR_DIR, vendorApi } from '../../packages/sandbox/test/helpers/vendor.js';

export { FULL_FILE, type OpenApi, SEVEN_OPS_FILE, VENDOR_DIR, VENDOR_FILES, type VendorOperation };

/** A file of the vendor's folder, read (and mended by `mend`, if given) and compiled on first use. */
export const loadOpenApi = (file: string, mend?: (document: Json) => void): OpenApi =>
  loadFrom(VENDOR_DIR, file, mend);
/** The vendor's whole description, mended. */
export const fullApi = vendorApi;
/** The seven operations of the seed: the only file that describes OAuth and the v2 tiers. */
export const sevenOpsApi = sevenOpsVendorApi;
/** The voucher lifecycle operations: read from the whole description (one file, one set of mends). */
export const lifecycleApi = fullApi;
/** The campaign operations: read from the whole description too. */
export const campaignsApi = fullApi;
