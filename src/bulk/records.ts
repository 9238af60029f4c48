// The records an `--input` is read into (read.ts, read-csv.ts), each with the line it starts on.

export type InputFormat = 'ndjson' | 'csv' | 'lines';

export type InputRecord =
  | { format: 'ndjson'; line: number; value: Record<string, unknown> }
  | { format: 'csv'; line: number; value: Record<string, string> }
  | { format: 'lines'; line: number; value: string };

/** `digest`: the input's hash up to this record, when asked for (same-input.ts). */
export type ReadItem = (InputRecord | { format: 'error'; line: number; error: string }) & { digest?: string };

export interface ReadOptions {
  /** The formats the command takes; the first of csv/lines is the default for text that is not NDJSON. */
  formats: InputFormat[];
  /** For `lines`: a first line of several columns, one of them one of these names, is a CSV header instead. */
  headerNames?: string[];
}

export interface Reading {
  format: InputFormat;
  /** The CSV header row, as written. */
  columns?: string[];
  items: AsyncGenerator<ReadItem>;
}
