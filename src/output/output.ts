// The one place that decides how results look: a table for people, JSON or NDJSON for programs.
// stdout carries data only; notices, warnings and errors go to stderr.
import { type DirectStdout, type OutputStream, stdoutIsTTY } from '../base/context.js';
import type { CsvSheet } from './csv.js';
import { renderError } from './errors.js';
import { escapeForTerminal } from './escape.js';
import { palette } from './palette.js';
import type { OutputFormat, Printing } from './printing.js';
import { type Reveal, scrubValue } from './secrets.js';
import type { Column } from './table.js';
import { columnsOf, shorten } from './width.js';
import { wrapHelp } from './wrap.js';

type Render = typeof import('./render.js');

export type { Palette } from './palette.js';
export type { Reveal } from './secrets.js';
export type { Column } from './table.js';

/** How this output prints, as output/printing.ts resolved it. */
export type PrintingOf = Pick<Printing, 'output' | 'colorStdout' | 'colorStderr' | 'stderrJson'> &
  Partial<Pick<Printing, 'quiet'>>;

/** What the run adds to how it prints: its secrets, and how its data is shaped. */
export interface DataOptions {
  /** Blanks the secrets of the run in what promo prints: on stderr, and in the data on stdout. */
  scrub?: (text: string) => string;
  /** Whether the run knows a secret at all (else the data is printed as it is, without a copy). */
  hasSecrets?: () => boolean;
  /** --fields: what JSON, NDJSON and CSV keep of each object, and the columns of a table. */
  fields?: readonly string[];
  /** --jq: a jq filter the JSON goes through before it is printed. */
  jq?: string;
  /** --csv-crlf (or PROMO_CSV_CRLF): CSV lines end with CRLF instead of LF. */
  csvCrlf?: boolean;
  /** Ctrl-C and SIGTERM: what stops a jq filter at work. */
  signal?: () => AbortSignal | undefined;
}

export class Output {
  readonly format: OutputFormat;
  /** -q/--quiet: notices, successes, warnings and progress are not written; errors are. */
  readonly quiet: boolean;
  private readonly colorStdout: boolean;
  private readonly colorStderr: () => boolean;
  private readonly scrub: (text: string) => string;
  /** Whether stderr carries JSON lines (see Printing.stderrJson); asked once, when first needed. */
  private readonly stderrJsonNow: () => boolean;
  private stderrJsonKnown?: boolean;

  /**
   * `io` is read on each write, not kept: stderr is built by Node on first use, and most runs
   * write nothing there. What depends on stderr is asked only when something is written there.
   */
  constructor(
    printing: PrintingOf,
    private readonly io: {
      readonly stdout: OutputStream;
      readonly stderr: OutputStream;
      readonly directStdout?: DirectStdout;
      readonly env?: Readonly<Record<string, string | undefined>>;
    },
    options: DataOptions = {},
  ) {
    this.format = printing.output;
    this.colorStdout = printing.colorStdout;
    this.colorStderr = printing.colorStderr;
    this.stderrJsonNow = printing.stderrJson;
    this.quiet = printing.quiet === true;
    this.scrub = options.scrub ?? ((t) => t);
    this.hasSecrets = options.hasSecrets ?? (() => options.scrub !== undefined);
    this.fields = options.fields;
    this.jq = options.jq;
    this.csvCrlf = options.csvCrlf === true;
    this.signal = options.signal ?? (() => undefined);
  }

  private readonly fields?: readonly string[];
  private readonly jq?: string;
  private readonly hasSecrets: () => boolean;

  /**
   * The data as it may be printed: every secret of the run blanked, in values and keys alike. The
   * one door of stdout's data, before --fields, --jq, CSV or a table see it; `reveal` only for
   * what a command prints on purpose (the token `token issue` was asked for).
   */
  private clean<T>(value: T, reveal?: Reveal): T {
    if (reveal?.secrets === 'shown' || !this.hasSecrets()) return value;
    return scrubValue(value, this.scrub) as T;
  }

  private readonly csvCrlf: boolean;
  /** The CSV being written (a list streamed page by page has one header). */
  private csvSheet?: CsvSheet;
  private readonly signal: () => AbortSignal | undefined;
  /** --jq's filter and the queue of values going through it, once something is printed. */
  private jqFilters?: ReturnType<Render['jqFilters']>;
  private jqQueue?: InstanceType<Render['JqStream']>;
  /** render.ts, once data has been printed (or prepare() asked for it). */
  private renderer?: Render;

  /** Loads what renders data; what prints synchronously (lineText) needs it loaded first. */
  async prepare(): Promise<Render> {
    this.renderer ??= await import('./render.js');
    return this.renderer;
  }

  private get render(): Render {
    if (!this.renderer) throw new Error('Output.prepare() must come before printing data synchronously');
    return this.renderer;
  }

  /**
   * stderr for programs: JSON lines (`{"error": …}`, `{"notice": …}`) when it is not a terminal
   * and the output is JSON, or when asked (--log-format json); text for people otherwise, even
   * when stdout is piped into jq.
   */
  get stderrJson(): boolean {
    this.stderrJsonKnown ??= this.stderrJsonNow();
    return this.stderrJsonKnown;
  }

  private get stdout(): OutputStream {
    return this.io.stdout;
  }

  /**
   * Data on stdout: straight to its descriptor while the real context may (small, or into a file:
   * cli-stdout.ts), so that a command printing one answer into a pipe does not build Node's stream;
   * else through the stream.
   */
  private write(text: string): void {
    if (this.io.directStdout?.writeData(text)) return;
    this.stdout.write(text);
  }

  private get stdoutIsTTY(): boolean {
    return stdoutIsTTY(this.io);
  }

  /** Node's stream exists (in tests, always): what it says of a reader that left counts. */
  private get streamBuilt(): boolean {
    return this.io.directStdout?.built !== false;
  }

  private get stderr(): OutputStream {
    return this.io.stderr;
  }

  /** Output for programs (JSON, NDJSON or CSV), not a table for people. */
  get isJson(): boolean {
    return this.format !== 'table';
  }

  /** A page of a list can be printed as it comes (NDJSON, CSV): `--all` streams it. */
  get streams(): boolean {
    return this.format === 'ndjson' || this.format === 'csv';
  }

  /**
   * `--all` as one JSON array can be written page by page too, byte for byte what printing it whole
   * gives, unless --jq must see the whole array or a terminal colours it: a pipe into jq of 100,000
   * vouchers then holds a page, not the list (the list held whole came to ~1 GB).
   */
  get streamsJsonArray(): boolean {
    return this.format === 'json' && this.jq === undefined && !this.colorStdout;
  }

  /** With --all: whether each page is printed as it comes (NDJSON, CSV, or the JSON array streamed). */
  get streamsPages(): boolean {
    return this.streams || this.streamsJsonArray;
  }

  /** One page of a list walked with --all, when streamsPages. */
  listPage<T>(items: T[], columns: Column<T>[], csv?: readonly string[]): Promise<void> {
    return this.streamsJsonArray ? this.jsonArrayPage(items) : this.list(items, columns, undefined, csv);
  }

  /** The end of a list walked with --all: what was collected, or what closes the streamed pages. */
  listEnd<T>(collected: T[], columns: Column<T>[], empty?: string, csv?: readonly string[]): Promise<void> {
    if (this.streamsJsonArray) return this.jsonArrayEnd();
    return this.list(this.streams ? [] : collected, columns, empty, csv);
  }

  /** Items written so far by jsonArrayPage: none yet means the array is not opened. */
  private arrayItems = 0;

  /** One page of a JSON array being streamed (see streamsJsonArray), resolving once stdout took it. */
  async jsonArrayPage(items: unknown[]): Promise<void> {
    if (this.closed || items.length === 0) return;
    await this.prepare(); // --fields picks through render.ts
    const shaped = this.shaped(this.clean(items)) as unknown[];
    let text = '';
    for (const item of shaped) {
      // JSON.stringify escapes a newline inside a string, so each raw newline is the layout's own.
      const body = JSON.stringify(item, null, 2).replaceAll('\n', '\n  ');
      text += `${this.arrayItems++ === 0 ? '[\n' : ',\n'}  ${body}`;
    }
    return this.writeLines(text);
  }

  /**
   * Text laid out for stdout (NDJSON lines, what jq printed, a bulk --dry-run's lines), resolving
   * once stdout has taken it: a slow reader holds the caller back, instead of the text piling up
   * in memory. Nothing is written once the reader has left.
   */
  writeLines(text: string): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.write(text);
    return this.drained();
  }

  /** Closes the streamed array (`[]` when no page had an item). */
  jsonArrayEnd(): Promise<void> {
    return this.writeLines(this.arrayItems === 0 ? '[]\n' : '\n]\n');
  }

  /**
   * True once stdout is gone: the reader of a pipe left (`promo … | head`) and a write failed.
   * A list being streamed stops there instead of asking the service for pages nobody will read.
   */
  get closed(): boolean {
    if (this.gone || this.io.directStdout?.gone) return true;
    return this.streamBuilt && (this.stdout.destroyed || this.stdout.errored !== null);
  }

  private gone = false;

  /**
   * Resolves once stdout has taken everything written (or is gone). A pipe whose reader is slower
   * than the service holds a streamed list back here, page by page, instead of promo queueing the
   * whole list in memory; a reader that left shows up here as an error, before the next page.
   */
  private drained(): Promise<void> {
    // Written straight, it is already with the system.
    if (this.closed || !this.streamBuilt) return Promise.resolve();
    const out = this.stdout;
    return new Promise((resolve) => {
      if (out.writableNeedDrain) {
        // A pipe whose reader left ends in 'error' or 'close', or in 'drain' just before the
        // write's EPIPE, while the stream says it is errored; Node's stdout forgets that error
        // by the time the 'error' event is emitted. So it is noted here.
        const done = (event: string) => {
          for (const [name, listener] of listeners) out.off(name, listener);
          if (event !== 'drain' || this.closed) this.gone = true;
          resolve();
        };
        const listeners = ['drain', 'error', 'close'].map((name) => [name, () => done(name)] as const);
        for (const [name, listener] of listeners) out.on(name, listener);
        return;
      }
      // Node 22 and later leave writableNeedDrain false on a pipe with tens of kilobytes still
      // pending, and emit no 'drain': an empty write's callback runs once all before it is
      // written, or has failed (a reader that left: stdout is then errored).
      out.write('', (error) => {
        if (error) this.gone = true;
        resolve();
      });
    });
  }

  /** Tables fit a terminal's width; written to a file or a pipe, they keep every character. */
  private get terminalWidth(): number | undefined {
    return this.stdoutIsTTY ? columnsOf(this.stdout, this.io.env) : undefined;
  }

  /**
   * A value for programs: JSON (indented; coloured on a terminal), NDJSON (one line), or CSV (an
   * array is its rows, an object one row); --fields picks from each object, --jq filters the JSON.
   */
  async json(value: unknown, reveal?: Reveal): Promise<void> {
    return this.cleanJson(this.clean(value, reveal));
  }

  private async cleanJson(value: unknown): Promise<void> {
    const { colorJson } = await this.prepare();
    if (this.format === 'csv') return this.csvRows(Array.isArray(value) ? value : [value]);
    const shaped = this.shaped(value);
    if (this.jq !== undefined) return this.jqStream().value(shaped);
    const text = this.format === 'ndjson' ? JSON.stringify(shaped) : JSON.stringify(shaped, null, 2);
    this.write(`${this.colorStdout ? colorJson(text, await palette(true)) : text}\n`);
  }

  /** --fields applied: each object of a list, or the object. */
  private shaped(value: unknown): unknown {
    const { fields } = this;
    if (!fields) return value;
    const { pick } = this.render;
    return Array.isArray(value) ? value.map((item) => pick(item, fields)) : pick(value, fields);
  }

  /**
   * Rows of CSV, the header first (once, also over no rows): --fields, else `layout` (the command's
   * columns), else the first row's fields of one value.
   */
  private csvRows(items: unknown[], layout?: readonly string[]): void {
    const text = this.sheet.write(this.csvShaped(items), this.fields, layout ?? this.csvView?.columns);
    if (text) this.write(text);
  }

  /**
   * How the command's objects read as CSV, set by the command before it prints: its columns when
   * --fields names none, and its money in currency units (the service keeps hundredths), as the
   * service's own CSV exports and promo's tables show it. JSON and NDJSON keep the service's objects.
   */
  csvView?: { columns?: readonly string[]; units?: (item: never) => unknown };

  /** Rows for CSV: money in units first (it may need fields --fields leaves out), then --fields. */
  private csvShaped(items: readonly unknown[]): unknown[] {
    const units = this.csvView?.units as ((item: unknown) => unknown) | undefined;
    return items.map((item) => this.shaped(units ? units(item) : item));
  }

  private get sheet(): CsvSheet {
    this.csvSheet ??= new this.render.CsvSheet(
      { crlf: this.csvCrlf, terminal: this.stdoutIsTTY },
      (column) =>
        void this.warn(
          `the key ${column} first appears after the CSV header was written: it has no column (ask for it with --fields)`,
        ),
    );
    return this.csvSheet;
  }

  /** One object: the service's object as it is for programs, chosen fields in a table. */
  async record<T>(value: T, fields: Column<T>[], reveal?: Reveal): Promise<void> {
    const clean = this.clean(value, reveal);
    if (this.isJson) return this.cleanJson(clean);
    const { renderKeyValue } = await this.prepare();
    this.write(
      await renderKeyValue(
        clean,
        this.columnsFor(fields),
        await palette(this.colorStdout),
        this.terminalWidth,
      ),
    );
  }

  /**
   * A list: one JSON array (or what --jq makes of it), one NDJSON line or CSV row per item
   * (resolving once stdout took them), or a table. `csv`: the default CSV columns (see CsvSheet).
   */
  async list<T>(
    all: T[],
    columns: Column<T>[],
    empty = 'No results.',
    csv?: readonly string[],
  ): Promise<void> {
    const items = this.clean(all);
    if (this.format === 'json') return this.cleanJson(items);
    const { renderTable } = await this.prepare();
    if (this.format === 'csv') {
      this.csvRows(items, csv);
      return this.drained();
    }
    if (this.format === 'ndjson') {
      if (this.closed) return;
      const lines = items.map((item) => JSON.stringify(this.shaped(item)));
      // --jq on a stream: the filter runs on each object, as `jq` reads NDJSON.
      if (this.jq !== undefined) return this.jqStream().push(lines);
      return this.writeLines(lines.map((line) => `${line}\n`).join(''));
    }
    if (items.length === 0) {
      this.notice(empty);
      return;
    }
    this.write(
      await renderTable(items, this.columnsFor(columns), await palette(this.colorStdout), this.terminalWidth),
    );
  }

  /** A table's columns: the view's own, or with --fields those fields, by name. */
  private columnsFor<T>(columns: Column<T>[]): Column<T>[] {
    if (!this.fields) return columns;
    return this.fields.map((field) => ({
      header: field,
      value: (item: T) => {
        const found = this.render.valueAt(item, field);
        return found === null || typeof found !== 'object'
          ? (found as string | number | boolean | undefined)
          : JSON.stringify(found);
      },
      text: true,
    }));
  }

  /** --fields changes what an object prints as. */
  get isShaped(): boolean {
    return this.fields !== undefined;
  }

  /** Whether each line must go through jq (asynchronous); `lineText` serves the rest. */
  get filtersLines(): boolean {
    return this.jq !== undefined;
  }

  /**
   * The text of one result of many, without --jq: a compact JSON line, or a CSV row (the header
   * before the first; `csvFields` are the columns when --fields names none).
   */
  lineText(value: unknown, csvFields?: readonly string[]): string {
    const clean = this.clean(value);
    if (this.format !== 'csv') return `${JSON.stringify(this.shaped(clean))}\n`;
    return this.sheet.write(this.csvShaped([clean]), this.fields, csvFields ?? this.csvView?.columns);
  }

  /**
   * One result of many, as it comes: a compact JSON line (through --jq, when given), or a CSV row
   * (the header before the first).
   */
  async line(value: unknown): Promise<void> {
    await this.prepare();
    if (this.format === 'csv') return this.csvRows([this.clean(value)]);
    const shaped = this.shaped(this.clean(value));
    if (this.jq !== undefined) {
      // Interrupted, jq has stopped: a bulk run goes on settling its requests in flight, and its
      // journal, not this copy on stdout, is what says how each line ended.
      return this.jqStream()
        .push([JSON.stringify(shaped)])
        .catch((error: unknown) => {
          if (!this.signal()?.aborted) throw error;
        });
    }
    this.write(`${JSON.stringify(shaped)}\n`);
  }

  /** --jq: the filter, and the queue that batches values on their way to it (jq-stream.ts). */
  private jqStream(): InstanceType<Render['JqStream']> {
    if (!this.jqQueue) {
      const { jqFilters, JqStream } = this.render;
      this.jqFilters = jqFilters(this.jq!, {
        color: this.colorStdout,
        terminal: this.stdoutIsTTY,
        signal: this.signal(),
      });
      this.jqQueue = new JqStream(this.jqFilters, (text) => this.writeLines(text));
    }
    return this.jqQueue;
  }

  /** --jq's expression compiles (exit 2 with jq's message if not): jq run on no input at all. */
  async checkJq(): Promise<void> {
    if (this.jq === undefined) return;
    await this.prepare();
    this.jqStream();
    const { error } = await this.jqFilters![0]!.run([]);
    if (error) throw error;
  }

  /**
   * Resolves once everything printed has reached stdout: values queued for --jq are filtered and
   * written (an error of jq's is thrown here). Called once the command has run.
   */
  async finish(): Promise<void> {
    await this.jqQueue?.finish();
  }

  /** Ends what printing started (the jq workers). */
  close(): void {
    for (const filter of this.jqFilters ?? []) filter.close();
  }

  /**
   * Plain text data on stdout (a URL, a script, a verdict in words), its secrets blanked unless
   * revealed; on a terminal, control characters escaped (piped, the text is exact).
   */
  text(data: string, reveal?: Reveal): void {
    const shown = this.stdoutIsTTY ? escapeForTerminal(data) : data;
    const line = reveal?.secrets === 'shown' || !this.hasSecrets() ? shown : this.scrub(shown);
    this.write(line.endsWith('\n') ? line : `${line}\n`);
  }

  /**
   * A status line for a person watching a terminal, redrawn in place (\r); nothing when stderr is
   * not a terminal, so logs and scripts never see it. endProgress() clears it.
   */
  progress(text: string): void {
    if (this.quiet || this.stderr.isTTY !== true) return;
    // One line, whatever the terminal's width: a wrapped one would not be redrawn in place.
    const width = this.stderr.columns ? this.stderr.columns - 1 : Infinity;
    this.stderr.write(`\r\x1b[2K${shorten(this.forStderr(text), width)}`);
  }

  endProgress(): void {
    if (this.stderr.isTTY === true) this.stderr.write('\r\x1b[2K');
  }

  // With JSON on stderr every line there is a JSON object, so that a script can read it line by
  // line: {"notice": …}, {"warning": …}, {"error": {…}}. Success lines are for people looking at
  // a table: with JSON output the data on stdout already says it.

  /**
   * A line redrawn in place at the bottom of the terminal (a bulk run's progress): cleared before
   * any other text goes to stderr, and drawn again after it.
   */
  statusLine?: { clear(): void; draw(force?: boolean): void };

  /**
   * Text for a person on stderr: fitted to the terminal when it is one, above the status line.
   * Each line is fitted on its own: the lines of stderr are statements (an error, its hint, a bad
   * input line), never one paragraph to reflow into a sentence.
   */
  private toStderr(text: string): void {
    const width = this.stderr.isTTY === true ? this.stderr.columns : undefined;
    const fitted = width
      ? text
          .split('\n')
          .map((line) => wrapHelp(line, width))
          .join('\n')
      : text;
    this.statusLine?.clear();
    this.stderr.write(`${fitted}\n`);
    this.statusLine?.draw(true);
  }

  /**
   * The one door of text for people on stderr: the run's secrets blanked, control characters
   * escaped (line breaks and tabs kept). Every line written there goes through it, or through a
   * method below that uses it.
   */
  forStderr(text: string): string {
    // Blanked first: a secret beside a control character is still a secret standing whole.
    return escapeForTerminal(this.scrub(text));
  }

  /**
   * Lines that no format reshapes (a --debug trace, a bulk run's summary), through the door, above
   * the status line, as they are (not fitted to the terminal's width).
   */
  stderrText(text: string): void {
    this.statusLine?.clear();
    this.stderr.write(`${this.forStderr(text)}\n`);
    this.statusLine?.draw(true);
  }

  notice(message: string): void {
    if (this.quiet) return;
    if (this.stderrJson) this.stderr.write(`${JSON.stringify({ notice: this.scrub(message) })}\n`);
    else this.toStderr(this.forStderr(message));
  }

  async success(message: string): Promise<void> {
    if (this.isJson || this.quiet) return;
    const p = await palette(this.colorStderr());
    this.stderr.write(`${p.green('✓')} ${this.forStderr(message)}\n`);
  }

  async warn(message: string): Promise<void> {
    if (this.quiet) return;
    if (this.stderrJson) {
      this.stderr.write(`${JSON.stringify({ warning: this.scrub(message) })}\n`);
      return;
    }
    const p = await palette(this.colorStderr());
    this.toStderr(`${p.yellow('warning:')} ${this.forStderr(message)}`);
  }

  async error(error: unknown): Promise<void> {
    const json = this.stderrJson;
    const p = await palette(!json && this.colorStderr());
    const text = this.scrub(renderError(error, json, p));
    if (json) this.stderr.write(`${text}\n`);
    else this.toStderr(text);
  }
}
