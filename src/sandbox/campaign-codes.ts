// How many different codes a code config can make: the charset's size to the power of the random
// characters (the pattern's # or the length). Beyond Number.MAX_SAFE_INTEGER it is plenty.
import type { Json } from './voucher-check.js';
import { DEFAULT_CODE_LENGTH, resolveCharset } from './voucher-codes.js';

export function codeSpace(config: Json | undefined): number {
  const charset = resolveCharset(typeof config?.charset === 'string' ? config.charset : null);
  const slots =
    typeof config?.pattern === 'string'
      ? [...config.pattern].filter((c) => c === '#').length
      : typeof config?.length === 'number'
        ? config.length
        : DEFAULT_CODE_LENGTH;
  return charset.length ** slots;
}
