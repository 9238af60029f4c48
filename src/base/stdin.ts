// Reading what a script pipes in: a token, a JSON body, a list of codes.
import type { InputStream } from './context.js';
import { UsageError } from './errors.js';

/** Reads stdin to the end as UTF-8 text; bytes that are not UTF-8 are refused, not mangled. */
export async function readStdin(stdin: InputStream, maxBytes = 16 * 1024 * 1024): Promise<string> {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(await readStdinBytes(stdin, maxBytes));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError('stdin is not valid UTF-8');
  }
}

/** Reads stdin to the end, refusing a terminal (nothing would arrive) and anything over `maxBytes`. */
export async function readStdinBytes(stdin: InputStream, maxBytes = 16 * 1024 * 1024): Promise<Buffer> {
  if (stdin.isTTY) throw new UsageError('expected input on stdin, but stdin is a terminal; pipe it in');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > maxBytes) throw new UsageError(`stdin is larger than ${maxBytes} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
