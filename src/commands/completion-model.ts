// What shell completion offers, read from the command specs (options, usage lines, details), so
// that a new command or option is completed without anyone touching the completion scripts.
import { KEY_STATES } from '../contract/index.js';
import { ROLES } from '../format/index.js';
import { type CommandSpec, helpOption, type OptionSpec } from './cli.js';

/** What the value of an option (or a positional argument) completes to. */
export type ValueKind =
  | { kind: 'none' } // takes a value, but nothing to offer (a URL, a number)
  | { kind: 'files' }
  | { kind: 'profiles' } // asked of `custody config list --names` at completion time
  | { kind: 'words'; words: readonly string[] }
  | { kind: 'register'; roles: readonly string[]; states: readonly string[] }; // FILE=ROLE[:STATE]

export interface FlagModel {
  long: string;
  short?: string;
  description: string;
  /** Undefined for a flag that takes no value. */
  value?: ValueKind;
  /** Shown for the value: URL, NAME, FILE=ROLE[:STATE]. */
  placeholder?: string;
  multiple: boolean;
}

export interface SubcommandModel {
  name: string;
  description: string;
  /** What its one argument completes to (`config use PROFILE`); undefined for none. */
  argument?: ValueKind;
}

export interface CommandModel {
  name: string;
  summary: string;
  flags: FlagModel[];
  subcommands: SubcommandModel[];
}

export interface CompletionModel {
  version: string;
  commands: CommandModel[];
  /** What `custody` takes before any command: the console's flags, --version and --help. */
  topFlags: FlagModel[];
}

/** The command that runs when none is named. */
const DEFAULT_COMMAND = 'console';

const roles: ValueKind = { kind: 'words', words: ROLES };

/** Values by `command:option`, then by `*:option` (the same option means the same everywhere). */
const VALUES: Readonly<Record<string, ValueKind>> = {
  '*:profile': { kind: 'profiles' },
  '*:role': roles,
  '*:key-file': { kind: 'files' },
  '*:log-file': { kind: 'files' },
  'sandbox:register': { kind: 'register', roles: ROLES, states: KEY_STATES },
};

/** A positional placeholder of a usage line, by what it names. */
function placeholderKind(placeholder: string): ValueKind {
  if (placeholder === 'PROFILE') return { kind: 'profiles' };
  if (/^(FILE|PATH)$/.test(placeholder)) return { kind: 'files' };
  return { kind: 'none' };
}

function valueKind(command: string, option: string, spec: OptionSpec): ValueKind | undefined {
  if (spec.type === 'boolean') return undefined;
  const known = VALUES[`${command}:${option}`] ?? VALUES[`*:${option}`];
  if (known) return known;
  // The option's own words (--status, --output): declared once, with the option.
  if (spec.values !== undefined) return { kind: 'words', words: spec.values };
  return placeholderKind(spec.value ?? '');
}

function flag(command: string, long: string, spec: OptionSpec): FlagModel {
  const value = valueKind(command, long, spec);
  return {
    long,
    ...(spec.short === undefined ? {} : { short: spec.short }),
    description: spec.description,
    ...(value === undefined ? {} : { value, placeholder: spec.value ?? 'VALUE' }),
    multiple: spec.multiple === true,
  };
}

const WORD = /^\[?[a-z][a-z0-9-]*(\|[a-z][a-z0-9-]*)*\]?$/;
const PLACEHOLDER = /^[A-Z][A-Z_]*$/;

/** The line of `details` that explains a subcommand ("show   the settings ..."), else ''. */
function subcommandDescription(spec: CommandSpec, name: string): string {
  for (const line of (spec.details ?? '').split('\n')) {
    const m = /^(\S+) {2,}(.+)$/.exec(line);
    if (m && m[1] === name) return m[2]!.trim();
  }
  return '';
}

/**
 * Subcommands from the usage lines: `config use PROFILE` gives `use` taking a profile,
 * `completion bash|zsh|fish` gives three words. A usage line whose second word is an option,
 * a bracket or a placeholder has none.
 */
function subcommands(spec: CommandSpec): SubcommandModel[] {
  const found = new Map<string, SubcommandModel>();
  for (const usage of spec.usage) {
    const [name, word, next] = usage.trim().split(/\s+/);
    if (name !== spec.name || word === undefined || !WORD.test(word)) continue;
    // `tx [list]`: a verb that may be left out is still one to complete.
    for (const sub of word.replace(/^\[(.*)\]$/, '$1').split('|')) {
      if (found.has(sub)) continue;
      const argument = next !== undefined && PLACEHOLDER.test(next) ? placeholderKind(next) : undefined;
      found.set(sub, {
        name: sub,
        description: subcommandDescription(spec, sub),
        ...(argument === undefined ? {} : { argument }),
      });
    }
  }
  return [...found.values()];
}

export function commandModel(spec: CommandSpec): CommandModel {
  const options = { ...spec.options, help: helpOption };
  return {
    name: spec.name,
    summary: spec.summary,
    flags: Object.entries(options).map(([long, o]) => flag(spec.name, long, o)),
    subcommands: subcommands(spec),
  };
}

/** The roles and states of the --register flag (FILE=ROLE[:STATE]), empty when no flag has them. */
export function registerValues(model: CompletionModel): { roles: string; states: string } {
  for (const c of model.commands) {
    for (const f of c.flags) {
      if (f.value?.kind === 'register') {
        return { roles: f.value.roles.join(' '), states: f.value.states.join(' ') };
      }
    }
  }
  return { roles: '', states: '' };
}

/** The model of every command, in the order given (the order of the help). */
export function completionModel(specs: readonly CommandSpec[], version: string): CompletionModel {
  const commands = specs.map(commandModel);
  const console = commands.find((c) => c.name === DEFAULT_COMMAND);
  const topFlags: FlagModel[] = [
    ...(console?.flags ?? []).filter((f) => f.long !== 'help'),
    { long: 'version', short: 'V', description: 'print the version', multiple: false },
    { long: 'help', short: 'h', description: 'list the commands', multiple: false },
  ];
  return { version, commands, topFlags };
}
