// The one place that decides how results look: a table for people, JSON or NDJSON for programs.
// stdout carries data only; notices, warnings and errors go to stderr.
import type { OutputStream } from '../context.js';
import type { OutputFormat } from '../globals.js';
import { renderError } from './errors.js';
import { escapeForTerminal } from './escape.js';
import { type Palette, palette } from './palette.js';
import { type Column, renderKeyValue, renderTable } from './table.js';

export type { Palette } from './palette.js';
export type { Column } from './table.js';

export class Output {
  /**
   * `io` is read on each write, not kept: stderr is built by Node on first use, and most runs
   * write nothing there. `colorStderr` is asked only when something is written there, likewise.
   */
  constructor(
    readonly format: OutputFormat,
    private readonly io: { readonly stdout: OutputStream; readonly stderr: OutputStream },
    private readonly colorStdout: boolean,
    private readonly colorStderr: () => boolean,
    private readonly scrub: (text: string) => string = (t) => t,
  ) {}

  private get stdout(): OutputStream {
    return this.io.stdout;
  }

  private get stderr(): OutputStream {
    return this.io.stderr;
  }

  get isJson(): boolean {
    return this.format !== 'table';
  }

  /**
   * True once stdout is gone: the reader of a pipe left (`promo … | head`) and a write failed.
   * A list being streamed stops there instead of asking the service for pages nobody will read.
   */
  get closed(): boolean {
    return this.stdout.destroyed || this.stdout.errored !== null;
  }

  /**
   * Resolves once stdout has taken everything written (or is gone). A pipe whose reader is slower
   * than the service holds a streamed list back here, page by page, instead of promo queueing the
   * whole list in memory; a reader that left shows up here as an error, before the next page.
   */
  private drained(): Promise<void> {
    const out = this.stdout;
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      if (out.writableNeedDrain) {
        const done = () => {
          for (const event of ['drain', 'error', 'close']) out.off(event, done);
          resolve();
        };
        for (const event of ['drain', 'error', 'close']) out.on(event, done);
        return;
      }
      // Node 22 and later leave writableNeedDrain false on a pipe with tens of kilobytes still
      // pending, and emit no 'drain': an empty write's callback runs once all before it is
      // written, or has failed (a reader that left: stdout is then errored).
      out.write('', () => resolve());
    });
  }

  /** Tables fit a terminal's width; written to a file or a pipe, they keep every character. */
  private get terminalWidth(): number | undefined {
    return this.stdout.isTTY === true ? this.stdout.columns : undefined;
  }

  /** Writes a value as JSON (pretty) or NDJSON (one line) on stdout. */
  json(value: unknown): void {
    this.stdout.write(
      this.format === 'ndjson' ? `${JSON.stringify(value)}\n` : `${JSON.stringify(value, null, 2)}\n`,
    );
  }

  /** One object: the service's object as it is in JSON, chosen fields in a table. */
  async record<T>(value: T, fields: Column<T>[]): Promise<void> {
    if (this.isJson) return this.json(value);
    this.stdout.write(
      await renderKeyValue(value, fields, await palette(this.colorStdout), this.terminalWidth),
    );
  }

  /** A list: one JSON array, one NDJSON line per item (resolving once stdout took them), or a table. */
  async list<T>(items: T[], columns: Column<T>[], empty = 'No results.'): Promise<void> {
    if (this.format === 'json') return this.json(items);
    if (this.format === 'ndjson') {
      for (const item of items) {
        if (this.closed) return;
        this.stdout.write(`${JSON.stringify(item)}\n`);
      }
      return this.drained();
    }
    if (items.length === 0) {
      this.notice(empty);
      return;
    }
    this.stdout.write(await renderTable(items, columns, await palette(this.colorStdout), this.terminalWidth));
  }

  /** Plain text data on stdout (a token, a script). */
  text(line: string): void {
    this.stdout.write(line.endsWith('\n') ? line : `${line}\n`);
  }

  /**
   * A status line for a person watching a terminal, redrawn in place (\r); nothing when stderr is
   * not a terminal, so logs and scripts never see it. endProgress() clears it.
   */
  progress(text: string): void {
    if (this.stderr.isTTY !== true) return;
    this.stderr.write(`\r\x1b[2K${this.scrub(escapeForTerminal(text))}`);
  }

  endProgress(): void {
    if (this.stderr.isTTY === true) this.stderr.write('\r\x1b[2K');
  }

  // With JSON output every line on stderr is a JSON object too, so that a script can read it
  // line by line: {"notice": …}, {"warning": …}, {"error": {…}}. Success lines are for people:
  // the data on stdout already says it.

  notice(message: string): void {
    this.stderr.write(
      this.isJson
        ? `${JSON.stringify({ notice: this.scrub(message) })}\n`
        : `${this.scrub(escapeForTerminal(message))}\n`,
    );
  }

  async success(message: string): Promise<void> {
    if (this.isJson) return;
    const p = await palette(this.colorStderr());
    this.stderr.write(`${p.green('✓')} ${this.scrub(escapeForTerminal(message))}\n`);
  }

  async warn(message: string): Promise<void> {
    if (this.isJson) {
      this.stderr.write(`${JSON.stringify({ warning: this.scrub(message) })}\n`);
      return;
    }
    const p = await palette(this.colorStderr());
    this.stderr.write(`${p.yellow('warning:')} ${this.scrub(escapeForTerminal(message))}\n`);
  }

  async error(error: unknown): Promise<void> {
    const p = await palette(!this.isJson && this.colorStderr());
    this.stderr.write(`${this.scrub(renderError(error, this.isJson, p))}\n`);
  }
}
