// A bulk run whose stdout reader leaves (`promo voucher create --input big.csv | head -1`) has not
// finished: it stops as after Ctrl-C (no new request; those in flight finish and are journaled),
// says how to resume on stderr and exits 130, never 0. The resume then does the rest, each line
// exactly once. The built promo against the sandbox over HTTP, its stdout closed by the test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonLines, ndjson, percentVoucher, writeIn } from '../helpers/input-files.js';
import { spawnPromo, startPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();
const LINES = 150;
let serial = 0;

/** The built promo, its stdout read until the first line and then closed, as `| head -1` does. */
async function headOne(argv: string[]) {
  const run = startPromo(argv, { env: fx.env, timeoutMs: 20_000 });
  let first = '';
  run.child.stdout!.on('data', (chunk) => {
    first += chunk;
    if (first.includes('\n')) run.child.stdout!.destroy();
  });
  return { ...(await run.done), first: first.split('\n')[0]! };
}

function lastStatus(journal: string): Map<number, string> {
  const states = new Map<number, string>();
  for (const record of jsonLines(readFileSync(journal, 'utf8')))
    if (typeof record.line === 'number') states.set(record.line, record.status);
  return states;
}

const count = (statuses: Map<number, string>, status: string) =>
  [...statuses.values()].filter((s) => s === status).length;

function codesFile(stem: string) {
  const run = `${stem}-${++serial}-${Date.now().toString(36)}`;
  const codes = Array.from({ length: LINES }, (_, i) => `${run}-${i + 1}`);
  return {
    codes,
    file: writeIn(fx.configDir, `${run}.ndjson`, ndjson(...codes.map((c) => percentVoucher(c)))),
  };
}

const held = (codes: string[]) => {
  const wanted = new Set(codes);
  return Object.values(fx.sandbox.state.vouchers).filter((v) => wanted.has((v as { code: string }).code));
};

describe('a bulk run whose stdout reader leaves', () => {
  it('voucher create | head -1: stops as after Ctrl-C, exit 130, the resume creates the rest once', async () => {
    const { codes, file } = codesFile('HEAD');
    const journal = join(fx.configDir, 'create-head.journal');
    fx.sandbox.faults.set({ latencyMs: 10 });
    const cut = await headOne(['voucher', 'create', '--input', file, '--results', journal]);
    fx.sandbox.faults.set({});

    expect(cut.code, cut.stderr).toBe(130);
    expect(JSON.parse(cut.first)).toMatchObject({ line: expect.any(Number), status: 'created' });
    expect(cut.stderr).toContain(`--resume ${journal}`);
    const states = lastStatus(journal);
    // Every line the run started has its outcome: none left in flight.
    expect(count(states, 'unknown')).toBe(0);
    expect(count(states, 'created')).toBe(held(codes).length);
    expect(held(codes).length).toBeLessThan(LINES);

    const resumed = await spawnPromo(['voucher', 'create', '--input', file, '--resume', journal], {
      env: fx.env,
    });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(held(codes)).toHaveLength(LINES);
    const posted = fx.sandbox.requests
      .filter((r) => r.method === 'POST' && r.rawPath === '/v1/vouchers')
      .map((r) => JSON.parse(r.body).code)
      .filter((code) => codes.includes(code));
    expect(posted.sort()).toEqual([...codes].sort());
  });

  it('voucher delete | head -1: stops as after Ctrl-C, exit 130, the resume deletes the rest', async () => {
    const { codes, file } = codesFile('DEL');
    const created = await spawnPromo(['voucher', 'create', '--input', file], { env: fx.env });
    expect(created.code, created.stderr).toBe(0);
    const list = writeIn(fx.configDir, `delete-${serial}.txt`, `${codes.join('\n')}\n`);
    const journal = join(fx.configDir, 'delete-head.journal');

    fx.sandbox.faults.set({ latencyMs: 10 });
    const cut = await headOne(['voucher', 'delete', '--input', list, '--yes', '--results', journal]);
    fx.sandbox.faults.set({});

    expect(cut.code, cut.stderr).toBe(130);
    expect(cut.stderr).toContain(`--resume ${journal}`);
    const states = lastStatus(journal);
    expect(count(states, 'unknown')).toBe(0);
    expect(LINES - count(states, 'deleted')).toBe(held(codes).length);
    expect(held(codes).length).toBeGreaterThan(0);

    const resumed = await spawnPromo(['voucher', 'delete', '--input', list, '--yes', '--resume', journal], {
      env: fx.env,
    });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(held(codes)).toHaveLength(0);
  });
});
