// The options and positional arguments of a command, as data, and the types `run` receives from
// them. Types only (and two tiny helpers), so that any layer may describe options with them.

interface OptionBase {
  /** One line of --help. */
  help: string;
  /** One letter: `l` for `-l`. */
  short?: string;
  /** The --help heading it is listed under (default "Options:"). */
  group?: string;
  /** What shell completion offers for its value (`choices` are offered without this). */
  complete?: Completes;
}

/**
 * Values a shell may offer: a fixed list, file names, the profile names (the built-in sandbox
 * among them, or the saved ones alone), or the fields of the command at hand (`--fields`,
 * comma-separated).
 */
export type Completes =
  | readonly string[]
  | 'files'
  | 'profiles'
  | 'saved-profiles'
  | 'fields'
  | { commaList: readonly string[] };

/** `--flag` → true (else false); with `negatable`, `--no-flag` → false (else true). */
export interface SwitchOption extends OptionBase {
  type: 'switch';
  negatable?: boolean;
}

/** `--flag <value>`: the last one given wins. */
export interface ValueOption<T = unknown> extends OptionBase {
  type: 'value';
  /** The placeholder in --help: `n` shows `--limit <n>`. */
  value: string;
  /** The only values allowed; `run` receives their union. Checked after the global options. */
  choices?: readonly string[];
  /** Turns the typed text into the value `run` receives; throws a UsageError naming `flag`. */
  parse?: (value: string, flag: string) => T;
  /** Used when the flag is absent (shown in --help), parsed like a typed value. */
  default?: string;
  /** Read when the flag is absent (shown in --help). */
  env?: string;
  required?: boolean;
}

/** `--flag <value>` given several times, or with `variadic`, `--flag a b c`. */
export interface ListOption<T = unknown> extends OptionBase {
  type: 'list';
  value: string;
  variadic?: boolean;
  choices?: readonly string[];
  parse?: (value: string, flag: string) => T;
  required?: boolean;
}

export type OptionSpec = SwitchOption | ValueOption | ListOption;

export interface ArgSpec<T = unknown> {
  help: string;
  required?: boolean;
  /** Takes every remaining word (only the last argument). */
  variadic?: boolean;
  /** What shell completion offers for it. */
  complete?: Completes;
  parse?: (value: string, name: string) => T;
}

export type OptionSpecs = Record<string, OptionSpec>;
export type ArgSpecs = Record<string, ArgSpec>;

type Parsed<S> = S extends { parse: (value: string, name: string) => infer T }
  ? T
  : S extends { choices: readonly (infer C)[] }
    ? C
    : string;

export type OptionValue<S> = S extends { type: 'switch' }
  ? boolean
  : S extends { type: 'list' }
    ? S extends { required: true }
      ? Parsed<S>[]
      : Parsed<S>[] | undefined
    : S extends { required: true } | { default: string }
      ? Parsed<S>
      : Parsed<S> | undefined;

export type ArgValue<S> = S extends { variadic: true }
  ? Parsed<S>[]
  : S extends { required: true }
    ? Parsed<S>
    : Parsed<S> | undefined;

export type OptionValues<O extends OptionSpecs> = { -readonly [K in keyof O]: OptionValue<O[K]> };
export type ArgValues<A extends ArgSpecs> = { -readonly [K in keyof A]: ArgValue<A[K]> };

/** What `run` receives: the positional arguments and the options by key, typed from the definition. */
export type Input<A extends ArgSpecs, O extends OptionSpecs> = ArgValues<A> & OptionValues<O>;

/** A table of options shared by several commands (the paging flags, the voucher fields). */
export function defineOptions<const O extends OptionSpecs>(options: O): O {
  return options;
}

/** The flag of an option key: `amountOff` → `amount-off`. */
export function kebab(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** An option's long flag as typed: `--amount-off`, or `--no-color` for a negatable switch. */
export function longFlag(key: string, spec: OptionSpec): string {
  return `--${spec.type === 'switch' && spec.negatable ? 'no-' : ''}${kebab(key)}`;
}

/** Positional arguments declared apart from their command, to type a helper with them. */
export function defineArgs<const A extends ArgSpecs>(args: A): A {
  return args;
}
