// An input file too large to keep in memory (over 4 MiB) is read twice: checked whole before the
// first request, then read again as it is sent. A file edited or grown in between stops the run at
// the first line that is not the one checked, and nothing from there on is sent: exit 7 once lines
// were sent (the run stopped part-way; resumable), never 0; a file cut short (at a line boundary, so
// that every line read matches) is told by its end.
import { appendFileSync, openSync, readFileSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonLines, writeIn } from '../helpers/input-files.js';
import { spawnPromo, startPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';
import { until } from '../helpers/until.js';

const fx = useSandbox();
// 45 lines of about 110 KB: 5 MB, past what a run keeps from its check; a read chunk (256 KiB)
// holds two or three lines, so the second read is far behind a change made after the first posts.
const LINES = 45;
const BLOB = 'x'.repeat(110_000);
let serial = 0;

function bigInput() {
  const stem = `BIG${++serial}-${Date.now().toString(36)}`;
  const line = (i: number, percent = 5) =>
    JSON.stringify({
      code: `${stem}-${String(i).padStart(2, '0')}`,
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'PERCENT', percent_off: percent },
      metadata: { blob: BLOB },
    });
  const lines = Array.from({ length: LINES }, (_, i) => line(i + 1));
  const file = writeIn(fx.configDir, `${stem}.ndjson`, `${lines.join('\n')}\n`);
  return { stem, file, lines, line };
}

const postedCodes = () =>
  fx.sandbox.requests.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body).code as string);

async function runChanging(file: string, change: () => void, extra: string[] = []) {
  fx.sandbox.faults.set({ latencyMs: 15 });
  const run = startPromo(['voucher', 'create', '--input', file, '--concurrency', '1', ...extra], {
    env: fx.env,
    timeoutMs: 30_000,
  });
  await until(() => postedCodes().length >= 2);
  change();
  const done = await run.done;
  fx.sandbox.faults.set({});
  return done;
}

describe('an input file that changes during the run', () => {
  it('edited: stops with exit 7 at the first changed line, which is never sent', async () => {
    const { stem, file, lines, line } = bigInput();
    const done = await runChanging(file, () => {
      // Line 30 says 90% now, same length: the file's size does not tell.
      const offset = lines.slice(0, 29).reduce((n, l) => n + Buffer.byteLength(l) + 1, 0);
      const fd = openSync(file, 'r+');
      writeSync(fd, line(30, 90), offset);
    });
    expect(done.code, done.stderr).toBe(7);
    expect(jsonLines(done.stderr).find((l) => l.error)?.error.message).toBe(
      `--input: '${file}' changed during the run: line 30 is not the line checked before the first request; stopped there; 29 lines before it were sent`,
    );
    const mine = postedCodes().filter((code) => code.startsWith(stem));
    expect(mine.sort()).toEqual(lines.slice(0, 29).map((l) => JSON.parse(l).code));
    expect(readFileSync(file, 'utf8')).toContain('"percent_off":90');
  });

  it('grown: stops with exit 7 at the first line that was not checked', async () => {
    const { stem, file, lines, line } = bigInput();
    const done = await runChanging(file, () => appendFileSync(file, `${line(46)}\n`));
    expect(done.code, done.stderr).toBe(7);
    expect(jsonLines(done.stderr).find((l) => l.error)?.error.message).toBe(
      `--input: '${file}' changed during the run: line 46 was not in it when it was checked; stopped there; 45 lines before it were sent`,
    );
    expect(postedCodes().filter((code) => code.startsWith(stem))).toHaveLength(lines.length);
  });

  it('cut short at a line boundary: never exit 0; stops with exit 7 naming where it ends, and resumes once restored', async () => {
    const { stem, file, lines } = bigInput();
    const journal = join(fx.configDir, `${stem}.journal`);
    const whole = readFileSync(file);
    // Cut after line 30: every line the second read finds is a line checked, only fewer.
    const cut = lines.slice(0, 30).reduce((n, l) => n + Buffer.byteLength(l) + 1, 0);
    const done = await runChanging(file, () => truncateSync(file, cut), ['--results', journal]);
    expect(done.code, done.stderr).toBe(7);
    expect(jsonLines(done.stderr).find((l) => l.error)?.error.message).toBe(
      `--input: '${file}' changed during the run: it ends after line 30, but it went on to line 45 when it was checked; stopped there; 30 lines before it were sent`,
    );
    expect(postedCodes().filter((code) => code.startsWith(stem))).toHaveLength(30);

    writeFileSync(file, whole);
    const resumed = await spawnPromo(['voucher', 'create', '--input', file, '--resume', journal], {
      env: fx.env,
      timeoutMs: 30_000,
    });
    expect(resumed.code, resumed.stderr).toBe(0);
    const mine = postedCodes().filter((code) => code.startsWith(stem));
    expect(mine.sort()).toEqual(lines.map((l) => JSON.parse(l).code));
  });
});
