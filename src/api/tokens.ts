// Bearer tokens as promo obtains them by itself: from the profile's cache while they have more
// than a minute left, else issued once (under a cross-process lock) and cached.
import type { CachedToken, TokenCache, TokenKey } from '../config/token-cache.js';
import { UsageError } from '../errors.js';
import type { SecretSet } from '../http/redact.js';
import type { ApiClient, BearerSource } from './client.js';
import { ALLOWED_SCOPES, issueToken } from './oauth.js';

export interface TokenSourceOptions {
  client: ApiClient;
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
      const issued = await issueToken(this.o.client, scopes);
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

/**
 * Scopes as a person types them: repeated (`--scope api --scope vouchers`), space-separated in one
 * argument, or several arguments. Commas are refused, as the service refuses them.
 */
export function parseScopes(values: string[], flag = '--scope'): string[] {
  const scopes: string[] = [];
  for (const value of values) {
    if (value.includes(',')) {
      throw new UsageError(
        `${flag}: scopes are separated by spaces, not commas: '${value}'`,
        `Write them as separate words: ${flag} ${value.split(',').filter(Boolean).join(' ')}`,
      );
    }
    for (const scope of value.split(/\s+/).filter(Boolean)) {
      if (!(ALLOWED_SCOPES as readonly string[]).includes(scope)) {
        const near = ALLOWED_SCOPES.filter((s) => s.startsWith(scope.slice(0, 3))).slice(0, 4);
        throw new UsageError(
          `${flag}: unknown scope '${scope}'`,
          near.length
            ? `Did you mean ${near.join(', ')}? `
            : 'See `promo token issue --help` for the allowed scopes.',
        );
      }
      if (!scopes.includes(scope)) scopes.push(scope);
    }
  }
  if (scopes.length === 0) throw new UsageError(`${flag} needs at least one scope, e.g. ${flag} api`);
  return scopes;
}
