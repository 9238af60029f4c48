// Code generation from `code_config`, and which codes count as taken.
import { describe, expect, it } from 'vitest';
import { resolveCharset } from '../src/facts/code-space.js';
import { demoSeed, stateFromSeed } from '../src/seed.js';
import { generateCode, pickCode } from '../src/voucher-codes.js';

const config = (fields: Partial<Parameters<typeof generateCode>[0]>) => ({
  length: null,
  charset: null,
  prefix: null,
  postfix: null,
  pattern: null,
  ...fields,
});

describe('voucher codes', () => {
  it('generates 8 alphanumeric characters when nothing is configured', () => {
    for (let i = 0; i < 20; i++) expect(generateCode(null)).toMatch(/^[0-9a-zA-Z]{8}$/);
  });

  it('honours length, prefix and postfix around the generated part', () => {
    expect(generateCode(config({ length: 12, prefix: 'NEW-', postfix: '-X' }))).toMatch(
      /^NEW-[0-9a-zA-Z]{12}-X$/,
    );
  });

  it('replaces each # of a pattern and ignores length when a pattern is given', () => {
    const code = generateCode(config({ pattern: 'GC-####-##', length: 30, charset: 'numbers' }));
    expect(code).toMatch(/^GC-\d{4}-\d{2}$/);
  });

  it('accepts the documented charset names in any spelling, and custom sets', () => {
    expect(resolveCharset('Alphabetic Lowercase')).toBe('abcdefghijklmnopqrstuvwxyz');
    expect(resolveCharset('alphabeticUppercase')).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    expect(resolveCharset('alphabetic')).toHaveLength(52);
    expect(resolveCharset('Alphanumeric')).toHaveLength(62);
    expect(resolveCharset('numbers')).toBe('0123456789');
    expect(generateCode(config({ charset: 'XY', length: 40 }))).toMatch(/^[XY]{40}$/);
  });

  it('retries until a generated code is free, and gives up with 409 when none can be', () => {
    const state = stateFromSeed(demoSeed());
    state.vouchers.A = {};
    expect(pickCode(state, null, config({ charset: 'AB', length: 1 }))).toBe('B');
    state.bin.B = {};
    expect(() => pickCode(state, null, config({ charset: 'AB', length: 1 }))).toThrow(
      expect.objectContaining({ status: 409, key: 'duplicate_found' }),
    );
  });
});
