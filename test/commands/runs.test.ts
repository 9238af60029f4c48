// promo runs list and prune: the journals promo keeps of bulk runs (the state directory's runs/),
// each with its command, start, counts and status; old ones removed, never one a run holds.
import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ndjson, percentVoucher, writeIn } from '../helpers/input-files.js';
import { runPromo, tempDir } from '../helpers/promo.js';

/** A config directory with two runs on the built-in sandbox: one done, one with a failed line. */
async function twoRuns() {
  const dir = tempDir();
  const run = (argv: string[]) => runPromo(['--profile', 'sandbox', ...argv], { configDir: dir.path });
  const ok = writeIn(dir.path, 'ok.ndjson', ndjson(percentVoucher('RUNS-1'), percentVoucher('RUNS-2')));
  expect((await run(['voucher', 'create', '--input', ok])).code).toBe(0);
  const again = await run([
    'voucher',
    'create',
    '--input',
    writeIn(dir.path, 'dup.ndjson', ndjson(percentVoucher('RUNS-1'))),
  ]);
  expect(again.code).toBe(7);
  return { dir, run };
}

describe('promo runs list', () => {
  it('lists each journal with its command, counts and status, newest first', async () => {
    const { dir, run } = await twoRuns();
    const list = await run(['runs', 'list', '--json']);
    expect(list.code).toBe(0);
    const runs = JSON.parse(list.stdout);
    expect(runs).toHaveLength(2);
    expect(runs.map((r: { status: string }) => r.status).sort()).toEqual(['done', 'incomplete']);
    const done = runs.find((r: { status: string }) => r.status === 'done');
    expect(done).toMatchObject({ command: 'voucher create', lines: 2, done: 2, failed: 0, unknown: 0 });
    expect(done.journal.startsWith(join(dir.path, 'runs'))).toBe(true);
    // A run that left a line failed is incomplete, not interrupted, and says how to resume it.
    const incomplete = runs.find((r: { status: string }) => r.status === 'incomplete');
    expect(incomplete.resume).toMatch(/^promo --profile sandbox voucher create --input \S+ --resume \S+$/);
    expect(done.resume).toBeUndefined();
    const table = await run(['runs', 'list', '-o', 'table']);
    expect(table.stdout).toMatch(/^# +Started +Command +Done +Failed/);
    expect(table.stdout).toContain('voucher create  2/2');
    dir.cleanup();
  });

  it('on a terminal never cuts a journal path: each has a line of its own under the table, whole', async () => {
    const { dir, run } = await twoRuns();
    const journals: string[] = JSON.parse((await run(['runs', 'list', '--json'])).stdout).map(
      (r: { journal: string }) => r.journal,
    );
    const screen = await runPromo(['--profile', 'sandbox', 'runs', 'list'], {
      configDir: dir.path,
      tty: true,
    });
    expect(screen.code).toBe(0);
    const lines = screen.stdout.split('\n');
    expect(lines[0]).toMatch(/^# +Started +Command +Done +Failed/);
    for (const [i, journal] of journals.entries()) {
      expect(lines).toContain(`${String(i + 1).padStart(3)}  ${journal}`);
    }
    for (const line of lines) expect(line).not.toContain('…');
    dir.cleanup();
  });

  it('says so when there is none', async () => {
    const dir = tempDir();
    const list = await runPromo(['runs', 'list', '-o', 'table'], { configDir: dir.path });
    expect(list.stderr).toContain(`No journals in ${join(dir.path, 'runs')}.`);
    dir.cleanup();
  });
});

describe('promo runs prune', () => {
  it('removes journals older than the duration, keeps newer ones and one a run holds', async () => {
    const { dir, run } = await twoRuns();
    const journals = JSON.parse((await run(['runs', 'list', '--json'])).stdout).map(
      (r: { journal: string }) => r.journal,
    );
    const old = new Date(Date.now() - 40 * 86_400_000);
    for (const journal of journals) utimesSync(journal, old, old);
    // The second is held by a live run (this test's own process).
    writeFileSync(
      `${journals[1]}.lock`,
      JSON.stringify({ pid: process.pid, host: hostname(), started_at: '', command: 'voucher create' }),
    );

    const dry = await run(['runs', 'prune', '--dry-run', '--json']);
    expect(JSON.parse(dry.stdout)).toEqual([
      { journal: journals[0], status: expect.any(String), removed: false },
    ]);
    expect(existsSync(journals[0])).toBe(true);

    const refused = await run(['runs', 'prune']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('pass --yes to confirm');

    const pruned = await run(['runs', 'prune', '--older-than', '30d', '--yes', '--json']);
    expect(pruned.code).toBe(0);
    expect(existsSync(journals[0])).toBe(false);
    expect(existsSync(journals[1])).toBe(true);
    dir.cleanup();
  });

  it.each(['0d', '30', 'soon', '5y'])('refuses --older-than %s with exit 2', async (value) => {
    const dir = tempDir();
    const run = await runPromo(['runs', 'prune', '--older-than', value, '--yes'], { configDir: dir.path });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--older-than must be a duration such as 30d');
    dir.cleanup();
  });
});
