// `promo --help` as an earlier run printed it. The root help is the same text for every run of one
// build on a stdout of one kind (a pipe or a file: 80 columns, no colour; a terminal: its width and
// whether it shows colour), and laying it out is most of what `promo --help` costs. The run that
// lays it out keeps it here, beside the code cache, stamped with the size and times (modified,
// changed) of the bundle that made it, and its length and sum; a later run with the same bundle and
// stdout prints it without loading the CLI.
// Anything that does not match is ignored and laid out again. NODE_DISABLE_COMPILE_CACHE=1 turns
// it off with the code cache.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

/** What the help depends on besides the build, or undefined when stdout cannot be told. */
function stdoutKind() {
  let device;
  try {
    device = fs.fstatSync(1).isCharacterDevice();
  } catch {
    return undefined;
  }
  // A pipe or a file is never a terminal: no need to build the stream to tell (cli-stdout.ts).
  if (!device || !process.stdout.isTTY) return 'plain';
  return `tty-${process.stdout.columns}-${process.stdout.hasColors?.() ? 'colour' : 'mono'}`;
}

/** FNV-1a of a string's code units or a buffer's bytes, in base 36. */
function fnv(units) {
  let hash = 0x811c9dc5;
  const at = typeof units === 'string' ? (i) => units.charCodeAt(i) : (i) => units[i];
  for (let i = 0; i < units.length; i++) hash = Math.imul(hash ^ at(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/** The help's file for this install (two installs may share the cache directory) and kind of stdout. */
function helpFile(dir, cliFile, kind) {
  return path.join(dir, `help-${kind}-${fnv(cliFile)}.txt`);
}

/** The first line of a kept help: the bundle's size and times, and the help's length and sum (a file cut short or damaged is no help). */
const stamp = (cliFile, help) => {
  const source = fs.statSync(cliFile);
  // Its change time too, which the file system sets whenever the file is written: an upgrade from the
  // registry gives every file npm's one time (1985-10-26), and the bundle is padded to one size
  // (scripts/large-sources.mjs), so its size and modification time stay.
  const changed = `${Math.trunc(source.mtimeMs)}:${Math.trunc(source.ctimeMs)}`;
  return `${source.size}:${changed}:${help.length}:${fnv(help)}`;
};

/** Prints the kept help; false when there is none for this bundle and stdout. */
function printKeptHelp(dir, cliFile, kind) {
  let bytes;
  try {
    bytes = fs.readFileSync(helpFile(dir, cliFile, kind));
    const end = bytes.indexOf(10);
    if (end < 0) return false;
    const help = bytes.subarray(end + 1);
    if (bytes.subarray(0, end).toString() !== stamp(cliFile, help)) return false;
    bytes = help;
  } catch {
    return false;
  }
  if (kind !== 'plain') {
    process.stdout.write(bytes);
    return true;
  }
  while (bytes.length > 0) {
    try {
      bytes = bytes.subarray(fs.writeSync(1, bytes));
    } catch (error) {
      // The reader has gone (`promo --help | head -1`): its choice, not an error.
      if (error.code === 'EPIPE') return true;
      // A descriptor left non-blocking by whoever shares it: the stream knows how to wait.
      if (error.code === 'EAGAIN') {
        process.stdout.write(bytes);
        return true;
      }
      throw error;
    }
  }
  return true;
}

/** Keeps the help a run printed, for the next (written whole, then renamed into place). */
function keepHelp(dir, cliFile, kind, text) {
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const target = helpFile(dir, cliFile, kind);
    const temporary = `${target}.${process.pid}`;
    const help = Buffer.from(text);
    fs.writeFileSync(temporary, Buffer.concat([Buffer.from(`${stamp(cliFile, help)}\n`), help]), { mode: 0o600 });
    fs.renameSync(temporary, target);
  } catch {}
}

module.exports = { stdoutKind, printKeptHelp, keepHelp };
