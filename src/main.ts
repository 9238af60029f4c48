// main(argv, ctx) runs one command line and returns its exit code; it never exits the process
// (bin/promo.js does), so tests run it in-process with in-memory streams.
import { CommanderError } from 'commander';
import type { Context } from './base/context.js';
import { ExitCode, exitCodeFor, InterruptedError, PromoError, UsageError } from './base/errors.js';
import { Output } from './output/output.js';
import { guessPrinting } from './output/printing.js';
import { Session } from './registry/build.js';
import { checkCommandWords } from './registry/command-words.js';
import { loadRegistry } from './registry/index.js';
import { buildProgram } from './registry/program.js';
import { COMPLETE_COMMAND, COMPLETE_WITH_NOTES_COMMAND } from './toolkit/define.js';

export async function main(argv: string[], ctx: Context): Promise<number> {
  ctx.argv ??= argv;
  if (argv[0] === COMPLETE_COMMAND || argv[0] === COMPLETE_WITH_NOTES_COMMAND) {
    const { answerCompletion } = await import('./registry/tab-answer.js');
    return answerCompletion(argv.slice(1), ctx, argv[0] === COMPLETE_WITH_NOTES_COMMAND);
  }
  const session = new Session(ctx);
  // Any word may be the noun (a flag's value can look like one too), so each noun named is loaded.
  const words = new Set(argv.filter((a) => !a.startsWith('-')));
  const program = buildProgram(session, await loadRegistry((name) => words.has(name)), argv);
  try {
    if (argv.length === 0) {
      program.outputHelp({ error: true });
      return ExitCode.usage;
    }
    checkArgumentSizes(argv);
    checkCommandWords(program, argv);
    await program.parseAsync(argv, { from: 'user' });
    // What --jq still holds is written (or its error reported) before the run counts as done; a
    // run that already ended as interrupted (a bulk run, with its resume line) says so only once.
    await session.runtime?.out.finish().catch((error: unknown) => {
      if (!(error instanceof InterruptedError && session.exitCode === ExitCode.interrupted)) throw error;
    });
    if (session.runtime?.storageFailure) throw session.runtime.storageFailure;
    return session.exitCode;
  } catch (caught) {
    if (caught instanceof CommanderError) return commanderExit(caught, argv, session);
    // Whatever failed after Ctrl-C failed because of it: the request cut short, the prompt closed.
    // What failed because the built-in sandbox could not save failed because of that.
    const error =
      session.runtime?.storageFailure ?? (ctx.signal?.aborted ? await asInterruption(caught) : caught);
    const out = session.runtime?.out ?? fallbackOutput(argv, ctx);
    await out.error(error);
    // An error promo did not expect: its stack is for --debug, never for everyone.
    if (!(error instanceof PromoError) && session.runtime?.globals.debug)
      out.stderrText(String((error as Error)?.stack));
    return exitCodeFor(error);
  } finally {
    await session.runtime?.close();
  }
}

async function asInterruption(error: unknown): Promise<PromoError> {
  if (error instanceof InterruptedError) return error;
  // Loaded here: only a run that sent requests can have one in flight.
  const { OutcomeUnknownError } = await import('./http/failures.js');
  if (error instanceof OutcomeUnknownError) {
    return new InterruptedError(
      `Interrupted while ${error.method} ${error.path} was in flight: the service may or may not have acted on it.`,
      error.hint,
    );
  }
  return new InterruptedError();
}

/** Linux's own limit for one argument; a longer one can only come from a program, and belongs in a file. */
const MAX_ARGUMENT_BYTES = 128 * 1024;

function checkArgumentSizes(argv: string[]): void {
  const index = argv.findIndex((arg) => Buffer.byteLength(arg) > MAX_ARGUMENT_BYTES);
  if (index === -1) return;
  // The value itself is not echoed: it is huge, and may be a secret.
  throw new UsageError(
    `argument ${index + 1} is ${Buffer.byteLength(argv[index]!)} bytes long; the limit is ${MAX_ARGUMENT_BYTES}`,
    'Pass large values in a file: --data @FILE, --body FILE, --input FILE.',
  );
}

async function commanderExit(error: CommanderError, argv: string[], session: Session): Promise<number> {
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
  // -v is the version in many tools; promo's is -V or --version.
  const hint =
    error.code === 'commander.unknownOption' && /'-v'/.test(error.message)
      ? 'Did you mean --version (or -V)?'
      : (suggestion?.[1] ?? 'Run with --help for usage.');
  await fallbackOutput(argv, session.ctx).error(new UsageError(message, hint));
  return ExitCode.usage;
}

/** An output for errors raised before the run's own exists (bad flags): guesses the formats from argv. */
export function fallbackOutput(argv: string[], ctx: Context): Output {
  return new Output(guessPrinting(argv, ctx), ctx);
}
