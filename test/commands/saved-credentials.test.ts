// A profile whose saved credentials do not work (refused by the service, or in a keychain out of
// reach) is exit 4 naming the profile, with the command that saves them again: complete (the
// profile's API URL with it), so that run as printed it checks against the same service and works.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN } from '../helpers/promo.js';
import { APP_ID, APP_TOKEN, useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();
const errorOf = (stderr: string) => JSON.parse(stderr.trim().split('\n').at(-1)!).error;

/**
 * Runs a command line a hint printed, in bash as a person would paste it, with `promo` the built
 * bin. Asynchronously: the sandbox answering it runs in this process.
 */
function runAsPrinted(command: string, stdin: string): Promise<{ status: number | null; stderr: string }> {
  const script = `promo() { "${process.execPath}" "${BIN}" "$@"; }\n${command}`;
  const child = spawn('bash', ['-c', script], {
    env: {
      PATH: process.env.PATH,
      PROMO_CONFIG_DIR: fx.configDir,
      PROMO_SECRET_STORE: 'file',
      NO_COLOR: '1',
    },
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.stdin.end(stdin);
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stderr })));
}

/** The command a hint ends with (after its last ': '). */
const commandIn = (hint: string) => /(promo profile add .*)$/.exec(hint)?.[1];

const addUnchecked = (name: string, token: string) =>
  fx.run(
    [
      'profile',
      'add',
      name,
      '--no-check',
      '--app-id',
      APP_ID,
      '--app-token-stdin',
      '--api-url',
      fx.sandbox.url,
    ],
    {
      stdin: `${token}\n`,
    },
  );

describe('saved credentials that do not work', () => {
  it('a token saved with --no-check and refused: exit 4, the profile named, and a fix that works as printed', async () => {
    expect((await addUnchecked('typo', 'not-the-token-0000')).code).toBe(0);
    const refused = await fx.run(['-p', 'typo', 'voucher', 'list']);
    expect(refused.code).toBe(4);
    const error = errorOf(refused.stderr);
    expect(error.hint).toContain("profile 'typo'");
    const fix = commandIn(error.hint);
    expect(fix).toBe(
      `promo profile add typo --app-id ${APP_ID} --app-token-stdin --api-url ${fx.sandbox.url}`,
    );
    const fixed = await runAsPrinted(fix!, `${APP_TOKEN}\n`);
    expect(fixed.status, fixed.stderr).toBe(0);
    expect((await fx.run(['-p', 'typo', 'voucher', 'list'])).code).toBe(0);
  });

  it('promo status on refused credentials says they were checked and refused', async () => {
    expect((await addUnchecked('refused', 'not-the-token-0000')).code).toBe(0);
    const status = await fx.run(['-p', 'refused', 'status', '-o', 'table']);
    expect(status.code).toBe(4);
    const line = status.stdout.split('\n').find((l) => l.startsWith('Credentials'));
    expect(line).toMatch(/checked: refused by the service \(HTTP 401\)/);
    expect(line).not.toContain('not checked');
    // What to do, under the table: the profile's own fix.
    expect(status.stderr.replace(/\s*\n\s*/g, ' ')).toContain('promo profile add refused --app-id');
  });

  it('a token in a keychain out of reach: the fix names the profile API URL and works as printed', async () => {
    expect((await addUnchecked('kc', APP_TOKEN)).code).toBe(0);
    // The profile as a keychain profile leaves it: its token in an entry of a keychain that is not here.
    const file = join(fx.configDir, 'config.json');
    const store = JSON.parse(readFileSync(file, 'utf8'));
    const { app_token: _, ...rest } = store.profiles.kc;
    store.profiles.kc = { ...rest, app_token_store: 'keychain', keychain_account: 'kc@000000000000' };
    writeFileSync(file, JSON.stringify(store));
    const away = await fx.run(['-p', 'kc', 'voucher', 'list'], { env: { DBUS_SESSION_BUS_ADDRESS: '' } });
    expect(away.code).toBe(4);
    const fix = commandIn(errorOf(away.stderr).hint);
    expect(fix).toBe(
      `promo profile add kc --app-id ${APP_ID} --app-token-stdin --api-url ${fx.sandbox.url} --insecure-storage`,
    );
    const fixed = await runAsPrinted(fix!, `${APP_TOKEN}\n`);
    expect(fixed.status, fixed.stderr).toBe(0);
    expect((await fx.run(['-p', 'kc', 'voucher', 'list'])).code).toBe(0);
  });
});
