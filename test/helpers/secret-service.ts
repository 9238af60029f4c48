// A private Secret Service for the keychain tests: a D-Bus session of its own (dbus-daemon) and a
// gnome-keyring-daemon in it, its keyrings in a scratch home, unlocked with a throwaway password
// (or left locked). Never the user's session or keyring. Where the programs are missing the tests
// skip with one line; in CI (CI set) that is a failure instead (.ci/run installs them).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { tempDir } from './promo.js';

export const SECRET_SERVICE_PROGRAMS = ['dbus-daemon', 'gnome-keyring-daemon'];

export function missingPrograms(): string[] {
  return SECRET_SERVICE_PROGRAMS.filter(
    (program) => spawnSync('sh', ['-c', `command -v ${program}`]).status !== 0,
  );
}

export interface SecretService {
  /** The environment a promo run needs to reach it (and nothing of the user's). */
  env: Record<string, string>;
  stop(): void;
}

/** Starts a session bus and a keyring daemon in it; `unlocked: false` leaves the login keyring locked. */
export async function startSecretService({ unlocked = true } = {}): Promise<SecretService> {
  const home = tempDir('promo-keyring-');
  const bus: ChildProcess = spawn('dbus-daemon', ['--session', '--nofork', '--print-address=1'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const address = await new Promise<string>((resolve, reject) => {
    let text = '';
    bus.stdout!.on('data', (chunk) => {
      text += chunk;
      if (text.includes('\n')) resolve(text.trim());
    });
    bus.on('error', reject);
    bus.on('exit', (code) => reject(new Error(`dbus-daemon exited ${code}`)));
  });
  const env = {
    HOME: home.path,
    XDG_DATA_HOME: `${home.path}/data`,
    XDG_RUNTIME_DIR: home.path,
    DBUS_SESSION_BUS_ADDRESS: address,
  };
  const keyring = spawnSync(
    'gnome-keyring-daemon',
    unlocked ? ['--unlock', '--components=secrets'] : ['--start', '--components=secrets'],
    {
      env: { ...env, PATH: process.env.PATH },
      input: unlocked ? 'throwaway-password' : undefined,
      timeout: 10_000,
    },
  );
  if (keyring.status !== 0) throw new Error(`gnome-keyring-daemon failed: ${keyring.stderr}`);
  return {
    env,
    stop() {
      // The keyring daemon leaves when its session bus goes away.
      bus.kill();
      home.cleanup();
    },
  };
}
