// The --lose-answers flags of a served sandbox: answers lost after the sandbox acted, to rehearse
// what a client does when it cannot know whether its create went through.
import { SandboxOptionError } from './error.js';

type LostAnswer = 'reset' | 502 | 504;

/** The sandbox's `lostAnswers` fault, as the flags give it. */
export interface LostAnswerFlags {
  rate: number;
  as?: LostAnswer[];
  method?: string;
  path?: string;
}

export const lostAnswerOptions = {
  loseAnswers: {
    type: 'value',
    value: 'p',
    help: 'after acting on a request (voucher created, changed or deleted, event stored), lose its answer with this probability (0..1)',
  },
  loseAnswersAs: {
    type: 'value',
    value: 'ways',
    help: 'how --lose-answers loses one: reset, 502 or 504, comma-separated (default: any of the three)',
  },
  loseAnswersOn: {
    type: 'value',
    value: '[method] path',
    help: "lose only answers to requests under this path, e.g. '/v1/vouchers' or 'POST /v1/vouchers'",
  },
} as const;

const WAYS: Record<string, LostAnswer> = { reset: 'reset', '502': 502, '504': 504 };

export function parseLostAnswers(flags: {
  loseAnswers?: string;
  loseAnswersAs?: string;
  loseAnswersOn?: string;
}): LostAnswerFlags | undefined {
  const { loseAnswers, loseAnswersAs, loseAnswersOn } = flags;
  if (loseAnswers === undefined) {
    if (loseAnswersAs !== undefined || loseAnswersOn !== undefined) {
      throw new SandboxOptionError(
        '--lose-answers-as and --lose-answers-on shape --lose-answers <p>: give it too',
      );
    }
    return undefined;
  }
  if (!/^(0(\.\d+)?|1(\.0+)?)$/.test(loseAnswers)) {
    throw new SandboxOptionError(`--lose-answers must be a probability from 0 to 1, not '${loseAnswers}'`);
  }
  return { rate: Number(loseAnswers), ...ways(loseAnswersAs), ...where(loseAnswersOn) };
}

function ways(text: string | undefined): { as?: LostAnswer[] } {
  if (text === undefined) return {};
  const names = text.split(',').map((name) => name.trim().toLowerCase());
  const unknown = names.filter((name) => !(name in WAYS));
  if (unknown.length > 0 || names.length === 0) {
    throw new SandboxOptionError(
      `--lose-answers-as takes reset, 502 and 504 (comma-separated), not '${text}'`,
    );
  }
  return { as: [...new Set(names.map((name) => WAYS[name]!))] };
}

function where(text: string | undefined): { method?: string; path?: string } {
  if (text === undefined) return {};
  const match = /^\s*(?:([A-Za-z]+)\s+)?(\/\S*)\s*$/.exec(text);
  if (!match) {
    throw new SandboxOptionError(
      `--lose-answers-on takes a path starting with /, optionally after a method, not '${text}'`,
    );
  }
  return { ...(match[1] ? { method: match[1].toUpperCase() } : {}), path: match[2] };
}
