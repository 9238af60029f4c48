// commander's parsed values (untyped) → the typed input of `run`. Every value is checked against
// its definition here, at run time, which is what makes the one cast below sound.
import { UsageError } from '../base/errors.js';
import {
  type ArgSpecs,
  type ArgValues,
  kebab,
  type OptionSpecs,
  type OptionValues,
} from '../base/options.js';

type Spec = { choices?: readonly string[]; parse?: (value: string, name: string) => unknown };

function convert(spec: Spec, text: string, name: string): unknown {
  if (spec.choices && !spec.choices.includes(text)) {
    throw new UsageError(`${name} must be one of ${spec.choices.join(', ')}, not '${text}'`);
  }
  return spec.parse ? spec.parse(text, name) : text;
}

function strings(value: unknown, name: string): string[] {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    throw new TypeError(`${name}: expected a list of strings from commander`);
  }
  return value;
}

/** The options of `specs` from commander's `opts()`, by key; a value absent stays undefined. */
export function readOptions<O extends OptionSpecs>(specs: O, raw: Record<string, unknown>): OptionValues<O> {
  const values: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(specs)) {
    const value = raw[key];
    const flag = `--${kebab(key)}`;
    if (spec.type === 'switch') {
      values[key] = value === undefined ? spec.negatable === true : value === true;
    } else if (value === undefined) {
      values[key] = undefined;
    } else if (spec.type === 'list') {
      values[key] = strings(value, flag).map((text) => convert(spec, text, flag));
    } else if (typeof value === 'string') {
      values[key] = convert(spec, value, flag);
    } else {
      throw new TypeError(`${flag}: expected a string from commander, got ${typeof value}`);
    }
  }
  // Each key was filled from its own spec above, as OptionValue<spec> says.
  return values as OptionValues<O>;
}

/** The positional arguments of `specs` from commander's `processedArgs`, in order. */
export function readArgs<A extends ArgSpecs>(specs: A, raw: readonly unknown[]): ArgValues<A> {
  const values: Record<string, unknown> = {};
  Object.entries(specs).forEach(([key, spec], i) => {
    const value = raw[i];
    const name = `<${kebab(key)}>`;
    if (spec.variadic)
      values[key] = (value === undefined ? [] : strings(value, name)).map((t) => convert(spec, t, name));
    else if (value === undefined) values[key] = undefined;
    else if (typeof value === 'string') values[key] = convert(spec, value, name);
    else throw new TypeError(`${name}: expected a string from commander, got ${typeof value}`);
  });
  // As in readOptions: each key was filled from its own spec.
  return values as ArgValues<A>;
}
