// The README's command table, made from the registry (test/registry/readme.test.ts keeps the
// README equal to it): one row per command, its arguments, aliases and summary.

import type { AnyCommand, ArgSpecs } from '../toolkit/define.js';
import { argumentTerm } from './build.js';

const cell = (text: string) => text.replace(/\|/g, '\\|');

function usage(def: AnyCommand): string {
  const args: ArgSpecs = def.args ?? {};
  return ['promo', ...def.path, ...Object.entries(args).map(([key, spec]) => argumentTerm(key, spec))].join(
    ' ',
  );
}

/** The markdown table of every command, in the order `promo --help` lists them. */
export function commandTable(commands: readonly AnyCommand[]): string {
  const rows = commands.map((def) => {
    const aliases = def.aliases?.length ? ` (also \`${def.aliases.join('`, `')}\`)` : '';
    return `| \`${cell(usage(def))}\`${cell(aliases)} | ${cell(def.summary)} |`;
  });
  return ['| command | does |', '| --- | --- |', ...rows].join('\n');
}
