// custody-console is not on any registry: a page or a --help that says to install it from one would
// install whatever a stranger published under that name. Only the tarball a clone packs is named.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { custody, tempHome } from '../helpers/cli-io.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** An install or a run of the package by its name, from a registry (a path to a tarball is fine). */
const REGISTRY_INSTALL =
  /\b(?:npx|npm\s+exec|(?:npm|pnpm|yarn)\s+(?:install|i|add|global\s+add)(?:\s+(?:-g|--global|-D|--save-dev))*)\s+custody-console\b/;

async function pages(): Promise<Record<string, string>> {
  const files = ['README.md', 'SECURITY.md', 'DEVELOPERS.md'];
  for (const f of await fs.readdir(path.join(ROOT, 'docs'))) if (f.endsWith('.md')) files.push(`docs/${f}`);
  return Object.fromEntries(await Promise.all(files.map(async (f) => [f, await fs.readFile(path.join(ROOT, f), 'utf8')])));
}

describe('install words', () => {
  it.each([
    ['npm install -g custody-console', true],
    ['npm i custody-console', true],
    ['npx custody-console --demo', true],
    ['npm exec custody-console', true],
    ['yarn global add custody-console', true],
    ['npm install -g ./custody-console-0.1.0.tgz', false],
    ['npx ./custody-console-0.1.0.tgz --demo', false],
    ["userAgent: 'custody-console'", false],
  ])('the pattern: %s → %s', (text, matches) => {
    expect(REGISTRY_INSTALL.test(text)).toBe(matches);
  });

  it('no page names a registry install or run of the package', async () => {
    const found = Object.entries(await pages()).flatMap(([file, text]) =>
      text.split('\n').flatMap((line, i) => (REGISTRY_INSTALL.test(line) ? [`${file}:${i + 1}: ${line}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('the README leads with what works on a fresh machine: a clone, npm install, npm start, npm test', async () => {
    const readme = (await pages())['README.md']!;
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)![1]!;
    expect(firstBlock).toMatch(/^npm install && npm start\b/m);
    expect(firstBlock).toMatch(/^npm test\b/m);
    expect(readme).toMatch(/npm pack[\s\S]*npm install -g \.\/custody-console-0\.1\.0\.tgz/);
  });

  it('no --help names one either', async () => {
    const home = await tempHome();
    const commands = ['console', 'init', 'config', 'doctor', 'sandbox', 'audit', 'watch', 'key', 'completion'];
    const helps = await Promise.all([[], ...commands.map((c) => [c])].map((args) => custody([...args, '--help'], home.env())));
    for (const help of helps) {
      expect(help.code).toBe(0);
      expect(help.out).not.toMatch(REGISTRY_INSTALL);
    }
  });
});
