// The build stands each noun's verbs.ts for its definitions as data, with a `load` of each verb's
// module, and each one-word command's index.ts for its definition as data, with a `load` of its
// command.ts (scripts/verb-manifest.mjs): that data must be the definitions (the registry stays the
// one source), and what `load` takes must be the very definition the registry lists.
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { definitionData, verbManifests } from '../../scripts/verb-manifest.mjs';
import { entryName, isNoun, loadRegistry } from '../../src/registry/index.js';

/** A value without its functions (what a definition holds besides its data: `run`, `parse`). */
function withoutFunctions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutFunctions);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => typeof v !== 'function')
      .map(([k, v]) => [k, withoutFunctions(v)]),
  );
}

it('the manifest of each noun is its definitions but for their functions, and loads each verb’s own definition', async () => {
  const { data } = await verbManifests();
  const registry = await loadRegistry();
  const nouns = registry.filter(isNoun);
  // Every noun but export (its verbs are made by a function, not each a module's export).
  expect([...data.keys()].sort()).toEqual(
    nouns
      .map((noun) => noun.name)
      .filter((name) => name !== 'export')
      .sort(),
  );
  for (const noun of nouns) {
    const manifest = data.get(noun.name);
    if (!manifest) continue;
    const { commands, modules, ...verbs } = manifest;
    expect(verbs).toEqual(withoutFunctions({ description: noun.description, examples: noun.examples }));
    expect(commands).toEqual(noun.commands.map(withoutFunctions));
    expect(commands).toEqual(noun.commands.map(definitionData));
    for (const [i, { file, name }] of modules.entries()) {
      const mod = await import(/* @vite-ignore */ resolve(file));
      expect(mod[name]).toBe(noun.commands[i]);
    }
  }
});

it('the manifest of each command of one word is its definition but for its functions, and loads that very definition', async () => {
  const { commandData } = await verbManifests();
  const registry = await loadRegistry();
  const commands = registry.filter((entry) => !isNoun(entry));
  expect([...commandData.keys()].sort()).toEqual(commands.map(entryName).sort());
  for (const command of commands) {
    const { module, ...data } = commandData.get(entryName(command))!;
    expect(data).toEqual(withoutFunctions(command));
    expect(data).toEqual(definitionData(command));
    const mod = await import(/* @vite-ignore */ resolve(module.file));
    expect(mod[module.name]).toBe(command);
  }
});
