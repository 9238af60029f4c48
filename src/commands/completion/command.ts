// promo completion <bash|zsh|fish>: small scripts that ask promo itself what to offer
// (`promo __complete WORD...`, see registry/tab-answer.ts), so every shell completes from the registry: nouns,
// verbs and their aliases, the options of the command at hand, their values, profile names, files.
import { UsageError } from '../../base/errors.js';
import { defineCommand } from '../../toolkit/define.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
type Shell = (typeof SHELLS)[number];

// Bash 3.2 (macOS's /bin/bash) has no compopt, mapfile or associative arrays, and its `source`
// cannot read <(...): the script needs none of them. It asks promo, fills COMPREPLY with a
// `while read` loop, and only marks file names (a slash after a directory) through compopt where
// bash has it; 3.2 registers -o filenames instead. The words are split from the line itself: bash
// also splits at '=' and ':' (COMP_WORDBREAKS), and the part of the word before bash's own split
// is taken off each answer again.
const BASH = `# promo completion for bash (4 and later, and 3.2)
#   source <(promo completion bash)      or
#   promo completion bash > ~/.local/share/bash-completion/completions/promo
#   bash 3.2 (macOS): eval "$(promo completion bash)"   in ~/.bash_profile
_promo() {
  local line="\${COMP_LINE:0:COMP_POINT}" cur kind reply head
  local -a typed
  read -r -a typed <<< "$line"
  [[ $line == *[[:space:]] || \${#typed[@]} -eq 0 ]] && typed+=("")
  cur="\${typed[\${#typed[@]}-1]}"
  head="\${cur%"\${COMP_WORDS[COMP_CWORD]}"}"
  COMPREPLY=()
  kind=
  while IFS= read -r reply; do
    if [[ -z $kind ]]; then kind=$reply; continue; fi
    COMPREPLY+=("\${reply#"$head"}")
  done < <(command promo __complete "\${typed[@]:1}" 2>/dev/null)
  if [[ $kind == files ]]; then
    if (( BASH_VERSINFO[0] >= 4 )); then compopt -o filenames; fi
    local IFS=$'\\n'
    COMPREPLY=($(compgen -f -- "\${COMP_WORDS[COMP_CWORD]}"))
  fi
}
if (( BASH_VERSINFO[0] >= 4 )); then
  complete -F _promo promo
else
  complete -o filenames -F _promo promo
fi
`;

// A #compdef file: compinit finds it in $fpath and loads it as the body of _promo; sourced
// instead, it registers itself with compdef. Words that come with a note (`word<TAB>what it is`)
// go through _describe, which shows the note beside them and groups -f and --force; the others
// (values, profile names) through compadd.
const ZSH = `#compdef promo
# promo completion for zsh
#   promo completion zsh > ~/.zfunc/_promo   with  fpath=(~/.zfunc $fpath)  before compinit in ~/.zshrc
#   or: source <(promo completion zsh)   after compinit
_promo() {
  local -a answer described plain
  local line
  answer=("\${(@f)$(command promo __complete-with-notes "\${(@)words[2,CURRENT]}" 2>/dev/null)}")
  case $answer[1] in
    files) _files ;;
    words)
      for line in "\${(@)answer[2,-1]}"; do
        if [[ $line == *$'\\t'* ]]; then
          described+=("\${\${line%%$'\\t'*}//:/\\\\:}:\${line#*$'\\t'}")
        elif [[ -n $line ]]; then
          plain+=("$line")
        fi
      done
      (( $#described )) && _describe -t promo promo described
      (( $#plain )) && compadd -- "\${(@)plain}"
      ;;
  esac
}
if [[ $funcstack[1] == _promo ]]; then
  _promo "$@"
else
  compdef _promo promo
fi
`;

// fish shows what follows a tab in a word as its description.
const FISH = `# promo completion for fish
#   promo completion fish > ~/.config/fish/completions/promo.fish
function __promo_complete
    set -l typed (commandline -opc) (commandline -ct)
    set -e typed[1]
    set -l answer (command promo __complete-with-notes $typed 2>/dev/null)
    switch "$answer[1]"
        case files
            __fish_complete_path (commandline -ct)
        case words
            printf '%s\\n' $answer[2..-1]
    end
end
complete -c promo -f -a '(__promo_complete)'
`;

const SCRIPTS: Record<Shell, string> = { bash: BASH, zsh: ZSH, fish: FISH };

export default defineCommand({
  path: ['completion'],
  summary: 'Print a shell completion script',
  examples: [
    'promo completion bash > ~/.local/share/bash-completion/completions/promo',
    'eval "$(promo completion bash)"  # macOS\'s bash 3.2: this line in ~/.bash_profile',
    'promo completion zsh > ~/.zfunc/_promo  # with fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc',
    'promo completion fish > ~/.config/fish/completions/promo.fish',
  ],
  args: { shell: { help: SHELLS.join(', '), required: true, complete: SHELLS } },
  run: async ({ shell }, rt) => {
    if (!(SHELLS as readonly string[]).includes(shell)) {
      throw new UsageError(`shell must be one of ${SHELLS.join(', ')}, not '${shell}'`);
    }
    rt.out.text(SCRIPTS[shell as Shell]);
  },
});
