// The sandbox tells what the service would about customers: a permanent deletion leaves the
// customer's name and email nowhere it answers from (publication list, the publications export,
// redemptions, events), and the customer an event names is one that customer get finds.
import { describe, expect, it } from 'vitest';
import { percentCampaign } from '../helpers/campaigns.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();

const ok = async (argv: string[]) => {
  const run = await fx.run(argv);
  expect(run.code, `${argv.join(' ')}: ${run.stderr}`).toBe(0);
  return run.stdout;
};

describe('permanent deletion', () => {
  it('leaves no name or email in publication list, the publications export, redemptions or events', async () => {
    await percentCampaign(fx.run, 'FORGET', 2);
    await ok([
      'customer',
      'create',
      '--source-id',
      'forget-me',
      '--name',
      'Greta Private',
      '--email',
      'greta@private.example',
    ]);
    await ok(['publication', 'create', '--campaign', 'FORGET', '--customer', 'forget-me']);
    await ok(['voucher', 'create', '--amount-off', '1', '--code', 'FORGET-R']);
    await ok(['voucher', 'redeem', 'FORGET-R', '--amount', '10', '--customer', 'forget-me', '-o', 'json']);
    await ok(['event', 'send', 'newsletter_signup', '--customer-source-id', 'forget-me']);
    const before = await ok(['publication', 'list', '-o', 'json']);
    expect(before).toContain('greta@private.example');

    await ok(['customer', 'delete', 'forget-me', '--permanently', '--yes']);
    const answers = [
      await ok(['publication', 'list', '-o', 'json']),
      await ok(['export', 'publications', '--wait']),
      await ok(['redemption', 'list', '-o', 'json']),
      JSON.stringify(fx.sandbox.state.events),
    ];
    for (const text of answers) {
      expect(text).not.toContain('Greta Private');
      expect(text).not.toContain('greta@private.example');
      expect(text).not.toContain('forget-me');
    }
  });
});

describe('event send', () => {
  it('creates the customer it names, whom customer get then finds, and updates one it knows', async () => {
    await ok([
      'event',
      'send',
      'newsletter_signup',
      '--customer-source-id',
      'alice-ev',
      '--customer-email',
      'alice@ev.example',
    ]);
    const alice = JSON.parse(await ok(['customer', 'get', 'alice-ev', '-o', 'json']));
    expect(alice).toMatchObject({ source_id: 'alice-ev', email: 'alice@ev.example' });
    await ok([
      'event',
      'send',
      'purchase_completed',
      '--customer-source-id',
      'alice-ev',
      '--customer-name',
      'Alice',
    ]);
    const again = JSON.parse(await ok(['customer', 'get', 'alice-ev', '-o', 'json']));
    expect(again).toMatchObject({ id: alice.id, name: 'Alice', email: 'alice@ev.example' });
  });
});
