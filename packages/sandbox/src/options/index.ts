// promo-sandbox/options: the command-line options of a served sandbox (the promo-sandbox bin's, and
// `promo sandbox`'s), as data and their one reading. Light: it loads nothing of the sandbox itself.
export { SandboxOptionError } from './error.js';
export { SANDBOX_OPTIONS, type SandboxFlags } from './flags.js';
export { type LostAnswerFlags, parseLostAnswers } from './lost-answers.js';
export { parseRateLimit } from './rate-limit.js';
export {
  DEFAULT_CREDENTIAL,
  isLoopback,
  type ServeSettings,
  serveSettings,
  startFailure,
} from './settings.js';
