// Lines whose outcome depends on what an earlier request did: a create that an earlier run sent
// (and recorded as failed) answered 409 on the resume is read back, not failed; two lines naming
// one code create it once; an error body that echoes the app token is redacted in the journal and
// on stdout.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonLines, ndjson, percentVoucher, writeIn } from '../helpers/input-files.js';
import { APP_TOKEN, useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();
let serial = 0;
const code = (stem: string) => `${stem}-${++serial}-${Date.now().toString(36)}`;
const create = (argv: string[]) => fx.run(['voucher', 'create', '-o', 'json', ...argv]);
const last = (journal: string, line: number) =>
  jsonLines(readFileSync(journal, 'utf8'))
    .filter((r) => r.line === line)
    .at(-1);
const posts = () => fx.sandbox.requests.filter((r) => r.method === 'POST');

describe('a create an earlier run sent', () => {
  it('answered 409 on the resume, is read back and recorded created with its id', async () => {
    const codes = [code('LATE'), code('LATE')];
    const input = writeIn(fx.configDir, `${codes[0]}.ndjson`, ndjson(...codes.map((c) => percentVoucher(c))));
    const journal = join(fx.configDir, `${codes[0]}.journal`);
    // The service creates line 1's voucher, then answers 500: with no retry the line ends failed.
    fx.sandbox.faults.push({ match: { method: 'POST' }, times: 1, action: { replyAfterHandling: 500 } });
    const first = await create([
      '--input',
      input,
      '--results',
      journal,
      '--retries',
      '0',
      '--concurrency',
      '1',
    ]);
    expect(first.code, first.stderr).toBe(7);
    expect(last(journal, 1)).toMatchObject({ status: 'failed' });

    const resumed = await create(['--input', input, '--resume', journal]);
    expect(resumed.code, resumed.stderr).toBe(0);
    const voucher = Object.values(fx.sandbox.state.vouchers).find(
      (v) => (v as { code: string }).code === codes[0],
    ) as { id: string };
    expect(last(journal, 1)).toMatchObject({ status: 'created', code: codes[0], id: voucher.id });
  });
});

describe('two lines naming one code', () => {
  it('creates it once: the second line fails as a duplicate of the first, unsent', async () => {
    const dup = code('DUP');
    const other = code('DUP');
    const input = writeIn(
      fx.configDir,
      `${dup}.ndjson`,
      ndjson(percentVoucher(dup), percentVoucher(other), percentVoucher(dup, { category: 'again' })),
    );
    const run = await create(['--input', input, '--concurrency', '1']);
    expect(run.code).toBe(7);
    expect(jsonLines(run.stdout).find((r) => r.line === 3)).toEqual({
      line: 3,
      status: 'failed',
      code: dup,
      error: { key: 'duplicate_in_input', message: 'line 1 names the same code; a code is created once' },
    });
    expect(posts().map((r) => JSON.parse(r.body).code)).toEqual([dup, other]);
  });

  // Two codes whose 32-bit hashes are the same (duplicate-codes.ts keeps only such codes whole).
  const [twinA, twinB] = ['CODE-1579599', 'CODE-1762382'];

  it('are told apart from two codes that only share a hash: both created, the repeat failed', async () => {
    const input = writeIn(
      fx.configDir,
      'twins.ndjson',
      ndjson(percentVoucher(twinA), percentVoucher(twinB), percentVoucher(twinB)),
    );
    const run = await create(['--input', input, '--concurrency', '1']);
    expect(run.code).toBe(7);
    const records = jsonLines(run.stdout).sort((x, y) => x.line - y.line);
    expect(records.map((r) => [r.line, r.status, r.error?.key])).toEqual([
      [1, 'created', undefined],
      [2, 'created', undefined],
      [3, 'failed', 'duplicate_in_input'],
    ]);
    expect(posts().map((r) => JSON.parse(r.body).code)).toEqual([twinA, twinB]);
  });

  it('are named by a dry run, as the run would record them (exit 2, nothing sent)', async () => {
    const dup = code('DRY');
    const input = writeIn(
      fx.configDir,
      `${dup}.ndjson`,
      ndjson(percentVoucher(dup), percentVoucher(twinA), percentVoucher(twinB), percentVoucher(dup)),
    );
    const run = await create(['--input', input, '--dry-run']);
    expect(run.code).toBe(2);
    expect(jsonLines(run.stdout).map((r) => r.line)).toEqual([1, 2, 3]);
    expect(JSON.parse(run.stderr).error).toMatchObject({
      key: 'usage_error',
      message: 'line 4: line 1 names the same code; a code is created once',
    });
    expect(posts()).toEqual([]);
  });
});

describe('an error body that echoes the app token', () => {
  it('is redacted in the journal and on stdout', async () => {
    const c = code('ECHO');
    const input = writeIn(fx.configDir, `${c}.ndjson`, ndjson(percentVoucher(c)));
    const journal = join(fx.configDir, `${c}.journal`);
    fx.sandbox.faults.push({
      match: { method: 'POST' },
      action: {
        status: 400,
        body: {
          code: 400,
          key: 'invalid_voucher',
          message: `bad request; X-App-Token: ${APP_TOKEN}`,
          details: APP_TOKEN,
        },
      },
    });
    const run = await create(['--input', input, '--results', journal]);
    expect(run.code).toBe(7);
    for (const text of [run.stdout, run.stderr, readFileSync(journal, 'utf8')]) {
      expect(text).not.toContain(APP_TOKEN);
    }
    expect(last(journal, 1).error).toMatchObject({ message: 'bad request; X-App-Token: [redacted]' });
  });
});
