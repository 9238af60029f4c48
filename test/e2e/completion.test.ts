// Shell completion: what `promo __complete` answers (in-process, every kind of word), then the
// scripts of `promo completion` in the real bash, zsh and fish, driving the built bin on PATH.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BASH4_ONLY, bash4Constructs } from '../helpers/bash-compat.js';
import { completionScratch, hasShell } from '../helpers/completion.js';
import { BIN, runPromo } from '../helpers/promo.js';

const { dir, config, files, env } = completionScratch('promo-completion-');
afterAll(() => dir.cleanup());

async function answer(...words: string[]): Promise<string[]> {
  const { code, stdout, stderr } = await runPromo(['__complete', ...words], { configDir: config });
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  return stdout.split('\n').slice(0, -1);
}

describe('promo __complete', () => {
  it.each([
    [['vou'], ['words', 'voucher']],
    [
      [''],
      [
        'words',
        'voucher',
        'redemption',
        'campaign',
        'loyalty',
        'rule',
        'publication',
        'job',
        'token',
        'tiers',
        'templates',
        'event',
        'customer',
        'product',
        'sku',
        'order',
        'qualify',
        'export',
        'runs',
        'login',
        'status',
        'profile',
        'sandbox',
        'api',
        'completion',
        'help',
      ],
    ],
    [
      ['help', 'exi'],
      ['words', 'exit-codes'],
    ],
    [
      ['help', 'voucher', 'cr'],
      ['words', 'create'],
    ],
    [
      ['voucher', 'de'],
      ['words', 'delete'],
    ],
    [
      ['voucher', 'rm', '--f'],
      ['words', '--force'],
    ],
    [
      ['qualify', '--ex'],
      ['words', '--explain'],
    ],
    [['qual'], ['words', 'qualify']],
    [
      ['token', 'issue', '--scope', 'vo'],
      ['words', 'vouchers'],
    ],
    [
      ['token', 'issue', '--scope', 'api', 'vo'],
      ['words', 'vouchers'],
    ],
    [
      ['--cluster', 'us'],
      ['words', 'us1.api', 'us1.download'],
    ],
    [
      ['-o', 'table', 'voucher', 'cr'],
      ['words', 'create'],
    ],
    [['--output=nd'], ['words', '--output=ndjson']],
    [
      ['voucher', 'create', '--type', ''],
      ['words', 'discount', 'gift', 'loyalty'],
    ],
    [
      ['voucher', 'create', '--discount-type', 'p'],
      ['words', 'percent'],
    ],
    [
      ['voucher', 'create', '--gift-effect', ''],
      ['words', 'apply-to-order', 'apply-to-items'],
    ],
    [
      ['voucher', 'list', '--order', '-c'],
      ['words', '-created_at', '-code'],
    ],
    [
      ['tiers', 'list', '--order', 'n'],
      ['words', 'name'],
    ],
    [
      ['templates', 'list', '--order', ''],
      ['words', 'id', '-id'],
    ],
    [
      ['completion', ''],
      ['words', 'bash', 'zsh', 'fish'],
    ],
    [['voucher', 'import', 'v'], ['files']],
    [['voucher', 'create', '--input', ''], ['files']],
    [['voucher', 'update', 'CODE', '--body', ''], ['files']],
    [['voucher', 'get', '--limit', ''], ['words']],
  ])('%j → %j', async (words, expected) => {
    expect(await answer(...words)).toEqual(expected);
  });

  it('offers the options of the command at hand, then the global ones', async () => {
    const options = await answer('profile', 'list', '--');
    expect(options).not.toContain('--filter');
    expect(options).toEqual([
      'words',
      '--version',
      '--profile',
      '--cluster',
      '--api-url',
      '--output',
      '--fields',
      '--jq',
      '--json',
      '--csv-crlf',
      '--log-format',
      '--no-color',
      '--timeout',
      '--retries',
      '--debug',
      '--quiet',
      '--yes',
      '--no-input',
      '--help',
    ]);
  });

  it('offers the saved profiles and the sandbox, never a secret', async () => {
    const { stdout } = await runPromo(['__complete', '--profile', ''], { configDir: config });
    expect(stdout).toBe('words\nprod\nsandbox\n');
    expect(await answer('-p', 'p')).toEqual(['words', 'prod']);
  });

  it('offers the profile names after profile use and show, and the saved ones alone after remove', async () => {
    expect(await answer('profile', 'use', '')).toEqual(['words', 'prod', 'sandbox']);
    expect(await answer('profile', 'show', 's')).toEqual(['words', 'sandbox']);
    // The built-in sandbox cannot be removed: it is not offered there.
    expect(await answer('profile', 'remove', '')).toEqual(['words', 'prod']);
    expect(await answer('profile', 'rm', '')).toEqual(['words', 'prod']);
    expect(await answer('-p', 'prod', 'profile', 'use', 'p')).toEqual(['words', 'prod']);
  });

  it('offers the sandbox alone when there is no profile store', async () => {
    const { stdout } = await runPromo(['__complete', '--profile', ''], { configDir: join(dir.path, 'none') });
    expect(stdout).toBe('words\nsandbox\n');
  });

  it('refuses an unknown shell with exit 2', async () => {
    expect((await runPromo(['completion', 'tcsh'])).code).toBe(2);
  });
});

function shell(command: string, args: string[], input?: string): string {
  const run = spawnSync(command, args, { cwd: files, env, encoding: 'utf8', input, timeout: 20_000 });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return run.stdout;
}

// Each case: the line typed, then what the shell offers (sorted by the shell or by promo).
const CASES: [string, string][] = [
  ['promo vou', 'voucher'],
  ['promo voucher rm --f', '--force'],
  ['promo --profile ', 'prod sandbox'],
  ['promo profile use ', 'prod sandbox'],
  ['promo profile remove ', 'prod'],
  ['promo voucher import vo', 'voucher.json vouchers.csv'],
];

// Drives _promo as a TAB would: COMP_LINE/COMP_POINT/COMP_WORDS/COMP_CWORD set as bash sets them.
const BASH_TAB = `tab() { COMP_LINE="$1"; COMP_POINT=\${#1}; read -r -a COMP_WORDS <<< "$1"
  [[ $1 == *' ' ]] && COMP_WORDS+=(""); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); _promo
  printf '%s\\n' "$(printf '%s\\n' "\${COMPREPLY[@]}" | sort | tr '\\n' ' ')"; }
${CASES.map(([line]) => `tab '${line}'`).join('\n')}
# bash splits --output=nd at '=': the answer replaces only what follows it
COMP_LINE='promo --output=nd'; COMP_POINT=\${#COMP_LINE}; COMP_WORDS=(promo --output = nd); COMP_CWORD=3; _promo
echo "\${COMPREPLY[*]}"
`;
const BASH_OFFERED = [...CASES.map(([, offered]) => offered), 'ndjson', ''];

describe.skipIf(!hasShell('bash'))('bash', () => {
  const script = () => shell(process.execPath, [BIN, 'completion', 'bash']);

  it('completes through the sourced script, as a TAB would', () => {
    // compopt works only during a real TAB: here a stand-in records what the script asks of it.
    const lines = shell(
      'bash',
      ['--norc', '--noprofile'],
      `source <(promo completion bash)
complete -p promo
compopt() { asked+="compopt $* "; }
${BASH_TAB}
echo "$asked"`,
    ).split('\n');
    expect(lines.map((l) => l.trim())).toEqual([
      'complete -F _promo promo',
      ...BASH_OFFERED.slice(0, -1),
      'compopt -o filenames',
      '',
    ]);
  });

  // macOS's /bin/bash is 3.2, which is not installable here. This runs the script's bash-3 branch
  // in this bash: a copy with BASH_VERSINFO[0] read as 3, loaded with eval (3.2's `source` cannot
  // read <(...)), with the builtins bash 4 added (compopt, mapfile, readarray) switched off and
  // BASH_COMPAT=32. It proves that branch gives the same answers without them and registers
  // -o filenames; it does not prove that 3.2's parser takes every line: the check below does that
  // part, by looking for what 3.2 lacks.
  it('gives the same answers on the bash 3 branch, without the builtins bash 4 added', () => {
    const copy = join(dir.path, 'promo-bash3.bash');
    const bash3 = script().replaceAll('BASH_VERSINFO[0]', '3');
    expect(bash3).not.toBe(script());
    writeFileSync(copy, bash3);
    const lines = shell(
      'bash',
      ['--norc', '--noprofile'],
      `enable -n compopt mapfile readarray
BASH_COMPAT=32
eval "$(cat ${copy})"
complete -p promo
${BASH_TAB}`,
    ).split('\n');
    expect(lines.map((l) => l.trim())).toEqual(['complete -o filenames -F _promo promo', ...BASH_OFFERED]);
  });

  it('uses nothing bash 3.2 lacks outside a BASH_VERSINFO guard', () => {
    expect(bash4Constructs(script())).toEqual([]);
  });

  it.each(Object.keys(BASH4_ONLY))('the check finds %s unguarded, and lets it pass guarded', (name) => {
    const { sample } = BASH4_ONLY[name]!;
    expect(bash4Constructs(`f() {\n  ${sample}\n}\n`)).toEqual([name]);
    expect(bash4Constructs(`f() {\n  if (( BASH_VERSINFO[0] >= 4 )); then ${sample}; fi\n}\n`)).toEqual([]);
  });
});

describe.skipIf(!hasShell('zsh'))('zsh', () => {
  it('finds _promo in $fpath through its #compdef line and completes with it', () => {
    const fpath = join(dir.path, 'zfunc');
    mkdirSync(fpath, { recursive: true });
    writeFileSync(join(fpath, '_promo'), shell(process.execPath, [BIN, 'completion', 'zsh']));
    const script = `fpath=(${fpath} $fpath); autoload -Uz compinit; compinit -u -d ${join(dir.path, 'zcompdump')}
print -r -- "$_comps[promo]"
compadd() { print -r -- "\${(j: :)\${(o)@[\${@[(i)--]}+1,-1]}}" }
_describe() { print -r -- "\${(j: :)\${(o)\${(@P)@[-1]}}}" }
_files() { print -r -- "(files)" }
tab() { words=("\${(@)\${(z)1}}"); [[ $1 == *' ' ]] && words+=(''); CURRENT=$#words; _promo }
${CASES.map(([line]) => `tab '${line}'`).join('\n')}`;
    const lines = shell('zsh', ['-fc', script]).split('\n');
    // Words with a note go to _describe as word:note (a colon in the word escaped), the others to compadd.
    expect(lines).toEqual([
      '_promo',
      'voucher:Create, show, list, update, switch, import and delete vouchers',
      '--force:remove permanently (cannot be undone; the code can then be used again)',
      'prod sandbox',
      'prod sandbox',
      'prod',
      '(files)',
      '',
    ]);
  });
});

describe.skipIf(!hasShell('fish'))('fish', () => {
  it('completes with the whole line, not its last word', () => {
    const file = join(dir.path, 'promo.fish');
    writeFileSync(file, shell(process.execPath, [BIN, 'completion', 'fish']));
    const script = `source ${file}
${CASES.map(([line]) => `echo (complete -C '${line}' | cut -f1 | sort)`).join('\n')}
echo (complete -C 'promo profile use --f')`;
    const lines = shell('fish', ['--no-config', '-c', script]).split('\n');
    expect(lines).toEqual([...CASES.map(([, offered]) => offered), '', '']);
  });

  it('shows what each word is beside it', () => {
    const file = join(dir.path, 'promo.fish');
    writeFileSync(file, shell(process.execPath, [BIN, 'completion', 'fish']));
    const script = `source ${file}
complete -C 'promo help exi'
complete -C 'promo voucher rm --fo'`;
    expect(shell('fish', ['--no-config', '-c', script]).split('\n')).toEqual([
      'exit-codes\twhat each exit code means',
      '--force\tremove permanently (cannot be undone; the code can then be used again)',
      '',
    ]);
  });
});
