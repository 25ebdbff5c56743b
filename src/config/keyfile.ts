import { constants, type Stats } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import {
  decryptPrivateJwk,
  encryptPrivateJwk,
  isEncryptedKeyText,
  isPrivateJwk,
  JwkError,
  KeyDecryptError,
  type PrivateJwk,
  parseJwk,
} from '../auth/index.js';
import { ensurePrivateDir, writeFileExclusive } from './atomic.js';
import { ConfigError, errnoCode, KeyFileError } from './errors.js';
import { assertSecurePath, isTrustedOwner, type SecurePathOptions } from './secure-path.js';

export interface ReadKeyOptions {
  /** Asked only when the key is encrypted (interactive prompt, or CUSTODY_KEY_PASSPHRASE). */
  passphrase?: () => Promise<string>;
  /** Who the file and its folders must belong to (default: this process's user; tests inject). */
  secure?: SecurePathOptions;
}

export interface WriteKeyOptions {
  /** When given, the key is stored as a JWE (PBES2) instead of a plain JWK. */
  passphrase?: string;
  /** PBES2 iteration count (tests lower it; the default comes from auth). */
  iterations?: number;
  secure?: SecurePathOptions;
}


/** A JWK is a few hundred bytes and a JWE of one under 2 KiB; anything far larger is not a key. */
const MAX_KEY_BYTES = 64 * 1024;

// O_NOFOLLOW closes the window between lstat and open (a symlink swapped in meanwhile fails with
// ELOOP); O_NONBLOCK keeps a FIFO swapped in from hanging the open. Both are 0 where unsupported.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * Messages of lower layers are passed on only after long base64url runs are cut out, so nothing
 * that could be (part of) a key or a JWE ever reaches a screen or a log through them.
 */
function scrub(message: string): string {
  return message.replace(/[A-Za-z0-9_-]{20,}/g, '…');
}

function symlinkError(file: string): KeyFileError {
  const q = JSON.stringify(file);
  return new KeyFileError(
    `${file} is a symlink; custody only reads a regular key file (a link could point anywhere).`,
    {
      path: file,
      fix: `replace the link with the file itself: cp --remove-destination "$(readlink -f ${q})" ${q} && chmod 600 ${q}`,
    },
  );
}

function modeError(file: string, mode: number): KeyFileError {
  const octal = (mode & 0o777).toString(8).padStart(4, '0');
  return new KeyFileError(
    `${file} has mode ${octal}: a private key must be readable by you alone (0600 or 0400).`,
    { path: file, fix: `chmod 600 ${JSON.stringify(file)}` },
  );
}

/** The key file's owner and every folder on its way (secure-path.ts): a key others can swap is not the user's. */
async function checkKeyPath(file: string, secure: SecurePathOptions | undefined): Promise<void> {
  try {
    await assertSecurePath(file, secure);
  } catch (err) {
    if (err instanceof ConfigError) throw new KeyFileError(err.message, { path: err.path, fix: err.fix });
    throw err;
  }
}

function checkStats(file: string, stats: Stats): void {
  if (stats.isSymbolicLink()) throw symlinkError(file);
  if (!stats.isFile()) throw new KeyFileError(`${file} is not a regular file`, { path: file });
  if ((stats.mode & 0o077) !== 0) throw modeError(file, stats.mode);
  if (stats.size > MAX_KEY_BYTES) {
    throw new KeyFileError(`${file} is ${stats.size} bytes, far too large to be a key file`, { path: file });
  }
}

async function readKeyText(file: string, secure: SecurePathOptions | undefined): Promise<string> {
  let before: Stats;
  try {
    before = await fsp.lstat(file);
  } catch (err) {
    const code = errnoCode(err);
    if (code === 'ENOENT') {
      throw new KeyFileError(`no key file at ${file}`, {
        path: file,
        fix: 'run `custody init` to create a key, or pass --key-file <path>',
      });
    }
    throw new KeyFileError(`cannot read ${file}: ${code ?? 'unknown error'}`, { path: file });
  }
  checkStats(file, before);
  await checkKeyPath(file, secure);

  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(file, OPEN_FLAGS);
  } catch (err) {
    const code = errnoCode(err);
    if (code === 'ELOOP') throw symlinkError(file);
    throw new KeyFileError(`cannot open ${file}: ${code ?? 'unknown error'}`, { path: file });
  }
  try {
    // The file opened must be the one checked: same inode, and still a private regular file.
    const after = await handle.stat();
    if (after.ino !== before.ino || after.dev !== before.dev) {
      throw new KeyFileError(`${file} changed while it was being opened; try again`, { path: file });
    }
    checkStats(file, after);
    // Said in full (with the fix) by the path check; here it guards the file actually opened.
    if (!isTrustedOwner(after.uid, secure)) {
      throw new KeyFileError(`${file} is owned by uid ${after.uid}, not by you or root`, { path: file });
    }
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

async function keyFromText(
  text: string,
  source: { path?: string; label: string },
  opts: ReadKeyOptions,
): Promise<PrivateJwk> {
  const { label } = source;
  const trimmed = text.trim();
  if (isEncryptedKeyText(trimmed)) {
    if (!opts.passphrase) {
      throw new KeyFileError(`${label} is encrypted and no passphrase was given`, {
        path: source.path,
        fix: 'set CUSTODY_KEY_PASSPHRASE, or run custody in a terminal to be asked for it',
      });
    }
    const passphrase = await opts.passphrase();
    try {
      return await decryptPrivateJwk(trimmed, passphrase);
    } catch (err) {
      // auth's own errors are written to be safe (and are scrubbed on top); anything else is
      // summarised, since its message could quote an input.
      const reason =
        err instanceof KeyDecryptError || err instanceof JwkError
          ? scrub(err.message)
          : 'cannot decrypt the key: wrong passphrase or damaged key file';
      throw new KeyFileError(`${label}: ${reason}`, { path: source.path });
    }
  }
  let jwk: ReturnType<typeof parseJwk>;
  try {
    jwk = parseJwk(trimmed, label);
  } catch (err) {
    const reason = err instanceof JwkError ? scrub(err.message) : `${label}: not a JWK`;
    throw new KeyFileError(reason, { path: source.path });
  }
  if (!isPrivateJwk(jwk)) {
    throw new KeyFileError(
      `${label}: this file holds only the public half of a key (no "d"); custody needs the private key`,
      {
        path: source.path,
        fix: 'the public half is what you paste into the workspace settings; point --key-file at the private key',
      },
    );
  }
  return jwk;
}

/**
 * Reads a private key file, refusing a symlink, anything but a regular file, any mode that lets
 * group or others in, and a file or folder on its way that someone else could change
 * (secure-path.ts). Decrypts it when it is a JWE. Errors never contain key material.
 */
export async function readPrivateKey(file: string, opts: ReadKeyOptions = {}): Promise<PrivateJwk> {
  const text = await readKeyText(file, opts.secure);
  return keyFromText(text, { path: file, label: file }, opts);
}

/** The key given as text through CUSTODY_API_KEY: a private JWK, or its JWE with a passphrase. */
export async function keyFromEnvText(text: string, opts: ReadKeyOptions = {}): Promise<PrivateJwk> {
  return keyFromText(text, { label: 'CUSTODY_API_KEY' }, opts);
}

/** The file's text: a JWK with its members in the order of the wire notes, or the JWE. */
async function keyFileText(jwk: PrivateJwk, opts: WriteKeyOptions): Promise<string> {
  if (opts.passphrase !== undefined) {
    const iterations = opts.iterations === undefined ? {} : { iterations: opts.iterations };
    return `${await encryptPrivateJwk(jwk, opts.passphrase, iterations)}\n`;
  }
  const { kty, crv, x, y, d, kid } = jwk;
  return `${JSON.stringify({ kty, crv, x, y, d, kid }, null, 2)}\n`;
}

/**
 * Creates a private key file (folder 0700, file 0600) in a folder only the user (or root) can
 * change. Never replaces an existing file: a key
 * overwritten is a key lost. The file appears whole or not at all.
 */
export async function writePrivateKey(
  file: string,
  jwk: PrivateJwk,
  opts: WriteKeyOptions = {},
): Promise<void> {
  if (!isPrivateJwk(jwk)) {
    throw new KeyFileError('refusing to write a key without its private part ("d")', { path: file });
  }
  if (opts.passphrase === '') {
    throw new KeyFileError('an empty passphrase would not protect the key', { path: file });
  }
  const text = await keyFileText(jwk, opts);
  await ensurePrivateDir(path.dirname(file));
  // A key written where others can swap it would be refused by the next read: say so now.
  await checkKeyPath(file, opts.secure);
  try {
    await writeFileExclusive(file, text, { mode: 0o600 });
  } catch (err) {
    const code = errnoCode(err);
    if (code === 'EEXIST') {
      throw new KeyFileError(`a file already exists at ${file}; custody never overwrites a key file`, {
        path: file,
        fix: 'move the old file away first, or choose another path with --key-file',
      });
    }
    throw new KeyFileError(`cannot write ${file}: ${code ?? 'unknown error'}`, { path: file });
  }
}
