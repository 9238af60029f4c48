// Whether a profile's credentials work: one cheap read that creates nothing (one campaign template),
// with the app credentials. `login` and `profile add` check before saving, `promo status` reports.
import { ApiClient } from '../api/client.js';
import { ApiError, AuthError } from '../base/errors.js';
import type { Profile } from '../config/profiles.js';
import { baseUrlFor } from '../runtime/globals.js';
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
