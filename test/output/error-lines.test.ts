// An error on a terminal is lines: `error: MESSAGE`, then the hint on a line of its own, however
// narrow the terminal. The text fitted to the width is fitted line by line: an error line and a
// hint that does not fit beside it are never reflowed into one sentence.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/main.js';
import { runPromo, tempDir, testContext } from '../helpers/promo.js';

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.cleanup());

/** promo in-process with stderr a terminal `columns` wide. */
async function onTerminal(argv: string[], columns: number, stdin = '') {
  const { ctx, stderr } = testContext({ configDir: dir.path, tty: true, stdin });
  stderr.columns = columns;
  // A token given on stdin comes from a pipe, not the terminal.
  if (stdin) ctx.stdin.isTTY = false;
  const code = await main(argv, ctx);
  return { code, lines: stderr.text.trimEnd().split('\n') };
}

const addLocal = () =>
  runPromo(
    [
      'profile',
      'add',
      'local',
      '--no-check',
      '--app-id',
      'a',
      '--app-token-stdin',
      '--api-url',
      'http://127.0.0.1:9',
    ],
    {
      configDir: dir.path,
      stdin: 'app-token-0123456789\n',
    },
  );

describe('errors on a narrow terminal', () => {
  it('with no profile chosen: the message alone on its line, the way out under it, the built-in sandbox named', async () => {
    for (const columns of [80, 60, 120]) {
      const { code, lines } = await onTerminal(['voucher', 'list'], columns);
      expect(code).toBe(4);
      expect(lines[0]).toBe('error: no default profile');
      expect(lines.slice(1).join(' ')).toContain('promo profile use sandbox');
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(columns);
    }
  });

  it("a profile name with two letters swapped: did you mean 'local'?, the profiles on the next line", async () => {
    await addLocal();
    const { code, lines } = await onTerminal(['profile', 'use', 'lcoal'], 80);
    expect(code).toBe(2);
    expect(lines[0]).toBe("error: profile 'lcoal' does not exist; did you mean 'local'?");
    expect(lines[1]).toMatch(/^Profiles: local, sandbox \(built in\)\./);
  });

  it('credentials that could not be checked: nothing was saved, and the advice on the next line', async () => {
    const { code, lines } = await onTerminal(
      [
        'profile',
        'add',
        'x',
        '--app-id',
        'a',
        '--app-token-stdin',
        '--api-url',
        'http://127.0.0.1:9',
        '--retries',
        '0',
      ],
      80,
      'app-token-0123456789\n',
    );
    expect(code, lines.join('\n')).toBe(6);
    const hint = lines.findIndex((line) => line.startsWith('Check the API URL'));
    expect(hint, lines.join('\n')).toBeGreaterThan(0);
    expect(lines.slice(0, hint).join(' ')).toMatch(/nothing was saved$/);
    expect(lines[0]).toMatch(/^error: could not check the credentials/);
  });
});
