// voucher create --skip-existing (a code that exists with the same fields is skipped, with other
// fields failed, naming what differs) and --max-failures N on every bulk command (the run stops as
// after Ctrl-C once N lines failed: exit 7, the journal complete, the resume command given).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonLines, ndjson, percentVoucher, writeIn } from '../helpers/input-files.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();
const byLine = (stdout: string) => jsonLines(stdout).sort((a, b) => a.line - b.line);

describe('voucher create --input --skip-existing', () => {
  it('skips a code that exists with the same fields, fails one that differs, creates the rest', async () => {
    expect(
      (
        await fx.run([
          'voucher',
          'create',
          '--percent-off',
          '10',
          '--code',
          'SAME-1',
          '--effect',
          'apply-to-order',
        ])
      ).code,
    ).toBe(0);
    expect((await fx.run(['voucher', 'create', '--percent-off', '30', '--code', 'OTHER-1'])).code).toBe(0);
    const input = writeIn(
      fx.configDir,
      'skip-existing.ndjson',
      ndjson(percentVoucher('SAME-1'), percentVoucher('OTHER-1'), percentVoucher('NEW-1')),
    );
    const run = await fx.run([
      'voucher',
      'create',
      '--input',
      input,
      '--skip-existing',
      '--concurrency',
      '1',
    ]);
    expect(run.code).toBe(7);
    const lines = byLine(run.stdout);
    expect(lines[0]).toMatchObject({
      line: 1,
      status: 'skipped',
      code: 'SAME-1',
      id: fx.sandbox.state.vouchers['SAME-1']!.id,
      error: { key: 'exists', message: 'exists already, with the same fields (--skip-existing)' },
    });
    expect(lines[1]).toMatchObject({ line: 2, status: 'failed', error: { key: 'duplicate_found' } });
    expect(lines[1].error.message).toContain('discount');
    expect(lines[2]).toMatchObject({ line: 3, status: 'created', code: 'NEW-1' });

    const without = await fx.run(['voucher', 'create', '--input', input]);
    expect(byLine(without.stdout).map((l) => l.status)).toEqual(['failed', 'failed', 'failed']);
  });

  it('goes with --input only', async () => {
    const run = await fx.run(['voucher', 'create', '--percent-off', '5', '--skip-existing']);
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stderr).error.message).toContain('--skip-existing goes with --input');
  });
});

describe('--max-failures N', () => {
  it('stops after N failed lines as Ctrl-C stops: exit 7, every line it started journaled, how to resume', async () => {
    const input = writeIn(
      fx.configDir,
      'max-failures.ndjson',
      ndjson(...Array.from({ length: 40 }, (_, i) => percentVoucher(`MAXF-${i}`))),
    );
    const journal = join(fx.configDir, 'max-failures.journal');
    fx.sandbox.faults.push({ match: { method: 'POST' }, times: 40, action: { status: 400 } });
    const run = await fx.run([
      'voucher',
      'create',
      '--input',
      input,
      '--max-failures',
      '3',
      '--concurrency',
      '1',
      '--results',
      journal,
    ]);
    expect(run.code).toBe(7);
    const summary = jsonLines(run.stderr).find((l) => l.summary)!.summary;
    expect(summary).toMatchObject({
      failed: 3,
      interrupted: true,
      stopped_because: '3 lines failed (--max-failures 3)',
      resume: `promo voucher create --input ${input} --max-failures 3 --concurrency 1 --resume ${journal}`,
    });
    expect(fx.sandbox.requests.filter((r) => r.method === 'POST')).toHaveLength(3);
    const records = jsonLines(readFileSync(journal, 'utf8')).filter((r) => typeof r.line === 'number');
    expect(records.filter((r) => r.status === 'unknown' && r.error.key === 'in_flight').length).toBe(3);
  });

  it.each(['0', 'x', '-1'])('refuses --max-failures %s with exit 2 naming the flag', async (value) => {
    const input = writeIn(fx.configDir, 'mf.ndjson', ndjson(percentVoucher('MF-1')));
    const run = await fx.run(['voucher', 'create', '--input', input, '--max-failures', value]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--max-failures must be a whole number from 1');
    expect(fx.sandbox.requests).toEqual([]);
  });
});
