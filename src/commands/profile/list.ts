// promo profile list: every profile, the default marked, secrets masked.
import { defineCommand } from '../../registry/define.js';
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

export default defineCommand({
  path: ['profile', 'list'],
  aliases: ['ls'],
  summary: 'List profiles (the default is marked with *)',
  examples: ['promo profile list', 'promo profile list --json | jq -r ".[].name"'],
  run: (_input, rt) => run(rt),
});
