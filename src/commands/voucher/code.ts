// A voucher code as a command line gives it, checked before anything is sent. A module of its own:
// the commands that take one code (get, update, balance...) need this, not the bulk reading of
// codes-input.ts, whose imports would load the bulk engine's flags with them.
import { isDotSegment } from '../../api/client.js';
import { UsageError } from '../../base/errors.js';

export function checkCode(code: string, where: string): string {
  if (code === '') throw new UsageError(`${where}: a voucher code must not be empty`);
  if (/[\u0000-\u001f\u007f]/.test(code))
    throw new UsageError(`${where}: code '${code}' holds a control character`);
  if (isDotSegment(code)) {
    throw new UsageError(
      `${where}: code '${code}' is '.' or '..' or holds '../', which cannot travel in a URL path`,
    );
  }
  return code;
}
