// Confirmation before anything destructive: asked on a terminal, `--yes` required without one.
import { CancelledError, UsageError } from '../base/errors.js';
import type { Runtime } from '../runtime/runtime.js';

export async function confirmOrCancel(rt: Runtime, question: string): Promise<void> {
  if (rt.globals.yes) return;
  if (!rt.interactive) {
    throw new UsageError(`this needs confirmation, and ${rt.noPromptsBecause}: pass --yes to confirm`);
  }
  const ok = await rt.prompts.confirm({ message: question, default: false });
  if (!ok) throw new CancelledError();
}
