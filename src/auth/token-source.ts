// Bearer tokens as promo obtains them by itself: from the profile's cache while they have more
// than a minute left, else issued once (under a cross-process lock) and cached.
import type { BearerSource } from '../api/client.js';
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

  /** A usable token: cached unless `fresh`; `fromCache` says which. */
  async token(scopes: string[], fresh: boolean): Promise<CachedToken & { fromCache: boolean }> {
    const key = this.key(scopes);
    if (!fresh) {
      const cached = await this.o.cache.get(key, this.o.now());
      if (cached) return this.seen({ ...cached, fromCache: true });
    }
    return this.o.cache.withLock(async () => {
      // Another process may have issued one while this one waited for the lock.
      if (!fresh) {
        const cached = await this.o.cache.get(key, this.o.now());
        if (cached) return this.seen({ ...cached, fromCache: true });
      }
      const issued = await this.o.issue(scopes);
      const token: CachedToken = {
        access_token: issued.access_token,
        client_id: issued.client_id,
        scope: issued.scope,
        expires_at: issued.expires_at,
        token_type: issued.token_type,
      };
      await this.o.cache.put(key, token, this.o.now());
      return this.seen({ ...token, fromCache: false });
    });
  }

  private seen<T extends CachedToken>(token: T): T {
    this.o.secrets.add(token.access_token);
    return token;
  }
}
