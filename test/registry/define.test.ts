import { describe, expect, expectTypeOf, it } from 'vitest';
import { UsageError } from '../../src/base/errors.js';
import { defineArgs, defineCommand, defineOptions, type Input } from '../../src/toolkit/define.js';
import { readArgs, readOptions } from '../../src/toolkit/input.js';

const args = defineArgs({
  code: { help: 'a code', required: true },
  more: { help: 'more codes', variadic: true },
});
const options = defineOptions({
  limit: { type: 'value', value: 'n', help: 'how many', parse: (text: string) => Number(text) },
  order: { type: 'value', value: 'order', help: 'order', choices: ['asc', 'desc'] as const },
  auth: { type: 'value', value: 'kind', help: 'auth', default: 'app' },
  tag: { type: 'list', value: 'tag', help: 'tags' },
  verify: { type: 'switch', negatable: true, help: 'do not verify' },
  force: { type: 'switch', help: 'force' },
});

describe('defineCommand', () => {
  it('infers the input of run from the definition', () => {
    expectTypeOf<Input<typeof args, typeof options>>().toEqualTypeOf<
      {
        code: string;
        more: string[];
      } & {
        limit: number | undefined;
        order: 'asc' | 'desc' | undefined;
        auth: string;
        tag: string[] | undefined;
        verify: boolean;
        force: boolean;
      }
    >();
    const def = defineCommand({
      path: ['thing', 'get'],
      summary: 'Get a thing',
      examples: ['promo thing get X'],
      args,
      options,
      run: async (input) => {
        expectTypeOf(input.limit).toEqualTypeOf<number | undefined>();
      },
    });
    expect(def.path).toEqual(['thing', 'get']);
  });

  it('reads commander values by their definitions: parsers, choices, switches, absent values', () => {
    expect(
      readOptions(options, { limit: '5', order: 'asc', auth: 'app', tag: ['a', 'b'], verify: false }),
    ).toEqual({ limit: 5, order: 'asc', auth: 'app', tag: ['a', 'b'], verify: false, force: false });
    expect(readOptions(options, { auth: 'app' })).toEqual({
      limit: undefined,
      order: undefined,
      auth: 'app',
      tag: undefined,
      verify: true,
      force: false,
    });
    expect(readArgs(args, ['X'])).toEqual({ code: 'X', more: [] });
    expect(readArgs(args, ['X', ['Y', 'Z']])).toEqual({ code: 'X', more: ['Y', 'Z'] });
  });

  it('refuses a value outside the choices with a usage error naming the flag', () => {
    expect(() => readOptions(options, { order: 'up' })).toThrow(
      new UsageError("--order must be one of asc, desc, not 'up'"),
    );
  });
});
