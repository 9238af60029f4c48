// Bearer tokens as promo obtains them by itself: from the profile's cache while they have more
// than a minute left, else issued once (under a cross-process lock) and cached.
import type { BearerSource, SourcedToken, TokenWanted } from '../api/client.js';
import type { OAuthToken } from '../api/oauth.js';
import type { CachedToken, TokenCache, TokenKey } from '../config/token-cache.js';
import type { SecretSet } from '../http/redact.js';

export interface TokenSourceOptions {
  /** Issues a new token with the app credentials (the service's OAuth endpoint). */
  issue(scopes: string[]): Promise<OAuthToken>;
  cache: TokenCache;
  profile: string;
  /** Identifies the endpoint in the cache; stable across runs (the built-in sandbox's port is not). */
  endpoint: string;
  appId: string;
  now: () => number;
  secrets: SecretSet;
}

export class CachedTokenSource implements BearerSource {
  constructor(private readonly o: TokenSourceOptions) {}

  private key(scopes: string[]): TokenKey {
    return { profile: this.o.profile, baseUrl: this.o.endpoint, appId: this.o.appId, scopes };
  }

  /**
   * A usable token: the cached one, unless `fresh` (always issue) or it is `rejected` (the service
   * answered 401 to it); `fromCache` says which, `saved` whether a new one could be cached.
   */
  async token(scopes: string[], want: TokenWanted = {}): Promise<SourcedToken> {
    const key = this.key(scopes);
    const usable = async () => {
      if (want.fresh) return undefined;
      const cached = await this.o.cache.get(key, this.o.now());
      return cached && cached.access_token !== want.rejected ? cached : undefined;
    };
    // After a 401 the cache is read again under the lock only: every process that met the same
    // revoked token would otherwise issue one of its own.
    const cached = want.rejected === undefined ? await usable() : undefined;
    if (cached) return this.seen({ ...cached, fromCache: true, saved: true });
    return this.o.cache.withLock(async () => {
      // Another process may have issued one while this one waited for the lock.
      const cached = await usable();
      if (cached) return this.seen({ ...cached, fromCache: true, saved: true });
      const issued = await this.o.issue(scopes);
      const token: CachedToken = {
        access_token: issued.access_token,
        client_id: issued.client_id,
        scope: issued.scope,
        expires_at: issued.expires_at,
        token_type: issued.token_type,
      };
      const saved = await this.o.cache.put(key, token, this.o.now());
      return this.seen({ ...token, fromCache: false, saved });
    });
  }

  private seen<T extends CachedToken>(token: T): T {
    this.o.secrets.add(token.access_token);
    return token;
  }
}
