// `custody init`: a key (new or given), its public half to paste into the workspace settings,
// the workspace discovered with that key, and a saved profile. The profile is written only once
// the server has accepted the key; the key file is written first and always kept, so a second run
// with --key-file finishes the job.
import fsp from 'node:fs/promises';
import path from 'node:path';
import {
  createSigner,
  generatePrivateJwk,
  type PrivateJwk,
  type PublicJwk,
  publicHalf,
} from '../auth/index.js';
import { ApiError, NetworkError, parseBaseUrl } from '../client/index.js';
import {
  type Config,
  ConfigError,
  configDir,
  configFilePath,
  defaultKeyPath,
  errnoCode,
  expandHome,
  getProfile,
  isValidProfileName,
  KeyFileError,
  loadConfig,
  type Profile,
  removeProfile,
  type SecretEnv,
  saveConfig,
  setActiveProfile,
  upsertProfile,
  writePrivateKey,
} from '../config/index.js';
import type { Workspace } from '../contract/index.js';
import { isRole, ROLES } from '../format/index.js';
import { asSentences, explainCallFailure } from './call-failure.js';
import { bool, type CommandSpec, type Io, type Parsed, str, UsageError } from './cli.js';
import { loadPrivateKey, makeClient } from './context.js';
import { canPrompt, readLine, readSecret } from './prompt.js';
import { displayUrl, shellQuote } from './shell.js';

/** The production API named by the published OpenAPI document; offered in help, never assumed. */
const DOCUMENTED_BASE_URL = 'https://api.bron.org';

export const spec: CommandSpec = {
  name: 'init',
  summary: 'create a key and a profile for a workspace',
  usage: [
    'init --base-url URL [--profile NAME] [--encrypt] [--role ROLE]',
    'init --base-url URL --key-file PATH [--workspace ID] [--profile NAME]',
    'init --base-url URL --generate-key --yes [--encrypt]',
  ],
  options: {
    profile: {
      type: 'string',
      value: 'NAME',
      description: 'name of the profile to create (default: default)',
    },
    'base-url': {
      type: 'string',
      value: 'URL',
      description: `API base URL; required (or CUSTODY_BASE_URL). Production: ${DOCUMENTED_BASE_URL}`,
    },
    workspace: {
      type: 'string',
      value: 'ID',
      description: 'workspace id; checked with the key instead of discovered (no questions asked)',
    },
    'key-file': {
      type: 'string',
      value: 'PATH',
      description: 'use this existing private key instead of a new one',
    },
    'generate-key': {
      type: 'boolean',
      description: 'create a new key (the default without --key-file); never overwrites a key file',
    },
    encrypt: { type: 'boolean', description: 'store the new key encrypted with a passphrase (asked twice)' },
    role: {
      type: 'string',
      value: 'ROLE',
      description: `the role you gave the key: ${ROLES.join(', ')}`,
    },
    proxy: {
      type: 'string',
      value: 'URL',
      description: 'HTTP(S) proxy for API calls (saved in the profile)',
    },
    yes: {
      type: 'boolean',
      short: 'y',
      description: 'replace an existing profile of that name, and never stop to ask or wait',
    },
  },
  details: `Steps: (1) a new key is written to <config dir>/keys/<profile>.jwk (mode 0600; an existing
file is never overwritten), or --key-file names one; (2) its PUBLIC half is printed: paste it into
the workspace settings → API keys and choose a role; (3) press Enter once it is added; (4) custody
calls GET /workspaces with the key to find the workspace (several: pick one by number); (5) the
profile is saved, and made active when no other profile is. The profile is saved only after the
server accepted the key. If it does not (yet), the key file is kept and custody prints the
command that finishes the setup with --key-file.

There is no built-in base URL: give --base-url (or CUSTODY_BASE_URL), e.g. ${DOCUMENTED_BASE_URL}.

Nothing waits for input when stdin is not a terminal, or with --workspace or --yes: a key the
server does not accept yet then ends init with exit code 1 and the command to finish it.
--encrypt asks for the passphrase in a terminal; CUSTODY_KEY_PASSPHRASE gives it to scripts (it
also unlocks an encrypted --key-file).`,
};

interface Plan {
  profile: string;
  baseUrl: string;
  workspace: string | undefined;
  keyFileFlag: string | undefined;
  encrypt: boolean;
  role: string | undefined;
  proxy: string | undefined;
  yes: boolean;
  /** May stop to ask: stdin is a terminal and neither --workspace nor --yes was given. */
  interactive: boolean;
}

function envValue(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v === '' ? undefined : v;
}

function checkUrl(value: string, flag: string): string {
  try {
    parseBaseUrl(value);
  } catch (err) {
    throw new UsageError(`${flag}: ${(err as Error).message}`);
  }
  return value.replace(/\/+$/, '');
}

/** A proxy URL may carry a user and password (it is then never printed in full). */
function checkProxyUrl(value: string): void {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new UsageError('--proxy: expected an http:// or https:// proxy URL');
  }
}

/** Every command-line decision, taken before anything is read or written. */
function plan(parsed: Parsed, io: Io): Omit<Plan, 'baseUrl'> & { baseUrl: string | undefined } {
  const v = parsed.values;
  if (parsed.positionals.length) throw new UsageError(`unexpected argument '${parsed.positionals[0]}'`);
  const profile = str(v, 'profile') ?? envValue(io.env, 'CUSTODY_PROFILE') ?? 'default';
  if (!isValidProfileName(profile)) {
    throw new UsageError(
      `invalid profile name ${JSON.stringify(profile)}: use 1 to 64 letters, digits, '_', '-' or '.', not starting with '.'`,
    );
  }
  const keyFileFlag = str(v, 'key-file');
  if (keyFileFlag !== undefined && bool(v, 'generate-key')) {
    throw new UsageError(
      '--key-file and --generate-key exclude each other: use an existing key or make a new one',
    );
  }
  if (keyFileFlag !== undefined && bool(v, 'encrypt')) {
    throw new UsageError('--encrypt applies to a new key; an existing --key-file is used as it is');
  }
  const role = str(v, 'role');
  if (role !== undefined && !isRole(role)) {
    throw new UsageError(`unknown role '${role}': use one of ${ROLES.join(', ')}`);
  }
  for (const flag of ['base-url', 'workspace', 'key-file', 'proxy']) {
    if (str(v, flag) === '') throw new UsageError(`--${flag} needs a value`);
  }
  const baseUrlGiven = str(v, 'base-url') ?? envValue(io.env, 'CUSTODY_BASE_URL');
  const baseUrl =
    baseUrlGiven === undefined
      ? undefined
      : checkUrl(baseUrlGiven, str(v, 'base-url') !== undefined ? '--base-url' : 'CUSTODY_BASE_URL');
  const proxy = str(v, 'proxy');
  if (proxy !== undefined) checkProxyUrl(proxy);
  const workspace = str(v, 'workspace') ?? envValue(io.env, 'CUSTODY_WORKSPACE');
  const yes = bool(v, 'yes');
  return {
    profile,
    baseUrl,
    workspace,
    keyFileFlag,
    encrypt: bool(v, 'encrypt'),
    role,
    proxy,
    yes,
    interactive: canPrompt(io) && workspace === undefined && !yes,
  };
}

export async function run(parsed: Parsed, io: Io, secrets: SecretEnv): Promise<number> {
  const planned = plan(parsed, io);
  const configPath = configFilePath(io.env);
  // A damaged config stops init here, before a key is made: nothing to clean up, nothing lost.
  const { config } = await loadConfig(configPath);
  const existing = getProfile(config, planned.profile);
  if (existing && !planned.yes) {
    throw new ConfigError(
      `profile "${planned.profile}" already exists (workspace ${existing.workspaceId} at ${existing.baseUrl})`,
      { fix: 'choose another name with --profile NAME, or pass --yes to replace it' },
    );
  }
  // Re-initialising a profile keeps its base URL unless a new one is given.
  const baseUrl = planned.baseUrl ?? existing?.baseUrl;
  if (baseUrl === undefined) {
    throw new UsageError(
      `init needs the API's base URL: --base-url URL or CUSTODY_BASE_URL (production: ${DOCUMENTED_BASE_URL})`,
    );
  }
  const p: Plan = { ...planned, baseUrl };
  if (existing) io.stderr.write(`Replacing profile "${p.profile}" (--yes).\n`);
  if (secrets.apiKey !== undefined) {
    io.stderr.write(
      'Note: CUSTODY_API_KEY is set; while it is, custody uses it instead of the profile key.\n',
    );
  }

  // The private key goes into the signer and no further; the rest of the flow sees its path and id.
  const { jwk, ...key } = await obtainKey(p, io, secrets);
  printPublicKey(publicHalf(jwk), key, p, io);
  const signer = await createSigner(jwk);
  const keyId = signer.kid;
  if (p.interactive) {
    const answer = await readLine(
      io,
      'Press Enter once the key is added in the workspace settings (q to quit): ',
    );
    if (answer === undefined || /^q/i.test(answer.trim())) return giveUp(p, key, { reason: 'quit' }, io);
  }

  const found = await discoverWorkspace(p, signer, io);
  if (found.stop) return giveUp(p, key, found.stop, io);
  const { workspace } = found;

  const saved = await saveProfile(p, configPath, workspace, key, keyId, io);
  printSummary(p, saved, workspace, key, keyId, io);
  return 0;
}

// --- the key ---

interface KeyChoice {
  /** Absolute path of the key file. */
  path: string;
  created: boolean;
  encrypted: boolean;
}

async function obtainKey(p: Plan, io: Io, secrets: SecretEnv): Promise<KeyChoice & { jwk: PrivateJwk }> {
  if (p.keyFileFlag !== undefined) {
    const file = path.resolve(expandHome(p.keyFileFlag, io.env));
    const jwk = await loadPrivateKey({ source: 'file', path: file }, io, secrets);
    return { jwk, path: file, created: false, encrypted: false };
  }
  const file = defaultKeyPath(p.profile, io.env);
  if (await exists(file)) {
    // Never overwritten; and not silently reused either: say how to use it or start over.
    throw new KeyFileError(`a key file already exists at ${file}; custody never overwrites a key file`, {
      path: file,
      fix: `to use that key: ${retryCommand(p, file)}; for a new key, move the file away first`,
    });
  }
  const passphrase = p.encrypt ? await newPassphrase(io, secrets) : undefined;
  const jwk = await generatePrivateJwk();
  await writePrivateKey(file, jwk, passphrase === undefined ? {} : { passphrase });
  return { jwk, path: file, created: true, encrypted: passphrase !== undefined };
}

async function exists(file: string): Promise<boolean> {
  try {
    await fsp.lstat(file);
    return true;
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return false;
    throw new KeyFileError(`cannot look at ${file}: ${errnoCode(err) ?? 'unknown error'}`, { path: file });
  }
}

const PASSPHRASE_TRIES = 3;

async function newPassphrase(io: Io, secrets: SecretEnv): Promise<string> {
  if (secrets.passphrase !== undefined) return secrets.passphrase;
  if (!canPrompt(io)) {
    throw new UsageError(
      '--encrypt needs a passphrase: run init in a terminal, or set CUSTODY_KEY_PASSPHRASE',
    );
  }
  for (let i = 0; i < PASSPHRASE_TRIES; i++) {
    const first = await readSecret(io, 'Passphrase for the new key: ');
    if (first === '') {
      io.stderr.write('An empty passphrase would not protect the key; type one.\n');
      continue;
    }
    const second = await readSecret(io, 'The same passphrase again: ');
    if (first === second) return first;
    io.stderr.write('The two passphrases differ; try again.\n');
  }
  throw new KeyFileError('no passphrase was agreed on; no key was written', {
    fix: 'run init again, or leave out --encrypt for a plain key file (mode 0600)',
  });
}

function printPublicKey(pub: PublicJwk, key: KeyChoice, p: Plan, io: Io): void {
  const where = key.created
    ? `Created a new key in ${key.path}${key.encrypted ? ' (encrypted with your passphrase)' : ''}.`
    : `Using the key in ${key.path}.`;
  io.stdout.write(
    [
      where,
      '',
      `Public key (key id ${pub.kid}) — paste this into the workspace settings → API keys,`,
      'and choose a role (view-only to watch; transaction-operator or full-access to decline/approve):',
      '',
      JSON.stringify(pub),
      '',
      ...(p.role === undefined ? [] : [`(You said the role is ${p.role}.)`, '']),
    ].join('\n'),
  );
}

// --- the workspace ---

/** Why init stops before saving: the user quit, the key was refused, or a workspace must be chosen. */
type Stop = { reason: 'quit' } | { reason: 'refused' } | { reason: 'choose'; example: string };
type Found = { workspace: Workspace; stop?: undefined } | { stop: Stop };

/** The workspace the key is bound to, or why there is none (the reason is already printed). */
async function discoverWorkspace(
  p: Plan,
  signer: Awaited<ReturnType<typeof createSigner>>,
  io: Io,
): Promise<Found> {
  const client = makeClient(
    signer,
    { baseUrl: p.baseUrl, workspaceId: p.workspace ?? '', proxy: p.proxy },
    // A person is waiting: one quick retry for a blip, then say what is wrong.
    { retry: { limit: 1, maxDelayMs: 2000 }, env: io.env },
  );
  for (;;) {
    try {
      if (p.workspace !== undefined) return { workspace: await client.workspaces.get() };
      return await pickWorkspace(await client.workspaces.list(), p, io);
    } catch (err) {
      if (!(err instanceof ApiError || err instanceof NetworkError)) throw err;
      // The same words as `custody doctor`, as sentences.
      const call = p.workspace === undefined ? 'GET /workspaces' : `GET /workspaces/${p.workspace}`;
      const skew = client.http.clockSkewMs;
      const ctx = { call, baseUrl: p.baseUrl, workspaceId: p.workspace, kid: signer.kid, clockSkewMs: skew };
      io.stderr.write(`${asSentences(explainCallFailure(err, ctx))}\n`);
      if (!p.interactive) return { stop: { reason: 'refused' } };
      const answer = await readLine(io, 'Press Enter to try again, or q to quit: ');
      if (answer === undefined || /^q/i.test(answer.trim())) return { stop: { reason: 'quit' } };
    }
  }
}

async function pickWorkspace(list: Workspace[], p: Plan, io: Io): Promise<Found> {
  if (list.length === 1) return { workspace: list[0]! };
  if (list.length === 0) {
    throw new ConfigError('the server lists no workspace for this key', {
      fix: 'check in the workspace settings that the key belongs to a workspace, then run init again with --key-file',
    });
  }
  const lines = list.map((w, i) => `  ${String(i + 1).padStart(2)}  ${w.name}  (${w.workspaceId})`);
  io.stderr.write(`This key can use ${list.length} workspaces:\n${lines.join('\n')}\n`);
  if (!p.interactive) return { stop: { reason: 'choose', example: list[0]!.workspaceId } };
  for (;;) {
    const answer = await readLine(io, `Workspace number [1-${list.length}] (q to quit): `);
    if (answer === undefined || /^q/i.test(answer.trim())) return { stop: { reason: 'quit' } };
    const n = Number(answer.trim());
    if (Number.isInteger(n) && n >= 1 && n <= list.length) return { workspace: list[n - 1]! };
    io.stderr.write(`Type a number from 1 to ${list.length}.\n`);
  }
}

// --- stopping early ---

/** The command that finishes the setup with the key already written. */
function retryCommand(
  p: Pick<Plan, 'profile' | 'baseUrl' | 'workspace' | 'role' | 'proxy'>,
  keyFile: string,
): string {
  const args = ['custody', 'init'];
  if (p.profile !== 'default') args.push('--profile', p.profile);
  args.push('--base-url', p.baseUrl, '--key-file', keyFile);
  if (p.workspace !== undefined) args.push('--workspace', p.workspace);
  if (p.role !== undefined) args.push('--role', p.role);
  if (p.proxy !== undefined) args.push('--proxy', displayUrl(p.proxy));
  return args.map(shellQuote).join(' ');
}

function giveUp(p: Plan, key: KeyChoice, stop: Stop, io: Io): number {
  const finish =
    stop.reason === 'choose'
      ? [
          'Choose the workspace with --workspace to finish the setup, e.g.:',
          `  ${retryCommand({ ...p, workspace: stop.example }, key.path)}`,
        ]
      : [
          stop.reason === 'refused'
            ? 'Once the server accepts the key, finish the setup with:'
            : 'To finish the setup later, once the key is added:',
          `  ${retryCommand(p, key.path)}`,
        ];
  io.stderr.write([`No profile was saved. The key stays in ${key.path}.`, ...finish, ''].join('\n'));
  return 1;
}

// --- saving ---

/** The key file as stored in the profile: relative to the config folder when inside it. */
function storedKeyPath(file: string, env: NodeJS.ProcessEnv): string {
  const rel = path.relative(configDir(env), file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
}

async function saveProfile(
  p: Plan,
  configPath: string,
  workspace: Workspace,
  key: KeyChoice,
  keyId: string,
  io: Io,
): Promise<{ active: boolean }> {
  // Read again: the user may have spent minutes in the workspace settings meanwhile.
  let config: Config = (await loadConfig(configPath)).config;
  const previous = getProfile(config, p.profile);
  if (previous && !p.yes) {
    throw new ConfigError(`profile "${p.profile}" was created by someone else while init was waiting`, {
      fix: `look at it with \`custody config show --profile ${p.profile}\`; the key stays in ${key.path}`,
    });
  }
  // A replaced profile keeps the user's preferences, never what described the old key.
  const { baseUrl: _b, workspaceId: _w, keyFile: _k, keyId: _i, role: _r, ...preferences } = previous ?? {};
  const wasActive = config.activeProfile === p.profile;
  const profile: Profile = {
    ...preferences,
    baseUrl: p.baseUrl,
    workspaceId: workspace.workspaceId,
    keyFile: storedKeyPath(key.path, io.env),
    keyId,
    ...(p.role !== undefined ? { role: p.role } : {}),
    ...(p.proxy !== undefined ? { proxy: p.proxy } : {}),
  };
  config = upsertProfile(removeProfile(config, p.profile), p.profile, profile);
  // Made active when nothing else would be used: no (valid) active profile and no `default`.
  const activeValid =
    config.activeProfile !== undefined && getProfile(config, config.activeProfile) !== undefined;
  const defaultOther = p.profile !== 'default' && getProfile(config, 'default') !== undefined;
  const active = wasActive || (!activeValid && !defaultOther);
  if (active) config = setActiveProfile(config, p.profile);
  await saveConfig(configPath, config);
  return { active };
}

function printSummary(
  p: Plan,
  saved: { active: boolean },
  workspace: Workspace,
  key: KeyChoice,
  keyId: string,
  io: Io,
): void {
  const rows = [
    ['workspace', `${workspace.name} (${workspace.workspaceId})`],
    ['base URL', p.baseUrl],
    ['key', `${key.path} (key id ${keyId})`],
    ...(p.role !== undefined ? [['role', p.role]] : []),
    ...(p.proxy !== undefined ? [['proxy', displayUrl(p.proxy)]] : []),
  ] as const;
  const width = Math.max(...rows.map(([k]) => k.length));
  const open = saved.active
    ? 'Run `custody` to open the console (`custody doctor` checks the setup).'
    : `Run \`custody --profile ${p.profile}\` to open the console with it, or \`custody config use ${p.profile}\` to make it the default.`;
  io.stdout.write(
    [
      '',
      `Saved profile "${p.profile}" in ${configFilePath(io.env)}${saved.active ? ' (the active profile)' : ''}.`,
      ...rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`),
      '',
      open,
      '',
    ].join('\n'),
  );
}
