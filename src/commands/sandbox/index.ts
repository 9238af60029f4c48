// promo sandbox: serves the local imitation of the service until interrupted, printing its URL.
// Its options are in options.ts; what runs is in run.ts, loaded when the command runs.
import { defineCommand } from '../../toolkit/define.js';
import { options } from './options.js';

export default defineCommand({
  path: ['sandbox'],
  summary:
    'Serve a local imitation of the service (its operations, errors, rate-limit headers, import jobs) until Ctrl-C',
  examples: [
    'promo sandbox --port 4010 --state ./sandbox.json',
    'promo --profile sandbox --api-url http://127.0.0.1:4010 templates list',
    'promo sandbox --rate-limit 5/min --error-rate 0.2',
    "promo sandbox --lose-answers 0.1 --lose-answers-as reset,504 --lose-answers-on 'POST /v1/vouchers'",
    'promo sandbox --vouchers 12000 --import-speed 50 --bulk-rate-limit 10/hour',
  ],
  options,
  run: async (input, rt) => {
    const { parseSandboxOptions, run } = await import('./run.js');
    return run(parseSandboxOptions(input), rt);
  },
});
