// promo profile remove <name>: forget a profile's credentials (asks first on a terminal).
import { Command } from 'commander';
import { type App, examples } from '../../app.js';
import { checkProfileName, SANDBOX_PROFILE, unknownProfile } from '../../config/profiles.js';
import { UsageError } from '../../errors.js';
import type { Runtime } from '../../runtime.js';
import { confirmOrCancel } from '../confirm.js';

export async function run(name: string, rt: Runtime): Promise<void> {
  if (name === SANDBOX_PROFILE)
    throw new UsageError(`'${SANDBOX_PROFILE}' is built in and cannot be removed`);
  const store = await rt.store();
  if (!store.get(name)) throw unknownProfile(name, store.names());
  await confirmOrCancel(rt, `Remove profile '${name}' and its saved app token?`);
  store.remove(name);
  if (rt.out.isJson) rt.out.json({ removed: name });
  await rt.out.success(`Removed profile '${name}'.`);
}

export function removeCommand(app: App): Command {
  return new Command('remove')
    .alias('rm')
    .description('Remove a profile (asks first on a terminal; needs --yes otherwise)')
    .argument('<name>', 'profile name')
    .addHelpText('after', examples('promo profile remove staging', 'promo profile remove staging --yes'))
    .action(app.action(async (rt, _flags, [name]) => run(checkProfileName(name as string), rt)));
}
