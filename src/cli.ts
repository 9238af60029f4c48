// The real context: the process's streams, environment and clock. Only bin/promo.js imports this.

import { platformConfigDir } from './config/paths.js';
import { inquirerPrompts, type Prompts } from './context.js';
import { main } from './main.js';

export async function runCli(argv: string[]): Promise<number> {
  const controller = new AbortController();
  let interrupted = false;
  const onSignal = () => {
    if (interrupted) process.kill(process.pid, 'SIGKILL');
    interrupted = true;
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // stdin and stderr are getters: Node builds each stream on first use (~1-2 ms apiece), and most
  // runs read no stdin.
  let prompts: Prompts | undefined;
  const code = await main(argv, {
    get stdin() {
      return process.stdin;
    },
    stdout: process.stdout,
    get stderr() {
      return process.stderr;
    },
    env: process.env,
    now: Date.now,
    defaultConfigDir: platformConfigDir(process.env),
    get prompts() {
      prompts ??= inquirerPrompts(process.stdin, process.stderr, controller.signal);
      return prompts;
    },
    signal: controller.signal,
  });
  return interrupted && code !== 0 ? 130 : code;
}
