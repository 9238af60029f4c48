// The profile store: named sets of app credentials and endpoints, and which one is the default.
// One JSON file (mode 0600, written whole and renamed into place) in a directory of mode 0700;
// every change is a locked read-modify-write.
import { lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, errnoCode, PromoError, UsageError } from '../base/errors.js';
import { isObject } from '../base/json.js';
import { closeTo } from '../base/suggest.js';
import { acquireLock } from './lock.js';
import { describeFsError, ensurePrivateDir, ensurePrivateFile, writePrivateFile } from './paths.js';
import { SANDBOX_PROFILE } from './profile-name.js';

export interface Profile {
  app_id: string;
  /** In the file; absent when the token sits in the keychain (app_token_store). */
  app_token?: string;
  /** `keychain`: the token is in the operating system's keychain, under keychain_account. */
  app_token_store?: 'keychain';
  keychain_account?: string;
  cluster?: string;
  api_url?: string;
  /** Scopes promo asks for when it needs a bearer token by itself (default `api`). */
  scopes?: string[];
}

interface StoreShape {
  default_profile?: string;
  profiles?: Record<string, Profile>;
}

const LEFT_AS_IT_IS = 'promo left the file as it is: fix it by hand, or move it away to start afresh.';

function isProfile(value: unknown): boolean {
  const p = value as Partial<Profile> | null;
  if (!p || typeof p !== 'object' || typeof p.app_id !== 'string') return false;
  return p.app_token_store === 'keychain'
    ? typeof p.keychain_account === 'string'
    : typeof p.app_token === 'string';
}

export { checkProfileName, PROFILE_NAME, SANDBOX_PROFILE } from './profile-name.js';

export class ProfileStore {
  /** Warnings raised while opening (loose permissions fixed); the caller shows them. */
  readonly warnings: string[] = [];

  private constructor(readonly dir: string) {}

  static async open(dir: string): Promise<ProfileStore> {
    const store = new ProfileStore(dir);
    store.prepare();
    return store;
  }

  get path(): string {
    return join(this.dir, 'config.json');
  }

  private get lockPath(): string {
    return join(this.dir, 'config.lock');
  }

  private prepare(): void {
    refuseLink(this.path);
    let dirWarning: string | undefined;
    try {
      dirWarning = ensurePrivateDir(this.dir);
    } catch (error) {
      throw new ConfigError(`cannot create the config directory ${this.dir}: ${describeFsError(error)}`);
    }
    if (dirWarning) this.warnings.push(dirWarning);
    const fileWarning = ensurePrivateFile(this.path);
    if (fileWarning) this.warnings.push(fileWarning);
  }

  /** The store as it is on disk now (another process may have changed it since the last read). */
  private read(): StoreShape {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') return {};
      throw this.unreadable(describeFsError(error));
    }
    let store: unknown;
    try {
      store = JSON.parse(text);
    } catch (error) {
      throw this.unreadable((error as Error).message);
    }
    // Valid JSON of the wrong shape is as corrupt as invalid JSON, and is left alone just the same.
    if (!isObject(store)) throw this.unreadable(`it holds ${kindOf(store)}, not a promo profile store`);
    const { profiles, default_profile } = store;
    if (
      (profiles !== undefined && (!isObject(profiles) || !Object.values(profiles).every(isProfile))) ||
      (default_profile !== undefined && typeof default_profile !== 'string')
    ) {
      throw this.unreadable('it is not a promo profile store (unexpected shape)');
    }
    return store as StoreShape;
  }

  private unreadable(why: string): ConfigError {
    return new ConfigError(`cannot read the profile store ${this.path}: ${why}`, LEFT_AS_IT_IS);
  }

  /**
   * Reads, changes and writes the store under its cross-process lock, so that two processes
   * writing at once both keep their change.
   */
  private async update(change: (store: StoreShape) => StoreShape): Promise<void> {
    let release: () => Promise<void>;
    try {
      release = await acquireLock(this.path, { lockPath: this.lockPath, waitMs: PROFILE_LOCK_WAIT_MS });
    } catch (error) {
      if (errnoCode(error) === 'ELOCKED') {
        throw new ConfigError(
          `another promo process has held the profile store's lock ${this.lockPath} for over ${PROFILE_LOCK_WAIT_MS / 1000} s`,
          'If no promo is running, remove that directory.',
        );
      }
      throw this.unwritable(error);
    }
    try {
      refuseLink(this.path);
      const text = `${JSON.stringify(change(this.read()), null, '\t')}\n`;
      writePrivateFile(this.path, text);
    } catch (error) {
      // A change refused (a profile that does not exist) is no failure to write.
      throw error instanceof PromoError ? error : this.unwritable(error);
    } finally {
      await release().catch(() => undefined);
    }
  }

  private unwritable(error: unknown): ConfigError {
    return new ConfigError(
      `cannot save the profile store in ${this.dir}: ${describeFsError(error)}`,
      'Check that the directory is writable and the disk has room; the store was left as it was.',
    );
  }

  names(): string[] {
    return Object.keys(this.read().profiles ?? {}).sort();
  }

  get(name: string): Profile | undefined {
    return this.read().profiles?.[name];
  }

  defaultName(): string | undefined {
    return this.read().default_profile;
  }

  /** The profile `name` names, or else the default one, by its name: from one read of the store. */
  choose(name: string | undefined): { name: string | undefined; profile: Profile | undefined } {
    const store = this.read();
    const chosen = name ?? store.default_profile;
    return { name: chosen, profile: chosen === undefined ? undefined : store.profiles?.[chosen] };
  }

  save(name: string, profile: Profile, makeDefault: boolean): Promise<void> {
    return this.update((store) => {
      const profiles = { ...(store.profiles ?? {}), [name]: profile };
      const default_profile = makeDefault || !store.default_profile ? name : store.default_profile;
      return { ...store, profiles, default_profile };
    });
  }

  setDefault(name: string): Promise<void> {
    return this.update((store) => {
      if (!store.profiles?.[name] && name !== SANDBOX_PROFILE) throw unknownProfile(name, this.names());
      return { ...store, default_profile: name };
    });
  }

  remove(name: string): Promise<void> {
    return this.update((store) => {
      if (!store.profiles?.[name]) throw unknownProfile(name, this.names());
      const { [name]: _removed, ...profiles } = store.profiles;
      const next: StoreShape = { ...store, profiles };
      if (next.default_profile === name) delete next.default_profile;
      return next;
    });
  }
}

/** Writers wait this long for another's lock; a write takes milliseconds. */
const PROFILE_LOCK_WAIT_MS = 10_000;

/** Secrets are written only into a file of promo's own, never through a link to somewhere else. */
function refuseLink(file: string): void {
  let link = false;
  try {
    link = lstatSync(file).isSymbolicLink();
  } catch {
    return;
  }
  if (link) {
    throw new ConfigError(
      `${file} is a symbolic link; promo keeps app tokens only in a regular file of its own and does not follow it`,
      'Replace the link with the file it points to (or move it away to start afresh).',
    );
  }
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

/**
 * A profile name that names none: a usage error (exit 2) wherever the name came from (--profile,
 * PROMO_PROFILE, an argument), with the names it may have meant and every name there is.
 */
export function unknownProfile(name: string, known: string[]): UsageError {
  const all = [...known, SANDBOX_PROFILE];
  const close = closeTo(name, all);
  const message = `profile '${name}' does not exist${close.length ? `; did you mean ${close.map((n) => `'${n}'`).join(' or ')}?` : ''}`;
  return new UsageError(
    message,
    `Profiles: ${all.join(', ')} (built in). Create one with \`promo login\` or \`promo profile add\`.`,
  );
}
