// JSON on a terminal is indented and coloured, as jq and gh show it; with NO_COLOR or --no-color it
// is plain, and piped it is the same bytes as ever. The built bin under a pseudo-terminal.
import { spawn, spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, spawnPromo, tempDir } from '../helpers/promo.js';

const hasScript = spawnSync('script', ['--version']).status === 0;
const dir = tempDir();
afterAll(() => dir.cleanup());
const env = { PROMO_CONFIG_DIR: dir.path, PROMO_PROFILE: 'sandbox' };
const argv = ['templates', 'list', '--limit', '1', '--json', '--fields', 'id,name'];

function onTerminal(args: string[], extra: Record<string, string | undefined>): Promise<string> {
  return new Promise((resolve, reject) => {
    const command = [process.execPath, BIN, ...args].map((a) => `'${a}'`).join(' ');
    const { CI: _ci, NO_COLOR: _n, FORCE_COLOR: _f, ...inherited } = process.env;
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      env: { ...inherited, ...env, ...extra },
    });
    let screen = '';
    child.stdout.on('data', (d) => (screen += d));
    child.on('error', reject);
    child.on('close', () => resolve(screen.replace(/\r\n/g, '\n')));
  });
}

describe.skipIf(!hasScript)('JSON on a terminal', () => {
  it('is coloured: keys, strings and numbers each their own colour', async () => {
    const screen = await onTerminal(argv, {});
    expect(screen).toMatch(/\x1b\[34m"id"\x1b\[39m: \x1b\[32m"camptpl_\w+"\x1b\[39m/);
  });

  it('is plain with NO_COLOR or --no-color, and the same text as piped', async () => {
    const piped = await spawnPromo(argv, { env });
    for (const screen of [
      await onTerminal(argv, { NO_COLOR: '1' }),
      await onTerminal([...argv, '--no-color'], {}),
    ]) {
      expect(screen).not.toMatch(/\x1b\[/);
      expect(screen).toBe(piped.stdout);
    }
    expect(piped.stdout).not.toMatch(/\x1b\[/);
  });
});
