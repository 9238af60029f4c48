// The service's bulk operation (the voucher import): larger bodies than any other request, and a
// rate limit of its own that the per-minute limit does not count.

export const IMPORT_PATH = '/v1/vouchers/import';
export const VOUCHER_CSV_PATH = '/v1/vouchers/importCSV';

/** The service takes at most 10 MB in one import request. */
export const MAX_IMPORT_BYTES = 10 * 1000 * 1000;

/** Bodies of every other request above this are refused with 413 (the service publishes no limit). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** A campaign's imports and the CSV imports are bulk calls too. */
const CAMPAIGN_IMPORT = /^\/v1\/campaigns\/[^/]+\/import(CSV)?$/;
const PRODUCT_IMPORT = '/v1/products/importCSV';

export function isBulkCall(method: string, rawPath: string): boolean {
  return (
    method.toUpperCase() === 'POST' &&
    (rawPath === IMPORT_PATH ||
      rawPath === VOUCHER_CSV_PATH ||
      rawPath === PRODUCT_IMPORT ||
      CAMPAIGN_IMPORT.test(rawPath))
  );
}

/** The most a request to this path may carry. */
export function bodyLimit(method: string, rawPath: string): number {
  return isBulkCall(method, rawPath) ? MAX_IMPORT_BYTES : MAX_BODY_BYTES;
}

export function describeBytes(bytes: number): string {
  return bytes === MAX_IMPORT_BYTES ? '10 MB (10,000,000 bytes)' : `${bytes / 1024 / 1024} MiB`;
}
