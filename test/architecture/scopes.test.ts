// The scopes are one list (promo-sandbox/facts/scopes), which promo and the sandbox both import: it is the
// vendor's, and the sandbox grants each scope of it and no other.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALLOWED_SCOPES } from 'promo-sandbox/facts/scopes';
import { describe, expect, it } from 'vitest';
import { FULL_FILE, VENDOR_DIR } from '../helpers/openapi.js';
import { useServedSandbox } from '../helpers/sandbox-http.js';

const vendorFile = join(VENDOR_DIR, FULL_FILE);
const served = useServedSandbox();

const issue = (scope: string) =>
  fetch(`${served.url}/v1/oauth/token`, {
    method: 'POST',
    headers: { 'X-App-Id': 'sandbox', 'X-App-Token': 'sandbox' },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope }),
  });

describe('the scope list', () => {
  it.skipIf(!existsSync(vendorFile))("is the vendor's list of OAuth scopes, no more and no fewer", () => {
    const schemes = JSON.parse(readFileSync(vendorFile, 'utf8')).components.securitySchemes;
    const vendor = Object.keys(schemes['X-Voucherify-OAuth'].flows.implicit.scopes);
    expect([...ALLOWED_SCOPES].sort()).toEqual(vendor.sort());
  });

  it('is what the sandbox grants: all of them at once, and nothing else', async () => {
    expect((await issue(ALLOWED_SCOPES.join(' '))).status).toBe(200);
    expect((await issue('vouchers nope')).status).toBe(400);
  });
});
