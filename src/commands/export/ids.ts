// Export ids as the service makes them (`exp_` and letters and digits), checked before anything is sent.
import { UsageError } from '../../base/errors.js';

export function checkExportId(text: string): string {
  const id = text.trim();
  if (!/^exp_[A-Za-z0-9_-]+$/.test(id))
    throw new UsageError(
      `'${text}' is not an export id (exp_...)`,
      'promo export list shows the recent exports.',
    );
  return id;
}
