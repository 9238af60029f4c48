// Bundles of 32 KiB or more are padded past V8's largest regular object (scripts/large-sources.mjs),
// so that their sources are large objects, which a scavenge never copies. Checked on the built
// files, and against V8 itself on this Node line: a source that size, read as promo reads it, must
// land in the young generation's large-object space, not in its semispaces.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { getHeapSpaceStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { LARGE_SOURCE, PADDED_FROM } from '../../scripts/large-sources.mjs';
import { BIN } from '../helpers/promo.js';

const DIST = join(BIN, '..', '..', 'dist');

const bundles = () =>
  readdirSync(DIST, { recursive: true, encoding: 'utf8' })
    .map((name) => name.replaceAll('\\', '/'))
    .filter((name) => name.endsWith('.cjs') && name !== 'lazy/jq-worker.cjs');

/** What each of V8's heap spaces holds now, by name. */
const spacesUsed = () =>
  Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, s.space_used_size]));

describe('large sources', () => {
  it('leave no bundle that promo loads between 32 KiB and a large object', () => {
    const sizes = bundles().map((name) => [name, statSync(join(DIST, name)).size] as const);
    expect(sizes.length).toBeGreaterThan(10);
    expect(sizes.filter(([, size]) => size >= PADDED_FROM && size < LARGE_SOURCE)).toEqual([]);
    expect(sizes.filter(([, size]) => size === LARGE_SOURCE).map(([name]) => name)).toContain('cli.cjs');
  });

  it('pad with spaces after the last line only: the code and its source map line are whole', () => {
    const text = readFileSync(join(DIST, 'cli.cjs'), 'latin1');
    const code = text.trimEnd();
    expect(code.length).toBeLessThan(LARGE_SOURCE);
    expect(code.endsWith('//# sourceMappingURL=cli.cjs.map')).toBe(true);
    expect(/^ +$/.test(text.slice(code.length + 1))).toBe(true);
  });

  it('make a source V8 keeps with its large objects on this line', () => {
    if (!('new_large_object_space' in spacesUsed()))
      throw new Error('this V8 names no new_large_object_space');
    // A scavenge between the two readings (the test's worker has allocated before; the string's
    // own allocation may set one off) moves or frees what the young large-object space held, and
    // the difference says nothing: such a reading, told by the young generation's fall, is taken
    // again: 7% of readings in a loop that allocates between them were (each Node line, 5,000
    // readings); five in a row, about 2 in a million.
    for (let reading = 0; reading < 5; reading++) {
      const before = spacesUsed();
      const source = readFileSync(join(DIST, 'cli.cjs')).toString('latin1');
      const after = spacesUsed();
      expect(source.length).toBe(LARGE_SOURCE);
      if ((after.new_space ?? 0) < (before.new_space ?? 0)) continue;
      expect(
        (after.new_large_object_space ?? 0) - (before.new_large_object_space ?? 0),
      ).toBeGreaterThanOrEqual(LARGE_SOURCE);
      return;
    }
    throw new Error('a scavenge came between every two readings');
  });
});
