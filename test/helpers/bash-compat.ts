// What bash 3.2 (macOS's /bin/bash) lacks, found in a script's text. 3.2 cannot be installed here,
// so a script meant to run there is checked for the constructs bash 4 and later added. Text inside
// `if (( BASH_VERSINFO[0] >= 4 )); then … else|fi` is left out: that is the script choosing a newer
// path only where it runs. A pattern list cannot parse bash: it catches these spellings, nothing
// else, which is why each has a sample the check must find (see completion.test.ts).
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are bash, whose ${...} they name

/** Each construct: how it is spelt, and a line that uses it. */
export const BASH4_ONLY: Record<string, { pattern: RegExp; sample: string }> = {
  'associative arrays (declare -A)': {
    pattern: /\b(declare|local|typeset)\s+-\w*A/,
    sample: 'local -A seen',
  },
  'name references and case attributes (declare -n/-l/-u/-g)': {
    pattern: /\b(declare|local|typeset)\s+-\w*[nlug]\b/,
    sample: 'declare -n ref=COMPREPLY',
  },
  mapfile: { pattern: /\b(mapfile|readarray)\b/, sample: 'mapfile -t COMPREPLY < <(promo)' },
  compopt: { pattern: /\bcompopt\b/, sample: 'compopt -o filenames' },
  coproc: { pattern: /\bcoproc\b/, sample: 'coproc promo __complete' },
  'case conversion (${x,,} ${x^^})': {
    pattern: /\$\{[#!]?\w+(\[[^\]]*\])?(,,?|\^\^?)[^}]*\}/,
    sample: 'cur=${cur,,}',
  },
  'negative array index': { pattern: /\$\{\w+\[\s*-\s*\d/, sample: 'last=${words[-1]}' },
  'transformations (${x@Q})': { pattern: /\$\{[^}]*@[QEPAaKkULu]\}/, sample: 'echo "${cur@Q}"' },
  'case fall-through (;& ;;&)': { pattern: /;;?&/, sample: 'case $1 in a) x ;& b) y ;; esac' },
  'append both streams (&>> |&)': { pattern: /&>>|\|&/, sample: 'promo &>> log' },
  'test -v': { pattern: /(\[\[|\[|\btest)\s+-v\b/, sample: '[[ -v COMPREPLY ]]' },
  'descriptor variables ({fd}>)': { pattern: /(?<!\$)\{\w+\}[<>]/, sample: 'exec {fd}>/dev/null' },
  'read -i / -N': { pattern: /\bread\b[^\n;|]*\s-\w*[iN]\b/, sample: 'read -N 1 key' },
  'wait -n': { pattern: /\bwait\s+-n\b/, sample: 'wait -n' },
  'globstar (**)': { pattern: /\bglobstar\b/, sample: 'shopt -s globstar' },
  BASHPID: { pattern: /\bBASHPID\b/, sample: 'echo $BASHPID' },
};

const GUARDED = /if \(\( BASH_VERSINFO\[0\] >= 4 \)\); then[\s\S]*?\b(else|fi)\b/g;

/** The names of the constructs of BASH4_ONLY that `script` uses outside a version guard. */
export function bash4Constructs(script: string): string[] {
  const unguarded = script
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(GUARDED, '');
  return Object.entries(BASH4_ONLY)
    .filter(([, { pattern }]) => pattern.test(unguarded))
    .map(([name]) => name);
}
