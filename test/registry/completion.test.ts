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
      ...registry.flatMap((entry) =>
        'commands' in entry ? [entry.name, ...entry.commands.map((c) => c.path.join(' '))] : [entry.path[0]],
      ),
    ]);
    expect(nodes).toHaveLength(
      1 + allCommands(registry).length + registry.filter((e) => 'commands' in e).length,
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
    expect(node('login').options).toContain('--no-verify');
    expect(node('token issue').values['--output']).toEqual(['table', 'json', 'ndjson']);
  });

  it('is what promo __complete answers from (the shells themselves: test/e2e/completion.test.ts)', async () => {
    const { stdout } = await runPromo(['__complete', 'tiers', 'list', '--order', '']);
    expect(stdout).toBe(`words\n${(node('tiers list').values['--order'] as string[]).join('\n')}\n`);
  });
});
