// A plain command line read without commander. Loading commander and building its tree is the
// largest part of promo's own start-up cost (~4 ms of a one-request command's ~20); most lines are
// plain: a command, its arguments, options spelt out, global options anywhere. This reader takes
// exactly those and gives what commander would keep of them (session.ts, LineValues); anything
// else (help, the version, an unknown word or option, a missing value or argument, `--`, short
// options grouped, a value that starts with '-') it leaves to commander, whose answer, error or help
// stays the one promo gives. test/registry/plain-line.test.ts holds the two to the same values
// over every command of the registry.
import { type ArgSpec, longFlag, type OptionSpec, type OptionSpecs } from '../base/options.js';
import { GLOBAL_OPTIONS } from '../runtime/globals.js';
import type { AnyCommand } from '../toolkit/define.js';
import { entryName, isNoun, type Listed } from './index.js';
import type { LineValues } from './session.js';

/** Flags every command has (help) or the program has (version): commander's to answer. */
const LEFT_TO_COMMANDER = new Set(['-h', '--help', '-V', '--version']);

interface Flag {
  key: string;
  spec: OptionSpec;
}

/** An option's flags as commander knows them: `--limit`, `-l`, `--no-color`. */
function flagsOf(specs: OptionSpecs): Map<string, Flag> {
  const flags = new Map<string, Flag>();
  for (const [key, spec] of Object.entries(specs)) {
    flags.set(longFlag(key, spec), { key, spec });
    if (spec.short) flags.set(`-${spec.short}`, { key, spec });
  }
  return flags;
}

/**
 * commander's values before the line: a `--no-x` alone stands for x = true until given; a value's
 * default, then its environment variable over it (the line's own, set later, over both).
 */
function startValues(specs: OptionSpecs, env: NodeJS.ProcessEnv): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(specs)) {
    if (spec.type === 'switch' && spec.negatable) values[key] = true;
    if (spec.type !== 'value') continue;
    if (spec.default !== undefined) values[key] = spec.default;
    if (spec.env && env[spec.env] !== undefined) values[key] = env[spec.env];
  }
  return values;
}

/** A word commander would read as an option (or as a value that may be one). */
const optionLike = (word: string) => word.length > 1 && word.startsWith('-');

/**
 * Reads one option word at `words[i]` into `values`; the index of the next word, or undefined
 * when the word is not a plain one of `flags` (commander's to read).
 */
function readOption(
  words: readonly string[],
  i: number,
  flags: Map<string, Flag>,
  values: Record<string, unknown>,
): { next: number; variadic?: string } | undefined {
  const word = words[i]!;
  let name = word;
  let attached: string | undefined;
  if (word.startsWith('--')) {
    const equals = word.indexOf('=');
    if (equals > 2) {
      name = word.slice(0, equals);
      attached = word.slice(equals + 1);
    }
  } else if (word.length > 2) {
    // `-ojson`: a short option's value; `-yq`, switches grouped, is commander's.
    name = word.slice(0, 2);
    attached = word.slice(2);
  }
  const flag = flags.get(name);
  if (!flag) return undefined;
  const { key, spec } = flag;
  if (spec.type === 'switch') {
    if (attached !== undefined) return undefined;
    values[key] = !spec.negatable;
    return { next: i + 1 };
  }
  let next = i + 1;
  const value = attached ?? words[next++];
  if (value === undefined || optionLike(value)) return undefined;
  if (spec.type === 'list') {
    // Repeated (collected) or variadic, commander keeps a list, in the order given.
    const previous = values[key];
    values[key] = [...(Array.isArray(previous) ? previous : []), value];
    return spec.variadic ? { next, variadic: key } : { next };
  }
  values[key] = value;
  return { next };
}

/** The command a plain line names and the values commander would give it; undefined: commander's. */
export function readPlainLine(
  registry: readonly Listed[],
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): { def: AnyCommand; line: LineValues } | undefined {
  const globalFlags = flagsOf(GLOBAL_OPTIONS);
  // The program reads its options wherever they stand, as commander does, and leaves the rest to
  // the command in order.
  const programValues = startValues(GLOBAL_OPTIONS, env);
  const rest: string[] = [];
  for (let i = 0; i < argv.length; ) {
    const word = argv[i]!;
    if (word === '--' || LEFT_TO_COMMANDER.has(word)) return undefined;
    if (optionLike(word)) {
      const read = readOption(argv, i, globalFlags, programValues);
      if (read) {
        i = read.next;
        continue;
      }
      // A short word whose first letter is the program's (grouped switches, `-yq`, `-hq`) is commander's.
      const letter = word.slice(0, 2);
      if (!word.startsWith('--') && (globalFlags.has(letter) || LEFT_TO_COMMANDER.has(letter)))
        return undefined;
    }
    rest.push(word);
    i++;
  }
  const def = commandOf(registry, rest);
  if (!def) return undefined;
  // The words after the command's (its verb named by an alias or not).
  const words = rest.slice(def.path.length);
  const flags = flagsOf(def.options ?? {});
  const options = startValues(def.options ?? {}, env);
  const operands: string[] = [];
  let variadic: string | undefined;
  for (let i = 0; i < words.length; ) {
    const word = words[i]!;
    if (!optionLike(word)) {
      if (variadic) (options[variadic] as string[]).push(word);
      else operands.push(word);
      i++;
      continue;
    }
    const read = readOption(words, i, flags, options);
    if (!read) return undefined;
    variadic = read.variadic;
    i = read.next;
  }
  for (const [key, spec] of Object.entries<OptionSpec>(def.options ?? {}))
    if (spec.type !== 'switch' && spec.required && options[key] === undefined) return undefined;
  const args = argsOf(def, operands);
  if (!args) return undefined;
  return { def, line: { withGlobals: { ...options, ...programValues }, options, args } };
}

/** The definition the first words name (a noun and its verb, or a command of one word). */
function commandOf(registry: readonly Listed[], rest: readonly string[]): AnyCommand | undefined {
  const [first, second] = rest;
  const entry = registry.find((e) => entryName(e) === first);
  if (!entry || 'verbs' in entry) return undefined;
  if (!isNoun(entry)) return entry;
  if (second === undefined) return undefined;
  return entry.commands.find((c) => c.path[1] === second || c.aliases?.includes(second));
}

/** commander's processedArgs: each argument, the last one's rest as a list; undefined when they do not fit. */
function argsOf(def: AnyCommand, operands: readonly string[]): unknown[] | undefined {
  const specs: ArgSpec[] = Object.values(def.args ?? {});
  const args: unknown[] = [];
  for (const [i, spec] of specs.entries()) {
    if (spec.required && operands.length <= i) return undefined;
    if (spec.variadic) return [...args, operands.slice(i)];
    args.push(operands[i]);
  }
  return operands.length > specs.length ? undefined : args;
}
