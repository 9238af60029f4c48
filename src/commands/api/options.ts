// The arguments and options of the command, apart from its definition (index.ts) and what runs
// (run.ts), which both read them.

import { ALLOWED_SCOPES } from 'promo-sandbox/facts/scopes';
import { METHODS } from '../../api/names.js';
import { defineArgs, defineOptions, type Input } from '../../toolkit/define.js';

export const args = defineArgs({
  method: { help: METHODS.join(', '), required: true },
  path: { help: 'path from the API root, e.g. /v1/vouchers/SUMMER10', required: true },
});

export const options = defineOptions({
  data: { type: 'value', short: 'd', value: 'json', help: 'JSON body, or @FILE, or @- for stdin' },
  // Not variadic: a list option that took every following word would swallow the path. No -q:
  // that is the global --quiet, which the program reads wherever it stands.
  query: {
    type: 'list',
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
