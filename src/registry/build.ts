// The commander tree, built from the registry: one Command per definition, its options and
// arguments, its --help (summary, details, examples, global options in their own section) and
// the action that hands commander's values to the session (session.ts) to run.
import { Argument, Command, Option } from 'commander';
import { UsageError } from '../base/errors.js';
import { type ArgSpecs, kebab, longFlag, type OptionSpec, type OptionSpecs } from '../base/options.js';
import { closeTo } from '../base/suggest.js';
import type { AnyCommand, NounDef } from '../toolkit/define.js';
import type { Session } from './session.js';

/** The flags of an option as commander spells them: `-l, --limit <n>`. */
export function optionFlags(key: string, spec: OptionSpec): string {
  const long = longFlag(key, spec);
  const short = spec.short ? `-${spec.short}, ` : '';
  if (spec.type === 'switch') return `${short}${long}`;
  const variadic = spec.type === 'list' && spec.variadic ? '...' : '';
  return `${short}${long} <${spec.value}${variadic}>`;
}

const collect = (value: string, previous: unknown) => [...(Array.isArray(previous) ? previous : []), value];

export function addOptions(command: Command, options: OptionSpecs): Command {
  for (const [key, spec] of Object.entries(options)) {
    const option = new Option(optionFlags(key, spec), spec.help);
    if (spec.group) option.helpGroup(spec.group);
    if (spec.type === 'list' && !spec.variadic) option.argParser(collect);
    if (spec.type !== 'switch') {
      if (spec.required) option.makeOptionMandatory();
      if (spec.type === 'value' && spec.default !== undefined) option.default(spec.default);
      if (spec.type === 'value' && spec.env) option.env(spec.env);
    }
    command.addOption(option);
  }
  return command;
}

/** The argument as commander spells it: `<tier-structure-id>`, `[codes...]`. */
export function argumentTerm(key: string, spec: ArgSpecs[string]): string {
  const name = `${kebab(key)}${spec.variadic ? '...' : ''}`;
  return spec.required ? `<${name}>` : `[${name}]`;
}

function addArguments(command: Command, args: ArgSpecs): Command {
  for (const [key, spec] of Object.entries(args))
    command.addArgument(new Argument(argumentTerm(key, spec), spec.help));
  return command;
}

/** Help text after the options: the details, then the examples. */
export function helpAfter(description: string | undefined, examples: readonly string[]): string {
  const details = description ? `\n${description.trim()}\n` : '';
  return `${details}\nExamples:\n${examples.map((line) => `  $ ${line}`).join('\n')}\n`;
}

/** A command's name, aliases and arguments, enough for a parent's list of commands. */
export function commandStub(name: string, summary: string, def?: AnyCommand): Command {
  const command = new Command(name).summary(summary).description(summary);
  if (def?.aliases) command.aliases(def.aliases);
  if (def?.args) addArguments(command, def.args);
  return command;
}

/** The Command of a definition, whose action builds the runtime, reads the input and runs. */
export function buildCommand(def: AnyCommand, session: Session): Command {
  const command = commandStub(def.path.at(-1)!, def.summary, def);
  addOptions(command, def.options ?? {});
  command.addHelpText('after', helpAfter(def.description, def.examples));
  command.action(() =>
    session.execute(def, {
      withGlobals: command.optsWithGlobals(),
      options: command.opts(),
      args: command.processedArgs,
    }),
  );
  return command;
}

export function buildNoun(noun: NounDef, session: Session, named?: (word: string) => boolean): Command {
  const command = new Command(noun.name)
    .summary(noun.summary)
    .description(noun.description ? `${noun.summary}\n\n${noun.description}` : noun.summary)
    .addHelpText('after', helpAfter(undefined, noun.examples));
  for (const def of noun.commands) {
    // A verb the line does not name stands as its name, summary and arguments (all the noun's help
    // lists), as a noun does in the program: building every verb's options costs start-up.
    const verb = def.path.at(-1)!;
    const full = !named || named(verb) || def.aliases?.some(named) === true;
    command.addCommand(full ? buildCommand(def, session) : commandStub(verb, def.summary, def));
  }
  return command;
}

/** `promo help vouchr`: the words that name no command, with what they may have meant. */
export function unknownCommand(word: string, known: string[], parent: string, what = 'command'): UsageError {
  const close = closeTo(word, known);
  return new UsageError(
    `unknown ${what} '${word}'${parent ? ` for '${parent}'` : ''}`,
    close.length ? `Did you mean ${close.join(' or ')}?` : `Commands: ${known.join(', ')}.`,
  );
}
