// The command a line names, checked before commander parses it. A noun or verb that names none is
// exit 2 with what it may have meant, --help after it or not: commander would print the help of
// the part it knows (`promo voucher frobnicate --help` → the help of voucher, exit 0), a typo
// taken for a request for help.
import type { Command, Option } from 'commander';
import { UsageError } from '../base/errors.js';
import { closeTo } from '../base/suggest.js';

/** Words a person may use for a noun promo names otherwise (the service's own words, plurals). */
const SYNONYMS: Record<string, string> = {
  coupon: 'voucher',
  coupons: 'voucher',
  code: 'voucher',
  codes: 'voucher',
  vouchers: 'voucher',
  campaigns: 'campaign',
  promotion: 'campaign',
  promotions: 'campaign',
  jobs: 'job',
  tokens: 'token',
  events: 'event',
  profiles: 'profile',
};

/**
 * Throws a UsageError at the first word that names no command where a command is expected; else
 * the command the line names (the one commander reads its options for).
 */
export function checkCommandWords(program: Command, argv: readonly string[]): Command {
  let command = program;
  let path = '';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') return command;
    if (arg.startsWith('-') && arg !== '-') {
      if (takesNextWord(command, arg)) i++;
      continue;
    }
    // A command without commands of its own: the words from here are its arguments.
    if (command.commands.length === 0) return command;
    // `promo voucher help [verb]`: commander's help command of a noun (its help lists it), which
    // it makes when asked for, not one of its commands; the word after it must name a verb.
    if (arg === 'help' && command !== program && !command.commands.some((c) => c.name() === arg)) {
      const verb = argv.slice(i + 1).find((word) => !word.startsWith('-'));
      if (
        verb !== undefined &&
        !command.commands.some((c) => c.name() === verb || c.aliases().includes(verb))
      )
        throw unknownCommandWord(verb, command, path);
      return command;
    }
    const next = command.commands.find((c) => c.name() === arg || c.aliases().includes(arg));
    if (!next) throw unknownCommandWord(arg, command, path);
    command = next;
    path = path ? `${path} ${arg}` : arg;
  }
  return command;
}

function unknownCommandWord(word: string, parent: Command, path: string): UsageError {
  const names = parent.commands.filter((c) => !isHidden(c)).map((c) => c.name());
  const synonym = path === '' ? SYNONYMS[word.toLowerCase()] : undefined;
  const close = synonym && names.includes(synonym) ? [synonym] : closeTo(word, names);
  return new UsageError(
    `unknown command '${word}'${path ? ` for '${path}'` : ''}`,
    close.length
      ? `Did you mean ${close.join(' or ')}?`
      : `Commands${path ? ` of ${path}` : ''}: ${names.join(', ')}.`,
  );
}

/**
 * Whether an option word takes the next word as its value: `-p NAME`, `-yp NAME` (switches put
 * together, the last one taking a value); not `-pNAME` or `--profile=NAME`.
 */
function takesNextWord(command: Command, arg: string): boolean {
  if (arg.startsWith('--')) return !arg.includes('=') && optionNamed(command, arg)?.required === true;
  for (const letter of arg.slice(1)) {
    const option = optionNamed(command, `-${letter}`);
    // A letter that takes a value takes the rest of the word, if any, as it.
    if (option?.required) return letter === arg.at(-1);
    if (!option) return false;
  }
  return false;
}

/** The options a command reads: its own, then those of the commands above it (the global ones last). */
function optionsAbove(command: Command): Option[] {
  const options: Option[] = [];
  for (let at: Command | null = command; at; at = at.parent) options.push(...at.options);
  return options;
}

function optionNamed(command: Command, flag: string): Option | undefined {
  return optionsAbove(command).find((o) => o.long === flag || o.short === flag);
}

const MOST_NAMED = 4;

/**
 * What a flag that names no option may have meant when it is not a typo but a part of a name: the
 * options of the command (and of those above it: the global ones) whose name starts with it
 * (`--conc`) or holds it as whole words (`--amount` of `--amount-off` and `--gift-amount`), in the
 * order help lists them. A typo's nearest name (commander's suggestion) would be wrong there:
 * `--date` is one letter from `--rate`, and the dates are `--start-date` and `--expiration-date`.
 */
export function optionsHolding(flag: string, command: Command): string | undefined {
  const word = flag.replace(/^--/, '').replace(/=.*$/, '').toLowerCase();
  if (!flag.startsWith('--') || word.length < 2) return undefined;
  const longs = optionsAbove(command).flatMap((o) => (o.long && !o.hidden ? [o.long] : []));
  const starts = longs.filter((long) => word.length >= 3 && long.slice(2).startsWith(word));
  const holds = longs.filter((long) => !starts.includes(long) && `-${long.slice(2)}-`.includes(`-${word}-`));
  const found = [...new Set([...starts, ...holds])];
  if (found.length === 0) return undefined;
  if (found.length <= MOST_NAMED)
    return `Did you mean ${found.slice(0, -1).join(', ')}${found.length > 1 ? ' or ' : ''}${found.at(-1)}?`;
  return `Did you mean one of ${found.slice(0, MOST_NAMED).join(', ')} (${found.length - MOST_NAMED} more in --help)?`;
}

function isHidden(command: Command): boolean {
  return (command as unknown as { _hidden?: boolean })._hidden === true;
}
