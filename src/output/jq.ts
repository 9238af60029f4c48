// --jq EXPR: jq itself (jq 1.7 compiled to WebAssembly: the jq-wasm package, loaded only with the
// flag), run in-process on the JSON promo would print. Strings come out raw, as with gh's --jq and
// `jq -r`. A filter jq cannot compile is exit 2; one that fails on the data is exit 1, jq's words.
import { PromoError, UsageError } from '../base/errors.js';
import { loadJq } from '../base/lazy.js';

export async function runJq(value: unknown, filter: string, color: boolean): Promise<string> {
  const jq = await loadJq();
  try {
    const out = await jq.raw(JSON.stringify(value), filter, color ? ['-r', '-C'] : ['-r']);
    return out === '' || out.endsWith('\n') ? out : `${out}\n`;
  } catch (error) {
    const message = String((error as Error).message ?? error)
      .replace(/^jq: /, '')
      .trim();
    if (/compile error|syntax error/.test(message))
      throw new UsageError(`--jq: ${message.split('\n')[0]!.replace(/^error: /, '')}`);
    throw new PromoError(`--jq: ${message.split('\n')[0]!.replace(/^error \([^)]*\): /, '')}`, 1);
  }
}
