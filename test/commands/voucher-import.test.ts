// promo voucher import and promo job against the sandbox over HTTP: lines checked offline, the
// requests sent (and their 10 MB split), --wait through every job state, the results file, the
// bulk-call limit waited out.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TestClock } from '../helpers/clock.js';
import { jsonLines, ndjson, percentVoucher, writeIn } from '../helpers/input-files.js';
import { setImportSettings, useSandbox } from '../helpers/sandbox.js';

// biome-ignore lint/suspicious/noExplicitAny: tests read deep into the service's JSON
type Json = Record<string, any>;

const fx = useSandbox({ imports: { records_per_second: 100_000 } });

const promo = fx.run;

let serial = 0;
const stem = () => `IMP${Date.now().toString(36)}${++serial}`;
const file = (name: string, text: string) => writeIn(fx.configDir, name, text);
const imports = () =>
  fx.sandbox.requests.filter((r) => r.method === 'POST' && r.rawPath === '/v1/vouchers/import');
const _importSettings = (settings: Json) => setImportSettings(fx, settings);

describe('voucher import without --wait', () => {
  it('sends the checked lines in one request and says how to follow the job', async () => {
    const s = stem();
    const path = file(
      `${s}.ndjson`,
      ndjson(percentVoucher(`${s}-1`), { code: `${s}-2`, gift: { amount: 2500 } }),
    );
    const { code, stdout, stderr } = await promo(['voucher', 'import', path, '-o', 'json']);
    expect(code).toBe(0);
    const [answer] = JSON.parse(stdout);
    expect(answer).toEqual({ async_action_id: expect.stringMatching(/^aa_/) });
    expect(jsonLines(stderr)).toEqual([
      { notice: `Queued 2 vouchers in 1 import job. Follow: promo job wait ${answer.async_action_id}` },
    ]);
    expect(imports()).toHaveLength(1);
    expect(JSON.parse(imports()[0]!.body)).toEqual([
      percentVoucher(`${s}-1`),
      { code: `${s}-2`, type: 'GIFT_VOUCHER', gift: { amount: 2500 } },
    ]);
    const job = await promo(['job', 'wait', answer.async_action_id, '-o', 'json']);
    expect(job.code).toBe(0);
    expect(JSON.parse(job.stdout)[0]).toMatchObject({
      id: answer.async_action_id,
      status: 'DONE',
      progress: 100,
    });
    expect(fx.sandbox.state.vouchers[`${s}-2`]).toMatchObject({
      type: 'GIFT_VOUCHER',
      gift: { amount: 2500 },
    });
  });

  it('refuses a file with bad or duplicate lines, naming each, and sends nothing', async () => {
    const s = stem();
    const path = file(
      `${s}.ndjson`,
      ndjson(
        percentVoucher(`${s}-1`),
        { code: `${s}-2`, discount: { type: 'PERCENT', percent_off: 10 } },
        percentVoucher(`${s}-1`),
      ),
    );
    const { code, stderr } = await promo(['voucher', 'import', path, '-o', 'json']);
    expect(code).toBe(2);
    expect(JSON.parse(stderr).error.message).toBe(
      [
        'FILE has lines the import would not take (2); nothing was sent:',
        '  line 2: --effect (discount.effect) is required by the import, e.g. APPLY_TO_ORDER',
        `  line 3: code '${s}-1' is already on line 1: a code can be imported once`,
      ].join('\n'),
    );
    expect(fx.sandbox.requests).toEqual([]);
  });

  it('a CSV of codes alone: each line says the type is required and what gives it, nothing sent', async () => {
    const s = stem();
    const path = file(`${s}.csv`, `code\n${s}-1\n${s}-2\n`);
    const { code, stderr } = await promo(['voucher', 'import', path, '-o', 'json']);
    expect(code).toBe(2);
    const missing =
      '--type (type) is required: DISCOUNT_VOUCHER or GIFT_VOUCHER (or the discount or gift fields that imply it)';
    expect(JSON.parse(stderr).error.message).toBe(
      [
        'FILE has lines the import would not take (2); nothing was sent:',
        `  line 2: ${missing}`,
        `  line 3: ${missing}`,
      ].join('\n'),
    );
    expect(fx.sandbox.requests).toEqual([]);
  });

  it('prints the requests and sends nothing with --dry-run', async () => {
    const s = stem();
    const path = file(`${s}.ndjson`, ndjson(percentVoucher(`${s}-1`)));
    const { code, stdout } = await promo(['voucher', 'import', path, '--dry-run', '-o', 'json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      dry_run: true,
      lines: '1-1',
      request: {
        method: 'POST',
        url: `${fx.sandbox.url}/v1/vouchers/import`,
        body: [percentVoucher(`${s}-1`)],
      },
    });
    expect(fx.sandbox.requests).toEqual([]);
  });
});

describe('voucher import --wait', () => {
  it('reports the vouchers the service refused, by code and reason, in the results file; exit 7', async () => {
    const s = stem();
    const taken = `${s}-TAKEN`;
    expect((await promo(['voucher', 'create', '--percent-off', '5', '--code', taken])).code).toBe(0);
    const csv = file(
      `${s}.csv`,
      `code,amount-off,effect,metadata.wave\n${s}-1,10.50,apply-to-order,1\n${taken},2,apply-to-order,1\n${s}-3,3,apply-to-items,2\n`,
    );
    const results = join(fx.configDir, `${s}-results.jsonl`);
    const { code, stdout, stderr } = await promo([
      'voucher',
      'import',
      csv,
      '--wait',
      '--results',
      results,
      '-o',
      'json',
    ]);
    expect(code).toBe(7);
    const [job] = JSON.parse(stdout);
    expect(job).toMatchObject({ status: 'DONE', result: { done_count: 2, failed_count: 1 } });
    expect(job.result.failed).toEqual([{ code: taken, reason: expect.stringContaining(taken) }]);
    const reason = job.result.failed[0].reason;
    expect(jsonLines(readFileSync(results, 'utf8'))).toEqual([
      { line: 2, status: 'created', code: `${s}-1`, job: job.id },
      { line: 3, status: 'failed', code: taken, job: job.id, error: { reason } },
      { line: 4, status: 'created', code: `${s}-3`, job: job.id },
    ]);
    expect(jsonLines(stderr).at(-1)).toEqual({
      notice: `Imported 2 of 3 vouchers; 1 not imported. Results: ${results}`,
    });
    expect(fx.sandbox.state.vouchers[`${s}-1`]).toMatchObject({
      discount: { amount_off: 1050 },
      metadata: { wave: 1 },
    });
  });

  it('waits out the bulk-call limit (429, X-Rate-Limit-Type: bulk_api_calls) instead of failing', async () => {
    fx.sandbox.faults.push({
      match: { method: 'POST', path: '/v1/vouchers/import' },
      // The bulk window ends in 30 s: the polls after the import must not wait for it.
      action: {
        status: 429,
        retryAfter: 1,
        rateLimitRetryAt: Math.floor(Date.now() / 1000) + 30,
        rateLimitType: 'bulk_api_calls',
      },
    });
    const s = stem();
    const path = file(`${s}.ndjson`, ndjson(percentVoucher(`${s}-1`)));
    // No retries of its own: promo's wait for the bulk limit is what gets it through. The wait
    // passes on the run's clock.
    const clock = new TestClock(Date.now());
    const { code, stderr } = await promo(
      ['--retries', '0', 'voucher', 'import', path, '--wait', '-o', 'json'],
      { clock },
    );
    expect(code).toBe(0);
    expect(imports()).toHaveLength(2);
    expect(clock.slept[0]).toBe(1000);
    expect(jsonLines(stderr)[0]).toEqual({
      notice: expect.stringMatching(
        /^The bulk-call limit is reached: waiting 1 s \(until \d\d:\d\d:\d\d UTC\) to send lines 1-1; Ctrl-C stops here, nothing of them was sent\.$/,
      ),
    });
    expect(fx.sandbox.state.vouchers[`${s}-1`]).toBeDefined();
  });
});

describe('promo job', () => {
  it('gets one job with its result, and lists recent jobs newest first', async () => {
    const s = stem();
    const queued = await promo([
      'voucher',
      'import',
      file(`${s}.ndjson`, ndjson(percentVoucher(`${s}-1`))),
      '--wait',
      '-o',
      'json',
    ]);
    const id = JSON.parse(queued.stdout)[0].id;
    fx.sandbox.requests.length = 0;
    const got = await promo(['job', 'get', id, '-o', 'json']);
    expect(got.code).toBe(0);
    expect(JSON.parse(got.stdout)).toMatchObject({
      id,
      type: 'VOUCHERS.IMPORT',
      status: 'DONE',
      result: { done_count: 1 },
    });
    const listed = await promo(['job', 'list', '--limit', '2', '-o', 'json']);
    expect(JSON.parse(listed.stdout)[0].id).toBe(id);
    expect(fx.sandbox.requests.map((r) => `${r.method} ${r.rawPath}?${r.query}`)).toEqual([
      `GET /v1/async-actions/${id}?`,
      'GET /v1/async-actions?limit=2',
    ]);
    const missing = await promo(['job', 'get', 'aa_nosuchjob', '-o', 'json']);
    expect(missing.code).toBe(3);
    const bad = await promo(['job', 'list', '--limit', '500', '-o', 'json']);
    expect(bad.code).toBe(2);
  });
});

describe('an import whose answer is lost', () => {
  it('exits 6 and points to promo job list rather than sending the file again', async () => {
    fx.sandbox.faults.push({
      match: { method: 'POST', path: '/v1/vouchers/import' },
      action: { reset: 'after-handling' },
    });
    const s = stem();
    const { code, stderr } = await promo([
      'voucher',
      'import',
      file(`${s}.ndjson`, ndjson(percentVoucher(`${s}-1`))),
      '-o',
      'json',
    ]);
    expect(code).toBe(6);
    expect(JSON.parse(stderr).error).toMatchObject({
      key: 'outcome_unknown_error',
      hint: 'An import job may have been queued: `promo job list` shows the recent ones, `promo job wait ID` follows one.',
    });
    expect(imports()).toHaveLength(1);
  });
});
