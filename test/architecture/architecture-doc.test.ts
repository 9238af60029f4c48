// ARCHITECTURE.md is read against the code: every module it names exists, and what it says the
// transport retries is what transport.ts retries.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const doc = read('ARCHITECTURE.md');
const listed = (dir: string) =>
  (readdirSync(new URL(`../../${dir}`, import.meta.url), { recursive: true }) as string[]).map((f) =>
    f.replaceAll('\\', '/'),
  );
/** promo's modules (src/). */
const files = listed('src');
/** Every module the page may name: promo's and promo-sandbox's (packages/sandbox/src/). */
const modules = [...files, ...listed('packages/sandbox/src').map((f) => `packages/sandbox/src/${f}`)];

describe('ARCHITECTURE.md', () => {
  it('names only modules that exist', () => {
    const named = [...new Set([...doc.matchAll(/`(?:src\/)?([\w./*-]+\.ts)`/g)].map((m) => m[1]!))];
    expect(named.length).toBeGreaterThan(20);
    const missing = named.filter(
      (name) =>
        !name.includes('*') &&
        !name.startsWith('test/') &&
        !modules.some((file) => file === name || file.endsWith(`/${name}`)) &&
        !existsSync(new URL(`../../${name}`, import.meta.url)),
    );
    expect(missing).toEqual([]);
  });

  it('says which answers the transport sends again, as transport.ts does', () => {
    const retried = /const RETRYABLE_STATUS = new Set\(\[([\d, ]+)\]\)/.exec(
      read('src/http/transport.ts'),
    )?.[1];
    expect(retried).toBeDefined();
    const flow = doc.slice(doc.indexOf('## How a request flows'), doc.indexOf('## How to add'));
    expect(flow).not.toMatch(/\b5xx\b/);
    const said = [...flow.matchAll(/\b(4\d\d|5\d\d)\b/g)].map((m) => Number(m[1]));
    expect([...new Set(said)].sort()).toEqual(retried!.split(',').map(Number).sort());
  });

  it("draws the two packages with every public entry of promo-sandbox's package.json", () => {
    const manifest = JSON.parse(read('packages/sandbox/package.json'));
    const entries = Object.keys(manifest.exports).filter((key) => key !== './package.json');
    const drawing = doc.slice(doc.indexOf('## The two packages'), doc.indexOf('## The layers'));
    expect(drawing).toContain('packages/sandbox');
    for (const entry of entries) expect(drawing, entry).toContain(entry === '.' ? 'promo-sandbox' : entry);
  });

  it('places every folder of src/', () => {
    const folders = new Set(
      files.filter((f) => f.endsWith('.ts') && f.includes('/')).map((f) => f.split('/')[0]!),
    );
    for (const folder of folders) expect(doc, folder).toContain(`\`src/${folder}/`);
  });
});
