// What shell completion knows comes from the registry through completionNodes().
import { describe, expect, it } from 'vitest';
import { allCommands, completionNodes, loadRegistry } from '../../src/registry/index.js';
import { runPromo } from '../helpers/promo.js';

const nodes = await completionNodes();
const registry = await loadRegistry();
const node = (path: string) => nodes.find((n) => n.path === path)!;

describe('completion data from the registry', () => {
  it('has a node for promo, every noun and every command', () => {
    expect(nodes.map((n) => n.path)).toEqual([
      '',
      'help',
      ...registry.flatMap((entry) =>
        'commands' in entry
          ? [entry.name, `help ${entry.name}`, ...entry.commands.map((c) => c.path.join(' '))]
          : [entry.path[0]],
      ),
    ]);
    expect(nodes).toHaveLength(
      2 + allCommands(registry).length + 2 * registry.filter((e) => 'commands' in e).length,
    );
  });

  it('gives the words, aliases, flags and fixed values at each place', () => {
    expect(node('').subcommands).toContain('voucher');
    expect(node('voucher').subcommands).toEqual(expect.arrayContaining(['create', 'delete']));
    expect(node('voucher').aliases.delete).toEqual(['rm']);
    expect(node('tiers list').options).toEqual(
      expect.arrayContaining(['-l', '--limit', '--order', '--profile']),
    );
    expect(node('tiers list').values['--order']).toEqual(['created_at', '-created_at', 'name', '-name']);
    expect(node('login').options).toContain('--no-check');
    expect(node('token issue').values['--output']).toEqual(['table', 'json', 'ndjson', 'csv']);
    expect(node('voucher list').options).toContain('--fields');
    expect(node('voucher delete').options).not.toContain('--fields');
    // `promo help <TAB>`: the topics first, then the commands; `promo help voucher <TAB>`: its verbs.
    expect(node('help').subcommands.slice(0, 5)).toEqual([
      'environment',
      'exit-codes',
      'output',
      'filters',
      'bulk',
    ]);
    expect(node('help').subcommands).toContain('voucher');
    expect(node('help voucher').subcommands).toEqual(node('voucher').subcommands);
  });

  it('says in a line what each command, verb, topic and flag is', () => {
    expect(node('').notes.voucher).toBe(
      registry.find((e) => 'commands' in e && e.name === 'voucher')!.summary,
    );
    expect(node('help').notes['exit-codes']).toBe('what each exit code means');
    expect(node('voucher delete').notes['--force']).toMatch(/^remove permanently/);
    expect(node('voucher delete').notes['--profile']).toMatch(/^profile to use/);
    for (const n of nodes) for (const note of Object.values(n.notes)) expect(note).not.toMatch(/[\t\n]/);
  });

  it('is what promo __complete answers from (the shells themselves: test/e2e/completion.test.ts)', async () => {
    const { stdout } = await runPromo(['__complete', 'tiers', 'list', '--order', '']);
    expect(stdout).toBe(`words\n${(node('tiers list').values['--order'] as string[]).join('\n')}\n`);
  });
});
