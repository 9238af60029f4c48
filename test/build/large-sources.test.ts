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

const youngLarge = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_large_object_space');

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
    const space = youngLarge();
    if (!space) throw new Error('this V8 names no new_large_object_space');
    const before = space.space_used_size;
    const source = readFileSync(join(DIST, 'cli.cjs')).toString('latin1');
    const after = youngLarge()?.space_used_size ?? 0;
    expect(source.length).toBe(LARGE_SOURCE);
    expect(after - before).toBeGreaterThanOrEqual(LARGE_SOURCE);
  });
});
