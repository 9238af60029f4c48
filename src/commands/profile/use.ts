// promo profile use <name>: make a profile the default.
import { Command } from 'commander';
import { type App, examples } from '../../app.js';
import { checkProfileName } from '../../config/profiles.js';
import type { Runtime } from '../../runtime.js';

export async function run(name: string, rt: Runtime): Promise<void> {
  const store = await rt.store();
  store.setDefault(name);
  if (rt.out.isJson) rt.out.json({ default_profile: name });
  await rt.out.success(`'${name}' is now the default profile.`);
}

export function useCommand(app: App): Command {
  return new Command('use')
    .description('Make a profile the default')
    .argument('<name>', 'profile name (or sandbox)')
    .addHelpText('after', examples('promo profile use prod', 'promo profile use sandbox'))
    .action(app.action(async (rt, _flags, [name]) => run(checkProfileName(name as string), rt)));
}
