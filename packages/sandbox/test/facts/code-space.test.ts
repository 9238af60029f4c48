// The size of a code space, as promo and the sandbox both count it (src/facts/code-space.ts).
import { describe, expect, it } from 'vitest';
import { codeSpace, namedCharset, randomSlots, resolveCharset } from '../../src/facts/code-space.js';

describe('the code space of a code config', () => {
  it.each([
    [{ charset: 'numbers', pattern: '####' }, 10_000],
    [{ charset: 'Numbers', pattern: 'AB-##-#' }, 1_000],
    [{ charset: 'Alphabetic Uppercase', length: 3 }, 26 ** 3],
    [{ charset: 'lowercase alphabetic', length: 2 }, 26 ** 2],
    [{ charset: 'alphabetic', pattern: '##' }, 52 ** 2],
    [{ charset: 'AABBC', pattern: '###' }, 27],
    [{ pattern: '##', length: 9 }, 62 ** 2],
    [undefined, 62 ** 8],
  ])('%j makes %i codes', (config, size) => {
    expect(codeSpace(config)).toBe(size);
  });

  it('reads a named set by its name in any case or spacing, and anything else as its own characters', () => {
    expect(namedCharset('ALPHABETIC_LOWERCASE')).toBe('abcdefghijklmnopqrstuvwxyz');
    expect(namedCharset('numbers')).toBe('0123456789');
    expect(namedCharset('0123')).toBeUndefined();
    expect(resolveCharset('numbers')).toHaveLength(10);
    expect(resolveCharset('xyzx')).toBe('xyz');
    expect(resolveCharset(null)).toHaveLength(62);
  });

  it('counts the random characters: the pattern first, then the length, then 8', () => {
    expect(randomSlots({ pattern: 'A-#-#', length: 10 })).toBe(2);
    expect(randomSlots({ length: 10 })).toBe(10);
    expect(randomSlots({})).toBe(8);
  });
});
