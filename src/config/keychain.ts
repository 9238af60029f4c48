// The operating system's keychain (macOS Keychain, Windows Credential Manager, the Secret Service
// of Linux desktops) through @napi-rs/keyring: an optional dependency with prebuilt binaries, loaded
// only when a secret is read or written there, never bundled (it is native code). Where it cannot
// be reached (no D-Bus session, a locked or absent keyring, the package not installed), every call
// fails with KeychainUnavailable, which says why; callers fall back or explain.

/** Where promo's entries sit in the keychain: this service, one account per profile and config dir. */
export const KEYCHAIN_SERVICE = 'promo-cli';

interface KeyringEntry {
  getPassword(): string | null | undefined;
  setPassword(password: string): void;
  deletePassword(): boolean;
}
interface KeyringModule {
  Entry: new (service: string, account: string) => KeyringEntry;
}

export class KeychainUnavailable extends Error {}

let loaded: KeyringModule | KeychainUnavailable | undefined;

function keyring(env: NodeJS.ProcessEnv): KeyringModule {
  // Without a session bus there is no Secret Service to ask: say so without loading anything.
  if (process.platform === 'linux' && !env.DBUS_SESSION_BUS_ADDRESS)
    throw new KeychainUnavailable('no D-Bus session (DBUS_SESSION_BUS_ADDRESS is not set)');
  if (loaded === undefined) {
    try {
      // The bundle is CommonJS and has `require`; as an ES module (tests) it makes one. node:module
      // only then: every command that reads a profile loads this file, and node:module brings
      // Node's ES module loader with it (~0.3 ms on Node 20).
      const load: NodeRequire =
        typeof require === 'function'
          ? require
          : process.getBuiltinModule('node:module').createRequire((import.meta as { url: string }).url);
      loaded = load('@napi-rs/keyring') as KeyringModule;
    } catch (error) {
      loaded = new KeychainUnavailable(
        `the keychain package @napi-rs/keyring is not installed (${(error as Error).message.split('\n')[0]})`,
      );
    }
  }
  if (loaded instanceof KeychainUnavailable) throw loaded;
  return loaded;
}

function entry(account: string, env: NodeJS.ProcessEnv): KeyringEntry {
  return new (keyring(env).Entry)(KEYCHAIN_SERVICE, account);
}

/** A failure of the keychain itself (locked, no service, refused) as one line. */
function unavailable(error: unknown): KeychainUnavailable {
  if (error instanceof KeychainUnavailable) return error;
  const text = String((error as Error)?.message ?? error).split('\n')[0]!;
  return new KeychainUnavailable(text.replace(/^Couldn't access platform storage: /, ''));
}

export function keychainGet(account: string, env: NodeJS.ProcessEnv): string | undefined {
  try {
    return entry(account, env).getPassword() ?? undefined;
  } catch (error) {
    throw unavailable(error);
  }
}

export function keychainSet(account: string, secret: string, env: NodeJS.ProcessEnv): void {
  try {
    entry(account, env).setPassword(secret);
  } catch (error) {
    throw unavailable(error);
  }
}

/** True when there was an entry to delete. */
export function keychainDelete(account: string, env: NodeJS.ProcessEnv): boolean {
  try {
    return entry(account, env).deletePassword();
  } catch (error) {
    throw unavailable(error);
  }
}
