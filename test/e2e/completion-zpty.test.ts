// zsh completion as a person gets it: an interactive zsh on a pseudo-terminal (zsh's own zpty
// module), `_promo` from `promo completion zsh` installed in $fpath, compinit, then keys typed with
// a TAB. A key bound to a small widget writes the line as TAB left it to a file, so what is read
// back is zsh's edit buffer, not a guess from the screen; an ambiguous TAB is read from the listing
// zsh draws under the prompt.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { completionScratch, hasShell } from '../helpers/completion.js';
import { BIN } from '../helpers/promo.js';

const { dir, files, env } = completionScratch('promo-zpty-');
afterAll(() => dir.cleanup());

// Each: what is typed before the TAB, and the line zsh leaves (a space after a whole word).
const TYPED: [string, string][] = [
  ['promo vou', 'promo voucher '],
  ['promo voucher sh', 'promo voucher show '], // an alias of get: no verb starts with sh
  ['promo voucher rm --f', 'promo voucher rm --force '],
  ['promo -o nd', 'promo -o ndjson '],
  ['promo --profile p', 'promo --profile prod '], // the saved profile, read from the store
];

// The driver: $1 is the scratch folder. ^B is bound to `dump`, which appends the buffer to a file
// and clears the line for the next one. `upto` reads the screen until a pattern shows (MARK lines
// stop each read at a known point), and gives up after 8 s with what it saw, so a broken
// completion fails with the screen instead of hanging.
const DRIVER = `zmodload zsh/zpty || exit 3
upto() {
  local chunk; seen=; float deadline=$(( SECONDS + 8 ))
  while (( SECONDS < deadline )); do
    if zpty -r -t z chunk; then seen+=$chunk; [[ $seen == $~1 ]] && return; else sleep 0.02; fi
  done
  print -u2 -r -- "no $1 on the screen: $seen"; exit 4
}
zpty z zsh -f -i
zpty -w z "PS1='> '; fpath=($1/zfunc \\$fpath); autoload -Uz compinit; compinit -u -d $1/zcompdump"
zpty -w z "unsetopt beep; dump() { print -r -- \\"[\\$BUFFER]\\" >> $1/lines; BUFFER=; }; zle -N dump; bindkey '^B' dump"
zpty -w z 'print MARK'
upto '*MARK*MARK*'
for typed in "\${@[2,-1]}"; do zpty -w -n z "$typed"$'\\t\\C-b'; done
zpty -w z 'print MARK'
upto '*MARK*MARK*'
zpty -w -n z $'promo -o \\t'
upto '*table*'
print -r -- "$seen"
zpty -w -n z $'\\C-u'
zpty -w z 'print MARK'
upto '*MARK*MARK*'
zpty -w -n z $'promo help e\\t'
upto '*each exit code means*'
print -r -- "$seen"
zpty -d z
`;

function drive(typed: string[]) {
  const scratch = join(dir.path, 'zsh');
  mkdirSync(join(scratch, 'zfunc'), { recursive: true });
  const script = spawnSync(process.execPath, [BIN, 'completion', 'zsh'], { encoding: 'utf8' });
  expect(script.status).toBe(0);
  writeFileSync(join(scratch, 'zfunc', '_promo'), script.stdout);
  writeFileSync(join(scratch, 'lines'), '');
  const run = spawnSync('zsh', ['-fc', DRIVER, 'driver', scratch, ...typed], {
    cwd: files,
    env,
    encoding: 'utf8',
    timeout: 15_000,
  });
  expect([run.status, run.stderr]).toEqual([0, '']);
  return { scratch, screen: run.stdout };
}

const hasZsh = hasShell('zsh');
describe.skipIf(!hasZsh)(hasZsh ? 'zsh through zpty' : 'zsh through zpty (skipped: no zsh on PATH)', () => {
  it('completes nouns, verb aliases, options, option values and profile names in a real zsh', () => {
    const { scratch, screen } = drive(TYPED.map(([typed]) => typed));
    expect(readFileSync(join(scratch, 'lines'), 'utf8')).toBe(
      TYPED.map(([, line]) => `[${line}]\n`).join(''),
    );
    // `promo -o <TAB>` has four answers: zsh lists them on a line of their own under the prompt.
    // Each terminal escape becomes a line break, so the prompt it redraws after cannot join them.
    const lines = screen.replace(/\x1b\[[0-9;?]*[A-Za-z]|\r/g, '\n').split('\n');
    const listed = lines.filter((line) => line.includes('json')).map((line) => line.trim().split(/\s+/));
    expect(listed).toEqual([['csv', 'json', 'ndjson', 'table']]);
    // `promo help e<TAB>`: the topics and commands that start with e, each with what it is.
    const described = lines
      .filter((line) => / -- /.test(line))
      .map((line) => line.trim().replace(/\s+/g, ' '));
    expect(described).toEqual([
      'environment -- variables promo reads, and where it keeps its files',
      'event -- Send custom events',
      'exit-codes -- what each exit code means',
    ]);
  });
});
