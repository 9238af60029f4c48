// promo-sandbox/contract: the check of each exchange with the sandbox (or with the service, recorded
// the same way) against the vendor's OpenAPI description, read from a folder the caller names.
// Apart from the main entry so that a suite that never checks never loads it.
export { type CheckOptions, type ExchangeChecker, exchangeChecker, SERVED_ROUTES } from './exchanges.js';
export {
  FULL_FILE,
  fullApi,
  loadOpenApi,
  type OpenApi,
  SEVEN_OPS_FILE,
  sevenOpsApi,
  VENDOR_FILES,
  type VendorOperation,
} from './openapi.js';
export { ROUTE_TABLE, type RouteContract } from './route-table.js';
export { type Json, mendFullDescription, mendSevenOpsDescription, visitSchemas } from './vendor-mends.js';
