// What shell completion knows, taken from the registry: every command path with its subcommands,
// their aliases, and its options (global ones included) with the values an option allows.
import { CLUSTERS, GLOBAL_OPTIONS, OUTPUT_FORMATS } from '../globals.js';
import type { AnyCommand, NounDef } from './define.js';
import type { OptionSpecs } from './options.js';
import { kebab } from './options.js';

export interface CompletionNode {
  /** `''` for promo itself, `voucher`, `voucher create`. */
  path: string;
  /** The words that may follow: nouns, or a noun's verbs. */
  subcommands: string[];
  /** Other names of those words: `ls` for `list`. */
  aliases: Record<string, readonly string[]>;
  /** Every flag this command takes, short and long: its own, then the global ones, then --help. */
  options: string[];
  /** The values a flag allows, where they are a fixed set (`--output` → table, json, ndjson). */
  values: Record<string, readonly string[]>;
}

function flagsOf(options: OptionSpecs): string[] {
  return Object.entries(options).flatMap(([key, spec]) => {
    const long = `--${spec.type === 'switch' && spec.negatable ? 'no-' : ''}${kebab(key)}`;
    return spec.short ? [`-${spec.short}`, long] : [long];
  });
}

function valuesOf(options: OptionSpecs): Record<string, readonly string[]> {
  const values: Record<string, readonly string[]> = {};
  for (const [key, spec] of Object.entries(options)) {
    if (spec.type !== 'switch' && spec.choices) values[`--${kebab(key)}`] = spec.choices;
  }
  return values;
}

// The global options check their values themselves (globals.ts), so their sets are named here.
const GLOBAL_VALUES: Record<string, readonly string[]> = {
  '--output': OUTPUT_FORMATS,
  '--cluster': CLUSTERS,
};

/** Every command path of `entries` (the registry), in the order `promo --help` lists them, depth first. */
export function completionData(entries: readonly (NounDef | AnyCommand)[]): CompletionNode[] {
  const globals = ['-V', '--version', ...flagsOf(GLOBAL_OPTIONS)];
  const globalValues = { ...valuesOf(GLOBAL_OPTIONS), ...GLOBAL_VALUES };
  const node = (path: string, defs: readonly AnyCommand[], own?: AnyCommand): CompletionNode => ({
    path,
    subcommands: defs.map((d) => d.path.at(-1)!),
    aliases: Object.fromEntries(defs.filter((d) => d.aliases).map((d) => [d.path.at(-1)!, d.aliases!])),
    options: [...flagsOf(own?.options ?? {}), ...globals, '--help'],
    values: { ...valuesOf(own?.options ?? {}), ...globalValues },
  });
  const nodes: CompletionNode[] = [
    { ...node('', []), subcommands: entries.map((e) => ('commands' in e ? e.name : e.path[0])) },
  ];
  for (const entry of entries) {
    if (!('commands' in entry)) {
      nodes.push(node(entry.path.join(' '), [], entry));
      continue;
    }
    nodes.push(node(entry.name, entry.commands));
    for (const def of entry.commands) nodes.push(node(def.path.join(' '), [], def));
  }
  return nodes;
}
