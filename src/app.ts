// Glue between commander and a command's `run`: each action builds the run's Runtime from the
// parsed global options, validates its own flags, then runs. Nothing here exits the process.
import type { Command } from 'commander';
import type { Context } from './context.js';
import { type RawGlobals, resolveGlobals } from './globals.js';
import { Runtime } from './runtime.js';

export class App {
  exitCode = 0;
  runtime?: Runtime;

  constructor(readonly ctx: Context) {}

  /**
   * Wraps a handler as a commander action: `flags` are the command's own options, `args` its
   * positional arguments. What the handler returns (if a number) is the exit code.
   */
  action<Flags = Record<string, unknown>>(
    handler: (rt: Runtime, flags: Flags, args: unknown[], command: Command) => Promise<unknown>,
  ) {
    return async (...received: unknown[]) => {
      const command = received[received.length - 1] as Command;
      const flags = received[received.length - 2] as Flags;
      this.runtime = new Runtime(this.ctx, resolveGlobals(command.optsWithGlobals() as RawGlobals, this.ctx));
      const code = await handler(this.runtime, flags, received.slice(0, -2), command);
      if (typeof code === 'number') this.exitCode = code;
    };
  }
}

/** Help text listing examples, shown after the options. */
export function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;
}
