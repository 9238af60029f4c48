// A command line read by commander: every line the plain reader (plain-line.ts) leaves to it (help,
// the version, usage errors with their suggestions, the rarer spellings). Loaded only then, with
// commander and the tree it builds from the registry.
import { type Command, CommanderError } from 'commander';
import { ExitCode, UsageError } from '../base/errors.js';
import { fallbackOutput } from '../output/fallback.js';
import { checkCommandWords, optionsHolding } from './command-words.js';
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
  const named = checkCommandWords(program, argv);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return undefined;
  } catch (caught) {
    if (caught instanceof CommanderError) return commanderExit(caught, argv, session, named);
    throw caught;
  }
}

async function commanderExit(
  error: CommanderError,
  argv: string[],
  session: Session,
  named: Command,
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
      : ((unknown && optionsHolding(unknown, named)) ?? suggestion?.[1] ?? 'Run with --help for usage.');
  await fallbackOutput(argv, session.ctx).error(new UsageError(message, hint));
  return ExitCode.usage;
}
