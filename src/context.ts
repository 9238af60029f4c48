// What a command may touch of the outside world. bin/promo.js builds the real one; tests build
// theirs with in-memory streams, a temporary config directory and a fixed clock.
import type { Readable, Writable } from 'node:stream';
import { loadPrompts } from './lazy.js';

export type InputStream = Readable & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
export type OutputStream = Writable & { isTTY?: boolean; columns?: number };

export interface Prompts {
  input(options: {
    message: string;
    default?: string;
    validate?: (value: string) => true | string;
  }): Promise<string>;
  password(options: { message: string; validate?: (value: string) => true | string }): Promise<string>;
  confirm(options: { message: string; default?: boolean }): Promise<boolean>;
  select<T>(options: {
    message: string;
    choices: Array<{ name: string; value: T; description?: string }>;
  }): Promise<T>;
}

export interface Context {
  stdin: InputStream;
  stdout: OutputStream;
  stderr: OutputStream;
  env: Record<string, string | undefined>;
  /** Milliseconds since the epoch. */
  now(): number;
  /** The platform's config directory for promo, used when PROMO_CONFIG_DIR is not set. */
  defaultConfigDir: string;
  /** Interactive prompts bound to this context's streams; loaded only when a command asks. */
  prompts: Prompts;
  /** Aborted on Ctrl-C. */
  signal?: AbortSignal;
}

/** Prompts from @inquirer/prompts that read `stdin` and draw on `stderr`, so that stdout stays data. */
export function inquirerPrompts(stdin: InputStream, stderr: OutputStream, signal?: AbortSignal): Prompts {
  const load = loadPrompts;
  const io = { input: stdin, output: stderr, signal, clearPromptOnDone: false };
  return {
    input: async (o) => (await load()).input(o, io),
    password: async (o) => (await load()).password({ ...o, mask: '*' }, io),
    confirm: async (o) => (await load()).confirm(o, io),
    select: async (o) => (await load()).select(o, io),
  };
}
