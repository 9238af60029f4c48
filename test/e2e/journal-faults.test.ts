// A journal that cannot be written stops the run before its next request: a full disk or a
// file-size limit (here `ulimit -f`, which fails writes with EFBIG as a full disk fails them with
// ENOSPC) is a clear error naming the journal, exit 1, and every request that went out has its
// in-flight record in the file; the resume, once there is room, creates nothing twice.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonLines, ndjson, percentVoucher, writeIn } from '../helpers/input-files.js';
import { BIN, spawnPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();
const LIMIT_KIB = 4;

/** The journal's records, the last one left out when it was cut short. */
function records(journal: string) {
  const text = readFileSync(journal, 'utf8');
  const whole = text.endsWith('\n') ? text : text.slice(0, text.lastIndexOf('\n') + 1);
  return jsonLines(whole);
}

async function underFileLimit(argv: string[]) {
  const { spawn } = await import('node:child_process');
  const child = spawn(
    'bash',
    ['-c', `ulimit -f ${LIMIT_KIB}; exec "$0" "$@"`, process.execPath, BIN, ...argv],
    { env: { ...process.env, NO_COLOR: '1', ...fx.env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr };
}

describe('a journal that cannot be written', () => {
  it('stops the run with exit 1 naming the journal; nothing went out unrecorded; the resume creates nothing twice', async () => {
    const codes = Array.from({ length: 120 }, (_, i) => `FULL-${Date.now().toString(36)}-${i + 1}`);
    const input = writeIn(fx.configDir, 'full.ndjson', ndjson(...codes.map((code) => percentVoucher(code))));
    const journal = join(fx.configDir, 'full.journal');
    fx.sandbox.faults.set({ latencyMs: 5 });
    const cut = await underFileLimit(['voucher', 'create', '--input', input, '--results', journal]);
    fx.sandbox.faults.set({});

    expect(cut.code, cut.stderr).toBe(1);
    const error = jsonLines(cut.stderr).find((l) => l.error)?.error;
    expect(error).toMatchObject({
      key: 'journal_write_error',
      message: `cannot write the journal '${journal}' (EFBIG): the run stopped and sent nothing more`,
      hint: 'Free some space (or raise the file-size limit), then resume the run.',
    });
    expect(jsonLines(cut.stderr).find((l) => l.summary)?.summary).toMatchObject({
      stopped_because: 'the journal cannot be written',
      resume: `promo voucher create --input ${input} --resume ${journal}`,
    });
    expect(statSync(journal).size).toBeLessThanOrEqual(LIMIT_KIB * 1024);

    // Every create that reached the service was marked in flight in the journal first.
    const marked = new Set(
      records(journal)
        .filter((r) => r.error?.key === 'in_flight')
        .map((r) => r.code),
    );
    const posted = fx.sandbox.requests.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body).code);
    expect(posted.length).toBeGreaterThan(0);
    expect(posted.length).toBeLessThan(codes.length);
    expect(posted.filter((code) => !marked.has(code))).toEqual([]);

    const resumed = await spawnPromo(['voucher', 'create', '--input', input, '--resume', journal], {
      env: fx.env,
    });
    expect(resumed.code, resumed.stderr).toBe(0);
    const all = fx.sandbox.requests.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body).code);
    expect(all.sort()).toEqual([...codes].sort());
  });
});
