// The `:` command line: the commands (each resource's own, one per pane from the registry, :ctx,
// help and quit), the parser, the completer and the runner.
import type { ViewModel } from '../model/model.js';
import { notify } from '../model/notify.js';
import { PANES, RESOURCES } from '../resources/registry.js';
import { CTX_COMMAND } from '../profiles/command.js';
import type { CommandSpec, CompletionSources, ParsedCommand } from '../query/command-spec.js';

export type { CommandSpec, CompletionSources, ParsedCommand } from '../query/command-spec.js';

const OWN = RESOURCES.flatMap((r) => r.commands ?? []);

export const COMMANDS: readonly CommandSpec[] = [
  ...OWN,
  // A pane's name goes to it, unless its resource declares that command itself (`:balances <account>`).
  ...PANES.filter((p) => !OWN.some((c) => c.name === p.id)).map(
    (p): CommandSpec => ({
      name: p.id,
      description: `the ${p.title.toLowerCase()} pane`,
      run: (vm) => vm.ui.getState().setPane(p.id),
    }),
  ),
  CTX_COMMAND,
  { name: 'help', description: 'the help screen', run: (vm) => vm.ui.getState().openHelp() },
  { name: 'quit', aliases: ['q'], description: 'quit', run: (vm) => vm.env.quit() },
];

export function parseCommand(line: string): ParsedCommand {
  const text = line.trim().replace(/^:/, '').trim();
  const [name = '', ...args] = text.split(/\s+/).filter((w) => w !== '');
  const rest = text.slice(name.length).trim();
  const lower = name.toLowerCase();
  const spec = COMMANDS.find((c) => c.name === lower || (c.aliases ?? []).includes(lower));
  return { ...(spec ? { spec } : {}), name, args, rest };
}

export interface Completion {
  /** The line up to the word being completed. */
  readonly head: string;
  readonly candidates: readonly string[];
}

/** Candidates for the word at the end of `line`: command names first, then the command's arguments. */
export function completeLine(line: string, sources: CompletionSources): Completion {
  const firstSpace = line.search(/\s/);
  if (firstSpace < 0) {
    const names = COMMANDS.flatMap((c) => [c.name, ...(c.aliases ?? [])]).filter((n) => n.length > 1);
    return { head: '', candidates: names.filter((n) => n.toLowerCase().startsWith(line.toLowerCase())) };
  }
  const spec = parseCommand(line).spec;
  if (spec?.wholeRest === true) {
    const head = line.slice(0, firstSpace + 1);
    return { head, candidates: spec.complete?.(line.slice(firstSpace + 1).trimStart(), sources) ?? [] };
  }
  const lastSpace = Math.max(line.lastIndexOf(' '), line.lastIndexOf('\t'));
  const head = line.slice(0, lastSpace + 1);
  return { head, candidates: spec?.complete?.(line.slice(lastSpace + 1), sources) ?? [] };
}

export function runCommand(vm: ViewModel, line: string): void {
  const cmd = parseCommand(line);
  if (cmd.name === '') return;
  if (cmd.spec === undefined) {
    notify(vm, 'warn', `unknown command :${cmd.name} (:help lists the commands)`, 'view-command');
    return;
  }
  cmd.spec.run(vm, cmd);
}
