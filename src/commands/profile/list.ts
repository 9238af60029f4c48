// promo profile list: every profile, the default marked, secrets masked.
import { Command } from 'commander';
import { type App, examples } from '../../app.js';
import type { Runtime } from '../../runtime.js';
import { type ProfileView, profileColumns, profileView, sandboxView } from './view.js';

export async function run(rt: Runtime): Promise<void> {
  const store = await rt.store();
  const current = store.defaultName();
  const views: ProfileView[] = store
    .names()
    .map((name) => profileView(name, store.get(name)!, name === current));
  views.push(sandboxView(current === 'sandbox'));
  await rt.out.list(views, profileColumns);
}

export function listCommand(app: App): Command {
  return new Command('list')
    .alias('ls')
    .description('List profiles (the default is marked with *)')
    .addHelpText('after', examples('promo profile list', 'promo profile list --json | jq -r ".[].name"'))
    .action(app.action(async (rt) => run(rt)));
}
