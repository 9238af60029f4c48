// The profile store: named sets of app credentials and endpoints, and which one is the default.
// Backed by conf (atomic writes, mode 0600) in a directory of mode 0700.
import type Conf from 'conf';
import { AuthError, ConfigError, UsageError } from '../errors.js';
import { isObject } from '../json.js';
import { loadConf } from '../lazy.js';
import { ensurePrivateDir, ensurePrivateFile } from './paths.js';

export interface Profile {
  app_id: string;
  app_token: string;
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
  return !!p && typeof p === 'object' && typeof p.app_id === 'string' && typeof p.app_token === 'string';
}

/** The profile that needs no credentials: a local imitation of the service. */
export const SANDBOX_PROFILE = 'sandbox';

export const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export function checkProfileName(name: string): string {
  if (!PROFILE_NAME.test(name)) {
    throw new UsageError(
      `invalid profile name '${name}': use 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit`,
    );
  }
  return name;
}

export class ProfileStore {
  private conf?: Conf<StoreShape>;
  /** Warnings raised while opening (loose permissions fixed); the caller shows them. */
  readonly warnings: string[] = [];

  private constructor(readonly dir: string) {}

  static async open(dir: string): Promise<ProfileStore> {
    const store = new ProfileStore(dir);
    await store.load();
    return store;
  }

  get path(): string {
    return this.conf!.path;
  }

  private async load(): Promise<void> {
    const { default: ConfClass } = await loadConf();
    const dirWarning = ensurePrivateDir(this.dir);
    if (dirWarning) this.warnings.push(dirWarning);
    const file = `${this.dir}/config.json`;
    const fileWarning = ensurePrivateFile(file);
    if (fileWarning) this.warnings.push(fileWarning);
    try {
      this.conf = new ConfClass<StoreShape>({
        cwd: this.dir,
        configName: 'config',
        configFileMode: 0o600,
        accessPropertiesByDotNotation: false,
        clearInvalidConfig: false,
      });
    } catch (error) {
      throw new ConfigError(
        `cannot read the profile store ${file}: ${(error as Error).message}`,
        LEFT_AS_IT_IS,
      );
    }
  }

  private read(): StoreShape {
    let store: StoreShape;
    try {
      store = this.conf!.store;
    } catch (error) {
      throw new ConfigError(
        `cannot read the profile store ${this.path}: ${(error as Error).message}`,
        LEFT_AS_IT_IS,
      );
    }
    // Valid JSON of the wrong shape is as corrupt as invalid JSON, and is left alone just the same.
    const { profiles, default_profile } = store as Record<string, unknown>;
    if (
      (profiles !== undefined &&
        (!isObject(profiles) || !Object.values(profiles as object).every(isProfile))) ||
      (default_profile !== undefined && typeof default_profile !== 'string')
    ) {
      throw new ConfigError(
        `cannot read the profile store ${this.path}: it is not a promo profile store (unexpected shape)`,
        LEFT_AS_IT_IS,
      );
    }
    return store;
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

  save(name: string, profile: Profile, makeDefault: boolean): void {
    const store = this.read();
    const profiles = { ...(store.profiles ?? {}), [name]: profile };
    const default_profile = makeDefault || !store.default_profile ? name : store.default_profile;
    this.conf!.store = { ...store, profiles, default_profile };
  }

  setDefault(name: string): void {
    const store = this.read();
    if (!store.profiles?.[name] && name !== SANDBOX_PROFILE) throw unknownProfile(name, this.names());
    this.conf!.store = { ...store, default_profile: name };
  }

  remove(name: string): void {
    const store = this.read();
    if (!store.profiles?.[name]) throw unknownProfile(name, this.names());
    const { [name]: _removed, ...profiles } = store.profiles;
    const next: StoreShape = { ...store, profiles };
    if (next.default_profile === name) delete next.default_profile;
    this.conf!.store = next;
  }
}

/** A profile named on the command line that the store does not hold; as a credential source it is exit 4. */
export function unknownProfile(name: string, known: string[], asCredentials = false): UsageError | AuthError {
  const list = known.length ? `known profiles: ${known.join(', ')}` : 'no profiles are configured yet';
  const message = `profile '${name}' does not exist (${list})`;
  const hint =
    'Create it with `promo login` or `promo profile add`, or try the built-in `--profile sandbox`.';
  return asCredentials ? new AuthError(message, hint) : new UsageError(message, hint);
}
