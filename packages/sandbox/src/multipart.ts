// multipart/form-data bodies (RFC 7578), which the service's CSV imports take: each part's name and
// its content as text. A file part's filename and type are not kept: the imports read the text.
// The contract check reads a recorded request the same way (contract/exchanges.ts).
import { SandboxError } from './types.js';

const bad = (details: string) => new SandboxError(400, 'invalid_payload', 'Invalid payload', details);

function boundaryOf(contentType: string): string {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw bad('A multipart/form-data body needs a boundary in its Content-Type.');
  return boundary;
}

/** The form's fields by name (the last part wins when a name repeats). */
export function parseMultipart(contentType: string, bytes: Buffer): Record<string, string> {
  const delimiter = Buffer.from(`--${boundaryOf(contentType)}`);
  const fields: Record<string, string> = {};
  let at = bytes.indexOf(delimiter);
  if (at < 0) throw bad('The multipart body holds no part.');
  for (;;) {
    at += delimiter.length;
    // `--` after a delimiter closes the body.
    if (bytes.subarray(at, at + 2).toString('latin1') === '--') return fields;
    const headersEnd = bytes.indexOf('\r\n\r\n', at);
    const next = bytes.indexOf(delimiter, at);
    if (headersEnd < 0 || next < 0 || headersEnd > next)
      throw bad('A part of the multipart body is cut short.');
    const headers = bytes.subarray(at, headersEnd).toString('utf8');
    const name = /content-disposition:[^\r\n]*;\s*name="([^"]*)"/i.exec(headers)?.[1];
    if (name === undefined) throw bad('A part of the multipart body has no name (Content-Disposition).');
    // The part's content ends with the line break that comes before the next delimiter.
    const end = bytes.subarray(next - 2, next).toString('latin1') === '\r\n' ? next - 2 : next;
    fields[name] = bytes.subarray(headersEnd + 4, end).toString('utf8');
    at = next;
  }
}
