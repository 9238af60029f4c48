// Whether a profile's credentials work: one cheap read that creates nothing (one campaign template),
// with the app credentials. `login` and `profile add` check before saving, `promo status` reports.
import { ApiClient } from '../api/client.js';
import { ApiError, AuthError, UsageError } from '../base/errors.js';
import type { Profile } from '../config/profiles.js';
import { REAL_SECRET_LENGTH } from '../http/redact.js';
import { baseUrlFor, isLoopbackUrl } from '../runtime/globals.js';
import type { Runtime } from '../runtime/runtime.js';

/** Throws AuthError (exit 4) when the service refuses them; other failures (network) as they are. */
export async function checkCredentials(profile: Profile, rt: Runtime): Promise<void> {
  const baseUrl = baseUrlFor({ apiUrl: profile.api_url, cluster: profile.cluster });
  await readWith(baseUrl, profile.app_id, profile.app_token ?? '', rt);
}

/** The read itself, against `baseUrl`; an ApiError of 401/403 becomes an AuthError that says so. */
export async function readWith(baseUrl: string, appId: string, appToken: string, rt: Runtime): Promise<void> {
  const client = new ApiClient(baseUrl, { appId, appToken }, rt.transport());
  try {
    await client.call({ method: 'GET', path: '/v1/templates/campaigns', query: { limit: 1 }, auth: 'app' });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      throw new AuthError(
        `the service refused these credentials (HTTP ${error.status})`,
        'Check the app id and token in the dashboard (Project settings → API keys).',
      );
    }
    throw error;
  }
}

/**
 * The service's app tokens are UUIDs (36 characters). One much shorter is a typo or the wrong value,
 * and a secret that short could be found inside ordinary words of promo's output: redaction blanks
 * one that short only where it stands whole, and a longer one wherever it stands (http/redact.ts).
 */
export const MIN_APP_TOKEN_LENGTH = REAL_SECRET_LENGTH;

/**
 * Refuses an app token too short to be real (exit 2), naming where it came from; a local sandbox
 * (a loopback API URL) takes any token, its public default `sandbox` included.
 */
export function checkAppTokenLength(token: string, from: string, profile: Pick<Profile, 'api_url'>): void {
  if (token.length >= MIN_APP_TOKEN_LENGTH) return;
  if (profile.api_url && isLoopbackUrl(profile.api_url)) return;
  throw new UsageError(
    `the app token from ${from} is ${token.length} characters: too short to be an app token (they are 36, a UUID; at least ${MIN_APP_TOKEN_LENGTH} are needed)`,
    'Copy the whole token from the dashboard (Project settings → API keys); nothing was saved.',
  );
}
