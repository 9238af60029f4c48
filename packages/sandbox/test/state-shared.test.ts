// Several processes on one state file, as the built-in `sandbox` profile runs them: real child
// processes, each with its own sandbox, written to at the same time; and one killed with SIGKILL
// while it writes.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { removeTemporaryDirectories, temporaryDirectory } from './core-helpers.js';
import { controlState, createVoucher, deleteVoucher, readStateFileView } from './state-helpers.js';

// The package as built (npm run build): what another process loads.
const SANDBOX_BUNDLE = fileURLToPath(new URL('../dist/index.js', import.meta.url));

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});
afterAll(removeTemporaryDirectories);

/** A sandbox in a process of its own on the shared file; resolves with its URL. */
function startProcess(statePath: string): Promise<string> {
  const script = `
    import(${JSON.stringify(SANDBOX_BUNDLE)}).then(({ startSandbox }) => startSandbox({ statePath: ${JSON.stringify(statePath)}, shared: true, seed: {} })).then((s) => console.log(s.url));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout?.once('data', (data) => resolve(String(data).trim()));
    child.once('exit', (code) => reject(new Error(`sandbox process exited with ${code}`)));
  });
}

function codes(state: Record<string, unknown>, slice: 'vouchers' | 'bin'): string[] {
  return Object.keys(state[slice] as object).sort();
}

describe('a state file shared by processes', () => {
  it('loses no write when two processes create and delete at the same time', async () => {
    const statePath = join(temporaryDirectory(), 'state.db');
    const [left, right] = await Promise.all([startProcess(statePath), startProcess(statePath)]);
    const made = Array.from({ length: 80 }, (_, n) => `${n % 2 ? 'L' : 'R'}${n}`);

    // Four requests in flight to each process at any time, alternating the two.
    const queue = [...made];
    const worker = async (url: string) => {
      for (let code = queue.shift(); code; code = queue.shift()) {
        expect((await createVoucher(url, code)).status).toBe(200);
      }
    };
    await Promise.all([left, right, left, right, left, right, left, right].map((url) => worker(url!)));
    // Each process deletes what the other created: it must see it.
    const deletions = made.slice(0, 20).map((code, n) => deleteVoucher(n % 2 ? left! : right!, code));
    expect((await Promise.all(deletions)).map((res) => res.status)).toEqual(Array(20).fill(204));
    expect((await createVoucher(left!, 'R0')).status).toBe(409);

    const expected = { vouchers: made.slice(20).sort(), bin: made.slice(0, 20).sort() };
    for (const url of [left!, right!]) {
      const state = await controlState(url);
      expect({ vouchers: codes(state, 'vouchers'), bin: codes(state, 'bin') }).toEqual(expected);
    }
    const view = readStateFileView(statePath);
    expect(view.integrity).toBe('ok');
    expect({ vouchers: codes(view.state, 'vouchers'), bin: codes(view.state, 'bin') }).toEqual(expected);
  });

  it('keeps every committed write and nothing half-done when the writer is killed with SIGKILL', async () => {
    const statePath = join(temporaryDirectory(), 'state.db');
    // The child says each code once its create was answered 200 (committed), and goes on.
    const script = `
      import(${JSON.stringify(SANDBOX_BUNDLE)}).then(({ startSandbox }) => startSandbox({ statePath: ${JSON.stringify(statePath)}, seed: {} })).then(async (s) => {
        for (let n = 0; ; n++) {
          const res = await fetch(s.url + '/v1/vouchers', {
            method: 'POST',
            headers: { 'X-App-Id': 'sandbox', 'X-App-Token': 'sandbox', 'Content-Type': 'application/json' },
            body: JSON.stringify({ code: 'K' + n, type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5 },
              metadata: { padding: 'x'.repeat(20000) } }),
          });
          if (res.status === 200) process.stdout.write('K' + n + '\\n');
        }
      });`;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    const answered: string[] = [];
    await new Promise<void>((resolve) => {
      child.stdout?.on('data', (data) => {
        answered.push(...String(data).split('\n').filter(Boolean));
        if (answered.length >= 40 && !child.killed) {
          child.kill('SIGKILL');
          resolve();
        }
      });
    });
    await new Promise((resolve) => child.once('exit', resolve));

    const view = readStateFileView(statePath);
    expect(view.integrity).toBe('ok');
    const held = Object.keys(view.state.vouchers as object);
    expect(held).toEqual(expect.arrayContaining(answered));
    // At most the one create under way when it was killed went in unanswered, whole.
    expect(held.length - answered.length).toBeLessThanOrEqual(1);
    for (const [code, voucher] of Object.entries(view.state.vouchers as Record<string, { code: string }>))
      expect(voucher.code).toBe(code);
  });
});
