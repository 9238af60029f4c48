// promo profile use <name>: make a profile the default.
import { checkProfileName } from '../../config/profiles.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineCommand } from '../../toolkit/define.js';

export async function run(name: string, rt: Runtime): Promise<void> {
  const store = await rt.store();
  await store.setDefault(name);
  if (rt.out.isJson) await rt.out.json({ default_profile: name });
  await rt.out.success(`'${name}' is now the default profile.`);
}

export default defineCommand({
  path: ['profile', 'use'],
  summary: 'Make a profile the default',
  examples: ['promo profile use prod', 'promo profile use sandbox'],
  args: { name: { help: 'profile name (or sandbox)', required: true, complete: 'profiles' } },
  run: ({ name }, rt) => run(checkProfileName(name), rt),
});
