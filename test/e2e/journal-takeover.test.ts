// A run paused (kill -STOP: a laptop asleep, a VM paused) keeps its journal: a resume is refused
// naming it; --take-over takes the journal deliberately; and the paused run, when it wakes, finds it
// lost the journal and stops without sending another line. Every event is stored once, and the
// journal, written by both, still reads and resumes.
import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resumeCommand } from '../../src/bulk/resume.js';
import { jsonLines, ndjson } from '../helpers/input-files.js';
import { spawnPromo, startPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';
import { until } from '../helpers/until.js';

const fx = useSandbox();
const stamp = Date.now().toString(36);
const errorOf = (stderr: string) => jsonLines(stderr).find((l) => l.error)?.error;
const posts = () => fx.sandbox.requests.filter((r) => r.method === 'POST').length;

/** The events of a run stored by the sandbox, counted by their input line. */
function storedByLine(run: string): Map<number, number> {
  const counts = new Map<number, number>();
  for (const event of fx.sandbox.state.events) {
    const metadata = event.metadata as { run?: string; line?: number } | undefined;
    if (metadata?.run === run) counts.set(metadata.line!, (counts.get(metadata.line!) ?? 0) + 1);
  }
  return counts;
}

/** The last record of each line. */
function finalStatus(journal: string): Map<number, string> {
  const states = new Map<number, string>();
  for (const record of jsonLines(readFileSync(journal, 'utf8')))
    if (typeof record.line === 'number') states.set(record.line, record.status);
  return states;
}

function eventsInput(run: string, count: number): string {
  const lines = Array.from({ length: count }, (_, i) => ({
    customer: { source_id: `${run}-${i + 1}` },
    metadata: { run, line: i + 1 },
  }));
  const file = join(fx.configDir, `${run}.ndjson`);
  writeFileSync(file, ndjson(...lines));
  return file;
}

const lockFiles = (journal: string) =>
  readdirSync(dirname(journal)).filter((name) => name.startsWith(`${basename(journal)}.lock`));

describe('a paused run keeps its journal until it is taken over deliberately', () => {
  it('refuses a resume naming it; --take-over takes it; woken, it stops and sends nothing more', async () => {
    const run = `STOP-${stamp}`;
    const count = 60;
    const input = eventsInput(run, count);
    const journal = join(fx.configDir, `${run}.journal`);
    const send = ['event', 'send', 'purchase_completed', '--input', input];

    fx.sandbox.faults.set({ latencyMs: 40 });
    const first = startPromo([...send, '--results', journal], { env: fx.env, timeoutMs: 60_000 });
    await until(() => posts() >= 8);
    first.child.kill('SIGSTOP');
    // What it had sent reaches the service; the answers wait for it to wake.
    await until(() => [...storedByLine(run).values()].length === posts());
    fx.sandbox.faults.set({});
    const sentBeforeStop = posts();
    const lock = JSON.parse(readFileSync(`${journal}.lock`, 'utf8'));
    const holder = `promo event send (pid ${first.child.pid} on ${hostname()}, since ${lock.started_at})`;

    const refused = await spawnPromo([...send, '--resume', journal], { env: fx.env });
    expect(refused.code, refused.stderr).toBe(2);
    const error = errorOf(refused.stderr);
    expect(error.message).toBe(`--resume: '${journal}' is held by ${holder}: one journal, one run at a time`);
    expect(error.hint).toContain('resume with --take-over');
    expect(posts()).toBe(sentBeforeStop);

    // The taker at work, slowly, when the paused run wakes: both write the journal at once.
    fx.sandbox.faults.set({ latencyMs: 60 });
    const taker = startPromo([...send, '--resume', journal, '--take-over'], { env: fx.env });
    await until(() => posts() >= sentBeforeStop + 4);
    first.child.kill('SIGCONT');
    const woken = await first.done;
    expect(woken.code, woken.stderr).toBe(1);
    expect(errorOf(woken.stderr).message).toMatch(
      new RegExp(
        `^another run took over the journal '${journal}': promo event send \\(pid ${taker.child.pid} on .+\\) holds it now; this run stopped and sent nothing more$`,
      ),
    );
    const took = await taker.done;
    fx.sandbox.faults.set({});
    // The lines the paused run had in flight are unknown to the taker: events are never sent again
    // blindly. Had the woken run sent any line it had not sent before its pause, the taker (which
    // sends every line its journal did not mark) would have sent it too: each is stored once.
    expect([0, 7], took.stderr).toContain(took.code);
    expect(took.stderr).toContain(`--take-over: took '${journal}' from ${holder}`);

    const stored = storedByLine(run);
    expect([...stored.values()].every((times) => times === 1)).toBe(true);
    // The woken run's answers to what it had in flight, recorded after the taker's, settle those
    // lines. A line it had marked in flight but not yet sent when it was paused it never sends once
    // woken (ownership is asked before every attempt): the taker leaves it unknown, unsent.
    const final = finalStatus(journal);
    expect(final.size).toBe(count);
    for (const [line, status] of final)
      expect(status, `line ${line}`).toBe(stored.has(line) ? 'sent' : 'unknown');
    const settled = posts();
    const again = await spawnPromo([...send, '--resume', journal], { env: fx.env });
    expect(again.code, again.stderr).toBe(stored.size === count ? 0 : 7);
    expect(posts()).toBe(settled);
    // Those, and only those, are sent when asked: every event stored once.
    const resent = await spawnPromo([...send, '--resume', journal, '--resend-unknown'], { env: fx.env });
    expect(resent.code, resent.stderr).toBe(0);
    expect(posts()).toBe(settled + count - stored.size);
    expect(storedByLine(run).size).toBe(count);
    expect([...storedByLine(run).values()].every((times) => times === 1)).toBe(true);
    expect(lockFiles(journal)).toEqual([]);
  });

  it('a holder on another host is never taken over silently, however old its lock', async () => {
    const run = `AWAY-${stamp}`;
    const input = eventsInput(run, 3);
    const journal = join(fx.configDir, `${run}.journal`);
    const send = ['event', 'send', 'purchase_completed', '--input', input];
    const done = await spawnPromo([...send, '--results', journal], { env: fx.env });
    expect(done.code, done.stderr).toBe(0);
    const away = {
      pid: 4242,
      host: `not-${hostname()}`,
      started_at: '2026-01-02T03:04:05.000Z',
      command: 'event send',
    };
    writeFileSync(`${journal}.lock`, JSON.stringify(away));
    // Not refreshed for ten minutes: promo used to take it over after one.
    const old = new Date(Date.now() - 600_000);
    utimesSync(`${journal}.lock`, old, old);
    const before = posts();

    const refused = await spawnPromo([...send, '--resume', journal], { env: fx.env });
    expect(refused.code).toBe(2);
    expect(errorOf(refused.stderr)).toMatchObject({
      message: `--resume: '${journal}' is held by promo event send (pid 4242 on ${away.host}, since ${away.started_at}): one journal, one run at a time`,
      hint: expect.stringMatching(
        /^promo cannot tell whether a run on another machine still runs .*--take-over/,
      ),
    });
    const taken = await spawnPromo([...send, '--resume', journal, '--take-over'], { env: fx.env });
    expect(taken.code, taken.stderr).toBe(0);
    expect(posts()).toBe(before);
    expect(existsSync(`${journal}.lock`)).toBe(false);
  });
});

describe("resumes started at once on a killed run's journal", () => {
  it('one takes it, the others are refused naming it, round after round; no event is stored twice', async () => {
    const run = `RACE-${stamp}`;
    const count = 80;
    const input = eventsInput(run, count);
    const journal = join(fx.configDir, `${run}.journal`);
    const send = ['event', 'send', 'purchase_completed', '--input', input];
    const resumes = () => jsonLines(readFileSync(journal, 'utf8')).filter((r) => r.resumed_at).length;
    // Slow answers: each winner is still at work when the others look at the lock.
    fx.sandbox.faults.set({ latencyMs: 150 });
    const killed = async (started: ReturnType<typeof startPromo>) => {
      const before = posts();
      await until(() => posts() > before);
      started.child.kill('SIGKILL');
      await started.done;
    };
    await killed(startPromo([...send, '--results', journal], { env: fx.env }));

    for (let round = 0; round < 2; round++) {
      const before = resumes();
      const racers = Array.from({ length: 3 }, () =>
        startPromo([...send, '--resume', journal], { env: fx.env }),
      );
      const ended = () => racers.filter((r) => r.child.exitCode !== null).length;
      // Both losers out and the winner at work, or (the fault this guards against) two at work.
      const taken = () => resumes() - before;
      await until(() => (ended() >= 2 && taken() >= 1) || ended() === 3 || taken() >= 2);
      expect(resumes() - before, `round ${round}`).toBe(1);
      const winner = racers.find((r) => r.child.exitCode === null)!;
      for (const loser of racers.filter((r) => r !== winner)) {
        const refused = await loser.done;
        expect(refused.code, refused.stderr).toBe(2);
        expect(errorOf(refused.stderr).message).toContain(
          `is held by promo event send (pid ${winner.child.pid} on`,
        );
      }
      await killed(winner);
    }
    fx.sandbox.faults.set({});
    const last = await spawnPromo([...send, '--resume', journal], { env: fx.env });
    expect([0, 7], last.stderr).toContain(last.code);

    const stored = storedByLine(run);
    for (const [line, status] of finalStatus(journal)) {
      // A line in flight when its run was killed stays unknown, sent at most once.
      if (status === 'sent') expect(stored.get(line), `line ${line}`).toBe(1);
      else expect([status, (stored.get(line) ?? 0) <= 1]).toEqual(['unknown', true]);
    }
    expect(finalStatus(journal).size).toBe(count);
    expect(lockFiles(journal)).toEqual([]);
  });
});

describe('--take-over', () => {
  it('goes with --input and --resume, is in the help of every --input command, and never in a resume command', async () => {
    const input = eventsInput(`FLAG-${stamp}`, 2);
    for (const [flags, message] of [
      [['--customer-id', 'c', '--take-over'], '--take-over goes with --input and --resume'],
      [
        ['--input', input, '--take-over'],
        '--take-over goes with --resume: it takes that journal from the run that holds it',
      ],
    ] as const) {
      const refused = await fx.run(['event', 'send', 'purchase_completed', ...flags]);
      expect([refused.code, errorOf(refused.stderr)?.message]).toEqual([2, message]);
    }
    expect(fx.sandbox.requests).toEqual([]);
    for (const command of [
      ['voucher', 'create'],
      ['voucher', 'delete'],
      ['event', 'send'],
    ]) {
      const help = await fx.run([...command, '--help']);
      expect(help.stdout, command.join(' ')).toMatch(/--take-over +with --resume: take the journal/);
    }
    // Taking over is asked for each time: the command a run gives to resume it leaves it out.
    expect(resumeCommand(['event', 'send', 'x', '--input', 'in', '--resume', 'j', '--take-over'], 'j')).toBe(
      'promo event send x --input in --resume j',
    );
    expect((await fx.run(['help', 'bulk'])).stdout).toContain(
      '--take-over (with --resume) takes the journal anyway',
    );
  });
});
