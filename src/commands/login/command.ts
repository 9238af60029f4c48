// promo login: interactive set-up of a profile. Checks the credentials with one read that creates
// nothing (listing one campaign template) before saving anything.
// The options are here; what runs is in run.ts, loaded when the command runs.
import { defineCommand } from '../../toolkit/define.js';

export default defineCommand({
  path: ['login'],
  summary:
    'Set up a profile interactively: name, app id, hidden app token, cluster or API URL; checks the credentials before saving',
  examples: ['promo login', 'promo --api-url http://127.0.0.1:4010 login'],
  options: {
    check: {
      type: 'switch',
      negatable: true,
      help: 'save without checking the credentials against the service',
    },
    default: { type: 'switch', help: 'make it the default profile without asking' },
    insecureStorage: {
      type: 'switch',
      help: "keep the app token in the profile file (0600), not the system's keychain (also PROMO_SECRET_STORE=file)",
    },
  },
  run: async ({ check, default: makeDefault, insecureStorage }, rt) => {
    const { run } = await import('./run.js');
    return run({ check, makeDefault, insecureStorage }, rt);
  },
});
