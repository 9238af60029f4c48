// promo profile show [name]: one profile (the default, or the one --profile names), secrets masked.

import { PromoError } from '../../base/errors.js';
import { checkProfileName, SANDBOX_PROFILE, unknownProfile } from '../../config/profiles.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineCommand } from '../../toolkit/define.js';
import { PROFILE_FIELDS, profileColumns, profileView, sandboxView } from './view.js';

export async function run(name: string | undefined, rt: Runtime): Promise<void> {
  const store = await rt.store();
  const current = store.defaultName();
  const wanted = name ?? rt.globals.profile ?? current;
  if (!wanted) {
    throw new PromoError(
      'no default profile',
      4,
      'Name one (promo profile list shows them; sandbox is built in), or create one with `promo login` or `promo profile add`.',
    );
  }
  if (wanted === SANDBOX_PROFILE)
    return rt.out.record(sandboxView(current === wanted), profileColumns.slice(1));
  const profile = store.get(wanted);
  if (!profile) throw unknownProfile(wanted, store.names());
  await rt.out.record(profileView(wanted, profile, current === wanted, rt.ctx.env), profileColumns.slice(1));
}

export default defineCommand({
  path: ['profile', 'show'],
  fields: PROFILE_FIELDS,
  summary: 'Show a profile (default: the current one); secrets are masked',
  examples: ['promo profile show', 'promo profile show prod --json'],
  args: { name: { help: 'profile name', complete: 'profiles' } },
  run: ({ name }, rt) => run(name === undefined ? undefined : checkProfileName(name), rt),
});
