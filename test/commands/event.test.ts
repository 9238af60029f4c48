import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPromo } from '../helpers/promo.js';
import { sandboxFixture, useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();

const promo = (argv: string[], stdin?: string) => runPromo(argv, { configDir: fx.configDir, stdin });
const sentBody = () => JSON.parse(fx.sandbox.requests.at(-1)!.body);

describe('promo event send', () => {
  it('sends the event from flags and prints exactly the service answer', async () => {
    const { code, stdout, stderr } = await promo([
      'event',
      'send',
      'referral_conversion',
      '--customer-source-id',
      'cust-42',
      '--customer-email',
      'ann@example.com',
      '--customer-name',
      'Ann',
      '--referral-code',
      'REF-8X2',
      '--referrer-id',
      'cust-7',
      '--loyalty-card',
      'L-CARD-1',
      '-m',
      'order_id=ORD-1',
      '-m',
      'total:=129.9',
    ]);
    expect([code, stderr]).toEqual([0, '']);
    const request = fx.sandbox.requests.at(-1)!;
    expect([request.method, request.rawPath, request.headers['content-type']]).toEqual([
      'POST',
      '/v1/events',
      'application/json',
    ]);
    expect(request.headers['x-app-id']).toBeDefined();
    expect(sentBody()).toEqual({
      event: 'referral_conversion',
      customer: { source_id: 'cust-42', email: 'ann@example.com', name: 'Ann' },
      referral: { code: 'REF-8X2', referrer_id: 'cust-7' },
      loyalty: { code: 'L-CARD-1' },
      metadata: { order_id: 'ORD-1', total: 129.9 },
    });
    expect(JSON.parse(stdout)).toEqual(fx.sandbox.state.events.at(-1));
  });

  it('takes the whole body from a file, the flags overriding its fields', async () => {
    const file = join(fx.configDir, 'event.json');
    writeFileSync(
      file,
      JSON.stringify({
        event: 'cart_abandoned',
        customer: { source_id: 'from-file', name: 'File' },
        metadata: { a: 1, b: 1 },
      }),
    );
    const { code } = await promo([
      'event',
      'send',
      'purchase_completed',
      '--body',
      file,
      '--customer-source-id',
      'from-flag',
      '-m',
      'b:=2',
    ]);
    expect(code).toBe(0);
    expect(sentBody()).toEqual({
      event: 'purchase_completed',
      customer: { source_id: 'from-flag', name: 'File' },
      metadata: { a: 1, b: 2 },
    });
  });

  it('reads --body from stdin and merges --customer JSON under the customer flags', async () => {
    const { code } = await promo(
      [
        'event',
        'send',
        'newsletter_signup',
        '--body',
        '-',
        '--customer',
        '{"source_id":"json","metadata":{"tier":"gold"}}',
        '--customer-name',
        'Bo',
      ],
      '{"customer":{"email":"bo@example.com"}}',
    );
    expect(code).toBe(0);
    expect(sentBody().customer).toEqual({
      email: 'bo@example.com',
      source_id: 'json',
      metadata: { tier: 'gold' },
      name: 'Bo',
    });
  });

  it('shows the event, customer, referral and loyalty in a table', async () => {
    const { code, stdout } = await promo([
      '-o',
      'table',
      'event',
      'send',
      'referral_conversion',
      '--customer-source-id',
      'cust-9',
      '--referral-code',
      'REF-1',
    ]);
    expect(code).toBe(0);
    const customerId = (fx.sandbox.state.events.at(-1)!.customer as { id: string }).id;
    expect(stdout.trimEnd().split('\n')).toEqual([
      'Event     referral_conversion',
      `Customer  ${customerId}, source_id cust-9`,
      'Referral  REF-1',
      'Loyalty   -',
    ]);
  });

  it('prints the request with --dry-run and sends nothing', async () => {
    const { code, stdout } = await promo([
      'event',
      'send',
      'app_installed',
      '--customer-id',
      'cust_1',
      '--dry-run',
    ]);
    expect(code).toBe(0);
    expect(fx.sandbox.requests).toHaveLength(0);
    const { request } = JSON.parse(stdout);
    expect(request).toMatchObject({ method: 'POST', url: `${fx.sandbox.url}/v1/events` });
    expect(request.headers['X-App-Token']).toBe('[redacted]');
    expect(request.body).toEqual({ event: 'app_installed', customer: { id: 'cust_1' } });
  });

  it('sends a name of exactly 300 characters and exits 3 when the schema does not define it', async () => {
    const { code, stderr } = await promo(['event', 'send', 'é'.repeat(300), '--customer-id', 'c']);
    expect(code).toBe(3);
    expect(JSON.parse(stderr).error).toMatchObject({ status: 404, resource_type: 'custom_event_schema' });
    expect(fx.sandbox.requests).toHaveLength(1);
  });

  const bad = join('/nonexistent', 'event.json');
  it.each<[string, string[], string, string?]>([
    ['an empty event name', ['', '--customer-id', 'c'], '<event-name>'],
    ['a name of 301 characters', ['x'.repeat(301), '--customer-id', 'c'], '<event-name>'],
    ['no customer', ['purchase_completed'], 'a customer is needed'],
    ['only a customer name', ['purchase_completed', '--customer-name', 'Ann'], 'a customer is needed'],
    [
      'a body without a customer',
      ['purchase_completed', '--body', '-'],
      'a customer is needed',
      '{"metadata":{}}',
    ],
    [
      '--referrer-id without --referral-code',
      ['purchase_completed', '--customer-id', 'c', '--referrer-id', 'r'],
      '--referrer-id',
    ],
    [
      'a body referral without a code',
      ['purchase_completed', '--customer-id', 'c', '--referrer-id', 'r', '--body', '-'],
      '--referrer-id',
      '{"referral":{}}',
    ],
    ['metadata without =', ['purchase_completed', '--customer-id', 'c', '-m', 'oops'], '--metadata'],
    ['metadata with a bad key', ['purchase_completed', '--customer-id', 'c', '-m', 'a b=1'], '--metadata'],
    [
      'metadata JSON that does not parse',
      ['purchase_completed', '--customer-id', 'c', '-m', 'x:={bad'],
      '--metadata',
    ],
    ['a body that is not JSON', ['purchase_completed', '--body', '-'], '--body', '{nope'],
    ['a body that is an array', ['purchase_completed', '--body', '-'], '--body', '[]'],
    ['a body file that is missing', ['purchase_completed', '--body', bad], '--body'],
    [
      'a body customer that is not an object',
      ['purchase_completed', '--body', '-'],
      '--body',
      '{"customer":"c"}',
    ],
    ['--customer that is not JSON', ['purchase_completed', '--customer', 'ann'], '--customer'],
    ['an empty --customer-id', ['purchase_completed', '--customer-id', ''], '--customer-id'],
  ])('refuses %s with exit 2, sending nothing', async (_what, args, named, stdin) => {
    const { code, stdout, stderr } = await promo(['event', 'send', ...args], stdin);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(JSON.parse(stderr).error.message).toContain(named);
    expect(fx.sandbox.requests).toHaveLength(0);
  });
});

describe('event names that no schema can hold', () => {
  it('refuses control characters in the name with exit 2, sending nothing', async () => {
    const fx = await sandboxFixture();
    try {
      const { code, stderr } = await runPromo(
        ['event', 'send', 'purchase\r\ncompleted', '--customer-source-id', 'c1', '-o', 'table'],
        {
          configDir: fx.configDir,
        },
      );
      expect(code).toBe(2);
      expect(stderr).toContain('control characters');
      expect(fx.sandbox.requests).toHaveLength(0);
    } finally {
      await fx.close();
    }
  });
});
