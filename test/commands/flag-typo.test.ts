// A mistyped flag names the flag it was probably meant to be, for every command, and exits 2.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { unknownOptionText } from '../../src/commands/cli.js';
import { commandNames, loadCommand } from '../../src/commands/index.js';
import { custody, tempHome } from '../helpers/cli-io.js';

async function longOptions(name: string): Promise<string[]> {
  const mod = (await loadCommand(name))!;
  return [...Object.keys(mod.spec.options), 'help'];
}

describe('unknownOptionText', () => {
  it.each([
    ['console', '--readonly', 'unknown option --readonly: did you mean --read-only?'],
    ['console', '--nobell', 'unknown option --nobell: did you mean --no-bell?'],
    ['console', '--basurl', 'unknown option --basurl: did you mean --base-url?'],
    ['console', '-readonly', 'unknown option -readonly: did you mean --read-only?'],
    ['console', '--profle', 'unknown option --profle: did you mean --profile?'],
    ['console', '--price-pol', 'unknown option --price-pol: did you mean --price-poll?'],
    ['console', '--hlep', 'unknown option --hlep: did you mean --help?'],
    ['console', '--zzzzzz', 'unknown option --zzzzzz'],
    ['console', '-x', 'unknown option -x'],
    ['watch', '--with-histroy', 'unknown option --with-histroy: did you mean --with-history?'],
    ['watch', '--asgiven', 'unknown option --asgiven: did you mean --as-given?'],
    ['watch', '--stauts', 'unknown option --stauts: did you mean --status?'],
    ['audit', '--verfy', 'unknown option --verfy: did you mean --verify?'],
    ['audit', '--jsno', 'unknown option --jsno: did you mean --json?'],
    ['audit', '--sever', 'unknown option --sever: did you mean --server?'],
    ['doctor', '--log-fiel', 'unknown option --log-fiel: did you mean --log-file?'],
    ['doctor', '--read-onyl', 'unknown option --read-onyl: did you mean --read-only?'],
    ['init', '--generate', 'unknown option --generate: did you mean --generate-key?'],
    ['init', '--encrpyt', 'unknown option --encrpyt: did you mean --encrypt?'],
    ['init', '--keyfile', 'unknown option --keyfile: did you mean --key-file?'],
    ['sandbox', '--sped', 'unknown option --sped: did you mean --seed?'],
    ['sandbox', '--speeed', 'unknown option --speeed: did you mean --speed?'],
    ['sandbox', '--regster', 'unknown option --regster: did you mean --register?'],
    ['sandbox', '--choas', 'unknown option --choas: did you mean --chaos?'],
    ['config', '--nmaes', 'unknown option --nmaes: did you mean --names?'],
    ['config', '--workspce', 'unknown option --workspce: did you mean --workspace?'],
    ['key', '--key-fil', 'unknown option --key-fil: did you mean --key-file?'],
  ])('%s %s', async (command, typed, text) => {
    expect(unknownOptionText(typed, await longOptions(command))).toBe(text);
  });

  it('every option of every command, typed with its last letter doubled, suggests itself', async () => {
    for (const command of commandNames()) {
      for (const option of await longOptions(command)) {
        // A word of three letters or less has no room for a typo (nearestWord's allowance).
        if (option.length < 4) continue;
        const typed = `--${option}${option.at(-1)}`;
        expect(unknownOptionText(typed, await longOptions(command)), `${command} ${typed}`).toBe(
          `unknown option ${typed}: did you mean --${option}?`,
        );
      }
    }
  });
});

describe('a mistyped flag on the command line', () => {
  it.each([
    [['--readonly'], 'console', '--readonly', '--read-only'],
    [['console', '--no-bel'], 'console', '--no-bel', '--no-bell'],
    [['watch', '--demo', '--quite'], 'watch', '--quite', '--quiet'],
    [['audit', '--verfiy'], 'audit', '--verfiy', '--verify'],
    [['doctor', '--josn'], 'doctor', '--josn', '--json'],
    [['init', '--yes', '--rol', 'viewer'], 'init', '--rol', '--role'],
    [['sandbox', '--prot', '0'], 'sandbox', '--prot', '--port'],
    [['config', 'list', '--jason'], 'config', '--jason', '--json'],
    [['key', 'show', '--profiel', 'x'], 'key', '--profiel', '--profile'],
    [['doctor', '--readonly=yes'], 'doctor', '--readonly', '--read-only'],
  ])('%j', async (argv, command, typed, meant) => {
    const home = await tempHome();
    const r = await custody(argv, home.env());
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toBe(
      `custody ${command}: unknown option ${typed}: did you mean ${meant}?\nRun \`custody ${command} --help\` for usage.\n`,
    );
  });
});

// The shipped entry as users run it; only when a build exists (`npm test` builds first).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(root, 'bin', 'custody.js');
describe.skipIf(!existsSync(path.join(root, 'dist', 'main.js')))('the built bin', () => {
  it.each([
    [['--readonly'], 'custody console: unknown option --readonly: did you mean --read-only?'],
    [['audit', '--jsno'], 'custody audit: unknown option --jsno: did you mean --json?'],
  ])('%j names the flag it meant, exit 2', async (argv, line) => {
    const home = await tempHome();
    const r = spawnSync(process.execPath, [bin, ...argv], { env: home.env(), encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')[0]).toBe(line);
  });
});
