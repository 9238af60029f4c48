// One command line's run, whichever parser read it: commander (registry/with-commander.ts), or the
// plain-line reader (registry/plain-line.ts) that spares a plain line the cost of loading and
// building commander. Both hand `execute` the same values, as commander keeps them.
import type { Context } from '../base/context.js';
import { UsageError } from '../base/errors.js';
import { closeTo } from '../base/suggest.js';
import { GLOBAL_OPTIONS, resolveGlobals } from '../runtime/globals.js';
import type { Runtime } from '../runtime/runtime.js';
import type { AnyCommand } from '../toolkit/define.js';
import { readArgs, readOptions } from '../toolkit/input.js';

/**
 * What a command line gave a command, as commander keeps it: `withGlobals` its `optsWithGlobals()`
 * (the command's own options, the program's over them), `options` its `opts()`, `args` its
 * `processedArgs`. Untyped: readOptions and readArgs check each value against its definition.
 */
export interface LineValues {
  withGlobals: Record<string, unknown>;
  options: Record<string, unknown>;
  args: readonly unknown[];
}

/** One command line's run: what main needs back (exit code, the runtime to close). */
export class Session {
  exitCode = 0;
  runtime?: Runtime;

  constructor(readonly ctx: Context) {}

  /** Builds the runtime, reads the input and runs the command. */
  async execute(definition: AnyCommand, line: LineValues): Promise<void> {
    let def = definition;
    const globals = resolveGlobals(readOptions(GLOBAL_OPTIONS, line.withGlobals), this.ctx);
    // Built, a definition is data: its verb's module (run, value parsers) loads only now.
    if (def.load) def = await def.load();
    if (globals.fields && def.fields) checkFields(globals.fields, def);
    // Loaded here, not with promo: --help and usage errors need no client, store or token cache.
    const { Runtime } = await import('../runtime/runtime.js');
    this.runtime = new Runtime(this.ctx, globals);
    const input = { ...readArgs(def.args ?? {}, line.args), ...readOptions(def.options ?? {}, line.options) };
    const code = await def.run(input, this.runtime);
    if (typeof code === 'number') this.exitCode = code;
  }
}

/** --fields names fields of what the command prints (the first key of each path). */
function checkFields(fields: readonly string[], def: AnyCommand): void {
  const known = def.fields!;
  for (const field of fields) {
    const key = field.split('.')[0]!;
    if (known.includes(key)) continue;
    const close = closeTo(key, known);
    throw new UsageError(
      `--fields: '${key}' is no field of what promo ${def.path.join(' ')} prints${close.length ? `; did you mean ${close.map((c) => `'${c}'`).join(' or ')}?` : ''}`,
      `Fields: ${known.join(', ')}.`,
    );
  }
}
