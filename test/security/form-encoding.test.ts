// Form bodies and queries are written by promo's own serializer (src/api/form.ts), not by
// URLSearchParams: what goes out must be byte for byte what URLSearchParams writes, whatever the
// text (a token, a scope list, a customer's name, a metadata filter), and the service must read it
// back as it was. Checked against URLSearchParams itself, and end to end: a query with every kind
// of character reaches the sandbox as sent.
import { describe, expect, it } from 'vitest';
import { formEncode } from '../../src/api/form.js';
import { useSandbox } from '../helpers/sandbox.js';

const HARD = [
  '',
  'plain',
  'api vouchers',
  'a+b=c&d',
  "!'()~*-._",
  '%20 %zz %',
  '#?/:;@,$[]{}|\\^`"<>',
  '\t\n\r\u0000\u007f',
  'Crème brûlée, Straße, дом, 東京',
  '👪🇵🇱',
  'lone \ud800 high',
  'lone \udc00 low',
  'pair \ud83d\ude00 ok',
  '\ufeffbom',
];

describe('form encoding', () => {
  it('is what URLSearchParams writes, for every pair of hard strings', () => {
    for (const key of HARD)
      for (const value of HARD) {
        const pairs: Array<[string, string]> = [
          [key, value],
          ['next', value],
        ];
        expect(formEncode(pairs)).toBe(new URLSearchParams(pairs).toString());
      }
    // Every code unit below U+0100 alone, and a few beyond.
    for (let code = 0; code < 0x100; code++) {
      const text = String.fromCharCode(code);
      expect(formEncode([[text, text]])).toBe(new URLSearchParams([[text, text]]).toString());
    }
    expect(formEncode([])).toBe('');
  });

  it('reads back as sent', () => {
    const pairs = HARD.map((text, i): [string, string] => [`k${i}`, text]);
    const back = [...new URLSearchParams(formEncode(pairs))];
    const wellFormed = (text: string) => text.replace(/[\uD800-\uDFFF]/gu, '\uFFFD');
    expect(back).toEqual(pairs.map(([k, v]) => [k, wellFormed(v)]));
  });
});

const fx = useSandbox();

describe('a query with hard characters', () => {
  it('reaches the service as the user wrote it', async () => {
    const name = "Crème & ~(it's)! 50% + more 東京";
    const { code, stdout, stderr } = await fx.run(['-o', 'json', 'customer', 'list', '--email', name]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual([]);
    const seen = fx.sandbox.requests.filter((r) => r.rawPath === '/v1/customers');
    expect(seen).toHaveLength(1);
    expect(new URLSearchParams(seen[0]!.query).get('email')).toBe(name);
    expect(seen[0]!.query).toContain(`email=${new URLSearchParams([['', name]]).toString().slice(1)}`);
  });
});
