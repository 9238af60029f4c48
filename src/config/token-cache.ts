// Cached OAuth tokens, per profile, endpoint, app id and scope set. A project may hold at most
// 1000 live tokens, so cron jobs must reuse them. The cache is only a cache: a file that cannot be
// read or parsed is a miss, never a failure. Issuing is serialised across processes by a lock, so
// that many processes started at once on a cold cache issue one token between them.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type Conf from 'conf';
import type { BearerToken } from '../api/client.js';
import { loadConf, loadLockfile } from '../lazy.js';
import { ensurePrivateDir, ensurePrivateFile } from './paths.js';

export type CachedToken = BearerToken;

interface CacheShape {
  tokens?: Record<string, CachedToken>;
}

export interface TokenKey {
  profile: string;
  baseUrl: string;
  appId: string;
  scopes: string[];
}

/** A token is reused while it has more than this left. */
export const MIN_REMAINING_SECONDS = 60;

export function tokenKey(key: TokenKey): string {
  return [key.profile, key.baseUrl, key.appId, [...key.scopes].sort().join(' ')].join('|');
}

/** Who hears what the cache has to say. */
export interface TokenCacheListener {
  /** What the user should know: permissions fixed, a cache replaced, a lock not taken. */
  warn?(message: string): void;
  /** --debug lines. */
  trace?(line: string): void;
}

export class TokenCache {
  private conf?: Conf<CacheShape>;
  private opened = false;

  private readonly warn: (message: string) => void;

  constructor(
    readonly dir: string,
    private readonly tell: TokenCacheListener = {},
  ) {
    this.warn = (message) => tell.warn?.(message);
  }

  get file(): string {
    return join(this.dir, 'tokens.json');
  }

  private async open(): Promise<Conf<CacheShape> | undefined> {
    if (this.opened) return this.conf;
    this.opened = true;
    const { default: ConfClass } = await loadConf();
    const make = () =>
      new ConfClass<CacheShape>({
        cwd: this.dir,
        configName: 'tokens',
        configFileMode: 0o600,
        accessPropertiesByDotNotation: false,
        // Unparsable JSON reads as empty, and the next write replaces it.
        clearInvalidConfig: true,
      });
    try {
      this.tighten();
      this.conf = make();
    } catch (error) {
      // Unreadable (mode 000, another owner, a directory): a cache that can never be read would
      // issue a token on every run, so it is replaced; the directory is ours (0700).
      const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      try {
        rmSync(this.file, { force: true });
        this.conf = make();
        this.warn(`could not read the token cache ${this.file} (${why}); replaced it with an empty one.`);
      } catch {
        this.warn(`could not read the token cache ${this.file} (${why}); tokens are not cached this run.`);
      }
    }
    return this.conf;
  }

  private tighten(): void {
    const dirWarning = ensurePrivateDir(this.dir);
    if (dirWarning) this.warn(dirWarning);
    const fileWarning = ensurePrivateFile(this.file);
    if (fileWarning) this.warn(fileWarning);
  }

  /** The valid entries; anything unreadable or malformed counts as absent. */
  private async entries(): Promise<Record<string, CachedToken>> {
    const conf = await this.open();
    let tokens: unknown;
    try {
      tokens = conf?.store.tokens;
    } catch {
      return {};
    }
    if (!tokens || typeof tokens !== 'object') return {};
    return Object.fromEntries(Object.entries(tokens).filter(([, t]) => isCachedToken(t)));
  }

  /** The cached token for this key if it still has more than a minute to live. */
  async get(key: TokenKey, nowMs: number): Promise<CachedToken | undefined> {
    const token = (await this.entries())[tokenKey(key)];
    if (!token) return undefined;
    return token.expires_at - nowMs / 1000 > MIN_REMAINING_SECONDS ? token : undefined;
  }

  /** The most recently issued token of a profile that has not expired, whatever its scopes. */
  async latest(profile: string, nowMs: number): Promise<CachedToken | undefined> {
    const entries = Object.entries(await this.entries())
      .filter(([k, t]) => k.startsWith(`${profile}|`) && t.expires_at > nowMs / 1000)
      .map(([, t]) => t);
    return entries.sort((a, b) => b.expires_at - a.expires_at)[0];
  }

  /** Stores a token and drops the expired ones. A failed write only costs a future cache miss. */
  async put(key: TokenKey, token: CachedToken, nowMs: number): Promise<void> {
    const conf = await this.open();
    if (!conf) return;
    const live = Object.fromEntries(
      Object.entries(await this.entries()).filter(([, t]) => t.expires_at > nowMs / 1000),
    );
    live[tokenKey(key)] = token;
    try {
      // conf writes to a temporary file and renames it: a reader sees the old file or the new one.
      conf.store = { tokens: live };
    } catch (error) {
      this.warn(`could not save the token cache ${this.file}: ${(error as Error).message}`);
    }
  }

  /** Forgets a token the service no longer accepts. */
  async drop(key: TokenKey): Promise<void> {
    const conf = await this.open();
    if (!conf) return;
    const entries = { ...(await this.entries()) };
    delete entries[tokenKey(key)];
    try {
      conf.store = { tokens: entries };
    } catch {
      // A stale entry left behind is re-checked by the service next time.
    }
  }

  /**
   * Runs `fn` while holding the cross-process lock on the cache. A holder that crashed leaves a
   * lock that goes stale after STALE_LOCK_MS and is then taken over. A lock that cannot be taken
   * at all (read-only directory, a holder stuck for longer than the wait) does not fail the
   * command: it runs unlocked, at the cost of perhaps one more token.
   */
  async withLock<T>(fn: () => Promise<T>): Promise<T> {
    // A CommonJS module: its functions sit on `default` once bundled.
    const lockfile = (await loadLockfile()).default;
    let release: (() => Promise<void>) | undefined;
    const options = {
      realpath: false,
      lockfilePath: this.lockPath,
      stale: STALE_LOCK_MS,
      update: STALE_LOCK_MS / 5,
      // Losing the lock (its directory removed, the clock jumped) only risks one more token.
      onCompromised: () => undefined,
    };
    try {
      this.tighten();
      release = await lockfile.lock(this.file, { ...options, retries: 0 }).catch((error) => {
        if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
        this.tell.trace?.(`* the token cache is locked by another process (${this.lockPath}): waiting`);
        // About 30 s of waiting in all, polling at most every 250 ms.
        const retries = { retries: 120, factor: 1.2, minTimeout: 10, maxTimeout: 250, randomize: true };
        return lockfile.lock(this.file, { ...options, retries });
      });
    } catch (error) {
      this.warn(
        `could not lock the token cache (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); going on without the lock.`,
      );
    }
    try {
      return await fn();
    } finally {
      await release?.().catch(() => undefined);
    }
  }

  get lockPath(): string {
    return join(this.dir, 'tokens.lock');
  }
}

/** A lock older than this (its holder refreshes it every STALE_LOCK_MS / 5) belongs to a crashed process. */
export const STALE_LOCK_MS = 10_000;

function isCachedToken(value: unknown): value is CachedToken {
  const t = value as Partial<CachedToken> | null;
  return (
    !!t &&
    typeof t === 'object' &&
    typeof t.access_token === 'string' &&
    t.access_token !== '' &&
    typeof t.expires_at === 'number' &&
    Number.isFinite(t.expires_at)
  );
}
