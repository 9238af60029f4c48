// A command line read by commander: every line the plain reader (plain-line.ts) leaves to it (help,
// the version, usage errors with their suggestions, the rarer spellings). Loaded only then, with
// commander and the tree it builds from the registry.
import { type Command, CommanderError } from 'commander';
import { ExitCode, UsageError } from '../base/errors.js';
import { fallbackOutput } from '../output/fallback.js';
import { checkCommandWords } from './command-words.js';
import type { Listed } from './index.js';
import { buildProgram } from './program.js';
import type { Session } from './session.js';

/**
 * Parses `argv` and runs what it names through the session; the exit code when commander ended
 * the line itself (help shown, a usage error reported), undefined when the command ran.
 */
export async function runWithCommander(
  argv: string[],
  session: Session,
  registry: readonly Listed[],
): Promise<number | undefined> {
  const program = buildProgram(session, registry, argv);
  if (argv.length === 0) {
    program.outputHelp({ error: true });
    return ExitCode.usage;
  }
  checkCommandWords(program, argv);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return undefined;
  } catch (caught) {
    if (caught instanceof CommanderError) return commanderExit(caught, argv, session, program);
    throw caught;
  }
}

async function commanderExit(
  error: CommanderError,
  argv: string[],
  session: Session,
  program: Command,
): Promise<number> {
  if (
    error.code === 'commander.helpDisplayed' ||
    error.code === 'commander.version' ||
    error.exitCode === 0
  ) {
    return ExitCode.ok;
  }
  if (error.code === 'commander.help') return ExitCode.usage;
  const text = error.message.replace(/^error: /, '').replace(/\s*\n\s*/g, ' ');
  // commander ends the message with its suggestion: the hint, on a line of its own.
  const suggestion = /\s*\((Did you mean [^)]+\?)\)$/.exec(text);
  const message = suggestion ? text.slice(0, suggestion.index) : text;
  const unknown =
    error.code === 'commander.unknownOption' ? /'(-[^']*)'/.exec(error.message)?.[1] : undefined;
  // -v is the version in many tools; promo's is -V or --version.
  const hint =
    unknown === '-v'
      ? 'Did you mean --version (or -V)?'
      : ((unknown && optionsHolding(unknown, parsedCommand(program, argv))) ??
        suggestion?.[1] ??
        'Run with --help for usage.');
  await fallbackOutput(argv, session.ctx).error(new UsageError(message, hint));
  return ExitCode.usage;
}

/** The command commander was reading when it stopped: the deepest one the line's words name. */
function parsedCommand(program: Command, argv: readonly string[]): Command {
  let command = program;
  for (const word of argv) {
    if (word === '--') break;
    const sub = command.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (sub) command = sub;
  }
  return command;
}

const MOST_NAMED = 4;

/**
 * What a flag that names no option may have meant when it is not a typo but a part of a name: the
 * options of the command (and of those above it: the global ones) whose name starts with it
 * (`--conc`) or holds it as whole words (`--amount` of `--amount-off` and `--gift-amount`), in the
 * order help lists them. A typo's nearest name (commander's suggestion) would be wrong there:
 * `--date` is one letter from `--rate`, and the dates are `--start-date` and `--expiration-date`.
 */
function optionsHolding(flag: string, command: Command): string | undefined {
  const word = flag.replace(/^--/, '').replace(/=.*$/, '').toLowerCase();
  if (!flag.startsWith('--') || word.length < 2) return undefined;
  const longs: string[] = [];
  for (let at: Command | null = command; at; at = at.parent)
    for (const option of at.options) if (option.long && !option.hidden) longs.push(option.long);
  const starts = longs.filter((long) => word.length >= 3 && long.slice(2).startsWith(word));
  const holds = longs.filter((long) => !starts.includes(long) && `-${long.slice(2)}-`.includes(`-${word}-`));
  const found = [...new Set([...starts, ...holds])];
  if (found.length === 0) return undefined;
  if (found.length <= MOST_NAMED)
    return `Did you mean ${found.slice(0, -1).join(', ')}${found.length > 1 ? ' or ' : ''}${found.at(-1)}?`;
  return `Did you mean one of ${found.slice(0, MOST_NAMED).join(', ')} (${found.length - MOST_NAMED} more in --help)?`;
}
