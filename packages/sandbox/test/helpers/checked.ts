// The one way the tests start a sandbox: through the public entry, every exchange kept and its
// answer checked against the vendor's description (when its files are there): after each test of a
// file that shares one (answersConformAfterEach), and when it closes. The requests are left alone
// (many are bad on purpose), and so is an answer a fault made up.
import { afterEach, expect } from 'vitest';
import { type RecordedRequest, type Sandbox, type SandboxOptions, startSandbox } from '../../src/index.js';
import { checker } from './vendor.js';

export interface CheckedSandbox extends Sandbox {
  /** The problems of the answers given since the last call (each line names the request); emptied. */
  answerProblems(): string[];
}

const BROKEN = "answers that break the vendor's schema";

/** startSandbox, its answers checked; close() throws when one broke the vendor's schema. */
export async function startCheckedSandbox(options: SandboxOptions = {}): Promise<CheckedSandbox> {
  const pending: RecordedRequest[] = [];
  const sandbox = await startSandbox({
    ...options,
    onExchange: (exchange) => {
      options.onExchange?.(exchange);
      if (checker.available) pending.push(exchange);
    },
  });
  const answerProblems = () => checker.answerProblems(pending.splice(0));
  const close = sandbox.close.bind(sandbox);
  return Object.assign(sandbox, {
    answerProblems,
    async close() {
      const problems = answerProblems();
      await close();
      if (problems.length > 0) throw new Error(`${BROKEN}:\n${problems.join('\n')}`);
    },
  });
}

/**
 * After each test, the answers the sandbox of the moment gave conform (or, for a sandbox started
 * otherwise with recordAnswers, those in the list of its requests).
 */
export function answersConformAfterEach(source: () => CheckedSandbox | RecordedRequest[]): void {
  afterEach(() => {
    const current = source();
    const problems = Array.isArray(current) ? checker.answerProblems(current) : current.answerProblems();
    // One line each, shown whole (a long list would be cut short in a diff).
    if (problems.length > 0) expect.fail(`${BROKEN}:\n${problems.join('\n')}`);
  });
}
