// Taking over a journal's lock is one run's act, however many try at the same instant: four
// processes, each holding the lock module, are set off together (each spins to the same
// millisecond) against a lock that a dead run left, round after round, and exactly one wins.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TAKERS = 4;
const ROUNDS = 30;

/** Each worker answers a line of JSON for each order: take the lock at `at`, or let it go. */
const WORKER = `
import { lockJournal } from './src/bulk/journal-lock.ts';
import { createInterface } from 'node:readline';
let held;
const say = (o) => process.stdout.write(JSON.stringify(o) + '\\n');
createInterface({ input: process.stdin }).on('line', (text) => {
  const order = JSON.parse(text);
  if (order.release) {
    held?.release();
    held = undefined;
    return say({ released: true });
  }
  // To the microsecond: performance.now() is finer than Date.now().
  const at = order.at - performance.timeOrigin;
  while (performance.now() < at);
  try {
    held = lockJournal(order.path, '--resume', 'voucher create', Date.now(), { takeOver: order.takeOver });
    say({ won: true });
  } catch (error) {
    say({ won: false, message: error.message });
  }
});`;

interface Worker {
  child: ChildProcess;
  ask(order: object): Promise<{ won?: boolean; message?: string }>;
}

let dir: string;
const workers: Worker[] = [];

function startWorker(script: string): Worker {
  const child = spawn(process.execPath, [script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const answers: Array<(answer: object) => void> = [];
  createInterface({ input: child.stdout! }).on('line', (line) => answers.shift()?.(JSON.parse(line)));
  return {
    child,
    ask: (order) =>
      new Promise((resolve) => {
        answers.push(resolve);
        child.stdin!.write(`${JSON.stringify(order)}\n`);
      }),
  };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'promo-lock-race-'));
  const script = join(dir, 'worker.cjs');
  await build({
    stdin: { contents: WORKER, resolveDir: ROOT, loader: 'ts', sourcefile: 'worker.ts' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile: script,
    logLevel: 'silent',
  });
  for (let i = 0; i < TAKERS; i++) workers.push(startWorker(script));
});

afterAll(() => {
  for (const worker of workers) worker.child.kill();
  rmSync(dir, { recursive: true, force: true });
});

/** A pid no process has now: one that ran and ended. */
function deadPid(): number {
  const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(ended.stdout.toString());
}

/** One round: every worker takes at the same instant; returns the answers and what is left beside the journal. */
async function race(path: string, round: number, lock: object, takeOver = false) {
  writeFileSync(`${path}.lock`, `${JSON.stringify(lock)}\n`);
  // Together, or one after another a few tens of microseconds apart: each round staggers them
  // differently, so that one's judging meets another's taking at every point.
  const at = Date.now() + 25;
  const stagger = (round % 8) * 0.02;
  const answers = await Promise.all(workers.map((w, i) => w.ask({ path, at: at + i * stagger, takeOver })));
  const winners = answers.flatMap((answer, i) => (answer.won ? [workers[i]!] : []));
  for (const winner of winners) await winner.ask({ release: true });
  return { answers, winners: winners.length, winner: winners[0]?.child.pid };
}

describe('a lock taken over by many at once', () => {
  it(`has one winner in each of ${ROUNDS} rounds of ${TAKERS} takers, and nothing left behind`, async () => {
    const pid = deadPid();
    const counts: number[] = [];
    const refusals: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const path = join(dir, `dead-${round}.journal`);
      const holder = {
        pid,
        host: hostname(),
        started_at: new Date().toISOString(),
        command: 'voucher create',
      };
      const { answers, winners, winner } = await race(path, round, holder);
      counts.push(winners);
      // Each loser names the winner: never the dead run, never a lock half written.
      refusals.push(...answers.flatMap((answer) => (answer.won ? [] : [`${winner} ${answer.message}`])));
      expect(existsSync(`${path}.lock`)).toBe(false);
    }
    expect(counts).toEqual(Array(ROUNDS).fill(1));
    for (const refusal of refusals)
      expect(refusal).toMatch(/^(\d+) --resume: '.+' is held by promo voucher create \(pid \1 on /);
    expect(readdirSync(dir).filter((name) => name.includes('.lock'))).toEqual([]);
  });

  it('with --take-over of a holder on another host, one winner too; without it, none', async () => {
    const holder = (round: number) => ({
      pid: 4242,
      host: `elsewhere-${round}.example`,
      started_at: new Date().toISOString(),
      command: 'voucher create',
      token: `t${round}`,
    });
    for (let round = 0; round < 10; round++) {
      const path = join(dir, `away-${round}.journal`);
      const taken = await race(path, round, holder(round), true);
      expect(taken.winners).toBe(1);
      const refused = await race(path, round, holder(round));
      expect(refused.winners).toBe(0);
      rmSync(`${path}.lock`);
    }
  });
});
