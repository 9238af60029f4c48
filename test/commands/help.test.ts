import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../../src/registry/index.js';
import { buildProgram } from '../../src/registry/program.js';
import { Session } from '../../src/registry/session.js';
import { runPromo, testContext } from '../helpers/promo.js';

function allCommands(command: Command, path: string[] = []): string[][] {
  return command.commands
    .filter((c) => c.name() !== 'help')
    .flatMap((c) => [[...path, c.name()], ...allCommands(c, [...path, c.name()])]);
}

const paths = allCommands(buildProgram(new Session(testContext().ctx), await loadRegistry()));

describe('help', () => {
  it.each(paths.map((p) => [p.join(' ')]))(
    'promo %s --help shows usage and at least one example, exit 0',
    async (path) => {
      const { code, stdout } = await runPromo([...path.split(' '), '--help']);
      expect(code).toBe(0);
      expect(stdout).toContain('Usage: promo');
      expect(stdout).toMatch(/Examples:\n {2}\$ .*promo /);
    },
  );

  it('prints the version', async () => {
    const { code, stdout } = await runPromo(['--version']);
    expect(code).toBe(0);
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('answers an unknown command with exit 2 and a suggestion on stderr', async () => {
    const { code, stdout, stderr } = await runPromo(['tokn', '-o', 'table']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain("unknown command 'tokn'");
    expect(stderr).toContain('token');
  });

  it('answers an unknown option with exit 2, as a JSON error when the output is JSON', async () => {
    const { code, stderr } = await runPromo(['token', 'issue', '--scope', 'api', '--bogus', '--json']);
    expect(code).toBe(2);
    expect(JSON.parse(stderr).error).toMatchObject({ key: 'usage_error', exit_code: 2 });
    expect(stderr).toContain('--bogus');
  });
});
