import { describe, expect, it } from 'vitest';
import { isNoun, loadRegistry } from '../../src/registry/index.js';
import { runPromo } from '../helpers/promo.js';

const flat = (text: string) => text.replace(/\s+/g, ' ');
const nouns = (await loadRegistry()).filter(isNoun);
const verbPaths = nouns.flatMap((noun) => noun.commands.map((c) => c.path.join(' ')));

describe('help built from the registry', () => {
  it('promo help prints exactly what promo --help prints', async () => {
    const help = await runPromo(['help']);
    const flag = await runPromo(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toBe(flag.stdout);
    expect(help.stdout).toContain('Usage: promo');
  });

  it.each(nouns.map((n) => [n.name, n.summary]))(
    'promo --help lists %s with the summary that its own --help starts with',
    async (name, summary) => {
      const root = flat((await runPromo(['--help'])).stdout);
      expect(root).toContain(` ${name} ${flat(summary)} `);
      const own = await runPromo([name, '--help']);
      expect(own.code).toBe(0);
      expect(flat(own.stdout)).toContain(`Usage: promo ${name} [options] [command] ${flat(summary)} `);
    },
  );

  it.each(verbPaths.map((p) => [p]))('promo help %s prints what --help after it prints', async (path) => {
    const words = path.split(' ');
    const help = await runPromo(['help', ...words]);
    expect(help.code).toBe(0);
    expect(help.stdout).toBe((await runPromo([...words, '--help'])).stdout);
    // Global options last, by name, after the command's own options and its examples.
    expect(help.stdout).toMatch(
      /\nOptions:\n[\s\S]*\nExamples:\n[\s\S]*\nGlobal options:\n {2}-p\/--profile, /,
    );
  });

  it('promo help takes an alias as the command it names', async () => {
    expect((await runPromo(['help', 'voucher', 'rm'])).stdout).toBe(
      (await runPromo(['voucher', 'delete', '--help'])).stdout,
    );
  });

  it('answers an unknown command with exit 2 and a suggestion, nothing on stdout', async () => {
    const noun = await runPromo(['help', 'vouchr', '-o', 'table']);
    expect(noun).toMatchObject({ code: 2, stdout: '' });
    expect(noun.stderr).toContain("unknown help topic or command 'vouchr'");
    expect(noun.stderr).toContain('Did you mean voucher?');
    const verb = await runPromo(['help', 'voucher', 'crate', '--json']);
    expect(verb).toMatchObject({ code: 2, stdout: '' });
    expect(JSON.parse(verb.stderr).error).toMatchObject({
      key: 'usage_error',
      message: "unknown command 'crate' for 'voucher'",
      hint: 'Did you mean create?',
    });
  });

  it('files every verb under the noun that lists it', () => {
    for (const noun of nouns) for (const command of noun.commands) expect(command.path[0]).toBe(noun.name);
  });
});
