// What a `:` command is: its words for parsing, completion and the help screen, and what it does.
// The commands themselves live with what they act on (a resource declares its own); the command
// line gathers them (input/commands.ts).
import type { ViewModel } from '../model/model.js';

export interface ParsedCommand {
  readonly spec?: CommandSpec;
  readonly name: string;
  readonly args: readonly string[];
  /** Everything after the name, as typed (an account name may hold spaces). */
  readonly rest: string;
}

/** What completion may offer, read once from the stores when Tab is pressed (query/sources.ts). */
export interface CompletionSources {
  /** What the `:tx` word being typed may become (tx-words.ts). */
  readonly txWord: (word: string) => readonly string[];
  readonly accountNames: readonly string[];
  readonly networks: readonly string[];
  readonly addressStatuses: readonly string[];
  /** The profiles `:ctx` can switch to. */
  readonly profiles: readonly string[];
}

export interface CommandSpec {
  readonly name: string;
  readonly aliases?: readonly string[];
  readonly args?: string;
  readonly description: string;
  /**
   * Candidates for the argument being typed: `word` is the last word, or with `wholeRest` all
   * the text after the name (an account name holds spaces).
   */
  readonly complete?: (word: string, sources: CompletionSources) => readonly string[];
  readonly wholeRest?: boolean;
  run(vm: ViewModel, command: ParsedCommand): void;
}
