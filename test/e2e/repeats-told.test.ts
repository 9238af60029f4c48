// A request that acts on the service and is repeated says so: a create with its own code on a
// service too slow to answer within --timeout is sent again (a repeat can only create it or be
// answered 409), and the error says how many times it was sent, never "did not send it again";
// --debug shows each repeat, and a bulk line sent more than once carries "attempts" in the journal.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonLines, ndjson, percentVoucher, writeIn } from '../helpers/input-files.js';
import { spawnPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';
import { until } from '../helpers/until.js';

const fx = useSandbox();
const stem = () => `REP-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
const posts = () => fx.sandbox.requests.filter((r) => r.method === 'POST');

describe('a repeated request that acts on the service', () => {
  it('voucher create --code on a slow service: exit 6 saying it was sent 4 times, each repeat in --debug', async () => {
    const code = stem();
    // Every attempt's answer comes long after --timeout: the answer to each is lost.
    fx.sandbox.faults.push({ match: { method: 'POST' }, times: 4, action: { delayMs: 3_000 } });
    const run = await spawnPromo(
      [
        'voucher',
        'create',
        '--code',
        code,
        '--percent-off',
        '10',
        '--timeout',
        '0.3',
        '--debug',
        '-o',
        'json',
      ],
      { env: fx.env, timeoutMs: 30_000 },
    );
    expect(run.code, run.stderr).toBe(6);
    // The sandbox, in this process, may read the last one a moment after promo left.
    await until(() => posts().length >= 4);
    expect(posts()).toHaveLength(4);
    // The trace is text; the error is the last line, as JSON.
    const error = JSON.parse(run.stderr.trim().split('\n').at(-1)!).error;
    expect(error.message).toContain('promo sent it 4 times in all (repeating it is safe)');
    expect(error.message).not.toContain('did not send it again');
    expect(error.hint).toContain(`promo voucher get ${code}`);
    for (const attempt of [2, 3, 4])
      expect(run.stderr).toContain(`* sending POST /v1/vouchers again: attempt ${attempt}`);
  });

  it('sent once and lost: the message says it was not sent again, and it was not', async () => {
    const code = stem();
    fx.sandbox.faults.push({ match: { method: 'POST' }, times: 1, action: { delayMs: 3_000 } });
    const run = await spawnPromo(
      ['voucher', 'create', '--code', code, '--percent-off', '10', '--timeout', '0.3', '--retries', '0'],
      { env: fx.env, timeoutMs: 30_000 },
    );
    expect(run.code, run.stderr).toBe(6);
    expect(posts()).toHaveLength(1);
    expect(run.stderr).toContain('so promo did not send it again');
  });

  it('a bulk line whose first request was lost before the service acted: read back, sent again, "attempts": 2 and --debug says so', async () => {
    const codes = [stem(), stem()];
    const input = writeIn(fx.configDir, `${codes[0]}.ndjson`, ndjson(...codes.map((c) => percentVoucher(c))));
    const journal = join(fx.configDir, `${codes[0]}.journal`);
    fx.sandbox.faults.push({ match: { method: 'POST' }, times: 1, action: { reset: 'before-handling' } });
    const run = await spawnPromo(
      ['voucher', 'create', '--input', input, '--results', journal, '--concurrency', '1', '--debug'],
      { env: fx.env, timeoutMs: 30_000 },
    );
    expect(run.code, run.stderr).toBe(0);
    const outcomes = jsonLines(readFileSync(journal, 'utf8')).filter(
      (r) => r.line && r.error?.key !== 'in_flight',
    );
    expect(outcomes).toEqual([
      expect.objectContaining({ line: 1, status: 'created', attempts: 2 }),
      expect.not.objectContaining({ attempts: expect.anything() }),
    ]);
    expect(posts()).toHaveLength(3);
    expect(run.stderr).toContain('* line 1: sending its request again: attempt 2');
  });
});
