// The changelog is CHANGELOG.md in Keep a Changelog form; the README only points at it, so that
// entries are written in one place and the README stays about using promo.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (name: string) => readFileSync(new URL(`../../${name}`, import.meta.url), 'utf8');
const SECTIONS = new Set(['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security']);

describe('the changelog', () => {
  it('lives in CHANGELOG.md with an Unreleased release first', () => {
    const releases = [...read('CHANGELOG.md').matchAll(/^## (.*)$/gm)].map((m) => m[1]);
    expect(releases[0]).toBe('[Unreleased]');
    for (const release of releases) expect(release).toMatch(/^\[(Unreleased|\d+\.\d+\.\d+)\]/);
  });

  it('sorts every entry under a Keep a Changelog section', () => {
    const text = read('CHANGELOG.md');
    const body = text.slice(text.indexOf('## [Unreleased]'));
    const sections = [...body.matchAll(/^### (.*)$/gm)].map((m) => m[1]);
    expect(sections.length).toBeGreaterThan(0);
    for (const section of sections) expect(SECTIONS).toContain(section);
    // No entry sits between a release heading and its first section.
    expect(
      body.split('\n').find((line, i, all) => line.startsWith('- ') && /^## /.test(all[i - 2] ?? '')),
    ).toBeUndefined();
  });

  it('is linked from the README, which holds no entries of its own', () => {
    const readme = read('README.md');
    expect(readme).toContain('[CHANGELOG.md](CHANGELOG.md)');
    expect(readme).not.toMatch(/^### (Unreleased|0\.1\.0)/m);
  });
});
