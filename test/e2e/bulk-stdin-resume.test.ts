// --resume of a run that read stdin: stdin cannot be hashed whole before the first request, so the
// journal keeps, with each line's records, a short hash of the input up to that line. A resume
// checks every line the journal knows against it before sending anything again: the same stdin
// ends the run with nothing done twice, a different one is refused (exit 2) with nothing sent.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

// biome-ignore lint/suspicious/noExplicitAny: the journal's records, read loosely
type Json = Record<string, any>;

const fx = useSandbox();
const posts = () => fx.sandbox.requests.filter((r) => r.method === 'POST').length;
let serial = 0;

/** NDJSON creates with explicit codes, `count` lines. */
function stdinOf(count: number, stem = 'SR'): { text: string; codes: string[] } {
  const run = `${stem}-${Date.now().toString(36)}-${++serial}`;
  const codes = Array.from({ length: count }, (_, i) => `${run}-${i + 1}`);
  const text = codes
    .map((code) =>
      JSON.stringify({ code, type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5 } }),
    )
    .join('\n');
  return { text: `${text}\n`, codes };
}

const records = (journal: string): Json[] =>
  readFileSync(journal, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));

function lastStates(journal: string): Map<number, Json> {
  const states = new Map<number, Json>();
  for (const record of records(journal)) if (typeof record.line === 'number') states.set(record.line, record);
  return states;
}

/** `voucher create --input -` fed `stdin`, killed with `signal` once the sandbox saw `after` creates. */
async function run(extra: string[], stdin: string, signal?: NodeJS.Signals, after = 0) {
  const before = posts();
  const started = startPromo(['voucher', 'create', '--input', '-', '-o', 'json', ...extra], {
    env: fx.env,
    stdin,
    timeoutMs: 20_000,
  });
  if (signal) {
    while (posts() - before < after && started.child.exitCode === null)
      await new Promise((r) => setTimeout(r, 2));
    started.child.kill(signal);
  }
  const done = await started.done;
  return { ...done, sent: posts() - before };
}

/** A run interrupted by SIGINT after some creates: its journal has done lines and lines to do. */
async function interruptedJournal(stdin: string, name: string) {
  const journal = join(fx.configDir, `${name}.journal`);
  fx.sandbox.faults.set({ latencyMs: 15 });
  const first = await run(['--results', journal], stdin, 'SIGINT', 12);
  expect(first.code, first.stderr).toBe(130);
  fx.sandbox.faults.set({});
  return journal;
}

describe('--resume of a run that read stdin', () => {
  it('resumed with the same stdin after SIGINT and kill -9, creates every line exactly once', async () => {
    const { text, codes } = stdinOf(150);
    const journal = await interruptedJournal(text, 'same');
    const afterFirst = lastStates(journal);
    expect(afterFirst.size).toBeGreaterThan(0);
    expect(afterFirst.size).toBeLessThan(150);
    expect(records(journal)[0]).toMatchObject({ input: '-', sha256: null, line_digests: true });
    expect(
      records(journal)
        .filter((r) => r.line === 1)
        .every((r) => /^[0-9a-f]{12}$/.test(r.input_sha256)),
    ).toBe(true);

    fx.sandbox.faults.set({ latencyMs: 15 });
    const killed = await run(['--resume', journal], text, 'SIGKILL', 20);
    expect(killed.signal).toBe('SIGKILL');
    fx.sandbox.faults.set({});

    const last = await run(['--resume', journal], text);
    expect(last.code, last.stderr).toBe(0);
    const summary = JSON.parse(last.stderr.trim().split('\n').at(-1)!).summary;
    expect(summary.done_earlier).toBeGreaterThan(0);
    // stdout carries the journal's lines without the hashes.
    expect(last.stdout).not.toContain('input_sha256');

    for (const [i, code] of codes.entries()) {
      const held = Object.values(fx.sandbox.state.vouchers).filter((v) => (v as Json).code === code);
      expect(held, code).toHaveLength(1);
      expect(lastStates(journal).get(i + 1), code).toMatchObject({
        status: 'created',
        code,
        id: (held[0] as Json).id,
      });
    }
    // Nothing sent twice: over the three runs, one POST for each code (lines in flight at kill -9
    // were read back by the resume, not sent again).
    const postedCodes = fx.sandbox.requests
      .filter((r) => r.method === 'POST')
      .map((r) => JSON.parse(r.body).code);
    expect(postedCodes.sort()).toEqual([...codes].sort());
  });

  it('refuses a different stdin at its first differing line, exit 2, nothing sent', async () => {
    const { text } = stdinOf(150);
    const journal = await interruptedJournal(text, 'different');
    const lineRecords = () => records(journal).filter((r) => typeof r.line === 'number').length;
    const before = lineRecords();
    const other = stdinOf(150, 'OTHER').text;
    fx.sandbox.requests.length = 0;
    const refused = await run(['--resume', journal], other);
    expect(refused.code, refused.stderr).toBe(2);
    expect(JSON.parse(refused.stderr.trim().split('\n').at(-1)!).error.message).toBe(
      `--resume: line 1 of stdin is not the line 1 the run in '${journal}' read: refusing to mix two inputs; nothing was sent`,
    );
    expect(fx.sandbox.requests).toEqual([]);
    expect(lineRecords()).toBe(before);
  });

  it('refuses a stdin changed after lines the journal left to do, before sending those', async () => {
    const { text, codes } = stdinOf(60);
    const journal = join(fx.configDir, 'changed.journal');
    // Line 1 fails (a 422 from the service): a resume sends it again, once its input is verified.
    fx.sandbox.faults.set({ latencyMs: 15 });
    fx.sandbox.faults.push({ match: { method: 'POST' }, times: 1, action: { status: 422 } });
    const first = await run(['--results', journal, '--concurrency', '1'], text, 'SIGINT', 12);
    expect(first.code, first.stderr).toBe(130);
    fx.sandbox.faults.set({});
    expect(lastStates(journal).get(1)?.status).toBe('failed');
    const recorded = Math.max(...lastStates(journal).keys());
    expect(recorded).toBeGreaterThan(8);

    const changed = text.split('\n');
    changed[7] = JSON.stringify({
      code: `${codes[7]}-X`,
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'PERCENT', percent_off: 5 },
    });
    fx.sandbox.requests.length = 0;
    const refused = await run(['--resume', journal], changed.join('\n'));
    expect(refused.code, refused.stderr).toBe(2);
    expect(refused.stderr).toContain(
      `--resume: line 8 of stdin is not the line 8 the run in '${journal}' read`,
    );
    expect(fx.sandbox.requests).toEqual([]);

    // Cut short: the lines the journal knows must all come.
    const cut = await run(['--resume', journal], `${text.split('\n').slice(0, 5).join('\n')}\n`);
    expect(cut.code, cut.stderr).toBe(2);
    expect(cut.stderr).toContain(
      `--resume: stdin ended after line 5, but the run in '${journal}' read up to line ${recorded}: refusing to mix two inputs; nothing was sent`,
    );
    expect(fx.sandbox.requests).toEqual([]);

    const same = await run(['--resume', journal], text);
    expect(same.code, same.stderr).toBe(0);
    expect(lastStates(journal).get(1)).toMatchObject({ status: 'created', code: codes[0] });
  });

  it('resumes a journal of an older promo (no hash per line) only with --accept-old-journal, by line number, and says so', async () => {
    const { text, codes } = stdinOf(40);
    const journal = await interruptedJournal(text, 'old');
    const old = records(journal).map(
      ({ input_sha256: _, line_digests: __, api_url: ___, files: ____, ...rest }) =>
        JSON.stringify(rest.journal ? { ...rest, journal: 'promo-bulk-journal/1' } : rest),
    );
    writeFileSync(journal, `${old.join('\n')}\n`);
    const refused = await run(['--resume', journal], text);
    expect(refused.code, refused.stderr).toBe(2);
    expect(refused.stderr).toContain(
      `--resume: '${journal}' was written by an older promo, whose journal did not bind every file the run read (nor, before that, the account): refusing to resume it without --accept-old-journal`,
    );
    expect(refused.sent).toBe(0);
    const resumed = await run(['--resume', journal, '--accept-old-journal'], text);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain(
      `--resume: '${journal}' was written by an older promo that kept no hash of each line: the lines of stdin are matched to it by number only`,
    );
    for (const code of codes)
      expect(Object.values(fx.sandbox.state.vouchers).filter((v) => (v as Json).code === code)).toHaveLength(
        1,
      );
  });
});
