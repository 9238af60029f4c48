// The sandbox's SQLite file as a user meets it through the built bin: `promo sandbox --state FILE`
// and the built-in profile (its sandbox.db beside promo's other state). A file it must not use (not
// a database, written by a newer promo, in a directory it may not write, on a full disk) is refused
// with a message naming the file, exit 2, and nothing in it lost; several processes writing at once
// lose nothing.
import { execFileSync } from 'node:child_process';
import { chownSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readStateFileView } from '../../packages/sandbox/test/state-helpers.js';
import { ndjson, percentVoucher } from '../helpers/input-files.js';
import { NOBODY, spawnAsNobody, spawnPromo, startPromo, tempDir } from '../helpers/promo.js';
import { until } from '../helpers/until.js';

const dirs: Array<{ cleanup(): void }> = [];
afterAll(() => {
  for (const dir of dirs) dir.cleanup();
});
function scratch(): string {
  const dir = tempDir('promo-state-file-');
  dirs.push(dir);
  return dir.path;
}

const isRoot = process.getuid?.() === 0;

/** The one JSON error line promo writes on stderr when it is not a terminal. */
function errorOf(stderr: string): { message: string; exit_code: number } {
  return JSON.parse(stderr.trim()).error;
}

/** The built-in profile, its state (sandbox.db) in `dir`. */
function builtIn(dir: string, ...argv: string[]) {
  return spawnPromo(['--profile', 'sandbox', '-o', 'json', ...argv], { env: { PROMO_CONFIG_DIR: dir } });
}

/** An SQLite file of another program, or of a newer promo, written with libsql directly. */
function otherDatabase(path: string, userVersion: number): void {
  const Database = createRequire(import.meta.url)('libsql');
  const db = new Database(path);
  db.exec(`CREATE TABLE entries (slice TEXT, key TEXT, doc TEXT); PRAGMA user_version = ${userVersion};`);
  db.exec(`PRAGMA application_id = ${0x50524d4f}`);
  db.close();
}

describe('the JSON state of an older promo', () => {
  it('is moved into the built-in sandbox.db once, said on stderr, the JSON kept as .bak', async () => {
    const dir = scratch();
    const legacy = join(dir, 'sandbox-state.json');
    const old = { version: 1, vouchers: { OLD: { code: 'OLD', object: 'voucher', active: true } } };
    writeFileSync(legacy, JSON.stringify(old));
    const first = await builtIn(dir, 'api', 'GET', '/v1/vouchers/OLD');
    expect([first.code, JSON.parse(first.stdout)]).toEqual([0, old.vouchers.OLD]);
    expect(JSON.parse(first.stderr.trim())).toEqual({
      notice: `Sandbox state ${legacy} was written by an older promo as JSON: moved into the SQLite file ${join(dir, 'sandbox.db')}; the old file is kept as ${legacy}.bak`,
    });
    expect(readFileSync(`${legacy}.bak`, 'utf8')).toBe(JSON.stringify(old));
    const again = await builtIn(dir, 'api', 'GET', '/v1/vouchers/OLD');
    expect([again.code, again.stderr]).toEqual([0, '']);
  });
});

describe('a state file promo must not use', () => {
  it('that is not a database: refused naming it, exit 2, by promo sandbox and the built-in profile, untouched', async () => {
    const dir = scratch();
    const path = join(dir, 'sandbox.db');
    const text = 'notes, not a database\n'.repeat(100);
    writeFileSync(path, text);
    const message = `Sandbox state file ${path} is not an SQLite database (nor the JSON state of an older promo); move it away or name another file`;
    for (const run of [spawnPromo(['sandbox', '--state', path]), builtIn(dir, 'voucher', 'get', 'X')]) {
      const { code, stdout, stderr } = await run;
      expect([code, stdout, errorOf(stderr)]).toEqual([
        2,
        '',
        { status: null, key: 'usage_error', message, exit_code: 2 },
      ]);
    }
    expect(readFileSync(path, 'utf8')).toBe(text);
  });

  it('written by a newer promo (its user_version above ours): refused naming it, exit 2, untouched', async () => {
    const dir = scratch();
    const path = join(dir, 'sandbox.db');
    otherDatabase(path, 7);
    const bytes = readFileSync(path);
    const message = `Sandbox state file ${path} was written by a newer promo (its format 7, this one reads 1); upgrade promo, or name another file`;
    for (const run of [spawnPromo(['sandbox', '--state', path]), builtIn(dir, 'voucher', 'list')]) {
      const { code, stderr } = await run;
      expect(code).toBe(2);
      expect(errorOf(stderr).message).toBe(message);
    }
    expect(readFileSync(path).equals(bytes)).toBe(true);
  });
});

describe('a directory promo may not write', () => {
  // Root writes anywhere: the runs go as `nobody`, in a directory root owns (CI runs as root).
  const run = (argv: string[], home: string) =>
    isRoot
      ? spawnAsNobody(argv, { HOME: home, PROMO_CONFIG_DIR: home })
      : spawnPromo(argv, { env: { HOME: home, PROMO_CONFIG_DIR: home } });

  it('refuses a new state file there, naming it, exit 2', async () => {
    const home = scratch();
    const locked = join(home, 'locked');
    mkdirSync(locked, { mode: 0o555 });
    if (isRoot) chownSync(home, NOBODY, NOBODY);
    const path = join(locked, 'state.db');
    const { code, stderr } = await run(['sandbox', '--state', path], home);
    expect(code).toBe(2);
    expect(errorOf(stderr).message).toMatch(
      new RegExp(
        `^Sandbox state file ${path}: cannot be opened \\(.+\\); it and its directory must be writable$`,
      ),
    );
  });

  it('refuses an existing state file there, naming it, exit 2, and it keeps what it held', async () => {
    const home = scratch();
    const locked = join(home, 'locked');
    const path = join(locked, 'state.db');
    mkdirSync(locked);
    // Made by a run that could write, then closed: a file, its directory no longer writable.
    const made = startPromo(['sandbox', '--state', path]);
    let said = '';
    made.child.stderr?.on('data', (data) => (said += data));
    await until(() => said.includes('Sandbox listening'));
    made.child.kill('SIGINT');
    await made.done;
    const held = readStateFileView(path).rows.length;
    if (isRoot) execFileSync('chown', ['-R', `${NOBODY}:${NOBODY}`, home]);
    execFileSync('chmod', ['-R', 'a-w', locked]);
    const { code, stderr } = await run(['sandbox', '--state', path], home);
    expect(code).toBe(2);
    expect(errorOf(stderr).message).toMatch(new RegExp(`^Sandbox state file ${path}: cannot be `));
    expect(readStateFileView(path).rows.length).toBe(held);
  });
});

describe('a full disk', () => {
  // A tmpfs of 1 MiB, filled up: needs root to mount (CI runs as root).
  it.runIf(isRoot)(
    'fails a create through the built-in profile naming the file, exit 2; what it held stays',
    async () => {
      const mount = scratch();
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mount]);
      try {
        const env = {
          XDG_STATE_HOME: mount,
          XDG_CONFIG_HOME: scratch(),
          XDG_CACHE_HOME: scratch(),
          HOME: scratch(),
        };
        const promo = (...argv: string[]) =>
          spawnPromo(['--profile', 'sandbox', '-o', 'json', ...argv], { env });
        expect((await promo('voucher', 'create', '--code', 'KEEP', '--percent-off', '5')).code).toBe(0);
        const path = join(mount, 'promo', 'sandbox.db');
        const filler = join(mount, 'filler');
        try {
          execFileSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=4k'], { stdio: 'ignore' });
        } catch {
          // dd stops at ENOSPC: the disk is full, as wanted.
        }
        const big = `padding=${'x'.repeat(100_000)}`;
        const failed = await promo(
          'voucher',
          'create',
          '--code',
          'LOST',
          '--percent-off',
          '5',
          '--metadata',
          big,
        );
        expect(failed.code).toBe(2);
        expect(errorOf(failed.stderr).message).toBe(
          `Sandbox state file ${path}: the disk is full, nothing of this change was saved; free some space and try again`,
        );
        rmSync(filler);
        const listed = await promo('voucher', 'list');
        expect(listed.code).toBe(0);
        expect(JSON.parse(listed.stdout).map((v: { code: string }) => v.code)).toEqual(['KEEP']);
        expect(readStateFileView(path).integrity).toBe('ok');
        expect(statSync(path).size).toBeGreaterThan(0);
      } finally {
        execFileSync('umount', ['-l', mount]);
      }
    },
  );
});

describe('several promo processes writing one built-in state at once', () => {
  it('lose nothing and leave the file whole: every voucher of every run is there, once', async () => {
    const dir = scratch();
    const inputs = [0, 1, 2, 3].map((run) => {
      const path = join(dir, `input-${run}.jsonl`);
      writeFileSync(path, ndjson(...Array.from({ length: 25 }, (_, n) => percentVoucher(`P${run}-${n}`))));
      return path;
    });
    const runs = await Promise.all(
      inputs.map((input) => builtIn(dir, 'voucher', 'create', '--input', input)),
    );
    for (const { code, stderr } of runs) {
      expect(code, stderr).toBe(0);
      expect(JSON.parse(stderr.trim().split('\n').at(-1) ?? '')).toMatchObject({ summary: { created: 25 } });
    }
    const listed = await builtIn(dir, 'voucher', 'list', '--all');
    const codes = (JSON.parse(listed.stdout) as Array<{ code: string }>)
      .map((v) => v.code)
      .filter((c) => c.startsWith('P'));
    expect(codes.sort()).toEqual(
      inputs.flatMap((_, run) => Array.from({ length: 25 }, (_, n) => `P${run}-${n}`)).sort(),
    );
    expect(readStateFileView(join(dir, 'sandbox.db')).integrity).toBe('ok');
  });
});
