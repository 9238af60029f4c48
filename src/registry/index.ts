// Every command of promo, in the order `promo --help` lists them: nouns with their verbs, and the
// commands of one word. Parsing, help, completion and the README's table are built from this list.
import api from '../commands/api/index.js';
import completion from '../commands/completion/index.js';
import event from '../commands/event/index.js';
import job from '../commands/job/index.js';
import login from '../commands/login/index.js';
import profile from '../commands/profile/index.js';
import sandbox from '../commands/sandbox/index.js';
import templates from '../commands/templates/index.js';
import tiers from '../commands/tiers/index.js';
import token from '../commands/token/index.js';
import voucher from '../commands/voucher/index.js';
import { completionData } from './completion.js';
import type { AnyCommand, NounDef } from './define.js';

export type Entry = NounDef | AnyCommand;

export const REGISTRY: readonly Entry[] = [
  voucher,
  job,
  token,
  tiers,
  templates,
  event,
  login,
  profile,
  sandbox,
  api,
  completion,
];

export const PROGRAM = {
  summary:
    'Operate a Voucherify promotion account: vouchers, OAuth tokens, loyalty tiers, campaign templates, events.',
  examples: [
    'promo --profile sandbox token issue --scope api vouchers',
    'promo login',
    'promo templates list --limit 5',
    'promo voucher create --type discount --percent-off 20 --json | jq .code',
  ],
};

export function isNoun(entry: Entry): entry is NounDef {
  return 'commands' in entry;
}

/** The first word of an entry: a noun's name, or a one-word command's. */
export function entryName(entry: Entry): string {
  return isNoun(entry) ? entry.name : entry.path[0];
}

/** Every command definition, verbs of nouns included, in listing order. */
export function allCommands(): AnyCommand[] {
  return REGISTRY.flatMap((entry) => (isNoun(entry) ? [...entry.commands] : [entry]));
}

/** What shell completion knows (nouns, verbs, aliases, options, their values), from the registry. */
export function completionNodes() {
  return completionData(REGISTRY);
}
