// promo api <METHOD> <path>: a raw request with the profile's credentials, for what has no command yet.
// Its arguments and options are in options.ts; what runs is in run.ts, loaded when the command runs.
import { defineCommand } from '../../toolkit/define.js';
import { args, options } from './options.js';

export default defineCommand({
  path: ['api'],
  summary: "Send a raw request to any endpoint with the profile's credentials (the escape hatch)",
  examples: [
    'promo api GET /v1/templates/campaigns --query limit=1',
    'promo api DELETE /v1/vouchers/SUMMER10 --query force=true',
    'promo api POST /v1/events --data \'{"event":"newsletter_signup","customer":{"source_id":"c1"}}\'',
    'promo api GET /v2/loyalties/tier-structures/lts_0a1b2c3d4e5f/tiers --auth oauth',
  ],
  args,
  options,
  run: async (input, rt) => {
    const { parseApiOptions, run } = await import('./run.js');
    return run(parseApiOptions(input), rt);
  },
});
