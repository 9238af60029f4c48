// What shell completion knows, taken from the registry, and the one function that answers a TAB:
// the shell scripts (commands/completion/) hand it the words typed so far and print its answer, so
// bash, zsh and fish all complete the same way and never drift from the commands.

import type { ArgSpecs, Completes, OptionSpecs } from '../base/options.js';
import { kebab, longFlag } from '../base/options.js';
import { OUTPUT_FORMATS } from '../output/printing.js';
import { GLOBAL_OPTIONS } from '../runtime/globals.js';
import type { AnyCommand, NounDef } from './define.js';

export interface CompletionNode {
  /** `''` for promo itself, `voucher`, `voucher create`. */
  path: string;
  /** The words that may follow: nouns, or a noun's verbs. */
  subcommands: string[];
  /** Other names of those words: `ls` for `list`. */
  aliases: Record<string, readonly string[]>;
  /** Every flag this command takes, short and long: its own, then the global ones, then --help. */
  options: string[];
  /** The flags that take a value, with what completes it (`null`: anything, nothing to offer). */
  values: Record<string, Completes | null>;
  /** The flags that take every following word (`--scope api vouchers`). */
  variadic: string[];
  /** What completes each positional argument; the last one repeats when it is variadic. */
  args: (Completes | null)[];
  variadicArgs: boolean;
  /** What each subcommand and flag is, in a line: zsh and fish show it beside the word. */
  notes: Record<string, string>;
}

/** One line: the first sentence, no tabs or line breaks (the answer is one word and note a line). */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function notesOf(options: OptionSpecs): Record<string, string> {
  const notes: Record<string, string> = {};
  for (const [key, spec] of Object.entries(options)) {
    const long = longFlag(key, spec);
    notes[long] = oneLine(spec.help);
    if (spec.short) notes[`-${spec.short}`] = oneLine(spec.help);
  }
  return notes;
}

function flagsOf(options: OptionSpecs): string[] {
  return Object.entries(options).flatMap(([key, spec]) => {
    const long = longFlag(key, spec);
    return spec.short ? [`-${spec.short}`, long] : [long];
  });
}

function valuesOf(options: OptionSpecs): Record<string, Completes | null> {
  const values: Record<string, Completes | null> = {};
  for (const [key, spec] of Object.entries(options)) {
    if (spec.type === 'switch') continue;
    const completes = spec.complete ?? spec.choices ?? null;
    values[`--${kebab(key)}`] = completes;
    if (spec.short) values[`-${spec.short}`] = completes;
  }
  return values;
}

function variadicOf(options: OptionSpecs): string[] {
  return Object.entries(options).flatMap(([key, spec]) =>
    spec.type === 'list' && spec.variadic
      ? [`--${kebab(key)}`, ...(spec.short ? [`-${spec.short}`] : [])]
      : [],
  );
}

const GLOBAL_VALUES: Record<string, Completes> = {
  '--output': OUTPUT_FORMATS,
  '-o': OUTPUT_FORMATS,
};

/**
 * Every command path of `entries` (the registry), and `promo help`'s words: the `topics` (name →
 * summary) and the commands.
 */
export function completionData(
  entries: readonly (NounDef | AnyCommand)[],
  topics: Readonly<Record<string, string>> = {},
): CompletionNode[] {
  const globals = ['-V', '--version', ...flagsOf(GLOBAL_OPTIONS)];
  const globalValues = { ...valuesOf(GLOBAL_OPTIONS), ...GLOBAL_VALUES };
  const globalNotes = {
    '-V': 'print the version',
    '--version': 'print the version',
    ...notesOf(GLOBAL_OPTIONS),
    '--help': 'show help',
  };
  const node = (path: string, defs: readonly AnyCommand[], own?: AnyCommand): CompletionNode => {
    const args = Object.values((own?.args ?? {}) as ArgSpecs);
    const values = { ...valuesOf(own?.options ?? {}), ...globalValues };
    // --fields completes the fields of the command at hand; a command that prints none has none.
    for (const [flag, completes] of Object.entries(values))
      if (completes === 'fields') values[flag] = own?.fields ? { commaList: own.fields } : null;
    return {
      path,
      subcommands: defs.map((d) => d.path.at(-1)!),
      aliases: Object.fromEntries(defs.filter((d) => d.aliases).map((d) => [d.path.at(-1)!, d.aliases!])),
      // --fields is offered where the command says what fields it prints (a TAB on `--f` of
      // voucher delete still completes --force).
      options: [
        ...flagsOf(own?.options ?? {}),
        ...globals.filter((f) => f !== '--fields' || own?.fields),
        '--help',
      ],
      values,
      variadic: variadicOf(own?.options ?? {}),
      args: args.map((a) => a.complete ?? null),
      variadicArgs: args.at(-1)?.variadic === true,
      notes: {
        ...Object.fromEntries(defs.map((d) => [d.path.at(-1)!, oneLine(d.summary)])),
        ...globalNotes,
        ...notesOf(own?.options ?? {}),
      },
    };
  };
  const nameOf = (e: NounDef | AnyCommand) => ('commands' in e ? e.name : e.path[0]!);
  const entryNotes = Object.fromEntries(entries.map((e) => [nameOf(e), oneLine(e.summary)]));
  const root = node('', []);
  const nodes: CompletionNode[] = [
    {
      ...root,
      subcommands: [...entries.map(nameOf), 'help'],
      notes: { ...root.notes, ...entryNotes, help: 'help on a command or a topic' },
    },
  ];
  // `promo help <TAB>`: the topics, then every command; `promo help voucher <TAB>`: its verbs.
  const help = node('help', []);
  nodes.push({
    ...help,
    subcommands: [...Object.keys(topics), ...entries.map(nameOf)],
    notes: { ...help.notes, ...topics, ...entryNotes },
  });
  for (const entry of entries) {
    if (!('commands' in entry)) {
      nodes.push(node(entry.path.join(' '), [], entry));
      continue;
    }
    nodes.push(node(entry.name, entry.commands));
    nodes.push({ ...node(`help ${entry.name}`, entry.commands), options: [] });
    for (const def of entry.commands) nodes.push(node(def.path.join(' '), [], def));
  }
  return nodes;
}

/**
 * The answer to a TAB: words to offer (with what each is, where promo knows), or a kind of word
 * the shell itself completes.
 */
export type Completion =
  | { words: string[]; notes?: Readonly<Record<string, string>> }
  | { files: true }
  | { profiles: true; saved?: true };

/** Where the words typed so far lead: the command at hand and what the current word stands for. */
function locate(nodes: CompletionNode[], typed: readonly string[]) {
  const byPath = new Map(nodes.map((n) => [n.path, n]));
  let node = byPath.get('')!;
  let positional = 0;
  let expecting: Completes | null | undefined; // a flag's value comes next (null: any text)
  let variadic: Completes | null | undefined; // the words after a variadic flag are its values
  let afterDashes = false;
  let lastFlag = '';
  for (const word of typed) {
    if (expecting !== undefined) {
      variadic = node.variadic.includes(lastFlag) ? expecting : undefined;
      expecting = undefined;
      continue;
    }
    if (!afterDashes && word === '--') {
      afterDashes = true;
      variadic = undefined;
      continue;
    }
    if (!afterDashes && word.startsWith('-') && word.length > 1) {
      variadic = undefined;
      if (!word.includes('=') && word in node.values) {
        expecting = node.values[word];
        lastFlag = word;
      }
      continue;
    }
    if (variadic !== undefined) continue;
    const sub = node.subcommands.find((s) => s === word || node.aliases[s]?.includes(word));
    const child = sub === undefined ? undefined : byPath.get(node.path ? `${node.path} ${sub}` : sub);
    if (child) node = child;
    else positional += 1;
  }
  return { node, positional, expecting, variadic, afterDashes };
}
function offer(completes: Completes | null, prefix: string, into = ''): Completion {
  if (completes === 'files') return { files: true };
  if (completes === 'profiles') return { profiles: true };
  if (completes === 'saved-profiles') return { profiles: true, saved: true };
  if (completes === 'fields') return { words: [] };
  if (completes !== null && 'commaList' in completes) {
    // `code,disc` → `code,discount`: the fields already chosen stay, and are not offered again.
    const chosen = prefix.split(',');
    const last = chosen.pop()!;
    const head = chosen.length ? `${chosen.join(',')},` : '';
    return offer(
      completes.commaList.filter((f) => !chosen.includes(f)),
      last,
      into + head,
    );
  }
  return { words: (completes ?? []).filter((w) => w.startsWith(prefix)).map((w) => into + w) };
}

/** What to offer for the last of `words` (the one being typed; '' right after a space). */
export function complete(nodes: CompletionNode[], words: readonly string[]): Completion {
  const current = words.at(-1) ?? '';
  const { node, positional, expecting, variadic, afterDashes } = locate(nodes, words.slice(0, -1));
  if (expecting !== undefined) return offer(expecting, current);
  if (!afterDashes && current.startsWith('-')) {
    const equals = current.indexOf('=');
    if (equals > 0) {
      const flag = current.slice(0, equals);
      return flag in node.values
        ? offer(node.values[flag] ?? null, current.slice(equals + 1), `${flag}=`)
        : offer(null, '');
    }
    return { ...offer(node.options, current), notes: node.notes };
  }
  if (variadic !== undefined) return offer(variadic, current);
  if (node.subcommands.length) {
    const names = node.subcommands.filter((s) => s.startsWith(current));
    const aliases = Object.values(node.aliases)
      .flat()
      .filter((a) => a.startsWith(current));
    return { words: names.length ? names : aliases, notes: node.notes };
  }
  const index = node.variadicArgs ? Math.min(positional, node.args.length - 1) : positional;
  return offer(node.args[index] ?? null, current);
}
