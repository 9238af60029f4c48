import { describe, expect, it } from 'vitest';
import { ndjson, writeIn } from '../helpers/input-files.js';
import { runPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();

const promo = (argv: string[], stdin?: string) => runPromo(argv, { configDir: fx.configDir, stdin });
// Sent one at a time where the order is asserted: --concurrency 1.
const sentBodies = () => fx.sandbox.requests.map((r) => JSON.parse(r.body));
const resultLines = (stdout: string) =>
  stdout
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line))
    .sort((a, b) => a.line - b.line);
const summaryOf = (stderr: string) =>
  stderr
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line))
    .find((line) => line.summary)?.summary;

const file = (name: string, text: string) => writeIn(fx.configDir, name, text);

describe('promo event send --input', () => {
  it('sends one event per NDJSON line over the shared flags, the line winning, and reports each', async () => {
    const stdin = ndjson(
      { customer: { source_id: 'c-1' } },
      { event: 'newsletter_signup', customer: { source_id: 'c-2' }, metadata: { channel: 'web' } },
    );
    const { code, stdout, stderr } = await promo(
      [
        'event',
        'send',
        'purchase_completed',
        '--input',
        '-',
        '-m',
        'channel=import',
        '-m',
        'batch:=7',
        '--concurrency',
        '1',
      ],
      stdin,
    );
    expect(code).toBe(0);
    expect(summaryOf(stderr)).toMatchObject({ command: 'event send', sent: 2 });
    expect(sentBodies()).toEqual([
      {
        event: 'purchase_completed',
        customer: { source_id: 'c-1' },
        metadata: { channel: 'import', batch: 7 },
      },
      { event: 'newsletter_signup', customer: { source_id: 'c-2' }, metadata: { channel: 'web', batch: 7 } },
    ]);
    const events = fx.sandbox.state.events.slice(-2);
    expect(events.map((e) => (e.customer as { source_id?: string }).source_id)).toEqual(['c-1', 'c-2']);
    expect(resultLines(stdout)).toEqual([
      { line: 1, status: 'sent' },
      { line: 2, status: 'sent' },
    ]);
  });

  it('reads CSV columns by option or field name, typing metadata columns', async () => {
    const csv = file(
      'events.csv',
      'event,customer_source_id,customer.email,referral-code,referrer_id,loyalty_card,metadata.total\n' +
        'referral_conversion,c-3,,REF-1,c-9,,19.5\n' +
        ',c-4,d@example.com,,,L-1,\n',
    );
    const { code } = await promo([
      'event',
      'send',
      'purchase_completed',
      '--input',
      csv,
      '--concurrency',
      '1',
    ]);
    expect(code).toBe(0);
    expect(sentBodies()).toEqual([
      {
        event: 'referral_conversion',
        customer: { source_id: 'c-3' },
        referral: { code: 'REF-1', referrer_id: 'c-9' },
        metadata: { total: 19.5 },
      },
      {
        event: 'purchase_completed',
        customer: { source_id: 'c-4', email: 'd@example.com' },
        loyalty: { code: 'L-1' },
      },
    ]);
  });

  it('refuses a whole file, listing every bad line, before sending anything', async () => {
    const input = ndjson(
      { event: 'purchase_completed', customer: { source_id: 'ok' } },
      { event: 'purchase_completed' },
      { event: '', customer: { id: 'c' } },
      { event: 'purchase_completed', customer: { id: 'c' }, referral: { referrer_id: 'r' } },
    );
    const { code, stderr } = await promo(['event', 'send', '--input', file('bad.ndjson', input)]);
    expect(code).toBe(2);
    const message: string = JSON.parse(stderr).error.message;
    expect(message).toMatch(/has 3 bad lines; nothing was sent/);
    for (const line of [
      'line 2: a customer is needed',
      'line 3: "event" must be 1 to 300',
      'line 4: --referrer-id needs',
    ]) {
      expect(message).toContain(line);
    }
    expect(fx.sandbox.requests).toHaveLength(0);
  });

  it('refuses an unknown CSV column, sending nothing', async () => {
    const csv = file('bad.csv', 'event,customer_source_id,colour\npurchase_completed,c-1,red\n');
    const { code, stderr } = await promo(['event', 'send', '--input', csv]);
    expect(code).toBe(2);
    expect(JSON.parse(stderr).error.message).toContain("unknown CSV column 'colour'");
    expect(fx.sandbox.requests).toHaveLength(0);
  });

  it('goes on past an event the service refuses and exits 7, the journal lines saying which', async () => {
    const stdin = ndjson(
      { customer: { id: 'a' } },
      { event: 'no_such_event', customer: { id: 'b' } },
      { customer: { id: 'c' } },
    );
    const { code, stdout, stderr } = await promo(['event', 'send', 'app_installed', '--input', '-'], stdin);
    expect(code).toBe(7);
    expect(resultLines(stdout).map((r) => [r.line, r.status, r.error?.status])).toEqual([
      [1, 'sent', undefined],
      [2, 'failed', 404],
      [3, 'sent', undefined],
    ]);
    expect(summaryOf(stderr)).toMatchObject({ sent: 2, failed: 1 });
  });

  it('records the first lines as skipped with --skip and sends the rest', async () => {
    const stdin = ndjson({ customer: { id: 'a' } }, { customer: { id: 'b' } }, { customer: { id: 'c' } });
    const { code, stdout } = await promo(
      ['event', 'send', 'app_installed', '--input', '-', '--skip', '2'],
      stdin,
    );
    expect(code).toBe(0);
    expect(sentBodies().map((b) => b.customer.id)).toEqual(['c']);
    expect(resultLines(stdout).map((r) => r.status)).toEqual(['skipped', 'skipped', 'sent']);
  });

  it('prints one request per line with --dry-run and sends nothing', async () => {
    const stdin = ndjson({ customer: { id: 'a' } }, { customer: { id: 'b' } });
    const { code, stdout } = await promo(
      ['event', 'send', 'app_installed', '--input', '-', '--dry-run'],
      stdin,
    );
    expect(code).toBe(0);
    expect(fx.sandbox.requests).toHaveLength(0);
    expect(resultLines(stdout).map((r) => [r.line, r.dry_run, r.request.body.customer.id])).toEqual([
      [1, true, 'a'],
      [2, true, 'b'],
    ]);
  });

  it('keeps an event whose answer was lost unknown: no read-back exists, never sent twice', async () => {
    fx.sandbox.faults.push({ match: { method: 'POST' }, action: { reset: 'after-handling' } });
    const input = file('lost.ndjson', ndjson({ customer: { id: 'a' } }, { customer: { id: 'b' } }));
    const first = await promo(['event', 'send', 'app_installed', '--input', input, '--concurrency', '1']);
    expect(first.code).toBe(7);
    expect(resultLines(first.stdout).map((r) => [r.line, r.status])).toEqual([
      [1, 'unknown'],
      [2, 'sent'],
    ]);
    const again = await promo([
      'event',
      'send',
      'app_installed',
      '--input',
      input,
      '--resume',
      summaryOf(first.stderr).journal,
    ]);
    expect(again.code).toBe(7);
    expect(summaryOf(again.stderr)).toMatchObject({ unknown: 1, done_earlier: 1 });
    expect(fx.sandbox.requests).toHaveLength(2);
  });

  it('shows people the failures and a summary, not each success', async () => {
    const stdin = ndjson(
      { customer: { source_id: 't-1' } },
      { event: 'no_such_event', customer: { source_id: 't-2' } },
    );
    const { code, stdout, stderr } = await promo(
      ['-o', 'table', 'event', 'send', 'review_submitted', '--input', '-'],
      stdin,
    );
    expect(code).toBe(7);
    expect(stderr).not.toContain('line 1');
    expect(stderr).toMatch(/Done: 1 sent, 1 failed in 0:0\d \([\d.]+\/s\)\.\nFailed:\n {2}line 2: .*\n/);
    expect(stderr).toMatch(/To resume: promo -o table event send review_submitted --input - --resume \S+\n$/);
    // stdout is no terminal here: -o table makes the journal lines tab-separated rows there.
    const [header, ...rows] = stdout.trim().split('\n');
    expect(header).toBe('LINE\tSTATUS\tCODE\tID\tERROR');
    expect(rows.map((r) => r.split('\t').slice(0, 2)).sort()).toEqual([
      ['1', 'sent'],
      ['2', 'failed'],
    ]);
  });

  it.each([
    [['--skip', '1', '--customer-id', 'c'], '--skip goes with --input'],
    [['--input', '-', '--body', '-'], 'cannot both read stdin'],
    [['--input', '-', '--customer', '@-'], 'cannot both read stdin'],
    [['--input', '-', '--skip', 'two'], '--skip'],
  ])('refuses %j with exit 2, sending nothing', async (flags, named) => {
    const { code, stderr } = await promo(['event', 'send', 'app_installed', ...flags], '');
    expect(code).toBe(2);
    expect(JSON.parse(stderr).error.message).toContain(named);
    expect(fx.sandbox.requests).toHaveLength(0);
  });
});
