// README.md's command table is the registry's: a command added, renamed or re-described without
// the README following fails here. UPDATE_README=1 writes the table into README.md instead.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commandTable } from '../../src/registry/docs.js';
import { allCommands, loadRegistry } from '../../src/registry/index.js';

const README = new URL('../../README.md', import.meta.url);
const START = '<!-- commands: generated from the registry (test/registry/readme.test.ts) -->';
const END = '<!-- commands: end -->';
const commands = allCommands(await loadRegistry());

describe('README command table', () => {
  it('is the table the registry makes', () => {
    const text = readFileSync(README, 'utf8');
    const start = text.indexOf(START);
    const end = text.indexOf(END);
    expect(start, `README.md lacks the marker ${START}`).toBeGreaterThan(-1);
    const expected = `${START}\n${commandTable(commands)}\n${END}`;
    if (process.env.UPDATE_README === '1') {
      writeFileSync(README, text.slice(0, start) + expected + text.slice(end + END.length));
      return;
    }
    expect(text.slice(start, end + END.length)).toBe(expected);
  });

  it('lists every command of the registry once', () => {
    const table = commandTable(commands);
    for (const def of commands) expect(table).toContain(`| \`promo ${def.path.join(' ')}`);
    expect(table.split('\n')).toHaveLength(commands.length + 2);
  });
});
