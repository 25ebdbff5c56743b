// What a command may know of the others (shell completion lists them all). A type of its own so
// that such a command need not import the command table, which loads it.
import type { CommandSpec } from './cli.js';

export interface CommandCatalog {
  /** The command names, in the order of the help. */
  names(): string[];
  /** A command's option spec (its module is loaded for it); undefined for an unknown name. */
  spec(name: string): Promise<CommandSpec | undefined>;
}
