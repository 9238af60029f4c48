// `publication create --campaign NAME --input FILE` of 300 customers, the built bin killed with
// SIGKILL at random moments (its journal then says nothing of the lines in flight) and resumed as
// its journal says, with answers lost after the sandbox acted on top: each customer ends holding
// exactly one code of the campaign, and the journal names that code.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';
import { seeded, testSeed } from '../helpers/seeded.js';

// biome-ignore lint/suspicious/noExplicitAny: the sandbox's objects, read loosely
type Json = Record<string, any>;

const fx = useSandbox();
const seed = testSeed();
const random = seeded(seed);
const publications = () => fx.sandbox.requests.filter((r) => r.method === 'POST').length;

describe(`publication create --input: killed and resumed (seed ${seed})`, () => {
  it('300 customers, SIGKILL at random moments: each ends with exactly one code', async () => {
    const count = 300;
    const made = await fx.run([
      'campaign',
      'create',
      'PB-300',
      '--percent-off',
      '5',
      '--vouchers-count',
      '330',
      '--wait',
    ]);
    expect(made.code, made.stderr).toBe(0);
    const input = join(fx.configDir, 'customers.csv');
    const rows = Array.from({ length: count }, (_, i) => `pb-${i + 1},${i + 1}`);
    writeFileSync(input, `source_id,metadata.n\n${rows.join('\n')}\n`);
    fx.sandbox.faults.set({ lostAnswers: { rate: 0.05, method: 'POST', path: '/v1/publications' } });
    const journal = join(fx.configDir, 'publications.jsonl');
    const base = ['publication', 'create', '--campaign', 'PB-300', '--input', input, '--concurrency', '4'];
    let exit: number | undefined;
    let killed = 0;
    for (let round = 0; round < 12 && exit !== 0; round++) {
      const before = publications();
      // A run killed before its journal existed left nothing to resume: it starts again.
      const where = existsSync(journal) ? ['--resume', journal] : ['--results', journal];
      // A line the kill left in flight and not found yet is unknown until its landing window is over.
      const env = { ...fx.env, PROMO_LANDING_WINDOW: '0.5' };
      const run = startPromo([...base, ...where, '-o', 'json'], { env, timeoutMs: 60_000 });
      if (round < 4) {
        const after = 10 + Math.floor(random() * 60);
        while (publications() - before < after && run.child.exitCode === null)
          await new Promise((r) => setTimeout(r, 2));
        run.child.kill('SIGKILL');
      }
      const done = await run.done;
      if (done.signal === 'SIGKILL') killed += 1;
      exit = done.code ?? undefined;
      // Lines left unknown are sent again only once their landing window has passed: wait it out.
      if (exit === 7) await new Promise((r) => setTimeout(r, 600));
    }
    expect(exit).toBe(0);
    expect(killed, 'runs killed mid-way').toBeGreaterThan(0);

    const campaignCodes = (Object.values(fx.sandbox.state.vouchers) as Json[]).filter(
      (v) => v.campaign === 'PB-300',
    );
    const customers = Object.values(fx.sandbox.state.customers) as Json[];
    const records = new Map<number, Json>();
    for (const text of readFileSync(journal, 'utf8').split('\n')) {
      if (!text.trim()) continue;
      // A record cut short by a SIGKILL stays in the file; the resume wrote the line's outcome after it.
      let record: Json;
      try {
        record = JSON.parse(text);
      } catch {
        continue;
      }
      if (typeof record.line === 'number') records.set(record.line, record);
    }
    for (let i = 1; i <= count; i++) {
      const customer = customers.find((c) => c.source_id === `pb-${i}`);
      const held = campaignCodes.filter((v) => v.holder_id === customer?.id).map((v) => v.code);
      expect(held, `customer pb-${i}`).toHaveLength(1);
      expect(records.get(i + 1), `line ${i + 1}`).toMatchObject({ status: 'created', code: held[0] });
    }
    expect(campaignCodes.filter((v) => v.holder_id)).toHaveLength(count);
  }, 120_000);
});
