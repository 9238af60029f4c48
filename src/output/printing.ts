// How a run prints, resolved once, here, below the runtime: the output format, colour on stdout
// and on stderr, whether stderr carries JSON lines, and whether prompts may be asked. The
// runtime's global options (runtime/globals.ts) take it whole and an Output is built from it; a run
// that fails before its options are read guesses it from the command line (guessPrinting).
import { type Context, stdoutIsTTY } from '../base/context.js';
import { UsageError } from '../base/errors.js';

export const OUTPUT_FORMATS = ['table', 'json', 'ndjson', 'csv'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export const LOG_FORMATS = ['text', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** The global options that say how to print, as typed (before environment and defaults). */
export interface PrintFlags {
  output?: string;
  json?: boolean;
  /** --jq and --fields ask for data: JSON on a terminal too, unless a format is named. */
  jq?: string;
  fields?: string;
  logFormat?: string;
  color?: boolean;
  input?: boolean;
  quiet?: boolean;
}

export interface Printing {
  output: OutputFormat;
  /** Colour on stdout: a table, or JSON on a terminal. */
  colorStdout: boolean;
  /** Asked only when something is written to stderr (see Output). */
  colorStderr: () => boolean;
  /** stderr carries JSON lines, not text; asked only when something is written there. */
  stderrJson: () => boolean;
  /** Prompts are allowed: not --no-input, not CI, and both stdin and stdout are terminals. */
  interactive: boolean;
  /** Why prompts are not allowed, as the end of a sentence: `prompts are turned off by --no-input`. */
  noPromptsBecause?: string;
  /** -q/--quiet or PROMO_QUIET: no notices, warnings or progress on stderr; errors stay (cron mails nothing). */
  quiet: boolean;
}

export function resolvePrinting(flags: PrintFlags, ctx: Context): Printing {
  const { env } = ctx;
  const output = resolveOutput(flags, ctx);
  const terminal = stdoutIsTTY(ctx);
  return {
    output,
    colorStdout: (output === 'table' || terminal) && colorWanted(flags, env, terminal),
    colorStderr: () => colorWanted(flags, env, ctx.stderr.isTTY === true),
    stderrJson: stderrJsonFor(resolveLogFormat(flags, env), output, ctx),
    ...promptsAllowed(flags, ctx),
    quiet: flags.quiet === true || truthy(env.PROMO_QUIET),
  };
}

/**
 * For an error raised before the run's options are read (a bad flag, an interrupt while parsing):
 * the formats guessed from the command line, a value that would not parse read as absent.
 */
export function guessPrinting(argv: string[], ctx: Context): Printing {
  let output: string | undefined;
  let logFormat: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--json') output = 'json';
    else if ((arg === '-o' || arg === '--output') && argv[i + 1]) output = argv[i + 1];
    else if (arg.startsWith('--output=')) output = arg.slice('--output='.length);
    else if (arg === '--log-format' && argv[i + 1]) logFormat = argv[i + 1];
    else if (arg.startsWith('--log-format=')) logFormat = arg.slice('--log-format='.length);
  }
  let format: OutputFormat;
  try {
    format = resolveOutput({ output }, ctx);
  } catch {
    format = stdoutIsTTY(ctx) ? 'table' : 'json';
  }
  let log: LogFormat | undefined;
  try {
    log = resolveLogFormat({ logFormat }, ctx.env);
  } catch {
    log = undefined;
  }
  return {
    output: format,
    colorStdout: false,
    colorStderr: () => ctx.stderr.isTTY === true && !ctx.env.NO_COLOR && !argv.includes('--no-color'),
    stderrJson: stderrJsonFor(log, format, ctx),
    interactive: false,
    noPromptsBecause: 'the command line could not be read',
    quiet: argv.includes('-q') || argv.includes('--quiet') || truthy(ctx.env.PROMO_QUIET),
  };
}

export function resolveOutput(
  flags: Pick<PrintFlags, 'output' | 'json' | 'jq' | 'fields'>,
  ctx: Context,
): OutputFormat {
  if (flags.json) return 'json';
  const chosen = flags.output ?? (ctx.env.PROMO_OUTPUT || undefined);
  // --jq and --fields ask for data, as gh's do: JSON on a terminal too, unless a format is named.
  if (chosen === undefined)
    return stdoutIsTTY(ctx) && flags.jq === undefined && flags.fields === undefined ? 'table' : 'json';
  if (!(OUTPUT_FORMATS as readonly string[]).includes(chosen)) {
    const where = flags.output !== undefined ? '-o/--output' : 'PROMO_OUTPUT';
    throw new UsageError(`${where} must be one of ${OUTPUT_FORMATS.join(', ')}, not '${chosen}'`);
  }
  return chosen as OutputFormat;
}

/** --log-format, else PROMO_LOG_FORMAT; undefined: chosen by where stderr goes (stderrJsonFor). */
export function resolveLogFormat(
  flags: Pick<PrintFlags, 'logFormat'>,
  env: Context['env'],
): LogFormat | undefined {
  const chosen = flags.logFormat ?? (env.PROMO_LOG_FORMAT || undefined);
  if (chosen === undefined) return undefined;
  if (!(LOG_FORMATS as readonly string[]).includes(chosen)) {
    const where = flags.logFormat !== undefined ? '--log-format' : 'PROMO_LOG_FORMAT';
    throw new UsageError(`${where} must be one of ${LOG_FORMATS.join(', ')}, not '${chosen}'`);
  }
  return chosen as LogFormat;
}

/**
 * JSON on stderr when asked, else when a program reads it: stderr is not a terminal and the output
 * is JSON. A person at a terminal reads text there even while stdout goes to jq.
 */
export function stderrJsonFor(
  logFormat: LogFormat | undefined,
  output: OutputFormat,
  ctx: Pick<Context, 'stderr'>,
): () => boolean {
  if (logFormat !== undefined) return () => logFormat === 'json';
  return () => output !== 'table' && ctx.stderr.isTTY !== true;
}

function promptsAllowed(flags: PrintFlags, ctx: Context): Pick<Printing, 'interactive' | 'noPromptsBecause'> {
  const { env } = ctx;
  let because: string | undefined;
  if (flags.input === false) because = 'prompts are turned off by --no-input';
  else if (truthy(env.CI)) because = 'prompts are turned off because CI is set';
  // stdout first: when it is not a terminal, stdin is never touched (building it costs start-up).
  else if (!stdoutIsTTY(ctx) || ctx.stdin.isTTY !== true) because = 'there is no terminal to ask on';
  return { interactive: because === undefined, noPromptsBecause: because };
}

function colorWanted(flags: PrintFlags, env: Context['env'], isTTY: boolean): boolean {
  if (flags.color === false) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return isTTY && env.TERM !== 'dumb';
}

/** An environment variable set to something other than empty, `0` or `false`. */
export function truthy(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}
