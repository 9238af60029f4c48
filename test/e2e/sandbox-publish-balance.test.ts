// `promo sandbox` serving publications and balance changes to the built bin: a code handed to a
// customer and listed, and a gift card change whose every answer the sandbox loses (after acting)
// read back from the card's transactions, so that the balance moves once.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, spawnPromo, tempDir } from '../helpers/promo.js';

const dir = tempDir();
let url = '';
let server: ReturnType<typeof spawn>;

beforeAll(async () => {
  server = spawn(
    process.execPath,
    [
      BIN,
      'sandbox',
      '--port',
      '0',
      '-o',
      'json',
      '--lose-answers',
      '1',
      '--lose-answers-on',
      'POST /v1/vouchers/PS-G/balance',
    ],
    { env: { ...process.env, PROMO_CONFIG_DIR: dir.path } },
  );
  url = await new Promise<string>((resolve, reject) => {
    server.stdout!.once('data', (d) => resolve(JSON.parse(String(d)).url));
    server.on('exit', (code) => reject(new Error(`sandbox exited ${code}`)));
  });
});
afterAll(async () => {
  const exited = new Promise((resolve) => server.on('exit', resolve));
  server.kill('SIGINT');
  await exited;
  dir.cleanup();
});

const promo = (...argv: string[]) =>
  spawnPromo(['--profile', 'sandbox', '--api-url', url, ...argv], { env: { PROMO_CONFIG_DIR: dir.path } });

describe('promo sandbox: publications and balances', () => {
  it('publishes a campaign code to a customer, once with --join-once, and lists it', async () => {
    expect(
      (await promo('campaign', 'create', 'PS-C', '--percent-off', '5', '--vouchers-count', '3', '--wait'))
        .code,
    ).toBe(0);
    const first = await promo(
      'publication',
      'create',
      '--campaign',
      'PS-C',
      '--customer',
      'ps-ann',
      '--join-once',
      '-o',
      'json',
    );
    expect(first.code, first.stderr).toBe(0);
    const again = await promo(
      'publication',
      'create',
      '--campaign',
      'PS-C',
      '--customer',
      'ps-ann',
      '--join-once',
      '-o',
      'json',
    );
    expect(JSON.parse(again.stdout).voucher.code).toBe(JSON.parse(first.stdout).voucher.code);
    const listed = await promo('publication', 'list', '--campaign', 'PS-C', '--all', '-o', 'json');
    expect(JSON.parse(listed.stdout)).toHaveLength(1);
  });

  it('a balance change whose answer is lost is read back, not sent twice', async () => {
    expect(
      (await promo('voucher', 'create', '--type', 'gift', '--gift-amount', '25', '--code', 'PS-G')).code,
    ).toBe(0);
    const changed = await promo('voucher', 'balance', 'PS-G', '--add', '10.00', '-o', 'json');
    expect(changed.code, changed.stderr).toBe(0);
    expect(changed.stderr).toContain('it happened once');
    expect(JSON.parse(changed.stdout)).toMatchObject({ amount: 1000, balance: 3500 });
    const card = await promo('voucher', 'get', 'PS-G', '-o', 'json');
    expect(JSON.parse(card.stdout).gift.balance).toBe(3500);
    const trail = await promo('voucher', 'transactions', 'PS-G', '-o', 'json');
    expect(JSON.parse(trail.stdout)).toHaveLength(1);
  });
});
