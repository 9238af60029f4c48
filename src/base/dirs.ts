// Where promo keeps its files: profiles in the config directory, cached tokens and code caches in
// the cache directory (safe to delete), the built-in sandbox's data in the state directory.
// bin/load-cached.js works out the cache directory the same way, before any bundle is loaded.
import { isAbsolute, join } from 'node:path';

export interface Dirs {
  config: string;
  cache: string;
  state: string;
}

type Env = Record<string, string | undefined>;

/** The XDG variable when it holds an absolute path (the specification says to ignore others). */
function xdg(env: Env, name: string, fallback: string): string {
  const value = env[name];
  return value && isAbsolute(value) ? value : fallback;
}

/**
 * The platform's directories for promo: XDG on Linux and other Unix systems; on macOS the Library
 * folders (Preferences is where promo's profiles have always been, as the conf library puts them);
 * on Windows the roaming and local application data folders.
 */
export function platformDirs(env: Env, platform = process.platform, home = userHome()): Dirs {
  if (platform === 'win32') {
    const roaming = env.APPDATA || join(home, 'AppData', 'Roaming');
    const local = env.LOCALAPPDATA || join(home, 'AppData', 'Local');
    return {
      config: join(roaming, 'promo', 'Config'),
      cache: join(local, 'promo', 'Cache'),
      state: join(local, 'promo', 'State'),
    };
  }
  if (platform === 'darwin') {
    const library = join(home, 'Library');
    return {
      config: join(library, 'Preferences', 'promo'),
      cache: join(library, 'Caches', 'promo'),
      state: join(library, 'Application Support', 'promo'),
    };
  }
  return {
    config: join(xdg(env, 'XDG_CONFIG_HOME', join(home, '.config')), 'promo'),
    cache: join(xdg(env, 'XDG_CACHE_HOME', join(home, '.cache')), 'promo'),
    state: join(xdg(env, 'XDG_STATE_HOME', join(home, '.local', 'state')), 'promo'),
  };
}

/**
 * The user's home: $HOME, as Node's os.homedir() reads it first (and bin/load-cached.js does);
 * node:os (~0.3 ms to load) only without one (Windows, a bare environment).
 */
function userHome(): string {
  return process.env.HOME || process.getBuiltinModule('node:os').homedir();
}

/**
 * The directories of this run: PROMO_CONFIG_DIR, when set, puts all three in that one place; the
 * platform's (or a function that works them out) are asked for only without it.
 */
export function promoDirs(env: Env, platform: Dirs | (() => Dirs) = () => platformDirs(env)): Dirs {
  const one = env.PROMO_CONFIG_DIR;
  if (one) return { config: one, cache: one, state: one };
  return typeof platform === 'function' ? platform() : platform;
}
