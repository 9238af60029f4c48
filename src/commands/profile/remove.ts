// promo profile remove <name>: forget a profile's credentials (asks first on a terminal).
import { checkProfileName, SANDBOX_PROFILE, unknownProfile } from '../../config/profiles.js';
import { UsageError } from '../../errors.js';
import { defineCommand } from '../../registry/define.js';
import type { Runtime } from '../../runtime.js';
import { confirmOrCancel } from '../confirm.js';

export async function run(name: string, rt: Runtime): Promise<void> {
  if (name === SANDBOX_PROFILE)
    throw new UsageError(`'${SANDBOX_PROFILE}' is built in and cannot be removed`);
  const store = await rt.store();
  if (!store.get(name)) throw unknownProfile(name, store.names());
  await confirmOrCancel(rt, `Remove profile '${name}' and its saved app token?`);
  await store.remove(name);
  if (rt.out.isJson) rt.out.json({ removed: name });
  await rt.out.success(`Removed profile '${name}'.`);
}

export default defineCommand({
  path: ['profile', 'remove'],
  aliases: ['rm'],
  summary: 'Remove a profile (asks first on a terminal; needs --yes otherwise)',
  examples: ['promo profile remove staging', 'promo profile remove staging --yes'],
  args: { name: { help: 'profile name', required: true } },
  run: ({ name }, rt) => run(checkProfileName(name), rt),
});
