// Shaping what is printed, as gh does: --fields picks fields (JSON, NDJSON, CSV) or columns
// (table), --jq filters the JSON with jq itself, -o csv writes RFC 4180 for spreadsheets (lists
// and bulk journals alike). promo in-process against the sandbox.
import { describe, expect, it } from 'vitest';
import { ndjson, percentVoucher, writeIn } from '../helpers/input-files.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();
let serial = 0;

async function vouchers(count: number) {
  const stem = `SHAPE${++serial}`;
  const codes = Array.from({ length: count }, (_, i) => `${stem}-${i + 1}`);
  const input = writeIn(
    fx.configDir,
    `${stem}.ndjson`,
    ndjson(
      ...codes.map((code, i) =>
        percentVoucher(code, { metadata: { note: i === 0 ? '=SUM(A1)' : 'a, "b"' } }),
      ),
    ),
  );
  expect((await fx.run(['voucher', 'create', '--input', input])).code).toBe(0);
  return { stem, codes };
}

const list = (stem: string, ...argv: string[]) =>
  fx.run(['voucher', 'list', '--filter', `code^=${stem}-`, '--order', 'code', ...argv]);

describe('--fields', () => {
  it('keeps those fields of each object in JSON and NDJSON, nested as they were', async () => {
    const { stem, codes } = await vouchers(2);
    const json = await list(stem, '--json', '--fields', 'code,discount.percent_off');
    expect(JSON.parse(json.stdout)).toEqual(codes.map((code) => ({ code, discount: { percent_off: 10 } })));
    const lines = await list(stem, '-o', 'ndjson', '--fields', 'code,active');
    expect(lines.stdout).toBe(codes.map((code) => `{"code":"${code}","active":true}\n`).join(''));
    const one = await fx.run(['voucher', 'get', codes[0]!, '--json', '--fields', 'id,code']);
    expect(Object.keys(JSON.parse(one.stdout))).toEqual(['id', 'code']);
  });

  it('makes the columns of a table', async () => {
    const { stem, codes } = await vouchers(2);
    const table = await list(stem, '-o', 'table', '--fields', 'code,discount.percent_off');
    expect(table.stdout.trim().split('\n')).toEqual([
      'code      discount.percent_off',
      `${codes[0]}  10`,
      `${codes[1]}  10`,
    ]);
  });

  it('refuses a field the command does not print, with what it may have meant: exit 2, nothing sent', async () => {
    const run = await fx.run(['voucher', 'list', '--fields', 'cod,active']);
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stderr).error.message).toBe(
      "--fields: 'cod' is no field of what promo voucher list prints; did you mean 'code'?",
    );
    const bad = await fx.run(['voucher', 'list', '--fields', 'code,,a b']);
    expect(bad.code).toBe(2);
    expect(fx.sandbox.requests).toEqual([]);
  });
});

describe('--jq', () => {
  it('filters the JSON with jq; strings print raw', async () => {
    const { stem, codes } = await vouchers(3);
    const codesOnly = await list(stem, '--jq', '.[] | select(.active) | .code');
    expect(codesOnly.stdout).toBe(codes.map((c) => `${c}\n`).join(''));
    const count = await list(stem, '--jq', 'length');
    expect(count.stdout).toBe('3\n');
    const mapped = await list(stem, '--jq', 'map({code}) | .[0]', '-o', 'json');
    expect(JSON.parse(mapped.stdout)).toEqual({ code: codes[0] });
    // On a stream, per object, as jq reads NDJSON.
    const streamed = await fx.run([
      'voucher',
      'list',
      '--filter',
      `code^=${stem}-`,
      '-o',
      'ndjson',
      '--all',
      '--jq',
      '.code',
    ]);
    expect(streamed.stdout.split('\n').filter(Boolean).sort()).toEqual(codes);
  });

  it('an expression jq cannot compile is exit 2; one that fails on the data exit 1; with a table, exit 2', async () => {
    const { stem } = await vouchers(1);
    const syntax = await list(stem, '--jq', '.[');
    expect(syntax.code).toBe(2);
    expect(JSON.parse(syntax.stderr).error.message).toMatch(/^--jq: syntax error/);
    const data = await list(stem, '--jq', '.code');
    expect(data.code).toBe(1);
    expect(JSON.parse(data.stderr).error.message).toBe('--jq: Cannot index array with string "code"');
    const table = await list(stem, '-o', 'table', '--jq', '.');
    expect(table.code).toBe(2);
    expect(table.stderr).toContain('--jq filters JSON: it goes with -o json or ndjson, not table');
  });
});

describe('-o csv', () => {
  it('writes RFC 4180 with a header: quotes what needs them, LF, no formula a spreadsheet would run', async () => {
    const { stem, codes } = await vouchers(2);
    const csv = await list(stem, '-o', 'csv', '--fields', 'code,metadata.note,discount');
    expect(csv.stdout).toBe(
      [
        'code,metadata.note,discount',
        `${codes[0]},'=SUM(A1),"{""type"":""PERCENT"",""percent_off"":10,""effect"":""APPLY_TO_ORDER""}"`,
        `${codes[1]},"a, ""b""","{""type"":""PERCENT"",""percent_off"":10,""effect"":""APPLY_TO_ORDER""}"`,
        '',
      ].join('\n'),
    );
    // Without --fields: the voucher's columns, its value and metadata among them.
    const plain = await list(stem, '-o', 'csv');
    const [header, first] = plain.stdout.split('\n');
    expect(header!.split(',').slice(0, 2)).toEqual(['id', 'code']);
    expect(first!.split(',')[1]).toBe(codes[0]);
  });

  it('streams --all page by page under one header', async () => {
    const { stem, codes } = await vouchers(5);
    const csv = await fx.run([
      'voucher',
      'list',
      '--filter',
      `code^=${stem}-`,
      '-o',
      'csv',
      '--all',
      '--limit',
      '2',
      '--fields',
      'code',
    ]);
    const [header, ...rows] = csv.stdout.split('\n');
    expect(header).toBe('code');
    expect(rows.filter(Boolean).sort()).toEqual([...codes].sort());
  });

  it('a bulk run writes its records as CSV on stdout; the journal stays JSON', async () => {
    const input = writeIn(
      fx.configDir,
      'csv-bulk.ndjson',
      ndjson(percentVoucher('CSVJ-1'), percentVoucher('CSVJ-1')),
    );
    const run = await fx.run(['voucher', 'create', '--input', input, '-o', 'csv', '--concurrency', '1']);
    const [header, ...rows] = run.stdout.trim().split('\n');
    expect(header).toBe('line,status,code,id,error.key,error.message');
    expect(rows.map((r) => r.split(',').slice(0, 3).join(',')).sort()).toEqual([
      '1,created,CSVJ-1',
      '2,failed,CSVJ-1',
    ]);
  });
});

describe('completion of --fields', () => {
  it('offers the fields of the command at hand, after those already chosen', async () => {
    const answer = async (...words: string[]) =>
      (await fx.run(['__complete', ...words])).stdout.trim().split('\n');
    expect(await answer('voucher', 'list', '--fields', 'code,dis')).toEqual(['words', 'code,discount']);
    expect(await answer('templates', 'list', '--fields', 'na')).toEqual(['words', 'name']);
    expect(await answer('voucher', 'list', '--fields=co')).toEqual(['words', '--fields=code']);
  });
});
