// Loads a bundled CommonJS file of dist/ with V8's code cache (file.cache beside it), so that a
// run does not parse and compile the same code again: that was over a third of promo's start-up
// (Node 20 has no module compile cache of its own). The build writes the caches by running a few
// commands with PROMO_CODE_CACHE=write; a missing or stale cache (another Node version) is only
// slower, never wrong: V8 checks it and compiles from source instead, and any failure here falls
// back to a plain require().
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const { Script } = require('node:vm');

const loaded = new Map();
const writing = process.env.PROMO_CODE_CACHE === 'write';

function loadCached(file) {
  if (loaded.has(file)) return loaded.get(file).module.exports;
  let script;
  try {
    let cachedData;
    try {
      cachedData = fs.readFileSync(`${file}.cache`);
    } catch {}
    script = new Script(Module.wrap(fs.readFileSync(file, 'utf8')), { filename: file, cachedData });
  } catch {
    return require(file);
  }
  const module = { exports: {}, filename: file, id: file, loaded: false };
  loaded.set(file, { module, script });
  script.runInThisContext().call(module.exports, module.exports, Module.createRequire(file), module, file, path.dirname(file));
  module.loaded = true;
  return module.exports;
}

if (writing) {
  // After the run, so that the cache also holds the functions the run compiled lazily.
  process.on('exit', () => {
    for (const [file, { script }] of loaded) {
      try {
        const temporary = `${file}.cache.${process.pid}`;
        fs.writeFileSync(temporary, script.createCachedData());
        fs.renameSync(temporary, `${file}.cache`);
      } catch {}
    }
  });
}

module.exports = { loadCached };
