// promo status (gh's `auth status`): which profile this command line uses and why, where it
// points, whether its credentials work (one read that creates nothing), and the OAuth tokens promo
// holds for it. Secrets masked. The options are here; what runs is in run.ts.
import { defineCommand } from '../../toolkit/define.js';

export default defineCommand({
  path: ['status'],
  summary: 'Show the current profile, where it points, whether its credentials work and its cached tokens',
  description: `Exit 0 when the service accepts the credentials; 4 when it refuses them (or none are
configured); 6 when it cannot be reached. Secrets are shown by their last four characters.`,
  examples: ['promo status', 'promo --profile prod status --json', 'promo status || promo login'],
  options: {},
  run: async (_, rt) => {
    const { run } = await import('./run.js');
    return run(rt);
  },
});
