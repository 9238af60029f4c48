// The real context: the process's streams, environment and clock. Only bin/promo.js imports this.

import { platformConfigDir } from './config/paths.js';
import { inquirerPrompts } from './context.js';
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
  const code = await main(argv, {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    now: Date.now,
    defaultConfigDir: platformConfigDir(process.env),
    prompts: inquirerPrompts(process.stdin, process.stderr, controller.signal),
    signal: controller.signal,
  });
  return interrupted && code !== 0 ? 130 : code;
}
