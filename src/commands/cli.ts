// Shared command plumbing: option declarations drive both parsing and `--help`.
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { nearestWord } from '../format/index.js';

export interface Io {
  readonly stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number; rows?: number };
  readonly stderr: NodeJS.WritableStream & { isTTY?: boolean };
  readonly stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
  readonly env: NodeJS.ProcessEnv;
}

export interface OptionSpec {
  readonly type: 'string' | 'boolean';
  readonly description: string;
  readonly short?: string;
  readonly multiple?: boolean;
  /** Placeholder shown in help, e.g. URL or N. */
  readonly value?: string;
  /** The words the value may be (shell completion offers them). */
  readonly values?: readonly string[];
}

export interface CommandSpec {
  readonly name: string;
  readonly summary: string;
  /** Usage lines after `custody`, e.g. `init [--base-url URL]`. */
  readonly usage: readonly string[];
  readonly options: Readonly<Record<string, OptionSpec>>;
  readonly positionals?: boolean;
  /** Extra help paragraphs (examples, notes). */
  readonly details?: string;
}

export type ParsedValues = Record<string, string | boolean | string[] | undefined>;

export interface Parsed {
  readonly values: ParsedValues;
  readonly positionals: string[];
}

/** Raised for a mistake on the command line: printed with a pointer to --help, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export const helpOption: OptionSpec = { type: 'boolean', short: 'h', description: 'show this help' };

export function parseCommandArgs(spec: CommandSpec, argv: readonly string[]): Parsed {
  const options: NonNullable<ParseArgsConfig['options']> = { help: { type: 'boolean', short: 'h' } };
  for (const [name, o] of Object.entries(spec.options)) {
    options[name] = {
      type: o.type,
      ...(o.short ? { short: o.short } : {}),
      ...(o.multiple ? { multiple: true } : {}),
    };
  }
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options,
      allowPositionals: spec.positionals ?? false,
      strict: true,
    });
    return { values: values as ParsedValues, positionals };
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      const unknown = firstUnknownOption(options, argv);
      if (unknown !== undefined) throw new UsageError(unknownOptionText(unknown, Object.keys(options)));
    }
    // node's other messages are precise ("Option '--profile <value>' argument missing"); keep them.
    throw new UsageError(`${(err as Error).message.replace(/\. To specify.*$/s, '')}`);
  }
}

/**
 * The first option on the line that the command does not know, as typed (`--readonly`, `-x`, or
 * `-readonly` whole: one dash before a long name is a typo too, not a bunch of short flags).
 */
function firstUnknownOption(options: NonNullable<ParseArgsConfig['options']>, argv: readonly string[]): string | undefined {
  // Read loosely (strict: false) only to find the token that the strict read refused.
  const { tokens } = parseArgs({ args: [...argv], options, allowPositionals: true, strict: false, tokens: true });
  for (const t of tokens) {
    if (t.kind !== 'option' || Object.hasOwn(options, t.name)) continue;
    const typed = argv[t.index]!;
    if (typed.startsWith('--')) return `--${t.name}`;
    // `-readonly` read as -r -e -a…: when its very first letter is the unknown one, it was meant long.
    const whole = /^-[^-=]{2,}/.test(typed) && t.rawName === typed.slice(0, 2);
    return whole ? typed.split('=')[0]! : t.rawName;
  }
  return undefined;
}

/**
 * "unknown option --readonly: did you mean --read-only?" (without the question when no long name
 * is near). Pure: `known` are the command's long option names, without dashes.
 */
export function unknownOptionText(typed: string, known: readonly string[]): string {
  const word = typed.replace(/^-+/, '');
  // A single letter (`-x`) is too short to be a typo of anything in particular.
  const near = word.length > 1 ? nearestWord(word, known) : undefined;
  return `unknown option ${typed}${near === undefined ? '' : `: did you mean --${near}?`}`;
}

export function formatHelp(spec: CommandSpec): string {
  const lines = [`custody ${spec.name} — ${spec.summary}`, '', 'Usage:'];
  for (const u of spec.usage) lines.push(`  custody ${u}`);
  const entries = Object.entries({ ...spec.options, help: helpOption });
  if (entries.length) {
    lines.push('', 'Options:');
    const labels = entries.map(([name, o]) => {
      const flag = `${o.short ? `-${o.short}, ` : '    '}--${name}${o.type === 'string' ? ` ${o.value ?? 'VALUE'}` : ''}`;
      return [flag, o.description + (o.multiple ? ' (repeatable)' : '')] as const;
    });
    const width = Math.max(...labels.map(([f]) => f.length));
    for (const [f, d] of labels) lines.push(`  ${f.padEnd(width)}  ${d}`);
  }
  if (spec.details) lines.push('', spec.details.trimEnd());
  return `${lines.join('\n')}\n`;
}

export function str(values: ParsedValues, name: string): string | undefined {
  const v = values[name];
  return typeof v === 'string' ? v : undefined;
}

export function bool(values: ParsedValues, name: string): boolean {
  return values[name] === true;
}

export function list(values: ParsedValues, name: string): string[] {
  const v = values[name];
  return Array.isArray(v) ? v : typeof v === 'string' ? [v] : [];
}
