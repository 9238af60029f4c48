// The program: the global options, every entry of the registry, and `promo help [command...]`.
// A run loads and builds in full only the nouns its command line names (main asks loadRegistry for
// them); the others stand as name and summary (all `promo --help` lists): loading and building
// every verb costs start-up.
import { type Command, Command as CommandClass, type Help } from 'commander';
import { type Context, stdoutIsTTY } from '../base/context.js';
import { VERSION } from '../base/version.js';
import { columnsOf } from '../output/width.js';
import { wrapHelp } from '../output/wrap.js';
import { GLOBAL_OPTIONS } from '../runtime/globals.js';
import type { AnyCommand, NounDef } from '../toolkit/define.js';
import { addOptions, buildCommand, buildNoun, commandStub, helpAfter, unknownCommand } from './build.js';
import { formatHelp, globalOptionsBlock } from './help-layout.js';
import { entryName, isNoun, type Listed, PROGRAM } from './index.js';
import type { Session } from './session.js';
import { rootHelpAfter, TOPICS } from './topics.js';

export const HELP_SUMMARY = 'Show the help of a command, as --help after it does';

/** The program from the registry as loadRegistry gave it; without argv every loaded entry is built in full. */
export function buildProgram(session: Session, registry: readonly Listed[], argv?: string[]): Command {
  const program = new CommandClass('promo')
    .description(PROGRAM.summary)
    .version(VERSION, '-V, --version', 'print the version');
  addOptions(program, GLOBAL_OPTIONS)
    .addHelpText('after', helpAfter(undefined, PROGRAM.examples))
    // Made only when the root help is shown, not on every run.
    .addHelpText('after', () => rootHelpAfter());
  program.helpCommand(false);
  // Any word may be the noun (a flag's value can look like one too), so each noun named is built.
  const words = new Set(argv?.filter((a) => !a.startsWith('-')));
  for (const entry of registry) {
    const name = entryName(entry);
    const full = argv === undefined || words.has(name);
    if (isNoun(entry) && full) program.addCommand(buildNoun(entry, session, argv && ((w) => words.has(w))));
    else if ('path' in entry && full) program.addCommand(buildCommand(entry, session));
    else program.addCommand(commandStub(name, entry.summary, 'path' in entry ? entry : undefined));
  }
  program.addCommand(helpCommand(program, registry, session));
  configureTree(program, session);
  return program;
}

/** `promo help [topic | command...]`: a topic, or the help of that command as `promo command... --help`. */
function helpCommand(program: Command, registry: readonly Listed[], session: Session): Command {
  const command = commandStub('help', HELP_SUMMARY).argument(
    '[topic|command...]',
    `a topic (${Object.keys(TOPICS).join(', ')}), a noun, or a noun and a verb`,
  );
  command.addHelpText(
    'after',
    helpAfter(undefined, ['promo help', 'promo help exit-codes', 'promo help voucher create']),
  );
  command.action(async () => {
    const words = command.processedArgs[0];
    const path = Array.isArray(words) ? words.map(String) : [];
    const topic = path.length === 1 ? TOPICS[path[0]!] : undefined;
    if (topic) {
      helpOutput(session.ctx).writeOut(await topic.text());
      return;
    }
    const names = registry.map(entryName);
    if (path.length > 0 && !names.includes(path[0]!))
      throw unknownCommand(path[0]!, [...names, ...Object.keys(TOPICS)], '', 'help topic or command');
    resolvePath(registry, path);
    let target = program;
    for (const word of path)
      target = target.commands.find((c) => c.name() === word || c.aliases().includes(word))!;
    target.outputHelp();
  });
  return command;
}

/** The definitions a path of words names; a word that names none is a usage error with a suggestion. */
export function resolvePath(
  registry: readonly Listed[],
  path: readonly string[],
): { noun?: NounDef; command?: AnyCommand } {
  if (path.length === 0) return {};
  const [first, second, ...rest] = path as [string, string?, ...string[]];
  const entry = registry.find((e) => entryName(e) === first);
  if (!entry) throw unknownCommand(first, [...registry.map(entryName), 'help'], '');
  // main loads the verbs of every noun its command line names, help's words included.
  if ('verbs' in entry) throw new Error(`the verbs of '${first}' were not loaded`);
  if (!isNoun(entry)) {
    if (second !== undefined) throw unknownCommand(second, [], first);
    return { command: entry };
  }
  if (second === undefined) return { noun: entry };
  const command = entry.commands.find((c) => c.path[1] === second || c.aliases?.includes(second));
  if (!command)
    throw unknownCommand(
      second,
      entry.commands.map((c) => c.path[1]!),
      first,
    );
  if (rest.length > 0) throw unknownCommand(rest[0]!, [], `${first} ${second}`);
  return { noun: entry, command };
}

/** A command in a list: its name, first alias and arguments (the same whether built or a stub). */
function subcommandTerm(command: Command): string {
  const alias = command.aliases()[0];
  const args = command.registeredArguments.map((a) =>
    a.required ? `<${a.name()}${a.variadic ? '...' : ''}>` : `[${a.name()}${a.variadic ? '...' : ''}]`,
  );
  return [`${command.name()}${alias ? `|${alias}` : ''}`, ...args].join(' ');
}

/** Settings every command needs, applied down the tree (addCommand does not copy them). */
function configureTree(command: Command, session: Session, out = helpOutput(session.ctx)): void {
  command
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureHelp({ formatHelp, subcommandTerm } satisfies Partial<Help>)
    .configureOutput({
      ...out,
      writeErr: (text) => session.ctx.stderr.write(text),
      // Usage errors are printed by main, in the run's output format.
      outputError: () => undefined,
    });
  for (const sub of command.commands) {
    // After the command's own texts (its details and examples): the global options close its help.
    sub.addHelpText('after', globalOptionsBlock());
    configureTree(sub, session, out);
  }
}

/**
 * Where help goes, and how wide it may be: commander would ask process.stdout, which builds Node's
 * stream for it; the real context can answer and write without it (cli-stdout.ts).
 */
export function helpOutput(ctx: Context) {
  const direct = ctx.directStdout;
  const isTTY = () => stdoutIsTTY(ctx);
  // 80, commander's own default, when stdout is not a terminal or does not say its width.
  const width = () => (isTTY() ? (columnsOf(ctx.stdout, ctx.env) ?? 80) : 80);
  return {
    // commander lays out its lists to the width; promo's own texts in the help are fitted here.
    writeOut: (text: string) => {
      const fitted = wrapHelp(text, width());
      return direct ? direct.write(fitted) : ctx.stdout.write(fitted);
    },
    getOutHelpWidth: width,
    getOutHasColors: () => isTTY() && (ctx.stdout as { hasColors?: () => boolean }).hasColors?.() === true,
  };
}
