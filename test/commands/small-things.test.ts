// The small things a demanding user notices: -v, an expiration date already past, -o table on a
// piped bulk run, the journal notice on one line, failures collapsed after twenty on a terminal,
// and a lost create's hint that fits whether the voucher has a code or not.
import { describe, expect, it } from 'vitest';
import { jsonLines, ndjson, percentVoucher, writeIn } from '../helpers/input-files.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();

describe('small things', () => {
  it('-v suggests --version', async () => {
    const run = await fx.run(['-v']);
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stderr).error).toMatchObject({
      message: "unknown option '-v'",
      hint: 'Did you mean --version (or -V)?',
    });
  });

  it('an expiration date in the past is a warning on create and update, not an error', async () => {
    const created = await fx.run([
      'voucher',
      'create',
      '--percent-off',
      '5',
      '--code',
      'PAST-1',
      '--expiration-date',
      '2020-01-31',
      '-o',
      'json',
    ]);
    expect(created.code).toBe(0);
    expect(jsonLines(created.stderr)).toContainEqual({
      warning: 'the expiration date 2020-01-31T23:59:59Z is in the past: the voucher cannot be redeemed',
    });
    const updated = await fx.run([
      'voucher',
      'update',
      'PAST-1',
      '--expiration-date',
      '2021-01-01',
      '-o',
      'json',
    ]);
    expect(updated.code).toBe(0);
    expect(updated.stderr).toContain('is in the past');
    const future = await fx.run([
      'voucher',
      'update',
      'PAST-1',
      '--expiration-date',
      '2099-01-01',
      '-o',
      'json',
    ]);
    expect(future.stderr).toBe('');
  });

  it('-o table on a piped bulk run: tab-separated rows under a header, not JSON', async () => {
    const input = writeIn(fx.configDir, 'tsv.ndjson', ndjson(percentVoucher('TSV-1')));
    const run = await fx.run(['voucher', 'create', '--input', input, '-o', 'table']);
    expect(run.code).toBe(0);
    const [header, row] = run.stdout.trim().split('\n');
    expect(header).toBe('LINE\tSTATUS\tCODE\tID\tERROR');
    expect(row).toMatch(/^1\tcreated\tTSV-1\tv_\w+$/);
  });

  it('says where the journal is on one line', async () => {
    const input = writeIn(fx.configDir, 'one-line.ndjson', ndjson(percentVoucher('ONE-LINE-1')));
    const run = await fx.run([
      'voucher',
      'create',
      '--input',
      input,
      '--results',
      `${fx.configDir}/one.journal`,
    ]);
    const notice = jsonLines(run.stderr).find((l) => l.notice)!.notice as string;
    expect(notice).toBe(
      `Journal: ${fx.configDir}/one.journal (after an interruption: the same command with --resume)`,
    );
  });

  it('on a terminal, shows the first 20 failures as they come, then only counts them', async () => {
    const input = writeIn(
      fx.configDir,
      'many-fail.ndjson',
      ndjson(...Array.from({ length: 30 }, (_, i) => percentVoucher(`FAIL-${i}`))),
    );
    fx.sandbox.faults.push({ match: { method: 'POST' }, times: 30, action: { status: 400 } });
    const run = await fx.run(['voucher', 'create', '--input', input, '--concurrency', '1'], { tty: true });
    expect(run.code).toBe(7);
    const shown = run.stderr.split(/[\r\n]/).filter((line) => /^(\x1b\[2K)?failed: /.test(line));
    expect(shown).toHaveLength(20);
    expect(run.stderr).toContain(
      '… more failed or unknown lines are counted, not shown: see the summary and the journal',
    );
    expect(run.stderr).toContain('… and 20 more (see the journal)');
  });
});

describe('a single create whose answer was lost', () => {
  it('with a code: the hint says how to look it up; without one: how to find what was created', async () => {
    for (const [argv, hint] of [
      [
        ['--code', 'LOST-HINT-1'],
        'Check before creating it again: `promo voucher get LOST-HINT-1` answers 404 (exit 3) if it was not created.',
      ],
      [
        [],
        'A voucher without a code cannot be looked up by it: `promo voucher list --created-after TIME` shows what the service created since, before you create it again.',
      ],
    ] as const) {
      fx.sandbox.faults.push(
        { match: { method: 'POST' }, times: 1, action: { reset: 'after-handling' } },
        { match: { method: 'POST' }, times: 3, action: { reset: 'after-handling' } },
      );
      const run = await fx.run(['voucher', 'create', '--percent-off', '5', ...argv, '--retries', '0']);
      expect(run.code).toBe(6);
      expect(JSON.parse(run.stderr.trim().split('\n').at(-1)!).error.hint).toBe(hint);
    }
  });
});
