// Every error promo raises reads as lines: the message says what is wrong, the hint (its own
// field, its own line) what to do. This walks every `new …Error(` of src/ (the sandbox speaks for
// the service and is left out) and reads the message each one is given: a message of two
// sentences, or one that goes on to tell what to run, is a hint glued to the message.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'sandbox' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The literal at `start` (a '…', "…" or `…` string), its `${…}` parts shown as `X`; undefined for an expression. */
function literalAt(text: string, start: number): string | undefined {
  const quote = text[start];
  if (quote !== "'" && quote !== '"' && quote !== '`') return undefined;
  let out = '';
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\') {
      out += text[i + 1] === 'n' ? '\n' : text[i + 1];
      i++;
    } else if (c === quote) return out;
    else if (quote === '`' && c === '$' && text[i + 1] === '{') {
      let depth = 0;
      for (i++; i < text.length; i++) {
        if (text[i] === '{') depth++;
        else if (text[i] === '}' && --depth === 0) break;
      }
      out += 'X';
    } else out += c;
  }
  return undefined;
}

interface Site {
  where: string;
  message: string;
}

/** Each error constructed with a literal message, where and with what. */
function errorSites(): Site[] {
  const sites: Site[] = [];
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    // `super(` too: a class of error hands its message up there.
    for (const match of text.matchAll(/(?:new (\w*Error)|\bsuper)\(\s*/g)) {
      if (match[1] === 'Error' || match[1] === 'TypeError') continue;
      const message = literalAt(text, match.index + match[0].length);
      if (message === undefined) continue;
      const line = text.slice(0, match.index).split('\n').length;
      sites.push({ where: `${relative(SRC, file)}:${line}`, message });
    }
  }
  return sites;
}

/** A message that goes on past its fact: a second sentence, or what to run. */
function glued(message: string): string | undefined {
  // Abbreviations end in a full stop and start no sentence.
  const first = message.split('\n')[0]!.replace(/\b(e\.g|i\.e)\./g, '$1');
  const sentence = /[a-z0-9'")\]`]\. +[A-Z`]/.exec(first);
  if (sentence) return `a second sentence at '${first.slice(sentence.index, sentence.index + 20)}'`;
  const advice = /\b(Run|Check|Try|Use|Create|Unlock|Save) [`a-z-]/.exec(first);
  if (advice) return `advice in the message at '${first.slice(advice.index, advice.index + 20)}'`;
  return undefined;
}

describe('error messages', () => {
  const sites = errorSites();

  it('the walk finds the throw sites (so that a change in how errors are made cannot empty it)', () => {
    expect(sites.length).toBeGreaterThan(200);
  });

  it('no message carries its hint: a second sentence or what to run goes in the hint', () => {
    const bad = sites.flatMap((site) => {
      const why = glued(site.message);
      return why ? [`${site.where}: ${why}`] : [];
    });
    expect(bad).toEqual([]);
  });
});
