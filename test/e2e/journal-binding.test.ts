// Everything a bulk run reads is bound to its journal, and a journal is read strictly: a resume
// with an edited @FILE or another body on stdin, a header edited by hand, a record of a status the
// command never writes, or a journal of an older promo (without --accept-old-journal) is refused
// with exit 2, nothing sent. And a resume never takes a code that existed before the run (another
// owner's voucher, answered 409 the first time) for one it created. Runs of the built bin.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headerDigest } from '../../src/bulk/journal.js';
import { jsonLines, ndjson, percentVoucher, writeIn } from '../helpers/input-files.js';
import { spawnPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();
let serial = 0;
const name = (stem: string) => `${stem}-${++serial}-${Date.now().toString(36)}`;
const errorOf = (stderr: string) => jsonLines(stderr).find((l) => l.error)?.error;
const promo = (argv: string[], stdin?: string) =>
  spawnPromo([...argv, '-o', 'json'], { env: fx.env, stdin, timeoutMs: 20_000 });
const lastOf = (journal: string, line: number) =>
  jsonLines(readFileSync(journal, 'utf8'))
    .filter((r) => r.line === line)
    .at(-1);

/** The first `count` POSTs are refused (400): the run ends 7 with those lines failed, to be sent again. */
function refuseFirst(count: number) {
  fx.sandbox.faults.push({ match: { method: 'POST' }, times: count, action: { status: 400 } });
}

describe('every file a run reads is bound to its journal', () => {
  it('--customer @FILE edited before the resume: exit 2 naming the option and the file, nothing sent', async () => {
    const stem = name('CUST');
    const customer = writeIn(fx.configDir, `${stem}.json`, JSON.stringify({ source_id: `${stem}-alice` }));
    const events = ndjson(...Array.from({ length: 6 }, (_, i) => ({ metadata: { n: i + 1 } })));
    const input = writeIn(fx.configDir, `${stem}.ndjson`, events);
    const journal = join(fx.configDir, `${stem}.journal`);
    const argv = ['event', 'send', 'purchase_completed', '--input', input, '--customer', `@${customer}`];
    refuseFirst(3);
    const first = await promo([...argv, '--results', journal, '--concurrency', '1']);
    expect(first.code, first.stderr).toBe(7);
    expect(jsonLines(readFileSync(journal, 'utf8'))[0].files).toEqual({
      [`--customer @${customer}`]: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    writeFileSync(customer, JSON.stringify({ source_id: `${stem}-mallory` }));
    fx.sandbox.requests.length = 0;
    const edited = await promo([...argv, '--resume', journal]);
    expect(edited.code, edited.stderr).toBe(2);
    expect(errorOf(edited.stderr).message).toBe(
      `--resume: --customer '${customer}' is not what the run read (its SHA-256 differs): the lines left would not be sent as the run sent the others`,
    );
    expect(fx.sandbox.requests).toEqual([]);

    writeFileSync(customer, JSON.stringify({ source_id: `${stem}-alice` }));
    const same = await promo([...argv, '--resume', journal]);
    expect(same.code, same.stderr).toBe(0);
    const mine = fx.sandbox.state.events.filter((e) =>
      String((e.customer as { source_id?: string }).source_id).startsWith(stem),
    );
    expect(new Set(mine.map((e) => (e.customer as { source_id: string }).source_id))).toEqual(
      new Set([`${stem}-alice`]),
    );
    expect(mine).toHaveLength(6);
  });

  it('--body - binds the bytes of stdin: another body refused (exit 2, nothing sent), the same accepted', async () => {
    const stem = name('SB');
    const codes = Array.from({ length: 6 }, (_, i) => `${stem}-${i + 1}`);
    const list = writeIn(fx.configDir, `${stem}.csv`, `code\n${codes.join('\n')}\n`);
    const journal = join(fx.configDir, `${stem}.journal`);
    const body = (percent: number) =>
      JSON.stringify({ type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: percent } });
    const argv = ['voucher', 'create', '--input', list, '--body', '-'];
    refuseFirst(2);
    const first = await promo([...argv, '--results', journal, '--concurrency', '1'], body(10));
    expect(first.code, first.stderr).toBe(7);
    expect(jsonLines(readFileSync(journal, 'utf8'))[0].files).toEqual({
      '--body -': expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    fx.sandbox.requests.length = 0;
    const other = await promo([...argv, '--resume', journal], body(99));
    expect(other.code, other.stderr).toBe(2);
    expect(errorOf(other.stderr).message).toBe(
      '--resume: --body - (stdin) is not what the run read (its SHA-256 differs): the lines left would not be sent as the run sent the others',
    );
    expect(fx.sandbox.requests).toEqual([]);

    const same = await promo([...argv, '--resume', journal], body(10));
    expect(same.code, same.stderr).toBe(0);
    const percents = Object.values(fx.sandbox.state.vouchers)
      .filter((v) => codes.includes((v as { code: string }).code))
      .map((v) => (v as { discount: { percent_off: number } }).discount.percent_off);
    expect(percents).toEqual([10, 10, 10, 10, 10, 10]);
  });
});

describe('a journal is read strictly', () => {
  /** A journal of a create run with lines left to send (2 of 4 refused), and what resumes it. */
  async function journalWithLinesLeft() {
    const stem = name('HDR');
    const input = writeIn(
      fx.configDir,
      `${stem}.ndjson`,
      ndjson(...[1, 2, 3, 4].map((i) => percentVoucher(`${stem}-${i}`))),
    );
    const journal = join(fx.configDir, `${stem}.journal`);
    refuseFirst(2);
    const first = await promo([
      'voucher',
      'create',
      '--input',
      input,
      '--results',
      journal,
      '--concurrency',
      '1',
    ]);
    expect(first.code, first.stderr).toBe(7);
    const text = readFileSync(journal, 'utf8');
    const [header, ...rest] = text.trimEnd().split('\n');
    return {
      journal,
      header: JSON.parse(header!),
      rest,
      resume: (...extra: string[]) =>
        promo(['voucher', 'create', '--input', input, '--resume', journal, ...extra]),
    };
  }

  it('a header field missing or null: exit 2 naming the field, nothing sent', async () => {
    const { journal, header, rest, resume } = await journalWithLinesLeft();
    const edits: Array<[string, Record<string, unknown>, string]> = [
      ['sha256', { sha256: null }, `"sha256" is null, not the input file's SHA-256`],
      ['api_url', { api_url: undefined }, `"api_url" is missing, not a URL`],
      ['app_id', { app_id: undefined }, `"app_id" is missing, not an app id (or null for none)`],
      ['files', { files: null }, `"files" is null, not an object of SHA-256 by option`],
      ['lines', { lines: null }, `"lines" is null, not the input file's count of lines`],
      ['line_digests', { line_digests: undefined }, `"line_digests" is missing, not true or false`],
    ];
    for (const [, edit, what] of edits) {
      writeFileSync(journal, [JSON.stringify({ ...header, ...edit }), ...rest, ''].join('\n'));
      fx.sandbox.requests.length = 0;
      const resumed = await resume();
      expect([resumed.code, errorOf(resumed.stderr).message]).toEqual([
        2,
        `--resume: '${journal}' line 1: the header's ${what} (the header was edited: its header_sha256 does not match)`,
      ]);
      expect(fx.sandbox.requests).toEqual([]);
    }
    // Edited to look like a run that read stdin (and sealed again, as only a forger would: an edit
    // alone is refused as such): the input is a file, whose hash the header must have.
    const asRead = { ...header, sha256: null, lines: null, line_digests: true };
    writeFileSync(
      journal,
      [JSON.stringify({ ...asRead, header_sha256: headerDigest(asRead) }), ...rest, ''].join('\n'),
    );
    const asStdin = await resume();
    expect([asStdin.code, errorOf(asStdin.stderr).message]).toEqual([
      2,
      `--resume: the header of '${journal}' has no "sha256" of its input, but this run's --input is a file: refusing to mix two inputs`,
    ]);
    expect(fx.sandbox.requests).toEqual([]);
  });

  it('a record of a status the command never writes: exit 2 naming its line', async () => {
    const { journal, header, rest, resume } = await journalWithLinesLeft();
    writeFileSync(journal, [JSON.stringify(header), ...rest, '{"line":2,"status":"updated"}', ''].join('\n'));
    fx.sandbox.requests.length = 0;
    const resumed = await resume();
    expect([resumed.code, errorOf(resumed.stderr).message]).toEqual([
      2,
      `--resume: '${journal}' line ${rest.length + 2}: "status" is "updated", which voucher create never writes`,
    ]);
    expect(fx.sandbox.requests).toEqual([]);
  });

  it('a journal of an older promo is named as such and resumed only with --accept-old-journal', async () => {
    const { journal, header, rest, resume } = await journalWithLinesLeft();
    // What promo wrote before its journals bound the account and the files.
    const { api_url: _u, app_id: _a, files: _f, line_digests: _l, ...old } = header;
    writeFileSync(
      journal,
      [JSON.stringify({ ...old, journal: 'promo-bulk-journal/1' }), ...rest, ''].join('\n'),
    );
    fx.sandbox.requests.length = 0;
    const refused = await resume();
    expect(refused.code, refused.stderr).toBe(2);
    expect(errorOf(refused.stderr).message).toBe(
      `--resume: '${journal}' was written by an older promo, whose journal did not bind every file the run read (nor, before that, the account): refusing to resume it without --accept-old-journal`,
    );
    expect(fx.sandbox.requests).toEqual([]);

    const accepted = await resume('--accept-old-journal');
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(accepted.stderr).toContain('was written by an older promo (--accept-old-journal)');
  });
});

describe('a code that existed before the run', () => {
  it('answered 409 the first time, stays failed on --resume: never recorded as created', async () => {
    const stem = name('PRE');
    const pre = `${stem}-1`;
    // Another owner's voucher under the code, with the line's discount.
    const made = await promo([
      'voucher',
      'create',
      '--code',
      pre,
      '--percent-off',
      '10',
      '--metadata',
      'owner=someone-else',
    ]);
    expect(made.code, made.stderr).toBe(0);
    const input = writeIn(
      fx.configDir,
      `${stem}.ndjson`,
      ndjson(percentVoucher(pre), percentVoucher(`${stem}-2`)),
    );
    const journal = join(fx.configDir, `${stem}.journal`);
    const first = await promo(['voucher', 'create', '--input', input, '--results', journal]);
    expect(first.code, first.stderr).toBe(7);
    expect(lastOf(journal, 1)).toMatchObject({ status: 'failed', error: { status: 409 } });

    const resumed = await promo(['voucher', 'create', '--input', input, '--resume', journal]);
    expect(resumed.code, resumed.stderr).toBe(7);
    expect(lastOf(journal, 1)).toMatchObject({ status: 'failed', code: pre, error: { status: 409 } });
    expect(
      jsonLines(readFileSync(journal, 'utf8')).filter((r) => r.line === 1 && r.status === 'created'),
    ).toEqual([]);
  });
});
