// Where a profile's app token lives: in the operating system's keychain where one can be reached
// (the profile store keeps only which entry), else in the profile store's 0600 file. A token in the
// keychain is read only when a request needs the app credentials: a run on a cached bearer token,
// --help and --version never load the keychain.

import { nodeCrypto } from '../base/crypto.js';
import { AuthError, ConfigError, UsageError } from '../base/errors.js';
import { KeychainUnavailable, keychainDelete, keychainGet, keychainSet } from './keychain.js';
import type { Profile, ProfileStore } from './profiles.js';
import { saveAgainCommand } from './save-again.js';

export type SecretPlace = 'keychain' | 'file';
/** auto: the keychain where it answers, else the file (said once, when the profile is saved). */
export type SecretChoice = 'auto' | SecretPlace;

/** --insecure-storage or PROMO_SECRET_STORE (auto, keychain, file). */
export function secretChoice(env: NodeJS.ProcessEnv, insecureStorage: boolean): SecretChoice {
  if (insecureStorage) return 'file';
  const wanted = env.PROMO_SECRET_STORE?.trim().toLowerCase();
  if (!wanted) return 'auto';
  if (wanted === 'auto' || wanted === 'keychain' || wanted === 'file') return wanted;
  throw new UsageError(`PROMO_SECRET_STORE must be auto, keychain or file, not '${env.PROMO_SECRET_STORE}'`);
}

/** The keychain account of a profile: its name and its config directory (two directories, two entries). */
export function keychainAccount(name: string, configDir: string): string {
  return `${name}@${nodeCrypto().createHash('sha256').update(configDir).digest('hex').slice(0, 12)}`;
}

export function placeOf(profile: Profile): SecretPlace {
  return profile.app_token_store === 'keychain' ? 'keychain' : 'file';
}

/** App credentials whose token is read from the keychain the first time something asks for it. */
export class KeychainCredentials {
  private token: string | undefined;
  /** Told the token when it is read, so that it is blanked wherever it would appear. */
  onRead?: (token: string) => void;

  readonly appId: string;
  private readonly account: string;

  constructor(
    private readonly profile: string,
    private readonly saved: Profile,
    private readonly env: NodeJS.ProcessEnv,
  ) {
    this.appId = saved.app_id;
    this.account = saved.keychain_account ?? profile;
  }

  get appToken(): string {
    if (this.token !== undefined) return this.token;
    let found: string | undefined;
    try {
      found = keychainGet(this.account, this.env);
    } catch (error) {
      if (!(error instanceof KeychainUnavailable)) throw error;
      throw new AuthError(
        `the app token of profile '${this.profile}' is in the keychain, which cannot be reached: ${error.message}`,
        `Unlock the keychain (or start its service), or save the token in the profile file instead: ${saveAgainCommand(this.profile, this.saved, ['--insecure-storage'])}`,
      );
    }
    if (!found) {
      throw new AuthError(
        `the keychain gives no app token for profile '${this.profile}' (its entry ${this.account} is gone, or this is not the keychain it was saved in)`,
        `Save it again: ${saveAgainCommand(this.profile, this.saved)}`,
      );
    }
    this.token = found;
    this.onRead?.(found);
    return found;
  }
}

/** The credentials of a saved profile, its token read now (file) or when first needed (keychain). */
export function profileCredentials(
  name: string,
  profile: Profile,
  env: NodeJS.ProcessEnv,
): { appId: string; appToken: string } {
  if (placeOf(profile) === 'keychain') return new KeychainCredentials(name, profile, env);
  return { appId: profile.app_id, appToken: profile.app_token ?? '' };
}

export interface Saved {
  place: SecretPlace;
  /** Why the keychain was not used, when it was asked for by default and could not be reached. */
  fellBack?: string;
}

/**
 * Saves a profile whose `app_token` is in hand: into the keychain (the store keeps the entry's
 * name) or the file, as `choice` says. A profile that moves from the keychain to the file leaves
 * no entry behind.
 */
export async function saveProfile(
  store: ProfileStore,
  name: string,
  profile: Profile,
  makeDefault: boolean,
  choice: SecretChoice,
  env: NodeJS.ProcessEnv,
): Promise<Saved> {
  const token = profile.app_token ?? '';
  const previous = store.get(name);
  let saved: Saved = { place: 'file' };
  let stored: Profile = profile;
  if (choice !== 'file') {
    const account = keychainAccount(name, store.dir);
    try {
      keychainSet(account, token, env);
      const { app_token: _, ...rest } = profile;
      stored = { ...rest, app_token_store: 'keychain', keychain_account: account };
      saved = { place: 'keychain' };
    } catch (error) {
      if (!(error instanceof KeychainUnavailable)) throw error;
      if (choice === 'keychain')
        throw new ConfigError(
          `PROMO_SECRET_STORE=keychain, and the keychain cannot be reached: ${error.message}; nothing was saved`,
          'Unlock or start the keychain, or keep the token in the profile file: --insecure-storage.',
        );
      saved = { place: 'file', fellBack: error.message };
    }
  }
  await store.save(name, stored, makeDefault);
  if (previous && placeOf(previous) === 'keychain' && saved.place === 'file') forget(previous, env);
  return saved;
}

/** Deletes a profile's keychain entry, if it has one; a keychain out of reach is a warning, not a failure. */
export function forget(profile: Profile, env: NodeJS.ProcessEnv): string | undefined {
  if (placeOf(profile) !== 'keychain' || !profile.keychain_account) return undefined;
  try {
    keychainDelete(profile.keychain_account, env);
    return undefined;
  } catch (error) {
    if (!(error instanceof KeychainUnavailable)) throw error;
    return `the keychain entry ${profile.keychain_account} could not be deleted (${error.message}); remove it with your keychain's own tool`;
  }
}

/** What saving said about where the token went, for a notice (once, when it is saved). */
export function savedNotice(saved: Saved): string | undefined {
  if (saved.fellBack)
    return `No keychain here (${saved.fellBack}): the app token is kept in the profile file (mode 0600). promo profile migrate-secrets moves it once a keychain answers.`;
  return undefined;
}
