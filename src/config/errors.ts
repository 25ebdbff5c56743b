/**
 * Errors of the config room. Each names the file (or variable) at fault and, where there is one,
 * the command that fixes it. Messages never carry key material or a passphrase, and no `cause` is
 * attached: a logged cause chain could print what an underlying library put in its message.
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
  readonly path: string | undefined;
  readonly fix: string | undefined;

  constructor(message: string, opts: { path?: string | undefined; fix?: string | undefined } = {}) {
    super(message);
    this.path = opts.path;
    this.fix = opts.fix;
  }
}

export class KeyFileError extends Error {
  override name = 'KeyFileError';
  /** The key file, or undefined when the key came through the environment. */
  readonly path: string | undefined;
  readonly fix: string | undefined;

  constructor(message: string, opts: { path?: string | undefined; fix?: string | undefined } = {}) {
    super(message);
    this.path = opts.path;
    this.fix = opts.fix;
  }
}

/** The errno code of a Node system error, if it is one. */
export function errnoCode(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string') {
    return err.code;
  }
  return undefined;
}
