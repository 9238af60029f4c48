// main(argv, ctx) runs one command line and returns its exit code; it never exits the process
// (bin/promo.js does), so tests run it in-process with in-memory streams.
import { Command, CommanderError } from 'commander';
import { App, examples } from './app.js';
import { nounsFor } from './commands/index.js';
import type { Context } from './context.js';
import { ExitCode, exitCodeFor, InterruptedError, PromoError, UsageError } from './errors.js';
import { CLUSTERS, resolveOutput } from './globals.js';
import { OutcomeUnknownError } from './http/transport.js';
import { Output } from './output/output.js';
import { VERSION } from './version.js';

/** The program; with `argv`, only the noun it names is built in full (see commands/index.ts). */
export function buildProgram(app: App, argv?: string[]): Command {
  const program = new Command('promo')
    .description(
      'Operate a Voucherify promotion account: vouchers, OAuth tokens, loyalty tiers, campaign templates, events.',
    )
    .version(VERSION, '-V, --version', 'print the version')
    .option('-p, --profile <name>', 'profile to use (env PROMO_PROFILE; default: the default profile)')
    .option('--cluster <cluster>', `API cluster: ${CLUSTERS.join(', ')} (env PROMO_CLUSTER)`)
    .option('--api-url <url>', 'full base URL; wins over --cluster (env PROMO_API_URL)')
    .option(
      '-o, --output <format>',
      'table, json or ndjson (env PROMO_OUTPUT; default: table on a terminal, else json)',
    )
    .option('--json', 'same as -o json')
    .option('--no-color', 'no colour (also NO_COLOR)')
    .option('--timeout <seconds>', 'timeout of each request attempt (default 30)')
    .option('--retries <n>', 'retries on 429, 5xx and network failures (default 3)')
    .option('--debug', 'HTTP trace on stderr, secrets redacted (env PROMO_DEBUG=1)')
    .option('-y, --yes', 'skip confirmations')
    .option('--no-input', 'never prompt (also when CI is set, or stdin/stdout is not a terminal)')
    .addHelpText(
      'after',
      examples(
        'promo --profile sandbox token issue --scope api vouchers',
        'promo login',
        'promo templates list --limit 5',
        'promo voucher create --type discount --percent-off 20 --json | jq .code',
      ),
    )
    .addHelpText(
      'after',
      'Exit codes: 0 ok, 1 failure, 2 usage, 3 not found, 4 auth, 5 rate limited, 6 network,\n' +
        '7 some bulk items failed, 8 cancelled, 130 interrupted (Ctrl-C or SIGTERM).',
    );
  for (const command of nounsFor(argv, app)) program.addCommand(command);
  configureTree(program, app);
  return program;
}

/** Settings every command needs, applied down the tree (addCommand does not copy them). */
function configureTree(command: Command, app: App): void {
  command
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: (text) => app.ctx.stdout.write(text),
      writeErr: (text) => app.ctx.stderr.write(text),
      // Usage errors are printed by main, in the run's output format.
      outputError: () => undefined,
    });
  for (const sub of command.commands) configureTree(sub, app);
}

export async function main(argv: string[], ctx: Context): Promise<number> {
  const app = new App(ctx);
  const program = buildProgram(app, argv);
  try {
    if (argv.length === 0) {
      program.outputHelp({ error: true });
      return ExitCode.usage;
    }
    checkArgumentSizes(argv);
    await program.parseAsync(argv, { from: 'user' });
    return app.exitCode;
  } catch (caught) {
    if (caught instanceof CommanderError) return commanderExit(caught, argv, app);
    // Whatever failed after Ctrl-C failed because of it: the request cut short, the prompt closed.
    const error = ctx.signal?.aborted ? asInterruption(caught) : caught;
    const out = app.runtime?.out ?? fallbackOutput(argv, ctx);
    await out.error(error);
    // An error promo did not expect: its stack is for --debug, never for everyone.
    if (!(error instanceof PromoError) && app.runtime?.globals.debug)
      ctx.stderr.write(`${app.runtime.secrets.scrub(String((error as Error)?.stack))}\n`);
    return exitCodeFor(error);
  } finally {
    await app.runtime?.close();
  }
}

function asInterruption(error: unknown): PromoError {
  if (error instanceof InterruptedError) return error;
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

async function commanderExit(error: CommanderError, argv: string[], app: App): Promise<number> {
  if (
    error.code === 'commander.helpDisplayed' ||
    error.code === 'commander.version' ||
    error.exitCode === 0
  ) {
    return ExitCode.ok;
  }
  if (error.code === 'commander.help') return ExitCode.usage;
  const message = error.message.replace(/^error: /, '').replace(/\s*\n\s*/g, ' ');
  const hint = 'Run with --help for usage.';
  await fallbackOutput(argv, app.ctx).error(new UsageError(message, hint));
  return ExitCode.usage;
}

/** An output for errors raised before the run's own exists (bad flags): guesses the format from argv. */
export function fallbackOutput(argv: string[], ctx: Context): Output {
  let output: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--json') output = 'json';
    else if ((arg === '-o' || arg === '--output') && argv[i + 1]) output = argv[i + 1];
    else if (arg.startsWith('--output=')) output = arg.slice('--output='.length);
  }
  let format: ReturnType<typeof resolveOutput>;
  try {
    format = resolveOutput({ output }, ctx);
  } catch {
    format = ctx.stdout.isTTY ? 'table' : 'json';
  }
  const color = () => ctx.stderr.isTTY === true && !ctx.env.NO_COLOR && !argv.includes('--no-color');
  return new Output(format, ctx, false, color);
}
