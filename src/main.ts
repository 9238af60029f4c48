// main(argv, ctx) runs one command line and returns its exit code; it never exits the process
// (bin/promo.js does), so tests run it in-process with in-memory streams.
import type { Context } from './base/context.js';
import { ExitCode, exitCodeFor, InterruptedError, PromoError, UsageError } from './base/errors.js';
import { VERSION } from './base/version.js';
import { fallbackOutput } from './output/fallback.js';
import { loadRegistry } from './registry/index.js';
import { readPlainLine } from './registry/plain-line.js';
import { Session } from './registry/session.js';
import { COMPLETE_COMMAND, COMPLETE_WITH_NOTES_COMMAND } from './toolkit/define.js';

export async function main(argv: string[], ctx: Context): Promise<number> {
  ctx.argv ??= argv;
  if (argv[0] === COMPLETE_COMMAND || argv[0] === COMPLETE_WITH_NOTES_COMMAND) {
    const { answerCompletion } = await import('./registry/tab-answer.js');
    return answerCompletion(argv.slice(1), ctx, argv[0] === COMPLETE_WITH_NOTES_COMMAND);
  }
  // As bin/promo.js answers it (commander, in the help chunk, takes `-V` anywhere else on a line).
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    ctx.stdout.write(`${VERSION}\n`);
    return ExitCode.ok;
  }
  const session = new Session(ctx);
  // Any word may be the noun (a flag's value can look like one too), so each noun named is loaded.
  const words = new Set(argv.filter((a) => !a.startsWith('-')));
  const registry = await loadRegistry((name) => words.has(name));
  try {
    if (argv.length > 0) checkArgumentSizes(argv);
    // A plain line runs without commander (plain-line.ts); help, the version, usage errors and the
    // rarer spellings are commander's, loaded for them alone.
    const plain = readPlainLine(registry, argv);
    if (plain) await session.execute(plain.def, plain.line);
    else {
      const { runWithCommander } = await import('./registry/with-commander.js');
      const ended = await runWithCommander(argv, session, registry);
      if (ended !== undefined) return ended;
    }
    // What --jq still holds is written (or its error reported) before the run counts as done; a
    // run that already ended as interrupted (a bulk run, with its resume line) says so only once.
    await session.runtime?.out.finish().catch((error: unknown) => {
      if (!(error instanceof InterruptedError && session.exitCode === ExitCode.interrupted)) throw error;
    });
    if (session.runtime?.storageFailure) throw session.runtime.storageFailure;
    return session.exitCode;
  } catch (caught) {
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
