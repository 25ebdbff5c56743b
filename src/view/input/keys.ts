// The filter and command line: its keys, and where typed text goes while it is open.
import type { KeyBinding } from '../keys/types.js';
import type { ViewModel } from '../model/model.js';
import { completeLine, runCommand } from './commands.js';
import { completionSources } from '../query/sources.js';

const INPUT = ['filter', 'command'] as const;

function editInput(vm: ViewModel, edit: (text: string) => string): void {
  const { input, setInput } = vm.ui.getState();
  setInput(edit(input));
}

/** Printable text typed (or pasted) into the line; the line always takes it. */
export function inputText(vm: ViewModel, text: string): boolean {
  editInput(vm, (t) => t + text);
  return true;
}

function complete(vm: ViewModel): void {
  const ui = vm.ui.getState();
  const c = ui.completion;
  if (c !== undefined && ui.input === c.stem + c.candidates[c.index]) {
    const index = (c.index + 1) % c.candidates.length;
    ui.update({ input: c.stem + c.candidates[index], completion: { ...c, index } });
    return;
  }
  const found = completeLine(ui.input, completionSources(vm));
  if (found.candidates.length === 0) return;
  if (found.candidates.length === 1) {
    // A `key:` word waits for its value; anything else is a whole word.
    const only = found.candidates[0]!;
    ui.update({ input: `${found.head}${only}${only.endsWith(':') ? '' : ' '}`, completion: undefined });
    return;
  }
  ui.update({
    input: found.head + found.candidates[0],
    completion: { stem: found.head, candidates: found.candidates, index: 0 },
  });
}

function walkHistory(vm: ViewModel, step: -1 | 1): void {
  const ui = vm.ui.getState();
  const { history } = ui;
  if (history.length === 0) return;
  if (ui.historyIndex === undefined) {
    if (step === 1) return;
    ui.update({
      historyIndex: history.length - 1,
      historyDraft: ui.input,
      input: history[history.length - 1]!,
      completion: undefined,
    });
    return;
  }
  const index = ui.historyIndex + step;
  if (index < 0) return;
  if (index >= history.length) {
    ui.update({ historyIndex: undefined, input: ui.historyDraft, completion: undefined });
    return;
  }
  ui.update({ historyIndex: index, input: history[index]!, completion: undefined });
}

function apply(vm: ViewModel): void {
  const ui = vm.ui.getState();
  if (ui.mode === 'filter') {
    // The list is filtered already (each key typed): Enter keeps it.
    ui.endInput();
    return;
  }
  const line = ui.input;
  ui.pushHistory(line);
  ui.endInput();
  runCommand(vm, line);
}

export const INPUT_BINDINGS: readonly KeyBinding[] = [
  {
    id: 'inputApply',
    keys: ['enter'],
    label: 'apply',
    description: 'filter: keep the filter (it applies as you type); command: run',
    modes: INPUT,
    group: 'input',
    footer: { order: 1, keep: true },
    run: (vm) => apply(vm),
  },
  {
    id: 'inputCancel',
    keys: ['esc'],
    label: 'cancel',
    description: 'filter: put back the filter there was before /; command: leave the line',
    modes: INPUT,
    group: 'input',
    footer: { order: 2, keep: true },
    run: (vm) => vm.ui.getState().cancelInput(),
  },
  {
    id: 'complete',
    keys: ['tab'],
    label: 'complete',
    description: 'complete the word (again for the next candidate)',
    modes: ['command'],
    group: 'input',
    footer: { order: 3 },
    run: (vm) => complete(vm),
  },
  {
    id: 'historyPrev',
    keys: ['up'],
    label: 'history',
    description: 'previous command',
    modes: ['command'],
    group: 'input',
    footer: { order: 4 },
    run: (vm) => walkHistory(vm, -1),
  },
  {
    id: 'historyNext',
    keys: ['down'],
    label: 'next',
    description: 'next command',
    modes: ['command'],
    group: 'input',
    run: (vm) => walkHistory(vm, 1),
  },
  {
    id: 'inputBackspace',
    keys: ['backspace'],
    label: 'delete',
    description: 'delete the character before the cursor',
    modes: INPUT,
    group: 'input',
    run: (vm) => {
      const { input, endInput } = vm.ui.getState();
      // Backspace on an empty line leaves it, as in vim and less (a filter emptied stays empty:
      // what the list shows is what is kept).
      if (input === '') endInput();
      else editInput(vm, (t) => [...t].slice(0, -1).join(''));
    },
  },
  {
    id: 'inputClear',
    keys: ['ctrl+u'],
    label: 'clear',
    description: 'clear the line',
    modes: INPUT,
    group: 'input',
    footer: { order: 6 },
    run: (vm) => editInput(vm, () => ''),
  },
  {
    id: 'inputWord',
    keys: ['ctrl+w'],
    label: 'word',
    description: 'delete the word before the cursor',
    modes: INPUT,
    group: 'input',
    footer: { order: 7 },
    run: (vm) => editInput(vm, (t) => t.replace(/\S*\s*$/, '')),
  },
];

