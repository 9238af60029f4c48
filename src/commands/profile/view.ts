// How a profile is shown: secrets by their last four characters, nothing more.
import { KeychainUnavailable, keychainGet } from '../../config/keychain.js';
import { type Profile, SANDBOX_PROFILE } from '../../config/profiles.js';
import { placeOf, type SecretPlace } from '../../config/secrets.js';
import { mask } from '../../output/mask.js';
import type { Column } from '../../output/output.js';

/** The fields of a profile as promo shows it (for --fields). */
export const PROFILE_FIELDS = [
  'name',
  'app_id',
  'app_token',
  'secret_store',
  'cluster',
  'api_url',
  'scopes',
  'default',
  'built_in',
] as const;

export interface ProfileView {
  name: string;
  app_id: string;
  /** Masked; null for the built-in sandbox, which needs none, and a keychain out of reach. */
  app_token: string | null;
  /** Where the token is kept: the operating system's keychain or the profile file; null: none needed. */
  secret_store: SecretPlace | null;
  cluster?: string;
  api_url?: string;
  scopes?: string[];
  default: boolean;
  built_in: boolean;
}

/** The token to show masked: the file's, or the keychain's when it answers (never a failure). */
function shownToken(profile: Profile, env: NodeJS.ProcessEnv): string | null {
  if (placeOf(profile) === 'file') return mask(profile.app_token ?? '');
  try {
    const token = profile.keychain_account ? keychainGet(profile.keychain_account, env) : undefined;
    return token ? mask(token) : null;
  } catch (error) {
    if (error instanceof KeychainUnavailable) return null;
    throw error;
  }
}

export function profileView(
  name: string,
  profile: Profile,
  isDefault: boolean,
  env: NodeJS.ProcessEnv = {},
): ProfileView {
  return {
    name,
    app_id: profile.app_id,
    app_token: shownToken(profile, env),
    secret_store: placeOf(profile),
    ...(profile.api_url ? { api_url: profile.api_url } : { cluster: profile.cluster ?? 'api' }),
    ...(profile.scopes?.length ? { scopes: profile.scopes } : {}),
    default: isDefault,
    built_in: false,
  };
}

export function sandboxView(isDefault: boolean): ProfileView {
  return {
    name: SANDBOX_PROFILE,
    app_id: 'sandbox',
    app_token: null,
    secret_store: null,
    api_url: 'sandbox://built-in',
    default: isDefault,
    built_in: true,
  };
}

export const profileColumns: Column<ProfileView>[] = [
  { header: '', value: (p) => (p.default ? '*' : '') },
  { header: 'Name', value: (p) => p.name, id: true },
  { header: 'App id', value: (p) => p.app_id, id: true },
  {
    header: 'App token',
    value: (p) =>
      p.app_token ?? (p.secret_store === 'keychain' ? '(keychain out of reach)' : '(none needed)'),
  },
  {
    header: 'Kept in',
    value: (p) =>
      p.secret_store === 'keychain' ? 'keychain' : p.secret_store === 'file' ? 'profile file' : undefined,
    drop: 1,
  },
  {
    header: 'Endpoint',
    value: (p) => (p.built_in ? 'built-in sandbox (local)' : (p.api_url ?? p.cluster)),
    text: true,
  },
];
