// How a command's help is laid out: first what the command is for (a noun's commands; a command's
// arguments and own options, its ungrouped ones before its field groups), then its details and
// examples; the global options, the same for every command, close it in a short block that says
// where each is described. The root's help describes them in full: they are its own options.
import type { Command, Help, Option } from 'commander';
import { longFlag, type OptionSpecs } from '../base/options.js';
import { GLOBAL_OPTIONS } from '../runtime/globals.js';

/** commander's formatHelp with promo's order of sections (the global options left out: see globalOptionsBlock). */
export function formatHelp(cmd: Command, helper: Help): string {
  const termWidth = helper.padWidth(cmd, helper);
  const helpWidth = helper.helpWidth ?? 80;
  const item = (term: string, description: string) => helper.formatItem(term, termWidth, description, helper);
  const output = [`${helper.styleTitle('Usage:')} ${helper.styleUsage(helper.commandUsage(cmd))}`, ''];
  const description = helper.commandDescription(cmd);
  if (description.length > 0)
    output.push(helper.boxWrap(helper.styleCommandDescription(description), helpWidth), '');
  const args = helper
    .visibleArguments(cmd)
    .map((a) =>
      item(
        helper.styleArgumentTerm(helper.argumentTerm(a)),
        helper.styleArgumentDescription(helper.argumentDescription(a)),
      ),
    );
  output.push(...helper.formatItemList('Arguments:', args, helper));
  const commands = helper
    .visibleCommands(cmd)
    .map((c) =>
      item(
        helper.styleSubcommandTerm(helper.subcommandTerm(c)),
        helper.styleSubcommandDescription(helper.subcommandDescription(c)),
      ),
    );
  output.push(...helper.formatItemList('Commands:', commands, helper));
  const groups = helper.groupItems([...cmd.options], helper.visibleOptions(cmd), (o: Option) => heading(o));
  // The command's own options (--wait, --dry-run) before the groups of fields it shares with others.
  const ordered = [...groups].sort(([a], [b]) => Number(b === 'Options:') - Number(a === 'Options:'));
  for (const [group, options] of ordered) {
    const list = options.map((o) =>
      item(
        helper.styleOptionTerm(helper.optionTerm(o)),
        helper.styleOptionDescription(helper.optionDescription(o)),
      ),
    );
    output.push(...helper.formatItemList(group, list, helper));
  }
  return output.join('\n');
}

function heading(option: Option): string {
  return (option as Option & { helpGroupHeading?: string }).helpGroupHeading ?? 'Options:';
}

/**
 * The last lines of every help but the root's: the global options by name, and where they are
 * described. Flags with their short forms, as a person types them.
 */
export function globalOptionsBlock(): string {
  const flags = Object.entries(GLOBAL_OPTIONS as OptionSpecs).map(([key, spec]) => {
    const long = longFlag(key, spec);
    return spec.short ? `-${spec.short}/${long}` : long;
  });
  return `Global options:\n  ${flags.join(', ')}.\n  What each does: promo --help; their variables: promo help environment.\n`;
}
