// Commands as data. Parsing, --help, `promo help`, completion and the README's command table are
// all built from these definitions (src/registry/index.ts lists them), so they cannot disagree.
//
// How to add a command (say `promo voucher get <code>`):
// 1. One definition file, src/commands/voucher/get.ts:
//      export default defineCommand({
//        path: ['voucher', 'get'],
//        summary: 'Show one voucher',
//        examples: ['promo voucher get SUMMER20'],
//        args: { code: { help: 'voucher code', required: true } },
//        options: { withRedemptions: { type: 'switch', help: 'include its redemptions' } },
//        run: async ({ code, withRedemptions }, rt) => { … },   // types inferred: string, boolean
//      });
//    and add it to its noun's `commands` in src/commands/voucher/verbs.ts (a new noun: a folder
//    with an index.ts, whose defineNoun gives its name and summary and imports its verbs.ts, listed
//    in src/registry/index.ts; a command of one word keeps its definition in a command.ts, which
//    its index.ts re-exports for the registry, and its work in a run.ts that `run` loads with a
//    dynamic import of ./run.js, so that the core stays small: the build carries the definition in
//    the core as data and puts command.ts, and whatever is imported with import(), in chunks of
//    dist/, see scripts/verb-manifest.mjs and scripts/split.mjs).
// 2. One api function (src/api/vouchers.ts: getVoucher(client, code)) that builds the request.
// 3. For a service operation: one sandbox route (packages/sandbox/src/), so that tests run against it.
// Then refresh README's command table, which test/registry/readme.test.ts keeps equal to the
// registry: UPDATE_README=1 npx vitest run test/registry/readme.test.ts
// Values from a fixed set: `choices` (run gets their union, completion offers them); a value that
// needs converting: `parse(text, flag)`; long option lists: `group` gives them a --help heading.
// Option keys are camelCase; the flag is their kebab-case (`amountOff` → --amount-off). Checks
// that need more than one option go in `run`, before anything is sent (throw a UsageError).

import type { ArgSpecs, Input, OptionSpecs } from '../base/options.js';
import type { Runtime } from '../runtime/runtime.js';

export type * from '../base/options.js';
export { defineArgs, defineOptions, kebab } from '../base/options.js';

/** What `run` returns: an exit code, or nothing for 0. */
// biome-ignore lint/suspicious/noConfusingVoidType: a run that returns nothing is `async () => {}`
export type RunResult = Promise<number | undefined | void>;

export interface CommandDef<A extends ArgSpecs = ArgSpecs, O extends OptionSpecs = OptionSpecs> {
  /** `['voucher', 'create']`, or one word for a command without a noun: `['login']`. */
  path: readonly [string] | readonly [string, string];
  aliases?: readonly string[];
  /** One line: the command lists and the first line of its own --help. */
  summary: string;
  /** More paragraphs for its own --help, after the options (before the examples). */
  description?: string;
  /** Whole command lines, each starting with `promo `. */
  examples: readonly string[];
  args?: A;
  options?: O;
  /**
   * The fields of the objects it prints (the service's, top level), for `--fields`: completed on
   * TAB, and a name that is none of them is refused (exit 2) with what it may have meant.
   */
  fields?: readonly string[];
  run(input: Input<A, O>, rt: Runtime): RunResult;
  /**
   * Set by the build alone (scripts/verb-manifest.mjs), on a definition that is its data: loads the
   * verb's module, whose definition has the `run` and the value parsers.
   */
  load?: () => Promise<CommandDef<A, O>>;
}

/** A command, with `run`'s input types inferred from `args` and `options`. */
export function defineCommand<
  const A extends ArgSpecs = Record<never, never>,
  const O extends OptionSpecs = Record<never, never>,
>(def: CommandDef<A, O>): CommandDef<A, O> {
  return def;
}

/** A noun as promo lists it: the word before the verbs, with the one summary every listing shows. */
export interface NounEntry {
  name: string;
  summary: string;
  /**
   * Its verbs (src/commands/<noun>/verbs.ts), imported only when a command line names the noun or
   * the whole tree is needed (help of a command, completion, README): loading every noun's verbs
   * and what they import would cost every start-up.
   */
  verbs: () => Promise<{ default: NounVerbs }>;
}

/** What a noun's verbs module holds: the verbs, and what the noun's own --help says besides its summary. */
export interface NounVerbs {
  description?: string;
  examples: readonly string[];
  // Any definition: each verb's input types were checked where it was defined.
  // biome-ignore lint/suspicious/noExplicitAny: the registry holds commands of every input shape
  commands: readonly CommandDef<any, any>[];
}

/** A noun with its verbs loaded. */
export type NounDef = Omit<NounEntry, 'verbs'> & NounVerbs;

export function defineNoun(noun: NounEntry): NounEntry {
  return noun;
}

export function defineVerbs(verbs: NounVerbs): NounVerbs {
  return verbs;
}

// biome-ignore lint/suspicious/noExplicitAny: see NounDef.commands
export type AnyCommand = CommandDef<any, any>;

/** The hidden command the completion scripts run on every TAB (registry/tab-answer.ts answers it). */
export const COMPLETE_COMMAND = '__complete';
/** The same, each word followed by a tab and what it is, for the shells that show it (zsh, fish). */
export const COMPLETE_WITH_NOTES_COMMAND = '__complete-with-notes';
