// promo voucher delete against the sandbox: bin, force and code reuse, confirmation, missing
// vouchers, several codes, and codes that must stay one path segment.
import { describe, expect, it } from 'vitest';
import { TestClock } from '../helpers/clock.js';
import { runPromo } from '../helpers/promo.js';
import { sandboxFixture, useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();

const promo = fx.run;

let serial = 0;
const unique = (stem: string) => `${stem}-${Date.now().toString(36)}-${++serial}`;

async function createVoucher(code: string): Promise<void> {
  const { code: exit, stderr } = await promo(['voucher', 'create', '--percent-off', '5', '--code', code]);
  expect(stderr).toBe('');
  expect(exit).toBe(0);
}

const deletes = () => fx.sandbox.requests.filter((r) => r.method === 'DELETE');
const lines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

describe('the bin, --force and reusing a code', () => {
  it('moves to the bin, keeps the code taken, and frees it only with --force', async () => {
    const code = unique('BIN');
    await createVoucher(code);

    const toBin = await promo(['voucher', 'delete', code, '--yes']);
    expect(toBin.code).toBe(0);
    // One code: the result object itself, not a bulk run's line.
    expect(JSON.parse(toBin.stdout)).toEqual({ code, deleted: true, permanent: false });
    expect(deletes().at(-1)).toMatchObject({ rawPath: `/v1/vouchers/${code}`, query: '' });
    expect(fx.sandbox.state.vouchers[code]).toBeUndefined();
    expect(fx.sandbox.state.bin[code]).toBeDefined();

    const reuse = await promo(['voucher', 'create', '--percent-off', '5', '--code', code]);
    expect(reuse.code).toBe(1);
    expect(JSON.parse(reuse.stderr).error.key).toBe('duplicate_found');

    const forced = await promo(['voucher', 'delete', code, '--force', '--yes']);
    expect(forced.code).toBe(0);
    expect(JSON.parse(forced.stdout)).toEqual({ code, deleted: true, permanent: true });
    expect(deletes().at(-1)).toMatchObject({ rawPath: `/v1/vouchers/${code}`, query: 'force=true' });
    expect(fx.sandbox.state.bin[code]).toBeUndefined();

    await createVoucher(code);
    expect(fx.sandbox.state.vouchers[code]).toBeDefined();
  });
});

describe('confirmation', () => {
  it('asks on a terminal, showing the profile, the code and that it goes to the bin', async () => {
    const code = unique('ASK');
    await createVoucher(code);
    const {
      code: exit,
      asked,
      stderr,
    } = await promo(['voucher', 'delete', code], { tty: true, answers: [true] });
    expect(exit).toBe(0);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain(`voucher ${code}`);
    expect(asked[0]).toContain("profile 'test'");
    expect(asked[0]).toContain('to the bin');
    expect(stderr).toContain(`${code}: moved to the bin`);
    expect(fx.sandbox.state.bin[code]).toBeDefined();
  });

  it('says the deletion is permanent when --force is given', async () => {
    const code = unique('ASKF');
    await createVoucher(code);
    const { code: exit, asked } = await promo(['voucher', 'delete', code, '--force'], {
      tty: true,
      answers: [true],
    });
    expect(exit).toBe(0);
    expect(asked[0]).toMatch(/^Permanently delete voucher .*cannot be undone/);
  });

  it('exits 8 and sends nothing when the person declines', async () => {
    const code = unique('NO');
    await createVoucher(code);
    fx.sandbox.requests.length = 0;
    const { code: exit, stderr } = await promo(['voucher', 'delete', code], { tty: true, answers: [false] });
    expect(exit).toBe(8);
    expect(stderr).toContain('Cancelled');
    expect(fx.sandbox.requests).toHaveLength(0);
    expect(fx.sandbox.state.vouchers[code]).toBeDefined();
  });

  it('needs --yes without a terminal, naming it, and sends nothing', async () => {
    const { code, stderr } = await promo(['voucher', 'delete', 'ANY-CODE']);
    expect(code).toBe(2);
    expect(JSON.parse(stderr).error.message).toContain('--yes');
    expect(fx.sandbox.requests).toHaveLength(0);
  });

  it('does not ask with --yes on a terminal', async () => {
    const code = unique('YES');
    await createVoucher(code);
    const { code: exit, asked } = await promo(['voucher', 'delete', code, '--yes'], { tty: true });
    expect(exit).toBe(0);
    expect(asked).toEqual([]);
  });
});

describe('missing vouchers and several codes', () => {
  it('exits 3 on a missing voucher with the service error on stderr', async () => {
    const { code, stdout, stderr } = await promo(['voucher', 'delete', 'NO-SUCH-CODE', '--yes']);
    expect(code).toBe(3);
    expect(JSON.parse(stderr).error).toMatchObject({
      status: 404,
      key: 'not_found',
      resource_type: 'voucher',
      resource_id: 'NO-SUCH-CODE',
      exit_code: 3,
    });
    expect(stdout).toBe('');
  });

  it('says clearly on a terminal which code was not found', async () => {
    const { code, stderr } = await promo(['voucher', 'delete', 'GONE-1', '--yes'], { tty: true });
    expect(code).toBe(3);
    expect(stderr).toMatch(
      /^error: Resource not found \(not_found\): Cannot find voucher with id GONE-1 \[HTTP 404/m,
    );
  });

  it('reports each of several codes and exits 3 when one is missing', async () => {
    const [a, b] = [unique('MANY'), unique('MANY')];
    await createVoucher(a);
    await createVoucher(b);
    const { code, stdout } = await promo(['voucher', 'delete', a, 'MISSING-X', b, '--yes']);
    expect(code).toBe(3);
    expect(lines(stdout).map((l) => [l.item, l.ok])).toEqual([
      [1, true],
      [2, false],
      [3, true],
    ]);
    expect(fx.sandbox.state.bin[a]).toBeDefined();
    expect(fx.sandbox.state.bin[b]).toBeDefined();
  });

  it('exits 0 with --ignore-missing, saying which were not there', async () => {
    const a = unique('IGN');
    await createVoucher(a);
    const { code, stdout } = await promo(['voucher', 'delete', a, 'MISSING-Y', '--yes', '--ignore-missing']);
    expect(code).toBe(0);
    expect(lines(stdout)[1]).toEqual({
      item: 2,
      ok: true,
      result: { code: 'MISSING-Y', deleted: false, missing: true },
    });
  });

  it('exits 7 when another failure than a missing voucher happens among several codes', async () => {
    const [a, b] = [unique('PART'), unique('PARTB')];
    await createVoucher(a);
    await createVoucher(b);
    fx.sandbox.faults.push({
      match: { method: 'DELETE', path: `/v1/vouchers/${b}` },
      action: { status: 400 },
    });
    const { code, stdout, stderr } = await promo(['voucher', 'delete', a, b, '--yes']);
    expect(code).toBe(7);
    expect(lines(stdout).map((l) => l.ok)).toEqual([true, false]);
    expect(JSON.parse(stderr).error).toMatchObject({ key: 'partial_failure_error', exit_code: 7 });
    expect(JSON.parse(stderr).error.message).toContain(`1 failed (${b})`);
  });

  it('reads codes from stdin with --input -, one a line', async () => {
    const [a, b] = [unique('STDIN'), unique('STDIN')];
    await createVoucher(a);
    await createVoucher(b);
    const { code, stdout } = await promo(['voucher', 'delete', '--input', '-', '--yes', '--force'], {
      stdin: `${a}\n\n${b}\n`,
    });
    expect(code).toBe(0);
    expect(
      lines(stdout)
        .sort((x, y) => x.line - y.line)
        .map((l) => [l.line, l.status, l.code]),
    ).toEqual([
      [1, 'deleted', a],
      [3, 'deleted', b],
    ]);
    expect(deletes().map((r) => r.query)).toEqual(['force=true', 'force=true']);
  });

  it('sends again a delete whose answer was lost, and counts its 404 as deleted', async () => {
    const [a, b] = [unique('LOSTDEL'), unique('LOSTDEL')];
    await createVoucher(a);
    await createVoucher(b);
    fx.sandbox.faults.push({ match: { method: 'DELETE' }, action: { status: 504 } });
    fx.sandbox.faults.push({ match: { method: 'DELETE' }, action: { reset: 'after-handling' } });
    const { code, stdout } = await promo(
      ['voucher', 'delete', '--input', '-', '--yes', '--force', '--concurrency', '1'],
      // The waits before the retries pass on the run's own clock.
      { stdin: `${a}\n${b}\n`, clock: new TestClock(Date.now()) },
    );
    expect(code).toBe(0);
    expect(lines(stdout).map((l) => [l.line, l.status, l.code])).toEqual([
      [1, 'deleted', a],
      [2, 'deleted', b],
    ]);
    expect(fx.sandbox.state.vouchers[a]).toBeUndefined();
    expect(fx.sandbox.state.vouchers[b]).toBeUndefined();
  });

  it('counts a code not found as failed, or skipped with --ignore-missing', async () => {
    const missing = unique('NOPE');
    const failed = await promo(['voucher', 'delete', '--input', '-', '--yes'], { stdin: `${missing}\n` });
    expect(failed.code).toBe(7);
    expect(lines(failed.stdout)[0]).toMatchObject({ line: 1, status: 'failed', error: { status: 404 } });
    const ignored = await promo(['voucher', 'delete', '--input', '-', '--yes', '--ignore-missing'], {
      stdin: `${missing}\n`,
    });
    expect(ignored.code).toBe(0);
    expect(lines(ignored.stdout)[0]).toMatchObject({ line: 1, status: 'skipped', code: missing });
  });

  it('refuses an unknown CSV column in --input before deleting anything', async () => {
    const { code, stderr } = await promo(['voucher', 'delete', '--input', '-', '--yes'], {
      stdin: 'code,reason\nA,old\n',
    });
    expect(code).toBe(2);
    expect(JSON.parse(stderr).error.message).toContain("unknown CSV column 'reason'");
    expect(fx.sandbox.requests).toHaveLength(0);
  });
});

describe('codes in the path', () => {
  it('percent-encodes a code like A/B?C so it stays one path segment', async () => {
    const code = `A/B?C#${++serial}`;
    await createVoucher(code);
    const { code: exit } = await promo(['voucher', 'delete', code, '--yes', '--force']);
    expect(exit).toBe(0);
    expect(deletes()).toHaveLength(1);
    expect(deletes()[0]).toMatchObject({
      rawPath: `/v1/vouchers/A%2FB%3FC%23${serial}`,
      query: 'force=true',
    });
    expect(fx.sandbox.state.vouchers[code]).toBeUndefined();
  });
});

describe('a delete whose answer is lost', () => {
  it('counts the retry’s 404 as the first attempt’s success: reported deleted, exit 0', async () => {
    const fx = await sandboxFixture();
    try {
      await runPromo(['voucher', 'create', '--percent-off', '5', '--code', 'LOST-1'], {
        configDir: fx.configDir,
      });
      fx.sandbox.faults.push({
        match: { method: 'DELETE', path: '/v1/vouchers/LOST-1' },
        action: { reset: 'after-handling' },
      });
      fx.sandbox.requests.length = 0;
      const { code, stdout } = await runPromo(['voucher', 'delete', 'LOST-1', '--force', '--yes', '--json'], {
        configDir: fx.configDir,
      });
      expect(code).toBe(0);
      expect(fx.sandbox.requests.filter((r) => r.method === 'DELETE')).toHaveLength(2);
      expect(JSON.parse(stdout)).toEqual({
        code: 'LOST-1',
        deleted: true,
        permanent: true,
        answerLost: true,
      });
      expect(fx.sandbox.state.vouchers['LOST-1']).toBeUndefined();
    } finally {
      await fx.close();
    }
  });
});

describe('what a run reports and reads', () => {
  it('--ignore-missing counts what was moved and what was not there', async () => {
    const a = unique('COUNT');
    await createVoucher(a);
    const run = await promo([
      'voucher',
      'delete',
      a,
      'MISSING-C1',
      'MISSING-C2',
      '--yes',
      '--ignore-missing',
      '-o',
      'table',
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('✓ 1 of 3 vouchers moved to the bin; 2 not found (ignored).');
  });

  it('a code list on stdin whose first line is `code` is a voucher named code, not a CSV header', async () => {
    const b = unique('LIST');
    const run = await promo(
      ['voucher', 'delete', '--input', '-', '--yes', '--ignore-missing', '-o', 'json'],
      {
        stdin: `code\n${b}\n`,
      },
    );
    expect(run.code).toBe(0);
    expect(deletes().map((r) => r.rawPath)).toEqual(['/v1/vouchers/code', `/v1/vouchers/${b}`]);
  });
});
