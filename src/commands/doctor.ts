// `custody doctor`: checks each link from the config file to a signed call, one line per check,
// and says what to do about each one that fails.
import fsp from 'node:fs/promises';
import { createSigner, isEncryptedKeyText, type Signer } from '../auth/index.js';
import { type ApiClient, ApiError, CLOCK_SKEW_LIMIT_MS, NetworkError } from '../client/index.js';
import {
  assertSecurePath,
  auditLogPath,
  checkAuditPath,
  type Config,
  ConfigError,
  configFilePath,
  emptyConfig,
  errnoCode,
  KeyFileError,
  loadConfig,
  profileNames,
  resolveSettings,
  type SecretEnv,
  type Settings,
} from '../config/index.js';
import { unknownConfigFields } from '../config/unknown-fields.js';
import { isUtf8Locale } from '../view/base/terminal.js';
import { explainCallFailure } from './call-failure.js';
import { bool, type CommandSpec, type Io, type Parsed, str, UsageError } from './cli.js';
import { CLOCK_FIX, clockSkewText } from './clock.js';
import {
  connectionOptions,
  describeMissing,
  loadPrivateKey,
  makeClient,
  SETTINGS_HELP,
  settingsFlags,
} from './context.js';
import { checkDebugLogPath } from './debug-log.js';
import { nodeSupport } from './node-support.js';
import { shellQuote } from './shell.js';

export const spec: CommandSpec = {
  name: 'doctor',
  summary: 'check config, key safety, connectivity, clock and a signed call',
  usage: ['doctor [--profile NAME] [connection flags] [--log-file PATH] [--json]'],
  options: {
    ...connectionOptions,
    'log-file': { type: 'string', value: 'PATH', description: "check this debug log's place as the console would" },
    json: { type: 'boolean', description: 'print the checks as JSON' },
  },
  details: `Checks, in order: the Node running custody (below 20 fails, past its end of life warns),
the config file (at most 1 MB; an unknown field warns, naming the known field it likely means; a
profile with a name that is not allowed fails, and the others load), the settings of the
profile, the key file's safety (mode 0600, no symlink), that the key loads, the audit log and
the debug log (--log-file or CUSTODY_LOG_FILE, when given), that the server answers, the clock
against the server's Date header (more than 30 s off fails), and two signed calls:
GET /workspaces/{ws} and GET /workspaces/{ws}/accounts?limit=1.
Every file, and every folder above it up to your home (or up to / outside it), must be yours or
root's and writable by nobody else (group-writable is fine for your private group; a folder
writable by others is fine when sticky, as /tmp): the failing line gives the chmod or chown.
Each line is ✓ (passed), ✗ (failed, with what to do), ! (a warning, with what to do) or -
(skipped because an earlier check failed); ASCII when the locale is not UTF-8.
Exit code 0 when nothing failed (warnings included), 1 otherwise.

${SETTINGS_HELP}`,
};

export type CheckStatus = 'pass' | 'fail' | 'warn' | 'skip';

/** What a file that passes the StrictModes check (config/secure-path.ts) is. */
const SAFE_PLACE = 'owned by you or root, in folders only you or root can change';
const NOT_YET = 'none yet; the folders it would be made in are safe';

export interface Check {
  name: string;
  status: CheckStatus;
  summary: string;
  fix?: string;
}

const GLYPHS: Record<'utf8' | 'ascii', Record<CheckStatus, string>> = {
  utf8: { pass: '✓', fail: '✗', warn: '!', skip: '-' },
  ascii: { pass: '[ok]', fail: '[x]', warn: '[!]', skip: '[-]' },
};

/** Collects checks; `fix` is what the user should do next, given with each failure. */
class Checklist {
  readonly checks: Check[] = [];
  add(name: string, status: CheckStatus, summary: string, fix?: string): void {
    this.checks.push(fix === undefined ? { name, status, summary } : { name, status, summary, fix });
  }
  get ok(): boolean {
    return this.checks.every((c) => c.status !== 'fail');
  }
}

/** What doctor reads of the process it runs in (tests give their own). */
export interface Runtime {
  nodeVersion: string;
  now: Date;
}

export async function run(parsed: Parsed, io: Io, secrets: SecretEnv): Promise<number> {
  return runDoctor(parsed, io, secrets, { nodeVersion: process.version, now: new Date() });
}

export async function runDoctor(
  parsed: Parsed,
  io: Io,
  secrets: SecretEnv,
  runtime: Runtime,
): Promise<number> {
  if (parsed.positionals.length) throw new UsageError(`unexpected argument '${parsed.positionals[0]}'`);
  const list = new Checklist();
  const node = nodeSupport(runtime.nodeVersion, runtime.now);
  list.add('node', node.status, node.summary, node.fix);
  const config = await checkConfigFile(list, io);
  const settings = checkSettings(list, parsed, io, secrets, config);
  const signer = await checkKey(list, settings, io, secrets);
  await checkAuditLog(list, io);
  await checkLogFile(list, parsed, io);
  await checkServer(list, settings, signer, io);
  print(list, parsed, io);
  return list.ok ? 0 : 1;
}

async function checkConfigFile(list: Checklist, io: Io): Promise<Config | undefined> {
  const file = configFilePath(io.env);
  try {
    const loaded = await loadConfig(file);
    if (!loaded.exists) {
      list.add(
        'config file',
        'warn',
        `${file} does not exist`,
        '`custody init` creates it (not needed when flags or the environment give every setting)',
      );
    } else {
      const n = profileNames(loaded.config).length;
      const others = n === 1 ? '1 other profile loads' : `${n} other profiles load`;
      for (const error of loaded.errors) {
        list.add('config file', 'fail', `${error.message}; ${others} (left untouched)`, error.fix);
      }
      if (loaded.errors.length === 0) {
        list.add('config file', 'pass', `${file} is valid (${n} profile${n === 1 ? '' : 's'})`);
      }
      for (const unknown of unknownConfigFields(loaded.config)) {
        const { suggestion, message } = unknown;
        const fix = suggestion === undefined ? 'remove it' : `rename it to ${JSON.stringify(suggestion)}`;
        list.add('config field', 'warn', message, `${fix} in ${file}`);
      }
    }
    return loaded.config;
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    list.add('config file', 'fail', `${err.message} (left untouched)`, err.fix);
    return undefined;
  }
}

function checkSettings(
  list: Checklist,
  parsed: Parsed,
  io: Io,
  secrets: SecretEnv,
  config: Config | undefined,
): Settings | undefined {
  let settings: Settings;
  try {
    settings = resolveSettings({
      flags: settingsFlags(parsed.values),
      env: io.env,
      config: config ?? emptyConfig(),
      secrets,
      configPath: configFilePath(io.env),
    });
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    list.add('settings', 'fail', err.message, err.fix);
    return undefined;
  }
  const who = setupWords(settings);
  if (settings.missing.length) {
    list.add(
      'settings',
      'fail',
      `${who}: missing ${describeMissing(settings.missing)}`,
      config ? '`custody init` creates a profile' : 'fix the config file first',
    );
  } else {
    list.add('settings', 'pass', `${who}: workspace ${settings.workspaceId} at ${settings.baseUrl}`);
  }
  return settings;
}

/**
 * Which setup, as the console's header will name it: "profile prod (PRODUCTION)", "flags (no
 * profile)", "flags over profile prod". Before every setting is known: the profile, if any.
 */
export function setupWords(settings: Settings): string {
  const setup = settings.setup;
  if (setup === undefined) {
    return settings.profileName ? `profile ${settings.profileName}` : 'no profile (flags and environment)';
  }
  const tone = setup.tone === 'production' ? ' (PRODUCTION)' : '';
  if (setup.origin === 'profile') return `profile ${setup.profile ?? '(none)'}${tone}`;
  const from = setup.origin === 'env' ? 'the environment' : setup.origin;
  return setup.profile === undefined ? `${from} (no profile)` : `${from} over profile ${setup.profile}${tone}`;
}

/** Safety of the key file, then whether the key loads; the signer when it does. */
async function checkKey(
  list: Checklist,
  settings: Settings | undefined,
  io: Io,
  secrets: SecretEnv,
): Promise<Signer | undefined> {
  const key = settings?.key;
  if (!key) {
    list.add('key file', 'skip', 'no key configured');
    list.add('key', 'skip', 'no key configured');
    return undefined;
  }
  if (key.source === 'env') {
    list.add('key file', 'pass', 'the key comes from CUSTODY_API_KEY (no file)');
  } else if (!(await checkKeyFile(list, key.path))) {
    list.add('key', 'skip', 'the key file must be fixed first');
    return undefined;
  }
  try {
    const jwk = await loadPrivateKey(key, io, secrets);
    const signer = await createSigner(jwk);
    if (settings?.keyId !== undefined && settings.keyId !== signer.kid) {
      list.add(
        'key',
        'warn',
        `the key loads, but its key id ${signer.kid} is not the profile's keyId ${settings.keyId}`,
        'if the key was replaced on purpose, run `custody init --key-file` again to record it',
      );
    } else {
      list.add('key', 'pass', `the key loads (key id ${signer.kid})`);
    }
    return signer;
  } catch (err) {
    if (err instanceof KeyFileError) {
      list.add('key', 'fail', err.message, err.fix);
      return undefined;
    }
    throw err;
  }
}

async function checkKeyFile(list: Checklist, file: string): Promise<boolean> {
  const q = shellQuote(file);
  let stats: Awaited<ReturnType<typeof fsp.lstat>>;
  try {
    stats = await fsp.lstat(file);
  } catch (err) {
    const code = errnoCode(err);
    list.add(
      'key file',
      'fail',
      code === 'ENOENT' ? `no key file at ${file}` : `cannot read ${file}: ${code ?? 'unknown error'}`,
      'run `custody init` to create a key, or give --key-file PATH',
    );
    return false;
  }
  if (stats.isSymbolicLink()) {
    list.add(
      'key file',
      'fail',
      `${file} is a symlink; custody reads only a regular key file`,
      `replace the link with the file itself: cp --remove-destination "$(readlink -f ${q})" ${q} && chmod 600 ${q}`,
    );
    return false;
  }
  if (!stats.isFile()) {
    list.add('key file', 'fail', `${file} is not a regular file`, 'point --key-file at the private key file');
    return false;
  }
  const mode = (stats.mode & 0o777).toString(8).padStart(4, '0');
  if ((stats.mode & 0o077) !== 0) {
    list.add(
      'key file',
      'fail',
      `${file} has mode ${mode}: others can read the private key`,
      `chmod 600 ${q}`,
    );
    return false;
  }
  try {
    await assertSecurePath(file);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    list.add('key file', 'fail', err.message, err.fix);
    return false;
  }
  let encrypted = false;
  try {
    encrypted = isEncryptedKeyText((await fsp.readFile(file, 'utf8')).trim());
  } catch {
    // the next check reads it properly and says what is wrong
  }
  list.add(
    'key file',
    'pass',
    `${file}: mode ${mode}, a regular file, ${encrypted ? 'encrypted with a passphrase' : 'not encrypted'}, ` +
      SAFE_PLACE,
  );
  return true;
}

/** The audit log as the console would append to it: where it is, and the file when there is one. */
async function checkAuditLog(list: Checklist, io: Io): Promise<void> {
  const file = auditLogPath(io.env);
  try {
    const exists = await checkAuditPath(file);
    list.add('audit log', 'pass', exists ? `${file}: mode 0600, ${SAFE_PLACE}` : `${file}: ${NOT_YET}`);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    list.add('audit log', 'fail', err.message, err.fix);
  }
}

/** The debug log, when one is given, as the console would open it. */
async function checkLogFile(list: Checklist, parsed: Parsed, io: Io): Promise<void> {
  const given = str(parsed.values, 'log-file') ?? (io.env.CUSTODY_LOG_FILE || undefined);
  if (given === undefined) return;
  try {
    const report = await checkDebugLogPath(given);
    list.add('log file', 'pass', `${report.real}: ${report.exists ? SAFE_PLACE : NOT_YET}`);
  } catch (err) {
    if (!(err instanceof ConfigError) && !(err instanceof UsageError)) throw err;
    list.add('log file', 'fail', err.message, err instanceof ConfigError ? err.fix : undefined);
  }
}

async function checkServer(
  list: Checklist,
  settings: Settings | undefined,
  signer: Signer | undefined,
  io: Io,
): Promise<void> {
  const names = ['connection', 'clock', 'workspace', 'accounts'];
  if (!settings || settings.baseUrl === undefined || settings.workspaceId === undefined || !signer) {
    for (const name of names) list.add(name, 'skip', 'needs the settings and a key that loads');
    return;
  }
  const { baseUrl, workspaceId } = settings;
  let client: ApiClient;
  try {
    client = makeClient(
      signer,
      { baseUrl, workspaceId, proxy: settings.proxy },
      // One honest try each: a retry would hide what doctor is here to show.
      { retry: { limit: 0 }, timeoutMs: 10_000, env: io.env },
    );
  } catch (err) {
    list.add('connection', 'fail', `cannot use ${baseUrl}: ${(err as Error).message}`, 'fix the base URL');
    for (const name of names.slice(1)) list.add(name, 'skip', 'needs a connection');
    return;
  }

  let workspaceError: unknown;
  let workspaceName: string | undefined;
  try {
    workspaceName = (await client.workspaces.get()).name;
  } catch (err) {
    workspaceError = err;
  }

  const wsCall = `GET /workspaces/${workspaceId}`;
  const skew = client.http.clockSkewMs;
  const explain = (err: unknown, call: string) =>
    explainCallFailure(err, { call, baseUrl, workspaceId, kid: signer.kid, clockSkewMs: skew });
  if (workspaceError instanceof NetworkError) {
    const { problem, fix } = explain(workspaceError, wsCall);
    list.add('connection', 'fail', problem, fix);
    for (const name of names.slice(1)) list.add(name, 'skip', 'needs a connection');
    return;
  }
  const status = workspaceError instanceof ApiError ? workspaceError.status : 200;
  list.add('connection', 'pass', `${baseUrl} answers (HTTP ${status})`);

  if (skew === undefined) {
    list.add('clock', 'warn', 'the server sent no Date header; the clock cannot be compared');
  } else if (Math.abs(skew) > CLOCK_SKEW_LIMIT_MS) {
    list.add('clock', 'fail', clockSkewText(skew), CLOCK_FIX);
  } else {
    list.add('clock', 'pass', `within ${Math.round(Math.abs(skew) / 1000)} s of the server's clock`);
  }

  if (workspaceError !== undefined) {
    const { problem, fix } = explain(workspaceError, wsCall);
    list.add('workspace', 'fail', problem, fix);
    list.add('accounts', 'skip', 'needs the workspace call to pass');
    return;
  }
  list.add('workspace', 'pass', `signed ${wsCall}: ${workspaceName}`);

  const accountsCall = `GET /workspaces/${workspaceId}/accounts?limit=1`;
  try {
    const accounts = await client.accounts.list({ limit: 1 });
    list.add(
      'accounts',
      'pass',
      `signed ${accountsCall}: ${accounts.length ? 'an account' : 'no accounts'} listed`,
    );
  } catch (err) {
    const { problem, fix } = explain(err, accountsCall);
    list.add('accounts', 'fail', problem, fix);
  }
}

function print(list: Checklist, parsed: Parsed, io: Io): void {
  if (bool(parsed.values, 'json')) {
    io.stdout.write(`${JSON.stringify({ ok: list.ok, checks: list.checks }, null, 2)}\n`);
    return;
  }
  const glyphs = GLYPHS[isUtf8Locale(io.env) ? 'utf8' : 'ascii'];
  const glyphWidth = Math.max(...Object.values(glyphs).map((g) => g.length));
  const nameWidth = Math.max(...list.checks.map((c) => c.name.length));
  const indent = ' '.repeat(glyphWidth + nameWidth + 3);
  const lines: string[] = [];
  for (const c of list.checks) {
    lines.push(`${glyphs[c.status].padEnd(glyphWidth)} ${c.name.padEnd(nameWidth)}  ${c.summary}`);
    if (c.fix !== undefined && c.status !== 'pass') lines.push(`${indent}to fix: ${c.fix}`);
  }
  const count = (status: CheckStatus, noun: string) => {
    const n = list.checks.filter((c) => c.status === status).length;
    return `${n} ${noun}${n === 1 ? '' : 's'}`;
  };
  const warned = list.checks.some((c) => c.status === 'warn');
  const verdict = list.ok ? 'All checks passed' : `${count('fail', 'check')} failed`;
  lines.push('', `${verdict}${warned ? `, with ${count('warn', 'warning')}` : ''}.`);
  io.stdout.write(`${lines.join('\n')}\n`);
}
