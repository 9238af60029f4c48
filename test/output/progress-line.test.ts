// The progress line of a bulk run on a narrow terminal: never as wide as the terminal (a wrapped
// line is not redrawn in place), and a notice (a pause for the rate limit) goes on a line of its
// own above it, the line cleared first and drawn again after.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ProgressLine } from '../../src/bulk/progress.js';
import { Output } from '../../src/output/output.js';

class Terminal extends Writable {
  written = '';
  isTTY = true;
  constructor(readonly columns: number) {
    super();
  }
  override _write(chunk: Buffer, _: BufferEncoding, done: () => void) {
    this.written += chunk.toString();
    done();
  }
  /** What the screen shows, line by line: what follows the last \r of a line, escapes left out. */
  get screen(): string[] {
    return this.written.split('\n').map((line) =>
      line
        .split('\r')
        .at(-1)!
        .replace(/\x1b\[[0-9;]*[A-Za-z]/g, ''),
    );
  }
}

function run(columns: number) {
  const stderr = new Terminal(columns);
  const stdout = new Terminal(columns);
  const counts = { done: 1234, failed: 56, unknown: 7, skipped: 0 };
  const out = new Output(
    { output: 'table', colorStdout: false, colorStderr: () => false, stderrJson: () => false },
    { stdout, stderr },
  );
  const bar = new ProgressLine(
    stderr,
    () => 61_000,
    0,
    100_000,
    () => counts,
  );
  out.statusLine = bar;
  return { stderr, out, bar };
}

describe('the progress line', () => {
  it.each([30, 50, 80, 140])('at %i columns is narrower than the terminal', (columns) => {
    const { stderr, bar } = run(columns);
    bar.draw(true);
    const line = stderr.screen.at(-1)!;
    expect(line.length).toBeLessThan(columns);
    expect(line).toContain('1297/100000');
    bar.stop();
  });

  it('is cleared before a notice and drawn again after it, the notice on a line of its own', () => {
    const { stderr, out, bar } = run(50);
    bar.draw(true);
    out.notice('pausing 12.0 s for the rate limit…');
    const [before, after] = stderr.written.split('pausing 12.0 s for the rate limit…');
    expect(before!.endsWith('\r\x1b[2K')).toBe(true);
    expect(after!.startsWith('\n\r\x1b[2K')).toBe(true);
    expect(stderr.screen).toEqual([
      'pausing 12.0 s for the rate limit…',
      expect.stringMatching(/^1297\/100000 1% · /),
    ]);
    bar.stop();
  });
});
