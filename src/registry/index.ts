// Every command of promo, in the order `promo --help` lists them: nouns (name and summary; their
// verbs load on demand, see NounEntry) and the commands of one word. Parsing, help, completion and
// the README's table are built from this list, through loadRegistry.
import api from '../commands/api/index.js';
import campaign from '../commands/campaign/index.js';
import completion from '../commands/completion/index.js';
import customer from '../commands/customer/index.js';
import event from '../commands/event/index.js';
import exportNoun from '../commands/export/index.js';
import job from '../commands/job/index.js';
import login from '../commands/login/index.js';
import loyalty from '../commands/loyalty/index.js';
import order from '../commands/order/index.js';
import product from '../commands/product/index.js';
import profile from '../commands/profile/index.js';
import publication from '../commands/publication/index.js';
import qualify from '../commands/qualify/index.js';
import redemption from '../commands/redemption/index.js';
import rule from '../commands/rule/index.js';
import runs from '../commands/runs/index.js';
import sandbox from '../commands/sandbox/index.js';
import sku from '../commands/sku/index.js';
import status from '../commands/status/index.js';
import templates from '../commands/templates/index.js';
import tiers from '../commands/tiers/index.js';
import token from '../commands/token/index.js';
import voucher from '../commands/voucher/index.js';
import type { AnyCommand, NounDef, NounEntry } from '../toolkit/define.js';

/** An entry of the registry with its verbs loaded. */
export type Entry = NounDef | AnyCommand;
/** An entry as promo lists it: a noun whose verbs may not be loaded yet, or a command of one word. */
export type Listed = Entry | NounEntry;

export const REGISTRY: readonly (NounEntry | AnyCommand)[] = [
  voucher,
  redemption,
  campaign,
  loyalty,
  rule,
  publication,
  job,
  token,
  tiers,
  templates,
  event,
  customer,
  product,
  sku,
  order,
  qualify,
  exportNoun,
  runs,
  login,
  status,
  profile,
  sandbox,
  api,
  completion,
];

export const PROGRAM = {
  summary:
    'Operate a Voucherify promotion account: vouchers, redemptions, campaigns and their jobs, validation rules, customers, the product catalogue, orders, OAuth tokens, loyalty tiers, campaign templates, events, exports.',
  examples: [
    'promo --profile sandbox token issue --scope api vouchers',
    'promo login',
    'promo templates list --limit 5',
    'promo voucher create --type discount --percent-off 20 --json | jq .code',
  ],
};

export function isNoun(entry: Listed): entry is NounDef {
  return 'commands' in entry;
}

/** The first word of an entry: a noun's name, or a one-word command's. */
export function entryName(entry: Listed): string {
  return 'path' in entry ? entry.path[0] : entry.name;
}

async function loadNoun({ verbs, ...noun }: NounEntry): Promise<NounDef> {
  // Copied as they are, getters included: the build's verb manifests keep the help-only fields
  // behind getters (scripts/verb-manifest.mjs), which a spread would call, parsing every verb's help.
  return Object.defineProperties(noun, Object.getOwnPropertyDescriptors((await verbs()).default)) as NounDef;
}

/** The registry with the verbs of the nouns `wanted` names loaded (all of them by default); the others as listed. */
export async function loadRegistry(): Promise<Entry[]>;
export async function loadRegistry(wanted: (name: string) => boolean): Promise<Listed[]>;
export async function loadRegistry(wanted: (name: string) => boolean = () => true): Promise<Listed[]> {
  return Promise.all(
    REGISTRY.map((entry) => ('verbs' in entry && wanted(entry.name) ? loadNoun(entry) : entry)),
  );
}

/** Every command definition, verbs of nouns included, in listing order. */
export function allCommands(registry: readonly Entry[]): AnyCommand[] {
  return registry.flatMap((entry) => (isNoun(entry) ? [...entry.commands] : [entry]));
}

/** What shell completion knows (nouns, verbs, aliases, options, their values), from the registry. */
export async function completionNodes() {
  const { completionData } = await import('../toolkit/completion.js');
  const { TOPICS } = await import('./topics.js');
  const topics = Object.fromEntries(Object.entries(TOPICS).map(([name, t]) => [name, t.summary]));
  return completionData(await loadRegistry(), topics);
}
