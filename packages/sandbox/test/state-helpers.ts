// Reading a sandbox state file the way a person would with a text editor: a header line, a
// snapshot line, then one line of changes per transaction. Written independently of the store's
// own reader so that the tests check the format, not the code against itself.
import { readFileSync } from 'node:fs';
import { APP_HEADERS } from './core-helpers.js';

type Bag = Record<string, unknown>;

export interface StateFileView {
  header: { promo_sandbox_state: number; generation: string };
  snapshot: Bag;
  log: unknown[][][];
  /** The snapshot with the log applied. */
  state: Bag;
}

export function readStateFileView(path: string): StateFileView {
  const lines = readFileSync(path, 'utf8').split('\n');
  if (lines.at(-1) === '') lines.pop();
  const [header, snapshot, ...log] = lines.map((line) => JSON.parse(line));
  const state = structuredClone(snapshot) as Bag;
  for (const changes of log as unknown[][][]) {
    for (const [slice, key, ...value] of changes as [string, string | null, unknown?][]) {
      if (key === null) {
        if (value.length) state[slice] = value[0];
        else delete state[slice];
        continue;
      }
      state[slice] ??= {};
      const target = state[slice] as Bag;
      if (value.length) target[key] = value[0];
      else delete target[key];
    }
  }
  return { header, snapshot, log, state };
}

export function createVoucher(url: string, code: string) {
  return fetch(`${url}/v1/vouchers`, {
    method: 'POST',
    headers: { ...APP_HEADERS, 'Content-Type': 'application/json' },
    body: JSON.stringify({ type: 'DISCOUNT_VOUCHER', code, discount: { type: 'PERCENT', percent_off: 5 } }),
  });
}

export function deleteVoucher(url: string, code: string, force = false) {
  return fetch(`${url}/v1/vouchers/${encodeURIComponent(code)}${force ? '?force=true' : ''}`, {
    method: 'DELETE',
    headers: APP_HEADERS,
  });
}

export async function controlState(url: string): Promise<Bag> {
  return (await (await fetch(`${url}/_sandbox/state`, { headers: APP_HEADERS })).json()) as Bag;
}
