// When the holder of a journal is provably dead (its lock may be taken without asking) and when it
// is running here (--take-over never takes from it): real processes, stopped, ended and zombie.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { type Holder, provablyDead, runningHere } from '../../src/bulk/holder.js';
import { until } from '../helpers/until.js';

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

const holder = (pid: number, more: Partial<Holder> = {}): Holder => ({
  pid,
  host: hostname(),
  started_at: new Date().toISOString(),
  command: 'event send',
  ...more,
});

function sleeper(script = 'exec sleep 30'): ChildProcess {
  const child = spawn('sh', ['-c', script], { stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(child);
  return child;
}

const hasPython = spawnSync('python3', ['-c', '']).status === 0;

function pythonZombieMaker(): ChildProcess {
  const script =
    'import os, sys, time\npid = os.fork()\nif pid == 0: os._exit(0)\nprint(pid, flush=True)\ntime.sleep(30)\n';
  const child = spawn('python3', ['-c', script], { stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(child);
  return child;
}

/** Field 22 of /proc/PID/stat, counted after the command name. */
function startTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
}

const state = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
};

describe.skipIf(!existsSync('/proc/self/stat'))('a journal holder, provably dead or not', () => {
  it('an ended process is dead; a live one is not, unless its pid is now another process', () => {
    const ended = Number(spawnSync('sh', ['-c', 'echo $$']).stdout.toString());
    expect(provablyDead(holder(ended))).toBe(true);

    const live = sleeper().pid!;
    expect(provablyDead(holder(live))).toBe(false);
    expect(provablyDead(holder(live, { pid_start: startTicks(live) }))).toBe(false);
    // The lock's process started at another time: this pid was given to another process since.
    expect(provablyDead(holder(live, { pid_start: startTicks(live) - 1 }))).toBe(true);
    // On another host nothing is proven, whatever the pid.
    expect(provablyDead(holder(ended, { host: `not-${hostname()}` }))).toBe(false);
    expect(provablyDead(undefined)).toBe(false);
  });

  it('a zombie is dead; a stopped process is alive but not running here', async () => {
    // The child ends and its parent never reaps it. Python's fork makes this certain; a shell
    // (`sleep 0 & exec sleep 30`) may reap its child before the exec on a loaded machine.
    const parent = hasPython ? pythonZombieMaker() : sleeper('sleep 0 & echo $!; exec sleep 30');
    const zombie = await new Promise<number>((resolve) =>
      parent.stdout!.once('data', (d) => resolve(Number(String(d)))),
    );
    await until(() => state(zombie) === 'Z');
    expect(provablyDead(holder(zombie))).toBe(true);

    const paused = sleeper();
    expect(runningHere(holder(paused.pid!))).toBe(true);
    paused.kill('SIGSTOP');
    await until(() => state(paused.pid!) === 'T');
    expect([provablyDead(holder(paused.pid!)), runningHere(holder(paused.pid!))]).toEqual([false, false]);
    paused.kill('SIGCONT');
    await until(() => state(paused.pid!) !== 'T');
    expect(runningHere(holder(paused.pid!))).toBe(true);
  });
});
