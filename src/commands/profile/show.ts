// promo profile show [name]: one profile (the default, or the one --profile names), secrets masked.
import { checkProfileName, SANDBOX_PROFILE, unknownProfile } from '../../config/profiles.js';
import { PromoError } from '../../errors.js';
import { defineCommand } from '../../registry/define.js';
import type { Runtime } from '../../runtime.js';
import { profileColumns, profileView, sandboxView } from './view.js';

export async function run(name: string | undefined, rt: Runtime): Promise<void> {
  const store = await rt.store();
  const current = store.defaultName();
  const wanted = name ?? rt.globals.profile ?? current;
  if (!wanted) {
    throw new PromoError(
      'no default profile',
      4,
      'Name one, or create one with `promo login` or `promo profile add`.',
    );
  }
  if (wanted === SANDBOX_PROFILE)
    return rt.out.record(sandboxView(current === wanted), profileColumns.slice(1));
  const profile = store.get(wanted);
  if (!profile) throw unknownProfile(wanted, store.names());
  await rt.out.record(profileView(wanted, profile, current === wanted), profileColumns.slice(1));
}

export default defineCommand({
  path: ['profile', 'show'],
  summary: 'Show a profile (default: the current one); secrets are masked',
  examples: ['promo profile show', 'promo profile show prod --json'],
  args: { name: { help: 'profile name' } },
  run: ({ name }, rt) => run(name === undefined ? undefined : checkProfileName(name), rt),
});
