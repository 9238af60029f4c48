// An error on a terminal is lines: `error: MESSAGE`, then the hint on a line of its own, however
// narrow the terminal. The text fitted to the width is fitted line by line: an error line and a
// hint that does not fit beside it are never reflowed into one sentence.
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthError,
  ConfigError,
  InterruptedError,
  NetworkError,
  PromoError,
  UsageError,
} from '../../src/base/errors.js';
import { OutcomeUnknownError } from '../../src/http/failures.js';
import { main } from '../../src/main.js';
import { Output } from '../../src/output/output.js';
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

/** A terminal `columns` wide that keeps what is written to it. */
function terminal(columns: number) {
  const screen = { text: '' };
  const stream = Object.assign(
    new Writable({
      write(chunk, _enc, done) {
        screen.text += chunk;
        done();
      },
    }),
    { isTTY: true, columns },
  );
  return { stream, screen };
}

describe('every kind of error on a narrow terminal', () => {
  const message = 'the thing that went wrong is described here at some length, longer than a line';
  const hint = 'Here is what to do about it, also longer than a line of a narrow terminal';
  const kinds: [string, PromoError][] = [
    ['PromoError', new PromoError(message, 1, hint)],
    ['UsageError', new UsageError(message, hint)],
    ['AuthError', new AuthError(message, hint)],
    ['ConfigError', new ConfigError(message, hint)],
    ['InterruptedError', new InterruptedError(message, hint)],
    ['NetworkError', new NetworkError(message, 'ECONNRESET', hint)],
    ['ApiError', new ApiError({ status: 400, body: { message }, method: 'GET', path: '/v1/x', hint })],
    [
      'OutcomeUnknownError',
      new OutcomeUnknownError({
        method: 'POST',
        path: '/v1/x',
        lost: 'connection',
        why: message,
        code: 'ECONNRESET',
        hint,
      }),
    ],
  ];

  it.each(kinds)('%s: the hint begins a line of its own, under the message', async (_, error) => {
    for (const columns of [40, 80]) {
      const { stream, screen } = terminal(columns);
      const out = new Output(
        { output: 'table', colorStdout: false, colorStderr: () => false, stderrJson: () => false },
        { stdout: stream, stderr: stream },
      );
      await out.error(error);
      const lines = screen.text.trimEnd().split('\n');
      const start = lines.findIndex((line) => line.startsWith('Here is what to do'));
      expect(start, screen.text).toBeGreaterThan(0);
      expect(lines.slice(0, start).join(' ')).not.toContain('Here is');
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(columns);
    }
  });
});
