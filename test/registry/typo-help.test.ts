// A typo is never help: a noun or verb that names nothing is exit 2 with "unknown command" and what
// it may have meant, with --help after it as without, and nothing on stdout. The suggestion is a
// hint of its own, never glued to the message.
import { describe, expect, it } from 'vitest';
import { runPromo } from '../helpers/promo.js';

const errorOf = (stderr: string) => JSON.parse(stderr).error;

describe('an unknown command with --help', () => {
  it.each([
    [['coupon', '--help'], "unknown command 'coupon'", 'Did you mean voucher?'],
    [['vouchr', '-h'], "unknown command 'vouchr'", 'Did you mean voucher?'],
    [['vouchr', 'list'], "unknown command 'vouchr'", 'Did you mean voucher?'],
    [['voucher', 'lsit', '--help'], "unknown command 'lsit' for 'voucher'", 'Did you mean list?'],
    [['-p', 'sandbox', 'campain', 'list', '--help'], "unknown command 'campain'", 'Did you mean campaign?'],
  ])('promo %j: exit 2, %s, %s', async (argv, message, hint) => {
    const run = await runPromo([...argv, '--json']);
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(errorOf(run.stderr)).toMatchObject({ key: 'usage_error', message, hint });
  });

  it("a flag's suggestion is its hint, as a command's is", async () => {
    const run = await runPromo(['voucher', 'list', '--limt', '3', '--json']);
    expect(run.code).toBe(2);
    expect(errorOf(run.stderr)).toMatchObject({
      message: "unknown option '--limt'",
      hint: 'Did you mean --limit?',
    });
  });

  // Not a typo but a part of a name (`--amount` of `--amount-off` and `--gift-amount`), or its
  // start (`--conc`): the options of that command (and the global ones) that hold it, none sent.
  it.each([
    [
      ['voucher', 'create', '--type', 'gift', '--amount', '50'],
      '--amount',
      'Did you mean --amount-limit, --amount-off, --fixed-amount or --gift-amount?',
    ],
    [['voucher', 'create', '--input', 'x.csv', '--conc', '4'], '--conc', 'Did you mean --concurrency?'],
    [['voucher', 'list', '--prof', 'sandbox'], '--prof', 'Did you mean --profile?'],
    [
      ['campaign', 'create', 'x', '--voucher-count', '5'],
      '--voucher-count',
      'Did you mean --vouchers-count?',
    ],
    [
      ['voucher', 'create', '--date', '2026-01-01'],
      '--date',
      'Did you mean --start-date or --expiration-date?',
    ],
  ])('promo %j: exit 2, the options that hold %s', async (argv, flag, hint) => {
    const run = await runPromo([...argv, '--json']);
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(errorOf(run.stderr)).toMatchObject({ message: `unknown option '${flag}'`, hint });
  });

  it('a flag that no option holds keeps the pointer to --help', async () => {
    const run = await runPromo(['voucher', 'list', '--frobnicate', '--json']);
    expect(run.code).toBe(2);
    expect(errorOf(run.stderr)).toMatchObject({
      message: "unknown option '--frobnicate'",
      hint: 'Run with --help for usage.',
    });
  });

  // Each noun's help lists `help [command]`: it works as that line says, as `promo help NOUN VERB`.
  it.each([
    [['voucher', 'help', 'create'], 'Usage: promo voucher create'],
    [['loyalty', 'help', 'points'], 'Usage: promo loyalty points'],
    [['voucher', 'help', 'show'], 'Usage: promo voucher get|show'],
    [['loyalty', 'help'], 'Usage: promo loyalty'],
  ])('promo %j: exit 0, the help of that command', async (argv, usage) => {
    const run = await runPromo(argv);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.startsWith(`${usage} `), run.stdout.split('\n')[0]).toBe(true);
  });

  it('promo voucher help craete: exit 2, the verb it may have meant, no help', async () => {
    const run = await runPromo(['voucher', 'help', 'craete', '--json']);
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(errorOf(run.stderr)).toMatchObject({
      message: "unknown command 'craete' for 'voucher'",
      hint: 'Did you mean create?',
    });
  });

  it('a word close to nothing: exit 2, unknown, and the commands there are', async () => {
    const run = await runPromo(['voucher', 'frobnicate', '--help', '--json']);
    expect(run).toMatchObject({ code: 2, stdout: '' });
    const error = errorOf(run.stderr);
    expect(error.message).toBe("unknown command 'frobnicate' for 'voucher'");
    expect(error.hint).toMatch(/^Commands of voucher: create, get, list,/);
  });

  it('what is known still shows its help: a noun, a verb, an alias, after global options', async () => {
    for (const argv of [
      ['voucher', '--help'],
      ['voucher', 'rm', '--help'],
      ['--profile', 'sandbox', '-o', 'json', 'campaign', 'create', '--help'],
      ['-yp', 'nosuch', 'voucher', 'list', '--help'],
      ['-psandbox', '--output=json', 'voucher', 'list', '--help'],
      ['help', 'voucher'],
    ]) {
      const run = await runPromo(argv);
      expect(run.code, argv.join(' ')).toBe(0);
      expect(run.stdout).toMatch(/^Usage: promo /);
    }
  });

  it("the root help's one-line description names campaigns", async () => {
    const run = await runPromo(['--help']);
    expect(run.stdout.split('\n\n')[1]).toMatch(/\bcampaigns\b/);
  });
});
