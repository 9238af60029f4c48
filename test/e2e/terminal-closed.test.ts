// The terminal closed while promo asks for a confirmation, or draws a bulk run's progress: the
// pseudo-terminal's master side goes away, the session gets SIGHUP and its reads and writes fail
// with EIO. promo ends interrupted (130), never as a crash (internal error, a Node assertion,
// SIGABRT): nothing is deleted, and a bulk run's journal says how to resume.
// Python's pty module opens the pseudo-terminal: closing its master is closing the window.
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, runPromo, tempDir } from '../helpers/promo.js';

const hasPython = spawnSync('python3', ['-c', 'import pty']).status === 0;

/** Runs argv on a new pseudo-terminal, closes it once `question` is on screen; the child's exit code (negative: killed by that signal). */
const CLOSE_AT_QUESTION = `
import json, os, pty, select, sys, time
question, argv = sys.argv[1].encode(), sys.argv[2:]
pid, fd = pty.fork()
if pid == 0:
    os.execvp(argv[0], argv)
screen, deadline = b'', time.time() + 20
while question not in screen and time.time() < deadline:
    if select.select([fd], [], [], 0.5)[0]:
        try:
            screen += os.read(fd, 4096)
        except OSError:
            break
os.close(fd)
_, status = os.waitpid(pid, 0)
print(json.dumps({'asked': question in screen, 'code': os.waitstatus_to_exitcode(status)}))
`;

function closeAtQuestion(argv: string[], env: Record<string, string>, question: string) {
  return new Promise<{ asked: boolean; code: number }>((resolve, reject) => {
    const { CI: _ci, ...inherited } = process.env;
    const child = spawn('python3', ['-c', CLOSE_AT_QUESTION, question, ...argv], {
      env: { ...inherited, NO_COLOR: '1', PROMO_SECRET_STORE: 'file', ...env },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', () => resolve(JSON.parse(out)));
  });
}

describe.skipIf(!hasPython)('the terminal closed at a confirmation', () => {
  const dir = tempDir();
  const env = { PROMO_CONFIG_DIR: dir.path };
  const promo = [process.execPath, BIN, '--profile', 'sandbox'];

  it('promo on the terminal (SIGHUP, then EIO): exit 130, nothing deleted', async () => {
    const created = await runPromo(
      ['--profile', 'sandbox', 'voucher', 'create', '--percent-off', '5', '--code', 'HUP-KEEP'],
      { configDir: dir.path },
    );
    expect(created.code).toBe(0);
    const run = await closeAtQuestion([...promo, 'voucher', 'delete', 'HUP-KEEP', '--force'], env, '(y/N)');
    expect(run).toEqual({ asked: true, code: 130 });
    const kept = await runPromo(['--profile', 'sandbox', 'voucher', 'get', 'HUP-KEEP', '-o', 'json'], {
      configDir: dir.path,
    });
    expect(kept.code).toBe(0);
  });

  it('during a bulk run drawing its progress: exit 130, the run listed as interrupted with its resume command', async () => {
    const input = join(dir.path, 'events.ndjson');
    const lines = Array.from({ length: 5000 }, (_, i) =>
      JSON.stringify({ customer: { source_id: `t-${i}` } }),
    );
    writeFileSync(input, `${lines.join('\n')}\n`);
    const argv = ['event', 'send', 'purchase_completed', '--input', input];
    // The progress line (done/total) is on screen: the run is under way.
    const run = await closeAtQuestion([...promo, ...argv], env, '/5000');
    expect(run).toEqual({ asked: true, code: 130 });
    const list = await runPromo(['runs', 'list', '-o', 'json'], { configDir: dir.path });
    const [shown] = JSON.parse(list.stdout);
    expect(shown).toMatchObject({ status: 'interrupted', unknown: 0, failed: 0 });
    expect(shown.done).toBeLessThan(5000);
    expect(shown.resume).toBe(`promo --profile sandbox ${argv.join(' ')} --resume ${shown.journal}`);
  });

  it('under a shell that ignores the hangup (promo sees only EIO): exit 130, no crash', async () => {
    const line = [...promo, 'campaign', 'delete', 'C8'].map((a) => `'${a}'`).join(' ');
    // The shell's exit code is promo's: the shell leads the session and ignores SIGHUP.
    const run = await closeAtQuestion(['sh', '-c', `trap '' HUP; ${line}; exit $?`], env, '(y/N)');
    expect(run).toEqual({ asked: true, code: 130 });
    dir.cleanup();
  });
});
