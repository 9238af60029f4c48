// Cached OAuth tokens, per profile, endpoint, app id and scope set. A project may hold at most
// 1000 live tokens, so cron jobs must reuse them. The cache is only a cache: a file that cannot be
// read or parsed is a miss, never a failure. Issuing is serialised across processes by a lock, so
// that many processes started at once on a cold cache issue one token between them.
import { lstatSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type Conf from 'conf';
import type { BearerToken } from '../api/client.js';
import { errnoCode, InterruptedError } from '../base/errors.js';
import { loadConf } from '../base/lazy.js';
import { acquireLock } from './lock.js';
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
  /** How long to wait for another process issuing a token: longer than its issuing may take. */
  lockWaitMs?: number;
  /** Ends a wait for the lock (Ctrl-C). */
  signal?: AbortSignal;
}

export class TokenCache {
  private conf?: Conf<CacheShape>;
  private opened = false;
  private tightened = false;

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
      this.tightenOnce();
      this.conf = make();
    } catch (error) {
      // Unreadable (mode 000, another owner, a directory): a cache that can never be read would
      // issue a token on every run, so it is replaced; the directory is ours (0700).
      const why = errnoCode(error) ?? (error as Error).message;
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

  /** A link in the cache's place would have promo write tokens wherever it points: it goes. */
  private unlink(): void {
    try {
      if (!lstatSync(this.file).isSymbolicLink()) return;
      rmSync(this.file);
      this.warn(
        `the token cache ${this.file} was a symbolic link; promo removed the link and keeps its own file.`,
      );
    } catch {
      // Absent: nothing to do. Unremovable: the write that follows fails, and says so.
    }
  }

  /** The clean-up below, once a run: a read and the write after it need it only once. */
  private tightenOnce(): void {
    if (this.tightened) return;
    this.tightened = true;
    this.tighten();
  }

  private tighten(): void {
    this.unlink();
    const dirWarning = ensurePrivateDir(this.dir);
    if (dirWarning) this.warn(dirWarning);
    const fileWarning = ensurePrivateFile(this.file);
    if (fileWarning) this.warn(fileWarning);
  }

  /**
   * The valid entries; anything unreadable or malformed counts as absent. Read with fs, not conf:
   * a run that reuses a cached token (most runs) then never loads conf, which only writes.
   */
  private async entries(): Promise<Record<string, CachedToken>> {
    try {
      this.tightenOnce();
    } catch {
      // What cannot be fixed here is a miss; a write later replaces the file, and says so.
    }
    let tokens: unknown;
    try {
      tokens = (JSON.parse(readFileSync(this.file, 'utf8')) as CacheShape | null)?.tokens;
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
    return (await this.live(profile, nowMs))[0]?.token;
  }

  /** A profile's unexpired tokens with their scopes (sorted, space-joined), the latest first. */
  async live(profile: string, nowMs: number): Promise<{ scopes: string; token: CachedToken }[]> {
    return Object.entries(await this.entries())
      .filter(([k, t]) => k.startsWith(`${profile}|`) && t.expires_at > nowMs / 1000)
      .map(([k, token]) => ({ scopes: k.split('|').at(-1)!, token }))
      .sort((a, b) => b.token.expires_at - a.token.expires_at);
  }

  /** Stores a token and drops the expired ones; says whether it was saved. A failed write only costs a future cache miss. */
  async put(key: TokenKey, token: CachedToken, nowMs: number): Promise<boolean> {
    const conf = await this.open();
    if (!conf) return false;
    const live = Object.fromEntries(
      Object.entries(await this.entries()).filter(([, t]) => t.expires_at > nowMs / 1000),
    );
    live[tokenKey(key)] = token;
    try {
      // conf writes to a temporary file and renames it: a reader sees the old file or the new one.
      conf.store = { tokens: live };
      return true;
    } catch (error) {
      this.warn(`could not save the token cache ${this.file}: ${(error as Error).message}`);
      return false;
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
   * lock that goes stale after STALE_LOCK_MS and is then taken over; a live one is waited for as
   * long as its own issuing may take (`lockWaitMs`). A lock that cannot be taken at all (read-only
   * directory, a holder stuck beyond that) does not fail the command: it runs unlocked, at the cost
   * of perhaps one more token.
   */
  async withLock<T>(fn: () => Promise<T>): Promise<T> {
    let release: (() => Promise<void>) | undefined;
    try {
      this.tightenOnce();
      release = await acquireLock(this.file, {
        lockPath: this.lockPath,
        waitMs: this.tell.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS,
        signal: this.tell.signal,
        trace: this.tell.trace,
      });
    } catch (error) {
      if (error instanceof InterruptedError) throw error;
      this.warn(
        `could not lock the token cache (${errnoCode(error) ?? (error as Error).message}); going on without the lock.`,
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

/** The wait for another process's lock when the run says nothing of its own timeouts. */
const DEFAULT_LOCK_WAIT_MS = 30_000;

function isCachedToken(value: unknown): value is CachedToken {
  const t = value as Partial<CachedToken> | null;
  return (
    !!t &&
    typeof t === 'object' &&
    typeof t.access_token === 'string' &&
    // What could not travel in an Authorization header (CR/LF, control or non-ASCII characters)
    // was not written by promo: a miss, not an error.
    /^[\x21-\x7e]+$/.test(t.access_token) &&
    typeof t.scope === 'string' &&
    typeof t.expires_at === 'number' &&
    Number.isFinite(t.expires_at)
  );
}
