// One Ctrl-C reaches every wait of a run through one listener (src/base/abort-fan-out.ts): requests
// on the wire are told by a callback, pauses get an AbortSignal of their own. Many at once add no
// listener past the first (Node warns on stderr past ten), and one that ended is told nothing.
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { AbortFanOut } from '../../src/base/abort-fan-out.js';
import { LightAbort } from '../../src/base/light-abort.js';
import { Slots } from '../../src/base/slots.js';

describe('the interrupt fan-out', () => {
  it('tells each request still watching once, and none that stopped watching', () => {
    const run = new AbortController();
    const fanOut = new AbortFanOut(run.signal);
    const told: number[] = [];
    const unwatch = Array.from({ length: 40 }, (_, i) => fanOut.watch(() => told.push(i)));
    const pause = fanOut.child();
    for (const stop of unwatch.slice(0, 10)) stop();
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(1);
    run.abort();
    run.abort();
    expect(told).toEqual(Array.from({ length: 30 }, (_, i) => i + 10));
    expect(pause.signal?.aborted).toBe(true);
  });

  it('works the same over a LightAbort (the run’s requests), which has no event target', () => {
    const run = new LightAbort();
    const fanOut = new AbortFanOut(run);
    const told: number[] = [];
    const unwatch = Array.from({ length: 12 }, (_, i) => fanOut.watch(() => told.push(i)));
    const pause = fanOut.child();
    unwatch[0]?.();
    run.abort('why');
    run.abort('again');
    expect(told).toEqual(Array.from({ length: 11 }, (_, i) => i + 1));
    expect(pause.signal?.aborted).toBe(true);
    expect(pause.signal?.reason).toBe('why');
    expect([run.aborted, run.reason]).toEqual([true, 'why']);
    // Watching after the abort: told at once.
    let late = 0;
    fanOut.watch(() => {
      late += 1;
    });
    expect(late).toBe(1);
  });

  it('tells at once a request that starts watching after the interrupt', () => {
    const run = new AbortController();
    run.abort();
    const fanOut = new AbortFanOut(run.signal);
    let told = 0;
    fanOut.watch(() => {
      told += 1;
    });
    expect(told).toBe(1);
    expect(fanOut.child().signal?.aborted).toBe(true);
  });

  it('without a run to interrupt, tells nothing', () => {
    const fanOut = new AbortFanOut();
    let told = 0;
    fanOut.watch(() => {
      told += 1;
    })();
    expect(told).toBe(0);
    expect(fanOut.child().signal).toBeUndefined();
  });
});

// The fan-out's watchers are held in Slots (src/base/slots.ts): places freed are used again, a
// remover frees its own place once, and one called after takeAll frees nothing of what came later.
describe('slots', () => {
  it('uses a freed place again and counts what it holds', () => {
    const slots = new Slots<string>();
    const removeA = slots.add('a');
    slots.add('b');
    removeA();
    removeA();
    expect(slots.size).toBe(1);
    slots.add('c');
    slots.add('d');
    expect(slots.size).toBe(3);
    expect(slots.takeAll()).toEqual(['c', 'b', 'd']);
    expect(slots.size).toBe(0);
  });

  it('keeps what was added after takeAll when an earlier remover is called', () => {
    const slots = new Slots<string>();
    const removeOld = slots.add('old');
    expect(slots.takeAll()).toEqual(['old']);
    slots.add('new');
    removeOld();
    expect(slots.size).toBe(1);
    expect(slots.takeAll()).toEqual(['new']);
  });
});
