// Every noun of the command line, in the order `promo --help` lists them. A run builds in full
// only the noun it names; the others stand as name and description (all `promo --help` shows),
// since building every verb's options costs start-up on every run.
import { Command } from 'commander';
import type { App } from '../app.js';
import { apiCommand } from './api/index.js';
import { completionCommand } from './completion/index.js';
import { eventCommand } from './event/index.js';
import { loginCommand } from './login/index.js';
import { profileCommand } from './profile/index.js';
import { sandboxCommand } from './sandbox/index.js';
import { templatesCommand } from './templates/index.js';
import { tiersCommand } from './tiers/index.js';
import { tokenCommand } from './token/index.js';
import { voucherCommand } from './voucher/index.js';

export interface Noun {
  name: string;
  summary: string;
  build(app: App): Command;
}

export const nouns: Noun[] = [
  { name: 'voucher', summary: 'Create and delete vouchers', build: voucherCommand },
  {
    name: 'token',
    summary: 'Issue and inspect OAuth tokens (cached per profile and scope set)',
    build: tokenCommand,
  },
  { name: 'tiers', summary: 'List the tiers of a loyalty tier structure (beta)', build: tiersCommand },
  { name: 'templates', summary: 'List campaign templates', build: templatesCommand },
  { name: 'event', summary: 'Send custom events', build: eventCommand },
  { name: 'login', summary: 'Set up a profile interactively', build: loginCommand },
  { name: 'profile', summary: 'Manage profiles: app credentials and endpoints', build: profileCommand },
  { name: 'sandbox', summary: 'Serve a local imitation of the service', build: sandboxCommand },
  { name: 'api', summary: 'Send a raw request to any endpoint (the escape hatch)', build: apiCommand },
  { name: 'completion', summary: 'Print a shell completion script', build: completionCommand },
];

/** Commands that need the whole tree: completion scripts list it, `help X` shows any of it. */
const WHOLE_TREE = new Set(['completion', 'help']);

/** The nouns for a command line: built in full when named (or when the whole tree is needed), else a stub. */
export function nounsFor(argv: string[] | undefined, app: App): Command[] {
  // Any word may be the noun (a flag's value can look like one too), so each noun named is built.
  const words = new Set(argv?.filter((a) => !a.startsWith('-')));
  const all = argv === undefined || [...WHOLE_TREE].some((w) => words.has(w));
  return nouns.map((noun) =>
    all || words.has(noun.name)
      ? noun.build(app)
      : new Command(noun.name).description(noun.summary).helpOption(false),
  );
}
