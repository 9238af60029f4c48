// What the completion tests share: a scratch directory with the built bin on a PATH of its own, a
// profile store holding one saved profile (with a secret completion must never read out), and a
// folder of files to complete; and a check for a shell being installed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, tempDir } from './promo.js';

export function completionScratch(prefix: string) {
  const dir = tempDir(prefix);
  const config = join(dir.path, 'config');
  const bin = join(dir.path, 'bin');
  const files = join(dir.path, 'files');
  for (const folder of [config, bin, files]) mkdirSync(folder);
  symlinkSync(BIN, join(bin, 'promo'));
  writeFileSync(join(files, 'vouchers.csv'), 'code\n');
  writeFileSync(join(files, 'voucher.json'), '{}\n');
  writeFileSync(join(files, 'notes.txt'), '');
  writeFileSync(
    join(config, 'config.json'),
    JSON.stringify({ profiles: { prod: { app_id: 'app-1', app_token: 'TOKEN-SECRET-1' } } }),
    { mode: 0o600 },
  );
  const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, PROMO_CONFIG_DIR: config };
  return { dir, config, bin, files, env };
}

/**
 * Whether `shell` is installed. Where it is not, its tests skip with one line, except in CI (CI
 * set), which has every shell (.ci/run installs them): there a missing one fails the run.
 */
export function hasShell(shell: string): boolean {
  if (spawnSync(shell, ['-c', 'exit 0']).status === 0) return true;
  if (process.env.CI) throw new Error(`the completion tests need ${shell} in CI (.ci/run installs it)`);
  return false;
}
