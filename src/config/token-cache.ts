// Cached OAuth tokens, per profile, endpoint, app id and scope set. A project may hold at most
// 1000 live tokens, so cron jobs must reuse them. The cache is only a cache: a file that cannot be
// read or parsed is a miss, never a failure. Issuing is serialised across processes by a lock, so
// that many processes started at once on a cold cache issue one token between them.
import { join } from 'node:path';
import type Conf from 'conf';
import { loadConf, loadLockfile } from '../lazy.js';
import { ensurePrivateDir, ensurePrivateFile } from './paths.js';

export interface CachedToken {
  access_token: string;
  client_id: string;
  scope: string;
  /** Unix seconds. */
  expires_at: number;
  token_type: string;
}

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

export class TokenCache {
  private conf?: Conf<CacheShape>;
  readonly warnings: string[] = [];

  constructor(readonly dir: string) {}

  get file(): string {
    return join(this.dir, 'tokens.json');
  }

  private async open(): Promise<Conf<CacheShape> | undefined> {
    if (this.conf) return this.conf;
    try {
      const { default: ConfClass } = await loadConf();
      const dirWarning = ensurePrivateDir(this.dir);
      if (dirWarning) this.warnings.push(dirWarning);
      const fileWarning = ensurePrivateFile(this.file);
      if (fileWarning) this.warnings.push(fileWarning);
      this.conf = new ConfClass<CacheShape>({
        cwd: this.dir,
        configName: 'tokens',
        configFileMode: 0o600,
        accessPropertiesByDotNotation: false,
        clearInvalidConfig: true,
      });
      return this.conf;
    } catch {
      return undefined;
    }
  }

  private async entries(): Promise<Record<string, CachedToken>> {
    const conf = await this.open();
    try {
      const tokens = conf?.store.tokens;
      return tokens && typeof tokens === 'object' ? tokens : {};
    } catch {
      return {};
    }
  }

  /** The cached token for this key if it still has more than a minute to live. */
  async get(key: TokenKey, nowMs: number): Promise<CachedToken | undefined> {
    const token = (await this.entries())[tokenKey(key)];
    if (!token || typeof token.access_token !== 'string' || typeof token.expires_at !== 'number')
      return undefined;
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
      conf.store = { tokens: live };
    } catch (error) {
      this.warnings.push(`could not save the token cache ${this.file}: ${(error as Error).message}`);
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
   * lock that goes stale after 10 s and is then taken over.
   */
  async withLock<T>(fn: () => Promise<T>): Promise<T> {
    // A CommonJS module: its functions sit on `default` once bundled.
    const lockfile = (await loadLockfile()).default;
    ensurePrivateDir(this.dir);
    const release = await lockfile.lock(this.file, {
      realpath: false,
      lockfilePath: join(this.dir, 'tokens.lock'),
      stale: 10_000,
      update: 2_000,
      retries: { retries: 200, factor: 1.2, minTimeout: 10, maxTimeout: 250, randomize: true },
    });
    try {
      return await fn();
    } finally {
      await release().catch(() => undefined);
    }
  }
}
