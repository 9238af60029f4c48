// The command-line options of a served sandbox, as data: `promo sandbox` builds its flags, help
// and completion from them, and the promo-sandbox bin its own parsing and --help. Keys are the
// flags in camel case (`appId` is --app-id).
import { lostAnswerOptions } from './lost-answers.js';

export const SANDBOX_OPTIONS = {
  port: { type: 'value', value: 'n', help: 'port (default: a free one)' },
  host: { type: 'value', value: 'host', help: 'address to listen on', default: '127.0.0.1' },
  state: {
    type: 'value',
    value: 'file',
    complete: 'files',
    help: 'keep state in this SQLite file across restarts (other processes may use it at once; a JSON state of an older promo is moved in, kept as FILE.bak)',
  },
  seed: {
    type: 'value',
    value: 'file',
    complete: 'files',
    help: 'JSON file replacing the demo data (templates, tier structures, event schemas, campaigns)',
  },
  appId: { type: 'value', value: 'id', help: 'app id to accept (default sandbox)' },
  appToken: { type: 'value', value: 'token', help: 'app token to accept (default sandbox)' },
  rateLimit: {
    type: 'value',
    value: 'n/period',
    help: 'answer 429 over this rate, e.g. 100/min or 100/hour',
  },
  bulkRateLimit: {
    type: 'value',
    value: 'n/period',
    help: 'answer voucher imports 429 (X-Rate-Limit-Type: bulk_api_calls) over this rate, e.g. 10/hour',
  },
  importSpeed: {
    type: 'value',
    value: 'records/s',
    help: 'how fast import jobs advance (default 1000 records a second)',
  },
  failImports: {
    type: 'switch',
    help: 'new import jobs stop half-way with status FAILED, and new exports end in ERROR',
  },
  vouchers: {
    type: 'value',
    value: 'n',
    help: 'add n generated vouchers (GEN-000001...) a minute apart, e.g. to page past 9,900',
  },
  timeZone: {
    type: 'value',
    value: 'zone',
    help: "the project's time zone (IANA name, default UTC), in which validity days and hours are read; a --state file keeps it",
  },
  latency: { type: 'value', value: 'ms', help: 'delay every answer' },
  errorRate: { type: 'value', value: 'p', help: 'answer 503 with this probability (0..1)' },
  resetRate: { type: 'value', value: 'p', help: 'drop the connection with this probability (0..1)' },
  hang: { type: 'switch', help: 'never answer (to test timeouts)' },
  ...lostAnswerOptions,
  log: { type: 'switch', help: 'log each request on stderr' },
} as const;

type Spec = (typeof SANDBOX_OPTIONS)[keyof typeof SANDBOX_OPTIONS];
type FlagValue<S extends Spec> = S extends { type: 'switch' }
  ? boolean
  : S extends { default: string }
    ? string
    : string | undefined;

/** The flags as given: a switch true or false, a value its text (undefined when absent). */
export type SandboxFlags = {
  -readonly [K in keyof typeof SANDBOX_OPTIONS]: FlagValue<(typeof SANDBOX_OPTIONS)[K]>;
};
