// `custody completion bash|zsh|fish`: prints a completion script built from the command specs
// of this custody, so it names exactly the commands and flags it has.
import type { SecretEnv } from '../config/index.js';
import type { CommandCatalog } from './catalog.js';
import { type CommandSpec, type Io, type Parsed, UsageError } from './cli.js';
import { bashScript } from './completion-bash.js';
import { fishScript } from './completion-fish.js';
import { type CompletionModel, completionModel } from './completion-model.js';
import { zshScript } from './completion-zsh.js';
import { VERSION } from './version.js';

export const SHELLS = {
  bash: bashScript,
  zsh: zshScript,
  fish: fishScript,
} as const satisfies Record<string, (model: CompletionModel) => string>;

export type Shell = keyof typeof SHELLS;

export const spec: CommandSpec = {
  name: 'completion',
  summary: 'print a shell completion script (bash, zsh or fish)',
  usage: ['completion bash|zsh|fish'],
  options: {},
  positionals: true,
  details: `Prints the script on stdout. It completes the commands, their flags, the roles, files
where a flag takes one, and profile names (read at each Tab from \`custody config list --names\`).

Install:
  bash  custody completion bash > ~/.local/share/bash-completion/completions/custody
  zsh   custody completion zsh > ~/.zfunc/_custody   (a folder on $fpath, before compinit)
  fish  custody completion fish > ~/.config/fish/completions/custody.fish
Then open a new shell. Run it again after upgrading custody.`,
};

function isShell(name: string): name is Shell {
  return Object.hasOwn(SHELLS, name);
}

/** The specs of every command, in the order of the help. */
async function commandSpecs(catalog: CommandCatalog): Promise<CommandSpec[]> {
  const specs: CommandSpec[] = [];
  for (const name of catalog.names()) {
    const found = await catalog.spec(name);
    if (found) specs.push(found);
  }
  return specs;
}

function completionScript(shell: Shell, specs: readonly CommandSpec[]): string {
  return SHELLS[shell](completionModel(specs, VERSION));
}

export async function run(
  parsed: Parsed,
  io: Io,
  _secrets: SecretEnv,
  catalog: CommandCatalog,
): Promise<number> {
  const shells = Object.keys(SHELLS).join(', ');
  const [shell, ...rest] = parsed.positionals;
  if (shell === undefined) throw new UsageError(`which shell: ${shells}?`);
  if (!isShell(shell)) throw new UsageError(`unknown shell '${shell}': use one of ${shells}`);
  if (rest.length > 0) throw new UsageError(`completion takes one shell (got '${rest[0]}' too)`);
  io.stdout.write(completionScript(shell, await commandSpecs(catalog)));
  return 0;
}
