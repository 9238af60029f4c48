// promo profile list: every profile, the default marked, secrets masked.

import type { Runtime } from '../../runtime/runtime.js';
import { defineCommand } from '../../toolkit/define.js';
import { PROFILE_FIELDS, type ProfileView, profileColumns, profileView, sandboxView } from './view.js';

export async function run(rt: Runtime): Promise<void> {
  const store = await rt.store();
  const current = store.defaultName();
  const views: ProfileView[] = store
    .names()
    .map((name) => profileView(name, store.get(name)!, name === current, rt.ctx.env));
  views.push(sandboxView(current === 'sandbox'));
  await rt.out.list(views, profileColumns);
}

export default defineCommand({
  path: ['profile', 'list'],
  fields: PROFILE_FIELDS,
  aliases: ['ls'],
  summary: 'List profiles (the default is marked with *)',
  examples: ['promo profile list', 'promo profile list --json | jq -r ".[].name"'],
  run: (_input, rt) => run(rt),
});
