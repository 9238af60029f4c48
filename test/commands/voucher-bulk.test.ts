// promo voucher create --input: NDJSON and CSV, a file checked whole before the first request,
// stdin line by line, one journal line per input line (on stdout when piped), lost answers settled
// by reading the voucher back, resuming from the journal, Ctrl-C.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/main.js';
import { TestClock } from '../helpers/clock.js';
import { writeIn } from '../helpers/input-files.js';
import { runPromo, testContext } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';
import { until } from '../helpers/until.js';

// biome-ignore lint/suspicious/noExplicitAny: tests read deep into the service's JSON
type Json = Record<string, any>;

const fx = useSandbox();

let serial = 0;
const unique = (stem: string) => `${stem}-${Date.now().toString(36)}-${++serial}`;

const file = (name: string, text: string) => writeIn(fx.configDir, name, text);

const promo = (argv: string[], options: { stdin?: string; tty?: boolean } = {}) =>
  runPromo(['voucher', 'create', ...argv], { configDir: fx.configDir, ...options });
const posts = () => fx.sandbox.requests.filter((r) => r.method === 'POST');
const sentBodies = (): Json[] =>
  posts()
    .map((r) => JSON.parse(r.body))
    .sort((a, b) => String(a.code).localeCompare(String(b.code)));
const lines = (text: string): Json[] =>
  text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
const byLine = (stdout: string) => lines(stdout).sort((a, b) => a.line - b.line);
const summaryOf = (stderr: string): Json => lines(stderr).find((l) => l.summary)!.summary;
const journalOf = (stderr: string): Json[] => lines(readFileSync(summaryOf(stderr).journal, 'utf8'));

describe('NDJSON input', () => {
  it('creates one voucher per line, bodies as the API has them, one journal line each', async () => {
    const gift = unique('NDG');
    const input = [
      { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } },
      '',
      { type: 'GIFT_VOUCHER', code: gift, gift: { amount: 2500 } },
      { campaign: 'Loyalty Club', metadata: { member: 'anna' } },
    ];
    const text = input.map((l) => (l === '' ? '' : JSON.stringify(l))).join('\n');
    const { code, stdout, stderr } = await promo(['--input', file('v.ndjson', text)]);
    expect(code).toBe(0);
    expect(posts().map((r) => [r.rawPath, JSON.parse(r.body)])).toEqual(
      expect.arrayContaining([
        ['/v1/vouchers', input[0]],
        ['/v1/vouchers', { type: 'GIFT_VOUCHER', code: gift, gift: { amount: 2500, balance: 2500 } }],
        // A line that names a campaign adds its voucher through the campaign's route.
        ['/v1/campaigns/Loyalty%20Club/vouchers', { metadata: { member: 'anna' } }],
      ]),
    );
    expect(posts()).toHaveLength(3);
    const out = byLine(stdout);
    expect(out.map((r) => [r.line, r.status])).toEqual([
      [1, 'created'],
      [3, 'created'],
      [4, 'created'],
    ]);
    expect(out[1]).toEqual({
      line: 3,
      status: 'created',
      code: gift,
      id: fx.sandbox.state.vouchers[gift]!.id,
    });
    expect(summaryOf(stderr)).toMatchObject({ command: 'voucher create', created: 3, interrupted: false });
    expect(summaryOf(stderr).resume).toBeUndefined();
  });

  it('refuses a file with bad lines whole, naming every one, and sends nothing', async () => {
    const good = '{"type":"DISCOUNT_VOUCHER","discount":{"type":"PERCENT","percent_off":1}}';
    const path = file('bad.ndjson', `${good}\n{"type":\n${good}\n[1]\n`);
    const { code, stderr } = await promo(['--input', path]);
    expect(code).toBe(2);
    const { message } = JSON.parse(stderr).error;
    expect(message).toMatch(/--input has 2 bad lines; nothing was sent/);
    expect(message).toMatch(/line 2 is not valid JSON/);
    expect(message).toMatch(/line 4 must be a JSON object/);
    expect(fx.sandbox.requests).toHaveLength(0);
  });

  it('checks stdin line by line: a bad line is recorded as failed and never sent, the others are', async () => {
    const okCode = unique('STDIN');
    const { code, stdout } = await promo(['--input', '-', '--percent-off', '5'], {
      stdin: `{"code":"${okCode}"}\n{"code":\n`,
    });
    expect(code).toBe(7);
    expect(byLine(stdout)).toEqual([
      { line: 1, status: 'created', code: okCode, id: fx.sandbox.state.vouchers[okCode]!.id },
      {
        line: 2,
        status: 'failed',
        error: { key: 'invalid_input', message: expect.stringMatching(/^line 2 is not valid JSON/) },
      },
    ]);
    expect(posts()).toHaveLength(1);
  });
});

describe('a file over 4 MiB', () => {
  it('is read a second time for the run (its payloads are not kept) and sends what was checked', async () => {
    const codes = Array.from({ length: 5 }, () => unique('BIG'));
    const pad = 'x'.repeat(900_000);
    const text = codes
      .map((code) =>
        JSON.stringify({
          code,
          type: 'DISCOUNT_VOUCHER',
          discount: { type: 'PERCENT', percent_off: 5 },
          metadata: { pad },
        }),
      )
      .join('\n');
    const { code, stdout } = await promo(['--input', file('big.ndjson', `${text}\n`)]);
    expect(code).toBe(0);
    expect(byLine(stdout).map((r) => [r.line, r.status, r.code])).toEqual(
      codes.map((c, i) => [i + 1, 'created', c]),
    );
    expect(sentBodies().map((b) => [b.code, b.metadata.pad.length])).toEqual(
      [...codes].sort().map((c) => [c, 900_000]),
    );
  });
});

describe('CSV input', () => {
  it('reads option names, metadata.KEY and JSON columns, typed as on the command line', async () => {
    const [a, b] = [unique('CSV'), unique('CSV')];
    const csv = [
      'code,type,amount-off,percent_off,--validity-day,validity-hours,metadata.channel,metadata.batch,inactive,discount',
      `${a},discount,10.50,,"1,2",mon@09:00-10:00;tue@09:00-10:00,email,7,true,`,
      `${b},,,,,,,,,"{""type"":""FIXED"",""fixed_amount"":999}"`,
    ].join('\n');
    const { code, stdout } = await promo(['--input', file('v.csv', csv)]);
    expect(code).toBe(0);
    expect(sentBodies()).toEqual([
      {
        code: a,
        type: 'DISCOUNT_VOUCHER',
        discount: { type: 'AMOUNT', amount_off: 1050 },
        validity_day_of_week: [1, 2],
        validity_hours: {
          daily: [
            { start_time: '09:00', expiration_time: '10:00', days_of_week: [1] },
            { start_time: '09:00', expiration_time: '10:00', days_of_week: [2] },
          ],
        },
        active: false,
        metadata: { channel: 'email', batch: 7 },
      },
      { code: b, type: 'DISCOUNT_VOUCHER', discount: { type: 'FIXED', fixed_amount: 999 } },
    ]);
    expect(byLine(stdout).map((r) => [r.line, r.code])).toEqual([
      [2, a],
      [3, b],
    ]);
  });

  it('applies the command-line options to every row, under the row’s own values', async () => {
    const [a, b] = [unique('DEF'), unique('DEF')];
    const csv = `code,percent-off\n${a},\n${b},25\n`;
    const { code } = await promo([
      '--input',
      file('d.csv', csv),
      '--percent-off',
      '5',
      '--category',
      'Seasonal',
    ]);
    expect(code).toBe(0);
    expect(sentBodies().map((s) => [s.code, s.discount.percent_off, s.category])).toEqual([
      [a, 5, 'Seasonal'],
      [b, 25, 'Seasonal'],
    ]);
  });

  it('adds every row to the campaign of --campaign through its route, the code in the path', async () => {
    const [a, b] = [unique('CMP'), unique('CMP')];
    const csv = `code,metadata.batch\n${a},1\n${b},2\n`;
    const { code } = await promo(['--input', file('c.csv', csv), '--campaign', 'Summer Sale']);
    expect(code).toBe(0);
    expect(
      posts()
        .map((r) => [r.rawPath, JSON.parse(r.body)])
        .sort(),
    ).toEqual([
      [`/v1/campaigns/Summer%20Sale/vouchers/${a}`, { metadata: { batch: 1 } }],
      [`/v1/campaigns/Summer%20Sale/vouchers/${b}`, { metadata: { batch: 2 } }],
    ]);
    expect([a, b].map((c) => fx.sandbox.state.vouchers[c]?.campaign)).toEqual(['Summer Sale', 'Summer Sale']);
  });

  it('refuses rows that set a value with --campaign, naming every one, and sends nothing', async () => {
    const csv = 'code,percent-off\nA1,5\nA2,\n';
    const { code, stderr } = await promo(['--input', file('cv.csv', csv), '--campaign', 'Summer Sale']);
    expect(code).toBe(2);
    expect(posts()).toHaveLength(0);
    expect(JSON.parse(stderr).error.message).toContain(
      "line 2: --percent-off/--amount-off/--unit-off/--unit/--fixed-amount (discount) is set by the campaign 'Summer Sale'",
    );
  });

  it('refuses an unknown column, naming it, and sends nothing', async () => {
    const { code, stderr } = await promo(['--input', '-', '--percent-off', '5'], {
      stdin: 'code,colour\nA,red\n',
    });
    expect(code).toBe(2);
    expect(JSON.parse(stderr).error.message).toMatch(/unknown CSV column 'colour'/);
    expect(fx.sandbox.requests).toHaveLength(0);
  });

  it('checks every row of a file before sending, listing each bad one with its line', async () => {
    const csv = 'code,percent-off,validity-day\nOK-1,5,\nBAD-1,500,\nOK-2,5,\nBAD-2,5,8\nBAD-3,5\n';
    const { code, stderr } = await promo(['--input', file('bad.csv', csv)]);
    expect(code).toBe(2);
    const message = JSON.parse(stderr).error.message;
    expect(message).toContain('has 3 bad lines; nothing was sent');
    expect(message).toMatch(/line 3: column 'percent-off' must be a percentage from 0 to 100/);
    expect(message).toMatch(/line 5: column 'validity-day': '8' is not a day of the week/);
    expect(message).toMatch(/line 6 is not valid CSV: it has \d fields, the header \d/);
    expect(fx.sandbox.requests).toHaveLength(0);
  });

  it('goes on past a failed row, journals it, and exits 7 naming the failure in the summary', async () => {
    const taken = unique('TAKEN');
    await promo(['--percent-off', '1', '--code', taken]);
    fx.sandbox.requests.length = 0;
    const fresh = unique('FRESH');
    const { code, stdout, stderr } = await promo(['--input', '-', '--percent-off', '5'], {
      stdin: `code\n${taken}\n${fresh}\n`,
    });
    expect(code).toBe(7);
    const out = byLine(stdout);
    expect(out[0]).toMatchObject({
      line: 2,
      status: 'failed',
      code: taken,
      error: { status: 409, key: 'duplicate_found' },
    });
    expect(out[1]).toMatchObject({ line: 3, status: 'created', code: fresh });
    expect(summaryOf(stderr)).toMatchObject({ created: 1, failed: 1 });
    expect(summaryOf(stderr).resume).toMatch(/^promo voucher create --input - --percent-off 5 --resume \S+$/);
  });

  it('resumes CSV from stdin only with the same rows: a changed row is refused before the failed one is sent again', async () => {
    const taken = unique('CSVTAKEN');
    await promo(['--percent-off', '1', '--code', taken]);
    const fresh = unique('CSVFRESH');
    const journal = join(fx.configDir, `${unique('csv')}.journal`);
    const argv = ['--input', '-', '--percent-off', '5'];
    const first = await promo([...argv, '--results', journal], { stdin: `code\n${taken}\n${fresh}\n` });
    expect(first.code).toBe(7);
    fx.sandbox.requests.length = 0;
    const changed = await promo([...argv, '--resume', journal], { stdin: `code\n${taken}\n${fresh}-X\n` });
    expect(changed.code).toBe(2);
    expect(lines(changed.stderr).at(-1)!.error.message).toBe(
      `--resume: line 3 of stdin is not the line 3 the run in '${journal}' read: refusing to mix two inputs; nothing was sent`,
    );
    const header = await promo([...argv, '--resume', journal], {
      stdin: `code,category\n${taken},x\n${fresh},x\n`,
    });
    expect(header.code).toBe(2);
    expect(lines(header.stderr).at(-1)!.error.message).toMatch(
      /^--resume: line 2 of stdin is not the line 2/,
    );
    expect(fx.sandbox.requests).toEqual([]);
    const same = await promo([...argv, '--resume', journal], { stdin: `code\n${taken}\n${fresh}\n` });
    expect(same.code).toBe(7);
    expect(posts().map((r) => JSON.parse(r.body).code)).toEqual([taken]);
    expect(summaryOf(same.stderr)).toMatchObject({ failed: 1, done_earlier: 1 });
  });
});

describe('lost answers', () => {
  it('reads back a voucher whose answer was lost: created once, journaled created, exit 0', async () => {
    const codes = [unique('LOST'), unique('LOST')];
    fx.sandbox.faults.push({ match: { method: 'POST' }, action: { reset: 'after-handling' } });
    const { code, stdout } = await promo(['--input', '-', '--amount-off', '1', '--concurrency', '1'], {
      stdin: `code\n${codes.join('\n')}\n`,
    });
    expect(code).toBe(0);
    expect(byLine(stdout).map((r) => [r.line, r.status, r.code])).toEqual([
      [2, 'created', codes[0]],
      [3, 'created', codes[1]],
    ]);
    expect(fx.sandbox.requests.map((r) => `${r.method} ${r.rawPath}`)).toEqual([
      'POST /v1/vouchers',
      `GET /v1/vouchers/${codes[0]}`,
      'POST /v1/vouchers',
    ]);
  });

  it('sends again a line whose request was refused before the service acted (503, then absent on read-back)', async () => {
    const c = unique('AGAIN');
    fx.sandbox.faults.push({ match: { method: 'POST' }, action: { status: 504 } });
    const { code, stdout } = await promo(['--input', '-', '--amount-off', '1'], { stdin: `code\n${c}\n` });
    expect(code).toBe(0);
    expect(byLine(stdout)).toEqual([
      // Sent twice: the journal and stdout say so.
      { line: 2, status: 'created', code: c, id: fx.sandbox.state.vouchers[c]!.id, attempts: 2 },
    ]);
    expect(fx.sandbox.requests.map((r) => `${r.method} ${r.rawPath}`)).toEqual([
      'POST /v1/vouchers',
      `GET /v1/vouchers/${c}`,
      'POST /v1/vouchers',
    ]);
  });

  it('leaves a line without a code unknown, never resent on resume without --resend-unknown', async () => {
    fx.sandbox.faults.push({ match: { method: 'POST' }, action: { reset: 'after-handling' } });
    const input = file(
      'nocode.ndjson',
      '{"type":"DISCOUNT_VOUCHER","discount":{"type":"PERCENT","percent_off":3}}\n',
    );
    const first = await promo(['--input', input]);
    expect(first.code).toBe(7);
    expect(byLine(first.stdout)).toEqual([
      { line: 1, status: 'unknown', error: expect.objectContaining({ key: 'outcome_unknown_error' }) },
    ]);
    const journal = summaryOf(first.stderr).journal;
    expect(summaryOf(first.stderr).resume).toBe(`promo voucher create --input ${input} --resume ${journal}`);
    expect(posts()).toHaveLength(1);

    const again = await promo(['--input', input, '--resume', journal]);
    expect(again.code).toBe(7);
    expect(byLine(again.stdout)).toMatchObject([{ line: 1, status: 'unknown' }]);
    expect(posts()).toHaveLength(1);

    const resent = await promo(['--input', input, '--resume', journal, '--resend-unknown']);
    expect(resent.code).toBe(0);
    expect(byLine(resent.stdout)).toMatchObject([{ line: 1, status: 'created' }]);
    expect(posts()).toHaveLength(2);
  });

  it('tells a 409 of its own from another voucher’s: a differing voucher under the code is a failure', async () => {
    const c = unique('OTHER');
    await promo(['--percent-off', '50', '--code', c]);
    fx.sandbox.requests.length = 0;
    fx.sandbox.faults.push({ match: { method: 'POST' }, action: { status: 502 } });
    const { code, stdout } = await promo(['--input', '-', '--percent-off', '5'], { stdin: `code\n${c}\n` });
    expect(code).toBe(7);
    expect(byLine(stdout)).toEqual([
      {
        line: 2,
        status: 'failed',
        code: c,
        error: { key: 'duplicate_found', message: `a voucher with code ${c} exists and differs in discount` },
      },
    ]);
  });
});

describe('pacing', () => {
  // The service and promo on one test clock: promo's waits move the service's window on, at once.
  const clock = new TestClock();
  const paced = useSandbox({ now: clock.now });

  it('keeps under the service’s window from its rate-limit headers: no 429, no line failed', async () => {
    paced.sandbox.faults.set({ rateLimit: { limit: 15, windowSeconds: 1 } });
    const codes = Array.from({ length: 40 }, () => unique('PACE'));
    const { code, stdout } = await runPromo(
      ['voucher', 'create', '--input', '-', '--amount-off', '1', '--concurrency', '4'],
      { configDir: paced.configDir, stdin: `code\n${codes.join('\n')}\n`, clock },
    );
    expect(code).toBe(0);
    expect(byLine(stdout).map((r) => r.status)).toEqual(codes.map(() => 'created'));
    // A 429 would have been retried: one POST per line means none was answered.
    const sent = paced.sandbox.requests.filter((r) => r.method === 'POST');
    expect(sent).toHaveLength(40);
    // 15 a second: the 40 lines took three windows, so promo waited for two of them to end.
    expect(clock.elapsed).toBeGreaterThanOrEqual(2000);
  });
});

describe('resuming and stopping', () => {
  it('skips what the journal says is done, and refuses another input or command line', async () => {
    const codes = [unique('RES'), unique('RES'), unique('RES')];
    const path = file('res.csv', `code\n${codes.join('\n')}\n`);
    fx.sandbox.faults.push({ match: { method: 'POST' }, times: 1, action: { delayMs: 0 } });
    fx.sandbox.faults.push({ match: { method: 'POST' }, times: 2, action: { status: 400 } });
    const first = await promo(['--input', path, '--amount-off', '1', '--concurrency', '1']);
    expect(first.code).toBe(7);
    const journal = summaryOf(first.stderr).journal;
    fx.sandbox.requests.length = 0;

    const resumed = await promo(['--input', path, '--amount-off', '1', '--resume', journal]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(sentBodies().map((b) => b.code)).toEqual([codes[1], codes[2]].sort());
    expect(summaryOf(resumed.stderr)).toMatchObject({ created: 2, done_earlier: 1 });
    expect(journalOf(resumed.stderr).filter((r) => r.resumed_at)).toHaveLength(1);

    fx.sandbox.requests.length = 0;
    file('res.csv', `code\n${codes.join('\n')}\nEXTRA-1\n`);
    const refused = await promo(['--input', path, '--amount-off', '1', '--resume', journal]);
    expect(refused.code).toBe(2);
    expect(JSON.parse(refused.stderr).error.message).toMatch(/not the one the run in .* read/);
    const changed = await promo(['--input', path, '--amount-off', '2', '--resume', journal]);
    expect(changed.code).toBe(2);
    expect(JSON.parse(changed.stderr).error.message).toMatch(/journal of another command line/);
    expect(fx.sandbox.requests).toHaveLength(0);
  });

  it('still takes --skip N, recording those lines as skipped', async () => {
    const codes = [unique('SKIP'), unique('SKIP'), unique('SKIP')];
    const { code, stdout } = await promo(['--input', '-', '--amount-off', '1', '--skip', '2'], {
      stdin: `code\n${codes.join('\n')}\n`,
    });
    expect(code).toBe(0);
    expect(sentBodies().map((b) => b.code)).toEqual([codes[2]]);
    expect(byLine(stdout).map((r) => [r.line, r.status])).toEqual([
      [2, 'skipped'],
      [3, 'skipped'],
      [4, 'created'],
    ]);
  });

  it('stops on credentials refused, exit 4, with the command that resumes', async () => {
    fx.sandbox.faults.push({ match: { method: 'POST' }, action: { delayMs: 0 } });
    fx.sandbox.faults.push({ match: { method: 'POST' }, times: 9, action: { status: 401 } });
    const codes = [
      unique('AUTH'),
      unique('AUTH'),
      unique('AUTH'),
      unique('AUTH'),
      unique('AUTH'),
      unique('AUTH'),
    ];
    const { code, stdout, stderr } = await promo(
      ['--input', '-', '--amount-off', '1', '--concurrency', '1'],
      {
        stdin: `code\n${codes.join('\n')}\n`,
      },
    );
    expect(code).toBe(4);
    expect(byLine(stdout).map((r) => r.status)).toEqual(['created', 'failed']);
    expect(summaryOf(stderr).resume).toMatch(/--resume/);
  });

  it('on Ctrl-C sends nothing new, lets the request in flight finish, exits 130 with the resume command', async () => {
    fx.sandbox.faults.push({ match: { method: 'POST' }, action: { delayMs: 0 } });
    fx.sandbox.faults.push({ match: { method: 'POST' }, action: { delayMs: 300 } });
    const codes = [unique('INT'), unique('INT'), unique('INT')];
    const { ctx, stdout, stderr } = testContext({
      configDir: fx.configDir,
      stdin: `code\n${codes.join('\n')}\n`,
    });
    const controller = new AbortController();
    ctx.signal = controller.signal;
    const argv = ['voucher', 'create', '--input', '-', '--amount-off', '1', '--concurrency', '1'];
    const running = main(argv, ctx);
    while (fx.sandbox.requests.length < 2) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    expect(await running).toBe(130);
    expect(byLine(stdout.text).map((r) => [r.line, r.status])).toEqual([
      [2, 'created'],
      [3, 'created'],
    ]);
    const summary = summaryOf(stderr.text);
    expect(summary).toMatchObject({ created: 2, interrupted: true });
    expect(summary.resume).toBe(`promo ${argv.join(' ')} --resume ${summary.journal}`);
    expect(fx.sandbox.requests).toHaveLength(2);
  });

  it('on a second Ctrl-C gives up the request in flight, journaling it unknown', async () => {
    fx.sandbox.faults.push({ match: { method: 'POST' }, action: { hang: true } });
    const c = unique('HANG');
    const { ctx, stdout, stderr } = testContext({ configDir: fx.configDir, stdin: `code\n${c}\n` });
    const [first, second] = [new AbortController(), new AbortController()];
    ctx.signal = first.signal;
    ctx.stopSignal = second.signal;
    const running = main(['voucher', 'create', '--input', '-', '--amount-off', '1'], ctx);
    await until(() => fx.sandbox.requests.length >= 1);
    first.abort();
    // The second Ctrl-C once the run has taken the first (it says it waits for the one in flight).
    await until(() => stderr.text.includes('Ctrl-C again to stop at once'));
    second.abort();
    expect(await running).toBe(130);
    expect(byLine(stdout.text)).toMatchObject([{ line: 2, status: 'unknown', code: c }]);
  });

  it('prints every request with --dry-run and sends nothing', async () => {
    const { code, stdout } = await promo(['--input', '-', '--amount-off', '1', '--dry-run'], {
      stdin: 'code\nDRY-A\nDRY-B\n',
    });
    expect(code).toBe(0);
    expect(fx.sandbox.requests).toHaveLength(0);
    expect(byLine(stdout).map((r) => [r.line, r.dry_run, r.request.body.code])).toEqual([
      [2, true, 'DRY-A'],
      [3, true, 'DRY-B'],
    ]);
  });
});
