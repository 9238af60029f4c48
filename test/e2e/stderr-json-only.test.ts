// With JSON on stderr (-o json, stderr not a terminal) every line there is one of promo's JSON
// objects: at --concurrency 16 no Node warning (MaxListenersExceededWarning: a listener added per
// request to the one interruption signal) slips in between them, nor while every request in
// flight waits out a retry at once.
import { describe, expect, it } from 'vitest';
import { ndjson, writeIn } from '../helpers/input-files.js';
import { spawnPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();

/** The lines of stderr that are not a JSON object. */
const notJson = (stderr: string) =>
  stderr.split('\n').filter((line) => {
    if (line === '') return false;
    try {
      return typeof JSON.parse(line) !== 'object';
    } catch {
      return true;
    }
  });

describe('stderr in JSON mode at --concurrency 16', () => {
  const events = (stem: string, count: number) =>
    writeIn(
      fx.configDir,
      `${stem}.ndjson`,
      ndjson(...Array.from({ length: count }, (_, i) => ({ customer: { source_id: `${stem}-${i}` } }))),
    );

  it('carries nothing but JSON lines while 16 requests are in flight', async () => {
    fx.sandbox.faults.set({ latencyMs: 30 });
    const input = events('many', 64);
    const argv = [
      'event',
      'send',
      'purchase_completed',
      '--input',
      input,
      '--concurrency',
      '16',
      '-o',
      'json',
    ];
    const run = await spawnPromo(argv, { env: fx.env });
    expect(run.code, run.stderr).toBe(0);
    expect(notJson(run.stderr)).toEqual([]);
    expect(run.stderr).toContain('"summary"');
  });

  it('carries nothing but JSON lines while 16 requests wait to be retried at once', async () => {
    fx.sandbox.faults.push({ match: { method: 'POST' }, times: 16, action: { status: 429, retryAfter: 1 } });
    const input = events('retried', 16);
    const argv = [
      'event',
      'send',
      'purchase_completed',
      '--input',
      input,
      '--concurrency',
      '16',
      '-o',
      'json',
    ];
    const run = await spawnPromo(argv, { env: fx.env });
    expect(run.code, run.stderr).toBe(0);
    expect(notJson(run.stderr)).toEqual([]);
  });
});
