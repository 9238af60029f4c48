// promo profile remove <name>: forget a profile's credentials (asks first on a terminal).

import { UsageError } from '../../base/errors.js';
import { checkProfileName, SANDBOX_PROFILE, unknownProfile } from '../../config/profiles.js';
import { forget } from '../../config/secrets.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineCommand } from '../../toolkit/define.js';
import { confirmOrCancel } from '../confirm.js';

export async function run(name: string, rt: Runtime): Promise<void> {
  if (name === SANDBOX_PROFILE)
    throw new UsageError(`'${SANDBOX_PROFILE}' is built in and cannot be removed`);
  const store = await rt.store();
  const profile = store.get(name);
  if (!profile) throw unknownProfile(name, store.names());
  const wasDefault = store.defaultName() === name;
  await confirmOrCancel(
    rt,
    `Remove profile '${name}'${wasDefault ? ', the default profile,' : ''} and its saved app token${profile.app_token_store === 'keychain' ? ' (in the keychain)' : ''}?`,
  );
  await store.remove(name);
  const left = forget(profile, rt.ctx.env);
  if (left) await rt.out.warn(left);
  if (rt.out.isJson) await rt.out.json({ removed: name, was_default: wasDefault });
  await rt.out.success(`Removed profile '${name}'.`);
  if (wasDefault) {
    const left = [...store.names().filter((n) => n !== name), SANDBOX_PROFILE];
    rt.out.notice(
      `'${name}' was the default profile; there is none now. Choose one with: promo profile use NAME (profiles: ${left.join(', ')})`,
    );
  }
}

export default defineCommand({
  path: ['profile', 'remove'],
  aliases: ['rm'],
  summary: 'Remove a profile (asks first on a terminal; needs --yes otherwise)',
  examples: ['promo profile remove staging', 'promo profile remove staging --yes'],
  args: { name: { help: 'profile name', required: true, complete: 'saved-profiles' } },
  run: ({ name }, rt) => run(checkProfileName(name), rt),
});
