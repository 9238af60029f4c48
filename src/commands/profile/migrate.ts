// promo profile migrate-secrets: every app token still in the profile file goes into the system's
// keychain, and out of the file. Safe to run again: what is in the keychain already stays there.

import { ConfigError } from '../../base/errors.js';
import { keychainGet } from '../../config/keychain.js';
import { placeOf, saveProfile } from '../../config/secrets.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineCommand } from '../../toolkit/define.js';

interface Moved {
  profile: string;
  /** moved: from the file into the keychain; kept: already in the keychain. */
  outcome: 'moved' | 'kept';
}

export async function run(rt: Runtime): Promise<void> {
  const store = await rt.store();
  const results: Moved[] = [];
  for (const name of store.names()) {
    const profile = store.get(name)!;
    if (placeOf(profile) === 'keychain') {
      results.push({ profile: name, outcome: 'kept' });
      continue;
    }
    const saved = await saveProfile(
      store,
      name,
      profile,
      store.defaultName() === name,
      'keychain',
      rt.ctx.env,
    );
    // Read back before the file's copy is trusted gone: a keychain that took it but gives nothing back is no home.
    if (
      saved.place !== 'keychain' ||
      keychainGet(store.get(name)!.keychain_account!, rt.ctx.env) !== profile.app_token
    )
      throw new ConfigError(`the keychain did not keep the app token of profile '${name}'`);
    results.push({ profile: name, outcome: 'moved' });
  }
  if (rt.out.isJson) return rt.out.json(results);
  const moved = results.filter((r) => r.outcome === 'moved').map((r) => r.profile);
  const kept = results.filter((r) => r.outcome === 'kept').map((r) => r.profile);
  if (moved.length)
    await rt.out.success(
      `Moved into the system's keychain: ${moved.join(', ')}. The profile file holds no app token of theirs now.`,
    );
  if (kept.length) rt.out.notice(`Already in the keychain: ${kept.join(', ')}.`);
  if (!results.length) rt.out.notice('No profiles to move.');
}

export default defineCommand({
  path: ['profile', 'migrate-secrets'],
  summary: "Move the app tokens kept in the profile file into the system's keychain",
  description: `Each profile whose app token is in the profile file (saved with --insecure-storage, or where no
keychain answered) gets it moved into the system's keychain (macOS Keychain, Windows Credential
Manager, the Secret Service of a Linux desktop); the file then holds only which entry. Profiles
already there stay. Where no keychain can be reached it stops with that reason and changes
nothing more (exit 1). Safe to run again.`,
  examples: ['promo profile migrate-secrets', 'promo profile migrate-secrets --json'],
  run: (_input, rt) => run(rt),
});
