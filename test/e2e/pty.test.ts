// The confirmation a person sees on a real pseudo-terminal (util-linux `script` provides one): the
// built bin asks, the answer is typed once the question is on screen.
import { spawn, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, spawnPromo, tempDir } from '../helpers/promo.js';

const hasScript = spawnSync('script', ['--version']).status === 0;

/** Runs the bin under a pty; types `answer` once the screen shows `question`. */
function onTerminal(
  args: string[],
  env: Record<string, string | undefined>,
  question: string,
  answer: string,
) {
  return new Promise<{ code: number | null; screen: string }>((resolve, reject) => {
    const command = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
    // A person at a terminal: not CI (CI=true, as in the CI run, turns prompts off by contract).
    const { CI: _ci, ...inherited } = process.env;
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      env: { ...inherited, NO_COLOR: '1', ...env },
    });
    let screen = '';
    let typed = false;
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.stdout.on('data', (d) => {
      screen += d;
      if (!typed && screen.includes(question)) {
        typed = true;
        child.stdin.write(answer);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, screen });
    });
  });
}

describe.skipIf(!hasScript)('confirmation on a pseudo-terminal', () => {
  it('shows profile, code and permanence; no keeps the voucher (exit 8), yes deletes it (exit 0)', async () => {
    const dir = tempDir();
    const env = { PROMO_CONFIG_DIR: dir.path };
    const created = await spawnPromo(
      ['--profile', 'sandbox', 'voucher', 'create', '--percent-off', '5', '--code', 'PTY-1'],
      { env },
    );
    expect(created.code).toBe(0);

    const declined = await onTerminal(
      ['--profile', 'sandbox', 'voucher', 'delete', 'PTY-1', '--force'],
      env,
      '(y/N)',
      'n\r',
    );
    expect(declined.code).toBe(8);
    expect(declined.screen).toContain("Permanently delete voucher PTY-1 on profile 'sandbox'");
    expect(declined.screen).toContain('Cancelled');

    const accepted = await onTerminal(
      ['--profile', 'sandbox', 'voucher', 'delete', 'PTY-1', '--force'],
      env,
      '(y/N)',
      'y\r',
    );
    expect(accepted.code).toBe(0);
    expect(accepted.screen).toContain('PTY-1: deleted permanently');
    dir.cleanup();
  });
});

describe.skipIf(!hasScript)('ending a prompt on a pseudo-terminal', () => {
  const dir = tempDir();
  const env = { PROMO_CONFIG_DIR: dir.path };
  const deleteArgs = ['--profile', 'sandbox', 'voucher', 'delete', 'PTY-KEEP', '--force'];

  it('Ctrl-C at the question exits 130 with "Interrupted", without the library\'s text', async () => {
    const run = await onTerminal(deleteArgs, env, '(y/N)', '\x03');
    expect(run.code).toBe(130);
    expect(run.screen).toContain('error: Interrupted.');
    expect(run.screen).not.toContain('force closed');
  });

  it("Ctrl-D (end of input) at the question cancels: exit 8, without the library's text", async () => {
    const run = await onTerminal(deleteArgs, env, '(y/N)', '\x04');
    expect(run.code).toBe(8);
    expect(run.screen).toContain('error: Cancelled (end of input).');
    expect(run.screen).not.toContain('force closed');
  });

  it('--no-color reaches the prompt: not one colour code on the screen', async () => {
    const run = await onTerminal(
      [...deleteArgs, '--no-color'],
      { ...env, NO_COLOR: undefined },
      '(y/N)',
      'n\r',
    );
    expect(run.code).toBe(8);
    expect(run.screen).toContain('Permanently delete voucher PTY-KEEP');
    expect(run.screen).not.toMatch(/\x1b\[[0-9;]*m/);
  });

  it('without --no-color the same prompt is coloured (the check above can fail)', async () => {
    const run = await onTerminal(deleteArgs, { ...env, NO_COLOR: undefined }, '(y/N)', 'n\r');
    expect(run.code).toBe(8);
    expect(run.screen).toMatch(/\x1b\[[0-9;]*m/);
    dir.cleanup();
  });
});

describe.skipIf(!hasScript)('the hidden token prompt on a pseudo-terminal', () => {
  it('echoes nothing as the token is typed, not even a star a character', async () => {
    const dir = tempDir();
    const run = await onTerminal(
      ['profile', 'add', 'typed', '--app-id', 'app-typed', '--no-check', '-o', 'table'],
      { PROMO_CONFIG_DIR: dir.path },
      'App token',
      'typed-secret-9876\r',
    );
    expect(run.code).toBe(0);
    const afterPrompt = run.screen.slice(run.screen.indexOf('App token'));
    expect(afterPrompt).not.toContain('typed-secret');
    expect(afterPrompt).not.toMatch(/\*{4,}[^9]/);
    expect(run.screen).toContain('****9876');
    dir.cleanup();
  });
});

// A pseudo-terminal made without a size (util-linux `script` with no terminal above it, some CI
// runners, `docker exec -t`) says it is 0 columns wide: an unknown width, not a width of nothing.
describe.skipIf(!hasScript)('a terminal that says 0 columns', () => {
  const card = async (env: Record<string, string | undefined>) => {
    const run = await onTerminal(['--profile', 'sandbox', 'voucher', 'get', 'PTY-WIDTH-GIFT'], env, '\0', '');
    expect(run.code, run.screen).toBe(0);
    return run.screen.split(/\r?\n/).find((line) => line.startsWith('Type')) ?? '';
  };

  it("shows a card's values whole, or fits them to $COLUMNS when that is set", async () => {
    const dir = tempDir();
    const env = { PROMO_CONFIG_DIR: dir.path };
    const create = '--profile sandbox voucher create --type gift --gift-amount 25 --code PTY-WIDTH-GIFT';
    const made = await spawnPromo(create.split(' '), { env });
    expect(made.code, made.stderr).toBe(0);
    expect(await card(env)).toMatch(/^Type\s+gift card$/);
    // 12 columns leave the value 8 (the label is 11 wide, with its gap): cut, with the mark.
    expect(await card({ ...env, COLUMNS: '12' })).toMatch(/^Type\s+gift ca…$/);
    dir.cleanup();
  });
});
