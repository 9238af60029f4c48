// An HTTP/1.1 answer read from the bytes of a connection, as they come in pieces of any size: its
// status line and header lines, then its body framed as RFC 9112 says (chunked, a Content-Length,
// or up to the connection's end), and whether the connection may carry another request after it.
// Anything that is not such an answer is a ParseError, never a guess: a connection that sent one
// is closed, not reused.

/** Node's default limit on an answer's head (--max-http-header-size). */
const MAX_HEAD_BYTES = 16 * 1024;
/** A chunk's size line or a trailer line longer than this is not HTTP. */
const MAX_LINE_BYTES = 4 * 1024;

export class ParseError extends Error {
  constructor(
    what: string,
    /** The code Node's own parser gives the same fault. */
    readonly code: string,
  ) {
    super(`the answer is not HTTP/1.1: ${what}`);
  }
}

export interface AnswerHead {
  status: number;
  statusMessage: string;
  /** Names and values in turn, as they came (Node's `rawHeaders`). */
  rawHeaders: string[];
}

export interface AnswerEvents {
  head(head: AnswerHead): void;
  body(chunk: Buffer): void;
  /** The answer is whole; `reusable` says whether the connection may carry the next request. */
  end(reusable: boolean): void;
}

enum State {
  Head,
  Length,
  ChunkSize,
  ChunkData,
  ChunkEnd,
  Trailers,
  UntilClose,
  Done,
}

/** A header's name: an HTTP token (RFC 9110), in answers read and in requests written (wire.ts). */
export const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const STATUS_LINE = /^HTTP\/1\.([01]) ([1-9]\d\d)(?: ([^\r\n]*))?$/;
const OWS = /^[ \t]+|[ \t]+$/g;
/** Characters no head holds: controls but HTAB, and a CR or LF that is not part of a CRLF. */
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]|\r(?!\n)|(?<!\r)\n/;

const isSpace = (code: number) => code === 32 || code === 9;

export class AnswerParser {
  private state = State.Head;
  /** Bytes of a head or a line not yet whole. */
  private pending: Buffer | undefined;
  /** What is left of the body (Length) or of the current chunk (ChunkData). */
  private left = 0;
  private keepAlive = false;
  /** Bytes came after the answer ended: the connection is out of step, never reused. */
  private overrun = false;
  /** How long the server said it keeps an idle connection (`Keep-Alive: timeout=N`), in ms. */
  keptForMs: number | undefined;

  constructor(
    /** A HEAD request's answer has no body, whatever its headers say. */
    private readonly head: boolean,
    private readonly on: AnswerEvents,
  ) {}

  /** Reads a piece of what the connection brought; throws ParseError. */
  feed(data: Buffer): void {
    this.consume(data);
    this.tellEnd();
  }

  /** The connection ended: the end of a body read up to it, else an answer cut short (false). */
  close(): boolean {
    if (this.state === State.UntilClose) this.state = State.Done;
    this.tellEnd();
    return this.state === State.Done;
  }

  /** Whether the connection may carry another request: the answer ended where its framing said. */
  get reusable(): boolean {
    return this.state === State.Done && this.keepAlive && !this.overrun;
  }

  /** Told once the answer is whole, after the rest of the piece it ended in is seen (bytes past it make the connection unusable). */
  private told = false;
  private tellEnd(): void {
    if (this.state !== State.Done || this.told) return;
    this.told = true;
    this.on.end(this.reusable);
  }

  private consume(data: Buffer): void {
    let buf = data;
    if (this.pending) {
      buf = Buffer.concat([this.pending, data]);
      this.pending = undefined;
    }
    let at = 0;
    while (at < buf.length) {
      switch (this.state) {
        case State.Head: {
          const end = buf.indexOf('\r\n\r\n', at, 'latin1');
          if (end < 0 || end - at > MAX_HEAD_BYTES) {
            if (buf.length - at > MAX_HEAD_BYTES)
              throw new ParseError(
                `its head is longer than ${MAX_HEAD_BYTES / 1024} KiB`,
                'HPE_HEADER_OVERFLOW',
              );
            this.pending = buf.subarray(at);
            return;
          }
          const text = buf.toString('latin1', at, end);
          at = end + 4;
          this.readHead(text);
          break;
        }
        case State.Length:
        case State.ChunkData: {
          const n = Math.min(this.left, buf.length - at);
          this.on.body(buf.subarray(at, at + n));
          at += n;
          this.left -= n;
          if (this.left > 0) break;
          if (this.state === State.Length) this.finish();
          else this.state = State.ChunkEnd;
          break;
        }
        case State.ChunkSize: {
          const line = this.line(buf, at);
          if (line === undefined) return;
          at += line.length + 2;
          const size = line.split(';', 1)[0]!.replace(OWS, '');
          if (!/^[0-9a-fA-F]{1,12}$/.test(size))
            throw new ParseError('a chunk of its body has no size', 'HPE_INVALID_CHUNK_SIZE');
          this.left = Number.parseInt(size, 16);
          this.state = this.left === 0 ? State.Trailers : State.ChunkData;
          break;
        }
        case State.ChunkEnd: {
          if (buf.length - at < 2) {
            this.pending = buf.subarray(at);
            return;
          }
          if (buf[at] !== 13 || buf[at + 1] !== 10)
            throw new ParseError('a chunk of its body is longer than its size', 'HPE_STRICT');
          at += 2;
          this.state = State.ChunkSize;
          break;
        }
        case State.Trailers: {
          const line = this.line(buf, at);
          if (line === undefined) return;
          at += line.length + 2;
          if (line === '') this.finish();
          break;
        }
        case State.UntilClose:
          this.on.body(at === 0 ? buf : buf.subarray(at));
          return;
        case State.Done:
          this.overrun = true;
          return;
      }
    }
  }

  private line(buf: Buffer, at: number): string | undefined {
    const end = buf.indexOf('\r\n', at, 'latin1');
    if (end < 0 || end - at > MAX_LINE_BYTES) {
      if (buf.length - at > MAX_LINE_BYTES)
        throw new ParseError('a line of its chunked body is too long', 'HPE_INVALID_CHUNK_SIZE');
      this.pending = buf.subarray(at);
      return undefined;
    }
    return buf.toString('latin1', at, end);
  }

  private readHead(text: string): void {
    // A control character in the head, or a lone CR or LF, is no HTTP (and no header value holds one).
    if (CONTROL.test(text))
      throw new ParseError('its head holds a control character', 'HPE_INVALID_HEADER_TOKEN');
    let end = text.indexOf('\r\n');
    if (end < 0) end = text.length;
    const status = STATUS_LINE.exec(text.slice(0, end));
    if (!status) throw new ParseError('its first line is not a status line', 'HPE_INVALID_CONSTANT');
    const code = Number(status[2]);
    const rawHeaders: string[] = [];
    let length: string | undefined;
    let chunked = false;
    let encoded = false;
    let connection = '';
    for (let at = end + 2; at < text.length; at = end + 2) {
      end = text.indexOf('\r\n', at);
      if (end < 0) end = text.length;
      const colon = text.indexOf(':', at);
      const name = colon > at && colon < end ? text.slice(at, colon) : '';
      if (!TOKEN.test(name)) throw new ParseError('a header line is malformed', 'HPE_INVALID_HEADER_TOKEN');
      let from = colon + 1;
      let to = end;
      while (from < to && isSpace(text.charCodeAt(from))) from++;
      while (to > from && isSpace(text.charCodeAt(to - 1))) to--;
      const value = text.slice(from, to);
      rawHeaders.push(name, value);
      // Only the names that frame the answer are looked at, told apart by their length first.
      const size = name.length;
      if (size !== 14 && size !== 17 && size !== 10) continue;
      const lower = name.toLowerCase();
      if (lower === 'content-length') {
        if (!/^\d{1,15}$/.test(value))
          throw new ParseError('its Content-Length is not a number', 'HPE_INVALID_CONTENT_LENGTH');
        if (length !== undefined && length !== value)
          throw new ParseError('it has two Content-Lengths', 'HPE_UNEXPECTED_CONTENT_LENGTH');
        length = value;
      } else if (lower === 'transfer-encoding') {
        encoded = true;
        // Only the last coding frames the body: chunked there, or the body runs to the end.
        chunked = /(^|,)[ \t]*chunked[ \t]*$/i.test(value);
      } else if (lower === 'connection') connection += `,${value.toLowerCase()}`;
      else if (lower === 'keep-alive') {
        const seconds = /(?:^|[,; ])timeout=(\d+)/i.exec(value)?.[1];
        if (seconds !== undefined) this.keptForMs = Number(seconds) * 1000;
      }
    }
    // An interim answer (100 Continue, 103 Early Hints) is followed by the real one.
    if (code < 200) {
      if (code === 101)
        throw new ParseError('it switches protocols, which promo never asks', 'HPE_INVALID_CONSTANT');
      return;
    }
    const words = connection === '' ? [] : connection.split(',').map((word) => word.trim());
    this.keepAlive = status[1] === '1' ? !words.includes('close') : words.includes('keep-alive');
    this.on.head({ status: code, statusMessage: status[3] ?? '', rawHeaders });
    if (this.head || code === 204 || code === 304) this.finish();
    else if (encoded) {
      // A body framed both ways may have been read otherwise by something on the way: not reused.
      if (length !== undefined) this.keepAlive = false;
      if (chunked) this.state = State.ChunkSize;
      else this.untilClose();
    } else if (length !== undefined) {
      this.left = Number(length);
      if (this.left === 0) this.finish();
      else this.state = State.Length;
    } else this.untilClose();
  }

  private untilClose(): void {
    this.keepAlive = false;
    this.state = State.UntilClose;
  }

  private finish(): void {
    this.state = State.Done;
  }
}
