// Nothing in src/view chooses behaviour by comparing a pane id to a string: what differs between
// panes is a property of its resource (registry.ts), so a new pane is one declaration, not a hunt
// for every `pane === 'transactions'`. This test reads the sources and names each such comparison.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PANES } from '../../src/view/resources/registry.js';

const ROOT = join(import.meta.dirname, '../..');
const VIEW = join(ROOT, 'src/view');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

const ids = PANES.map((p) => p.id.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')).join('|');
const q = `['"\`]`;
/** `x === 'activity'`, `'swap' !== x`, `case 'prices':`, and any `.pane === '…'`. */
const COMPARISON = new RegExp(
  [`[!=]==?\\s*${q}(?:${ids})${q}`, `${q}(?:${ids})${q}\\s*[!=]==?`, `case\\s+${q}(?:${ids})${q}`, `\\bpane\\s*[!=]==?\\s*${q}`].join('|'),
);

/** Each line of `text` that compares a pane id to a string, as `file:line: text`. */
function comparisons(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) =>
    COMPARISON.test(line) && !line.trim().startsWith('//') ? [`${file}:${i + 1}: ${line.trim()}`] : [],
  );
}

describe('pane ids are not compared to strings in src/view', () => {
  it.each<[string, string, boolean]>([
    ['the open detail is a pane', "if (ui.detail?.pane === 'activity') ui.closeDetail();", true],
    ['the pane in front', "...(ui.pane === 'swap' ? { swap } : {}),", true],
    ['reversed', "if ('transactions' !== sel.pane) return;", true],
    ['a switch over panes', "  case 'prices':", true],
    ['any string', "target?.pane === 'someday'", true],
    ['two ids compared', 'return ui.detail !== undefined && ui.detail.pane === ui.pane;', false],
    ['a property of the resource', 'if (sel?.resource.decides !== true) return;', false],
    ['a pane named, not compared', "ui.setPane('transactions');", false],
    ['a comment', "// pane === 'transactions' was here", false],
  ])('the check sees it: %s', (_name, line, found) => {
    expect(comparisons('x.ts', line)).toHaveLength(found ? 1 : 0);
  });

  it('none in the sources', () => {
    const found = sources(VIEW).flatMap((f) => comparisons(relative(ROOT, f), readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });
});
