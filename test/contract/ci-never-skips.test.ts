// In CI (CI set) nothing is skipped: a missing vendor file or a missing shell fails the run, while a
// fresh clone elsewhere skips those checks with one line.
import { afterEach, describe, expect, it } from 'vitest';
import { hasShell } from '../helpers/completion.js';
import { tempDir } from '../helpers/promo.js';
import { vendorFilesNote } from '../setup/vendor-files.js';

describe('CI never skips', () => {
  const ci = process.env.CI;
  afterEach(() => {
    if (ci === undefined) delete process.env.CI;
    else process.env.CI = ci;
  });

  it('fails the run in CI when the vendor files are not there, and says one line elsewhere', () => {
    const empty = tempDir('vendor-');
    try {
      expect(() => vendorFilesNote(empty.path, 'true')).toThrow(
        /openapi-full\.json, openapi-7ops\.json\) are not in .*CI must run the contract tests/,
      );
      expect(vendorFilesNote(empty.path, undefined)).toMatch(
        /^note: .* are skipped \(set PROMO_VENDOR_OPENAPI_DIR/,
      );
    } finally {
      empty.cleanup();
    }
  });

  it('fails in CI when a shell the completion tests drive is missing, and skips elsewhere', () => {
    process.env.CI = 'true';
    expect(() => hasShell('promo-no-such-shell')).toThrow(
      'the completion tests need promo-no-such-shell in CI',
    );
    delete process.env.CI;
    expect(hasShell('promo-no-such-shell')).toBe(false);
  });
});
