// promo completion <bash|zsh|fish>: completion scripts generated from the registry (see
// registry/completion.ts), so that they never drift from the commands.
import { UsageError } from '../../errors.js';
import { type CompletionNode, completionData } from '../../registry/completion.js';
import { defineCommand } from '../../registry/define.js';

const SHELLS = ['bash', 'zsh', 'fish'] as const;
type Shell = (typeof SHELLS)[number];

export function completionScript(shell: Shell, nodes: CompletionNode[]): string {
  if (shell === 'fish') return fishScript(nodes);
  const entries = nodes.map(
    (n) => `  [${JSON.stringify(n.path)}]=${JSON.stringify([...n.subcommands, ...n.options].join(' '))}`,
  );
  const bash = `# promo completion for bash (and zsh through bashcompinit)
declare -gA _promo_words=(
${entries.join('\n')}
)
_promo() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" path="" word i
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    [[ $word == -* ]] && continue
    if [[ -n "\${_promo_words[\${path:+$path }$word]+x}" ]]; then path="\${path:+$path }$word"; fi
  done
  COMPREPLY=($(compgen -W "\${_promo_words[$path]}" -- "$cur"))
}
complete -o default -F _promo promo
`;
  if (shell === 'bash') return bash;
  return `# promo completion for zsh\nautoload -U +X bashcompinit && bashcompinit\n${bash}`;
}

function fishScript(nodes: CompletionNode[]): string {
  const lines = ['# promo completion for fish', 'complete -c promo -f'];
  for (const node of nodes) {
    const words = node.path.split(' ').filter(Boolean);
    const condition =
      words.length === 0 ? '__fish_use_subcommand' : `__fish_seen_subcommand_from ${words.at(-1)}`;
    if (node.subcommands.length)
      lines.push(`complete -c promo -n '${condition}' -a '${node.subcommands.join(' ')}'`);
    for (const option of node.options.filter((o) => o.startsWith('--'))) {
      lines.push(`complete -c promo -n '${condition}' -l '${option.slice(2)}'`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The command, given the registry it completes (which lists this command too). */
export function completionCommand(registry: () => Parameters<typeof completionData>[0]) {
  return defineCommand({
    path: ['completion'],
    summary: 'Print a shell completion script',
    examples: [
      'promo completion bash > ~/.local/share/bash-completion/completions/promo',
      'promo completion zsh > ~/.zfunc/_promo  # with fpath+=(~/.zfunc) in ~/.zshrc',
      'promo completion fish > ~/.config/fish/completions/promo.fish',
    ],
    args: { shell: { help: SHELLS.join(', '), required: true } },
    run: async ({ shell }, rt) => {
      if (!(SHELLS as readonly string[]).includes(shell)) {
        throw new UsageError(`shell must be one of ${SHELLS.join(', ')}, not '${shell}'`);
      }
      rt.out.text(completionScript(shell as Shell, completionData(registry())));
    },
  });
}
