import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../src/index.js';
import { issueToken, postForm, removeTemporaryDirectories, temporaryDirectory } from './core-helpers.js';
import { readStateFileView } from './state-helpers.js';

const running: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((sandbox) => sandbox.close()));
});
afterAll(removeTemporaryDirectories);

async function start(options: Parameters<typeof startSandbox>[0]) {
  const sandbox = await startSandbox(options);
  running.push(sandbox);
  return sandbox;
}

async function introspect(sandbox: Sandbox, token: string) {
  return (await postForm(`${sandbox.url}/v1/oauth/introspect`, { access_token: token })).json();
}

describe('state file', () => {
  it('keeps issued tokens across a restart in a file only the owner can read', async () => {
    const statePath = join(temporaryDirectory(), 'nested', 'state.db');
    const first = await start({ seed: {}, statePath });
    const token = await issueToken(first.url);
    await first.close();

    expect(statSync(statePath).mode & 0o777).toBe(0o600);
    const second = await start({ seed: {}, statePath });
    expect(second.state.tokens[token]).toBeDefined();
    expect(await introspect(second, token)).toMatchObject({ active: true });
  });

  it('creates the file from the seed at start and leaves no temporary files behind', async () => {
    const directory = temporaryDirectory();
    const statePath = join(directory, 'state.db');
    await start({ seed: { eventSchemas: ['purchase_completed'] }, statePath });
    expect(readStateFileView(statePath).state).toMatchObject({
      version: 1,
      eventSchemas: ['purchase_completed'],
    });
    expect(readdirSync(directory).filter((name) => !/^state\.db(-wal|-shm)?$/.test(name))).toEqual([]);
  });

  it.each([
    ['JSON cut short', '{"version": 1, "tokens": '],
    ['JSON that is not sandbox state', '[1, 2]'],
    ['text', 'hello\n'.repeat(1000)],
  ])('refuses to start on a file of %s, naming it, and leaves it untouched', async (_, text) => {
    const statePath = join(temporaryDirectory(), 'state.db');
    writeFileSync(statePath, text);
    const failure = startSandbox({ statePath });
    await expect(failure).rejects.toThrow(
      `Sandbox state file ${statePath} is not an SQLite database (nor the JSON state of an older promo); move it away or name another file`,
    );
    expect(readFileSync(statePath, 'utf8')).toBe(text);
  });

  it('brings the file back to the seed on reset', async () => {
    const statePath = join(temporaryDirectory(), 'state.db');
    const sandbox = await start({ seed: {}, statePath });
    await issueToken(sandbox.url);
    const reset = await fetch(`${sandbox.url}/_sandbox/reset`, {
      method: 'POST',
      headers: { 'X-App-Id': 'sandbox', 'X-App-Token': 'sandbox' },
    });
    expect(reset.status).toBe(204);
    expect(readStateFileView(statePath).state.tokens).toEqual({});
  });
});

describe('shared state', () => {
  it('lets two sandboxes on one file see each other’s tokens', async () => {
    const statePath = join(temporaryDirectory(), 'state.db');
    const left = await start({ seed: {}, statePath, shared: true });
    const right = await start({ seed: {}, statePath, shared: true });
    const fromLeft = await issueToken(left.url);
    const fromRight = await issueToken(right.url);
    expect(await introspect(right, fromLeft)).toMatchObject({ active: true });
    expect(await introspect(left, fromRight)).toMatchObject({ active: true });
    expect(Object.keys(left.state.tokens).sort()).toEqual([fromLeft, fromRight].sort());
  });

  it('keeps every change when both sandboxes write at the same time', async () => {
    const statePath = join(temporaryDirectory(), 'state.db');
    const left = await start({ seed: {}, statePath, shared: true });
    const right = await start({ seed: {}, statePath, shared: true });
    const tokens = await Promise.all(
      Array.from({ length: 10 }, (_, index) => issueToken((index % 2 ? left : right).url)),
    );
    const saved = readStateFileView(statePath).state as { tokens: object };
    expect(Object.keys(saved.tokens).sort()).toEqual(tokens.sort());
  });
});

describe('seed', () => {
  it('replaces the demo data with the content of a seed file', async () => {
    const seedPath = join(temporaryDirectory(), 'seed.json');
    writeFileSync(seedPath, JSON.stringify({ eventSchemas: ['only_this'] }));
    const sandbox = await start({ seed: seedPath });
    expect(sandbox.state.eventSchemas).toEqual(['only_this']);
    expect(sandbox.state.templates).toEqual([]);
  });

  it('refuses a seed file that is not JSON, naming it', async () => {
    const seedPath = join(temporaryDirectory(), 'seed.json');
    writeFileSync(seedPath, 'templates: []');
    await expect(startSandbox({ seed: seedPath })).rejects.toThrow(seedPath);
    await expect(startSandbox({ seed: join(seedPath, 'missing.json') })).rejects.toThrow(/Cannot read/);
  });

  it('starts with the demo data by default', async () => {
    const sandbox = await start({});
    expect(sandbox.state.templates.length).toBeGreaterThan(0);
    expect(sandbox.state.eventSchemas).toContain('purchase_completed');
  });
});
