// Which account a command talks to: the profile (flag, PROMO_PROFILE, the default), its endpoint
// (flag, environment, profile, default cluster) and its credentials (environment, then profile).

import type { Context } from '../base/context.js';
import { AuthError } from '../base/errors.js';
import { type Profile, type ProfileStore, SANDBOX_PROFILE, unknownProfile } from '../config/profiles.js';
import { saveAgainCommand } from '../config/save-again.js';
import { profileCredentials } from '../config/secrets.js';
import { baseUrlFor, checkApiUrl, checkCluster, type Globals } from './globals.js';

export interface Target {
  /** Profile name, or `env` when only PROMO_APP_ID/PROMO_APP_TOKEN are set. */
  profile: string;
  /** Undefined for the built-in sandbox until it is started. */
  baseUrl?: string;
  credentials?: { appId: string; appToken: string };
  /** Scopes of the bearer tokens promo asks for by itself. */
  scopes: string[];
  /** The built-in sandbox, served in-process from the config directory. */
  embedded: boolean;
  /** What to do when the service refuses the credentials: whose they are, and how to mend them. */
  refusedHint?: string;
}

export const SANDBOX_CREDENTIALS = { appId: 'sandbox', appToken: 'sandbox' };

export function resolveTarget(globals: Globals, env: Context['env'], store: ProfileStore): Target {
  // One read of the store gives the default's name and the profile; none for --profile sandbox.
  const chosen = globals.profile === SANDBOX_PROFILE ? undefined : store.choose(globals.profile);
  const name = globals.profile ?? chosen?.name;
  if (name === SANDBOX_PROFILE) {
    return {
      profile: SANDBOX_PROFILE,
      baseUrl: globals.endpoint ? baseUrlFor(globals.endpoint) : undefined,
      // A sandbox served with credentials of its own (promo sandbox --app-id … --app-token …) is
      // reached with them from the environment, even when the default profile is this one.
      credentials: (globals.endpoint && envCredentials(env)) || SANDBOX_CREDENTIALS,
      scopes: ['api'],
      embedded: !globals.endpoint,
    };
  }
  const fromEnv = envCredentials(env);
  if (name === undefined) {
    if (!fromEnv) {
      // The built-in sandbox is always there, so "no profile" is never true: what is missing is
      // the choice of one (none is the default until `promo profile use` or the first profile saved).
      const names = store.names();
      if (names.length > 0) {
        throw new AuthError(
          'no default profile',
          `Choose one: promo profile use NAME (profiles: ${[...names, SANDBOX_PROFILE].join(', ')}), or --profile NAME for one command.`,
        );
      }
      throw new AuthError(
        'no default profile',
        'Try the built-in sandbox: promo profile use sandbox (or --profile sandbox for one command).\n' +
          'Connect an account: promo login (promo profile add in scripts), or set PROMO_APP_ID and PROMO_APP_TOKEN.',
      );
    }
    return {
      profile: 'env',
      baseUrl: baseUrlFor(globals.endpoint ?? {}),
      credentials: fromEnv,
      scopes: ['api'],
      embedded: false,
      refusedHint: ENV_REFUSED,
    };
  }
  const profile = chosen?.profile;
  if (!profile) throw unknownProfile(name, store.names());
  return {
    profile: name,
    baseUrl: baseUrlFor(globals.endpoint ?? profileEndpoint(name, profile)),
    credentials: fromEnv ?? profileCredentials(name, profile, env),
    // Scopes of another type (a string typed by hand in config.json) are no scopes: the default.
    scopes:
      Array.isArray(profile.scopes) &&
      profile.scopes.length &&
      profile.scopes.every((s) => typeof s === 'string')
        ? profile.scopes
        : ['api'],
    embedded: false,
    refusedHint: fromEnv
      ? ENV_REFUSED
      : `The app token of profile '${name}' was refused. Save the right one: ${saveAgainCommand(name, profile)}`,
  };
}

const ENV_REFUSED =
  "The credentials of PROMO_APP_ID and PROMO_APP_TOKEN were refused (they stand in for the profile's): check both.";

function profileEndpoint(name: string, profile: Profile): { cluster?: string; apiUrl?: string } {
  const source = `profile '${name}'`;
  if (profile.api_url) return { apiUrl: checkApiUrl(profile.api_url, `${source} api_url`) };
  if (profile.cluster) return { cluster: checkCluster(profile.cluster, `${source} cluster`) };
  return {};
}

function envCredentials(env: Context['env']): Target['credentials'] {
  const appId = env.PROMO_APP_ID || undefined;
  const appToken = env.PROMO_APP_TOKEN || undefined;
  if (!appId && !appToken) return undefined;
  if (!appId || !appToken) {
    throw new AuthError(`${appId ? 'PROMO_APP_TOKEN' : 'PROMO_APP_ID'} is not set: set both, or neither`);
  }
  return { appId, appToken: appToken.trim() };
}
