// promo completion <bash|zsh|fish>: completion scripts generated from the command tree itself,
// so that they never drift from the commands.
import type { Command } from 'commander';
import { Command as CommandClass } from 'commander';
import { type App, examples } from '../../app.js';
import { UsageError } from '../../errors.js';
import type { Runtime } from '../../runtime.js';

const SHELLS = ['bash', 'zsh', 'fish'] as const;
type Shell = (typeof SHELLS)[number];

interface Node {
  path: string;
  subcommands: string[];
  options: string[];
}

/** Every command path with its subcommands and its option flags (global ones included). */
export function commandTree(root: Command): Node[] {
  const nodes: Node[] = [];
  const globalFlags = root.options.flatMap((o) => [o.short, o.long].filter(Boolean) as string[]);
  const walk = (command: Command, path: string) => {
    const own =
      command === root ? [] : command.options.flatMap((o) => [o.short, o.long].filter(Boolean) as string[]);
    const subcommands = command.commands.map((c) => c.name()).filter((n) => n !== 'help');
    nodes.push({ path, subcommands, options: [...own, ...globalFlags, '--help'] });
    for (const sub of command.commands)
      if (sub.name() !== 'help') walk(sub, path ? `${path} ${sub.name()}` : sub.name());
  };
  walk(root, '');
  return nodes;
}

export function completionScript(shell: Shell, root: Command): string {
  const nodes = commandTree(root);
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

function fishScript(nodes: Node[]): string {
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

export async function run(shell: Shell, root: Command, rt: Runtime): Promise<void> {
  rt.out.text(completionScript(shell, root));
}

export function completionCommand(app: App): Command {
  return new CommandClass('completion')
    .description('Print a shell completion script')
    .argument('<shell>', SHELLS.join(', '))
    .addHelpText(
      'after',
      examples(
        'promo completion bash > ~/.local/share/bash-completion/completions/promo',
        'promo completion zsh > ~/.zfunc/_promo  # with fpath+=(~/.zfunc) in ~/.zshrc',
        'promo completion fish > ~/.config/fish/completions/promo.fish',
      ),
    )
    .action(
      app.action(async (rt, _flags, [shell], command) => {
        if (!(SHELLS as readonly string[]).includes(shell as string)) {
          throw new UsageError(`shell must be one of ${SHELLS.join(', ')}, not '${shell}'`);
        }
        let root = command;
        while (root.parent) root = root.parent;
        return run(shell as Shell, root, rt);
      }),
    );
}
