// On a terminal, CI or --no-input turn prompts off: the error says so and how to answer without
// them, rather than claiming there is no terminal.
import { afterAll, describe, expect, it } from 'vitest';
import { runPromo, tempDir } from '../helpers/promo.js';

const dir = tempDir();
afterAll(() => dir.cleanup());
const onTerminal = (argv: string[], env: Record<string, string> = {}) =>
  runPromo([...argv, '-o', 'table'], { configDir: dir.path, tty: true, env });

describe('prompts turned off on a terminal', () => {
  it('CI=1: the delete confirmation names CI and --yes, exit 2, nothing asked', async () => {
    const run = await onTerminal(['--profile', 'sandbox', 'voucher', 'delete', 'X-1'], { CI: '1' });
    expect(run.code).toBe(2);
    expect(run.asked).toEqual([]);
    expect(run.stderr).toBe(
      'error: this needs confirmation, and prompts are turned off because CI is set: pass --yes to confirm\n',
    );
  });

  it('--no-input: the delete confirmation names --no-input', async () => {
    const run = await onTerminal(['--profile', 'sandbox', '--no-input', 'voucher', 'delete', 'X-1']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('prompts are turned off by --no-input: pass --yes to confirm');
  });

  it('login and profile add say the same and point to the way without prompts', async () => {
    const login = await onTerminal(['login'], { CI: 'true' });
    expect(login.code).toBe(2);
    expect(login.stderr).toContain(
      'promo login asks questions, and prompts are turned off because CI is set',
    );
    expect(login.stderr).toContain('promo profile add NAME --app-id ID --app-token-stdin');
    const add = await onTerminal(['--no-input', 'profile', 'add', '--no-check', 'p1', '--app-id', 'id-1']);
    expect(add.code).toBe(2);
    // Fitted to the terminal (100 columns here): read as one line.
    expect(add.stderr.replace(/\s*\n\s*/g, ' ')).toContain(
      'no app token given, and prompts are turned off by --no-input: pass it on stdin with --app-token-stdin',
    );
  });

  it('without a terminal the message stays "there is no terminal to ask on"', async () => {
    const run = await runPromo(['--profile', 'sandbox', 'voucher', 'delete', 'X-1', '-o', 'table'], {
      configDir: dir.path,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('there is no terminal to ask on: pass --yes to confirm');
  });
});
