// promo api <METHOD> <path>: a raw request with the profile's credentials, for what has no command yet.
// The arguments and options are here; what runs is in run.ts, loaded when the command runs.
import { ALLOWED_SCOPES, METHODS } from '../../api/names.js';
import { defineArgs, defineCommand, defineOptions, type Input } from '../../registry/define.js';

const args = defineArgs({
  method: { help: METHODS.join(', '), required: true },
  path: { help: 'path from the API root, e.g. /v1/vouchers/SUMMER10', required: true },
});

const options = defineOptions({
  data: { type: 'value', short: 'd', value: 'json', help: 'JSON body, or @FILE, or @- for stdin' },
  // Not variadic: a list option that took every following word would swallow the path.
  query: {
    type: 'list',
    short: 'q',
    value: 'key=value',
    help: 'query parameter (repeatable)',
  },
  auth: {
    type: 'value',
    value: 'kind',
    help: 'app (X-App-Id/X-App-Token) or oauth (a bearer token promo issues or reuses)',
    default: 'app',
  },
  scope: {
    type: 'list',
    value: 'scope',
    complete: ALLOWED_SCOPES,
    help: "scopes of the bearer token with --auth oauth, repeatable or space-separated in one value (default: the profile's)",
  },
  dryRun: { type: 'switch', help: 'print the request instead of sending it' },
  showSecrets: {
    type: 'switch',
    help: 'print tokens and credentials in the answer as they came (default: [redacted])',
  },
});

export type ApiFlags = Input<typeof args, typeof options>;

export default defineCommand({
  path: ['api'],
  summary: "Send a raw request to any endpoint with the profile's credentials (the escape hatch)",
  examples: [
    'promo api GET /v1/templates/campaigns -q limit=1',
    'promo api DELETE /v1/vouchers/SUMMER10 -q force=true',
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
