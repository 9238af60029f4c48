// JSON on a terminal, indented and coloured (keys, strings, numbers, true/false/null each its own
// colour), as jq and gh show it. Only ever for a terminal: piped or with NO_COLOR it is plain.
import type { Palette } from './palette.js';

const TOKEN = /("(?:[^"\\]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b/g;

export function colorJson(text: string, p: Palette): string {
  return text.replace(TOKEN, (match, string?: string, colon?: string, num?: string, word?: string) => {
    if (string !== undefined) return colon !== undefined ? `${p.blue(string)}${colon}` : p.green(string);
    if (num !== undefined) return p.yellow(num);
    if (word !== undefined) return p.magenta(word);
    return match;
  });
}
