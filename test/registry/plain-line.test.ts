// The plain-line reader (src/registry/plain-line.ts) runs a command without commander. Over every
// command of the registry and many spellings of its line, it must either give the command and
// the very values commander gives (what the session runs with), or leave the line to commander;
// the plain spellings it must take itself, and a line commander refuses it must never take.
import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { type ArgSpec, longFlag, type OptionSpec } from '../../src/base/options.js';
import { allCommands, loadRegistry } from '../../src/registry/index.js';
import { readPlainLine } from '../../src/registry/plain-line.js';
import { buildProgram } from '../../src/registry/program.js';
import { type LineValues, Session } from '../../src/registry/session.js';
import type { AnyCommand } from '../../src/toolkit/define.js';
import { testContext } from '../helpers/promo.js';

const registry = await loadRegistry();
const commands = allCommands(registry);

/** A session that keeps what commander hands it instead of running the command. */
class Kept extends Session {
  seen?: { path: string; line: LineValues };

  override async execute(def: AnyCommand, line: LineValues): Promise<void> {
    this.seen = { path: def.path.join(' '), line: structuredClone({ ...line, args: [...line.args] }) };
  }
}

type Outcome = { path: string; line: LineValues } | 'refused';

async function byCommander(argv: string[]): Promise<Outcome> {
  const session = new Kept(testContext().ctx);
  const program = buildProgram(session, registry, argv);
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) return 'refused';
    throw error;
  }
  return session.seen ?? 'refused';
}

function byPlainReader(argv: string[]): Outcome | undefined {
  const read = readPlainLine(registry, argv, process.env);
  return read && { path: read.def.path.join(' '), line: read.line };
}

const sampleValue = (spec: OptionSpec) => ('choices' in spec && spec.choices?.[0]) || 'v1';

/** The words of one option as a person spells it, every usual way. */
function spellings(key: string, spec: OptionSpec): string[][] {
  const long = longFlag(key, spec);
  if (spec.type === 'switch') return spec.short ? [[long], [`-${spec.short}`]] : [[long]];
  const value = sampleValue(spec);
  if (spec.type === 'list' && spec.variadic) return [[long, value, 'w2']];
  const once = [[long, value], [`${long}=${value}`]];
  if (spec.short) once.push([`-${spec.short}`, value], [`-${spec.short}${value}`]);
  return spec.type === 'list' ? [...once, [long, value, long, 'w2']] : once;
}

/** A plain line of `def`: its words, its required arguments and options. */
function plainLine(def: AnyCommand, { optionalArgs = false } = {}): { head: string[]; args: string[] } {
  const head = [...def.path];
  for (const [key, spec] of Object.entries<OptionSpec>(def.options ?? {}))
    if (spec.type !== 'switch' && spec.required) head.push(...spellings(key, spec)[0]!);
  const args: string[] = [];
  for (const [i, spec] of Object.values<ArgSpec>(def.args ?? {}).entries()) {
    if (!spec.required && !optionalArgs) break;
    args.push(`arg${i}`);
    if (spec.variadic) args.push(`arg${i}b`);
  }
  return { head, args };
}

function linesOf(def: AnyCommand): { plain: string[][]; other: string[][] } {
  const { head, args } = plainLine(def);
  const all = plainLine(def, { optionalArgs: true });
  const plain = [
    [...head, ...args],
    [...all.head, ...all.args],
    ['-o', 'json', ...head, ...args],
    ['--profile', 'p', ...head, '-q', ...args],
    [
      ...head,
      ...args,
      '-ojson',
      '--no-input',
      '--timeout=5',
      '--no-color',
      '-y',
      '--fields',
      'a,b',
      '--json',
    ],
    [head[0]!, '--api-url', 'http://127.0.0.1:9', ...head.slice(1), ...args, '--jq', '.[]'],
  ];
  for (const [key, spec] of Object.entries<OptionSpec>(def.options ?? {})) {
    for (const words of spellings(key, spec)) {
      const variadic = spec.type === 'list' && spec.variadic;
      // After the arguments; before them too unless the option takes every word that follows.
      plain.push([...head, ...args, ...words]);
      if (!variadic) plain.push([...head, ...words, ...args]);
    }
  }
  const other = [
    [...head, ...args, '--no-such-option'],
    [...head, ...args, '--', 'x'],
    [...head, ...args, '-h'],
    [...head, '--help', ...args],
    [...head, ...args, '--version'],
    [...head, ...args, '-yq'],
    [...head, ...args, '--json=1'],
    [...head, ...args, '--profile'],
    [...head, ...args, 'excess1', 'excess2', 'excess3', 'excess4'],
    head,
    [head[0]!],
  ];
  for (const [key, spec] of Object.entries<OptionSpec>(def.options ?? {})) {
    if (spec.type === 'switch') continue;
    other.push([...head, ...args, longFlag(key, spec)], [...head, ...args, longFlag(key, spec), '-5']);
  }
  return { plain, other };
}

describe('a plain line, read without commander', () => {
  it('covers every command of the registry', () => {
    expect(commands.length).toBeGreaterThan(90);
  });

  it.each(commands.map((def) => [def.path.join(' '), def] as const))(
    'promo %s: the plain spellings are read as commander reads them; the others left to it',
    async (_, def) => {
      const { plain, other } = linesOf(def);
      for (const argv of plain) {
        const expected = await byCommander(argv);
        expect({ argv, commander: expected }).not.toEqual({ argv, commander: 'refused' });
        expect({ argv, plain: byPlainReader(argv) }).toEqual({ argv, plain: expected });
      }
      for (const argv of other) {
        const expected = await byCommander(argv).catch(() => 'refused' as const);
        const read = byPlainReader(argv);
        // Taken only when commander runs the same command with the same values.
        if (read !== undefined) expect({ argv, plain: read }).toEqual({ argv, plain: expected });
        if (expected === 'refused') expect({ argv, plain: read }).toEqual({ argv, plain: undefined });
      }
    },
  );

  it('leaves help, the version, unknown words and grouped switches to commander', () => {
    for (const argv of [
      [],
      ['--help'],
      ['voucher', 'get', 'X', '-h'],
      ['-V'],
      ['voucher'],
      ['vouchr', 'get', 'X'],
      ['voucher', 'gett', 'X'],
      ['help', 'voucher'],
      ['voucher', 'get', 'X', '-qy'],
      ['voucher', 'get', '--', 'X'],
      ['--limit', '5', 'voucher', 'list'],
      ['voucher', '--limit', '5', 'list'],
    ])
      expect({ argv, read: readPlainLine(registry, argv, process.env) }).toEqual({ argv, read: undefined });
  });
});
