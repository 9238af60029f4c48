// Several processes on one state file, as the built-in `sandbox` profile runs them: real child
// processes, each with its own sandbox, written to at the same time.
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
function startProcess(statePath: string, compactAfterBytes: number): Promise<string> {
  const script = `
    import(${JSON.stringify(SANDBOX_BUNDLE)}).then(({ startSandbox }) => startSandbox({ statePath: ${JSON.stringify(statePath)}, shared: true, seed: {},
      compactAfterBytes: ${compactAfterBytes} })).then((s) => console.log(s.url));`;
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
  it('loses no write when two processes create and delete at the same time, through compactions', async () => {
    const statePath = join(temporaryDirectory(), 'state.json');
    const [left, right] = await Promise.all([
      startProcess(statePath, 30_000),
      startProcess(statePath, 30_000),
    ]);
    const firstGeneration = readStateFileView(statePath).header.generation;
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
    expect(view.header.generation).not.toBe(firstGeneration);
    expect({ vouchers: codes(view.state, 'vouchers'), bin: codes(view.state, 'bin') }).toEqual(expected);
  });
});
