// The command line `promo sandbox` prints to try it works as printed, with the credentials the
// sandbox was given (a token of one's own included), even when the default profile is the
// built-in sandbox. The built bin, in a shell as a person pastes it.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, spawnPromo, tempDir } from '../helpers/promo.js';

const run = promisify(execFile);
let server: ChildProcess | undefined;
afterEach(() => {
  server?.kill('SIGINT');
  server = undefined;
});

/** Starts `promo sandbox ARGS` and resolves with the command line of its start-up notice. */
function startAndReadTryLine(args: string[], env: Record<string, string>): Promise<string> {
  server = spawn(process.execPath, [BIN, 'sandbox', '--port', '0', ...args], {
    env: { ...process.env, ...env, NO_COLOR: '1' },
  });
  return new Promise((resolve, reject) => {
    let stderr = '';
    server!.stderr!.on('data', (d) => {
      stderr += d;
      // Piped, stderr carries JSON lines: the notice is read as a program reads it.
      for (const line of stderr.split('\n')) {
        let notice: string | undefined;
        try {
          notice = JSON.parse(line).notice;
        } catch {
          continue; // a line not written whole yet, or not JSON
        }
        const found = notice && /Try: (.*?) {2}Stop with Ctrl-C\./.exec(notice);
        if (found) resolve(found[1]!);
      }
    });
    server!.on('exit', (code) => reject(new Error(`sandbox exited ${code}: ${stderr}`)));
  });
}

/** Runs the printed line in sh, `promo` being the built bin, from a fresh config directory. */
async function runPrinted(line: string, configDir: string) {
  const shim = `promo() { "${process.execPath}" "${BIN}" "$@"; }; `;
  return run('sh', ['-c', shim + line], {
    env: { PATH: process.env.PATH ?? '', HOME: configDir, PROMO_CONFIG_DIR: configDir, NO_COLOR: '1' },
  });
}

describe('the command line promo sandbox prints', () => {
  it('works with credentials of its own, also where the default profile is the built-in sandbox', async () => {
    const dir = tempDir();
    try {
      const line = await startAndReadTryLine(['--app-id', 'my-app', '--app-token', "tok en'1"], {
        PROMO_CONFIG_DIR: dir.path,
      });
      expect(line).toContain('PROMO_APP_ID=my-app');
      const first = await runPrinted(line, dir.path);
      expect(JSON.parse(first.stdout)).toEqual([]);
      expect(
        (await spawnPromo(['profile', 'use', 'sandbox'], { env: { PROMO_CONFIG_DIR: dir.path } })).code,
      ).toBe(0);
      const again = await runPrinted(line, dir.path);
      expect(JSON.parse(again.stdout)).toEqual([]);
    } finally {
      dir.cleanup();
    }
  });

  it('works with the default credentials', async () => {
    const dir = tempDir();
    try {
      const line = await startAndReadTryLine([], { PROMO_CONFIG_DIR: dir.path });
      expect(line).toContain('--profile sandbox');
      const done = await runPrinted(line, dir.path);
      expect(Array.isArray(JSON.parse(done.stdout))).toBe(true);
    } finally {
      dir.cleanup();
    }
  });
});
