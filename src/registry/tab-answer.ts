// `promo __complete WORD...`: the answer the completion scripts ask for on every TAB. Hidden (not
// a command of the registry: it is how the registry is read, not something a person types). It
// prints one line saying what kind of answer follows, then the words, one a line:
//   words      the words to offer (possibly none)
//   files      the shell should complete file names itself
// `promo __complete-with-notes WORD...` (zsh's and fish's scripts) follows each word that promo
// knows more of with a tab and what it is, in a line: `--force<TAB>delete without asking`.
// Profile names are read from the profile store's file as plain JSON, names only: no secret is
// ever loaded into the answer, and nothing is created or changed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from '../base/context.js';
import { promoDirs } from '../base/dirs.js';
import { SANDBOX_PROFILE } from '../config/profile-name.js';
import { complete } from '../toolkit/completion.js';
import { completionNodes } from './index.js';

export async function answerCompletion(words: string[], ctx: Context, withNotes = false): Promise<number> {
  const answer = complete(await completionNodes(), words.length ? words : ['']);
  if ('files' in answer) {
    ctx.stdout.write('files\n');
    return 0;
  }
  const list =
    'profiles' in answer
      ? profileNames(ctx, !answer.saved).filter((n) => n.startsWith(words.at(-1) ?? ''))
      : answer.words;
  const notes = withNotes && 'notes' in answer ? answer.notes : undefined;
  const line = (word: string) => (notes?.[word] ? `${word}\t${notes[word]}\n` : `${word}\n`);
  ctx.stdout.write(`words\n${list.map(line).join('')}`);
  return 0;
}

function profileNames(ctx: Context, withSandbox: boolean): string[] {
  const names = new Set<string>();
  try {
    const file = join(promoDirs(ctx.env, () => ctx.platformDirs).config, 'config.json');
    const profiles = (JSON.parse(readFileSync(file, 'utf8')) as { profiles?: unknown }).profiles;
    if (profiles && typeof profiles === 'object') for (const name of Object.keys(profiles)) names.add(name);
  } catch {
    // No store yet, or one promo cannot read: offer what needs none.
  }
  if (withSandbox) names.add(SANDBOX_PROFILE);
  return [...names].sort();
}
