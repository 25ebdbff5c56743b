// Moving: the same keys move the cursor of a list and scroll whatever is in front of it (the help,
// the JSON view, the messages, a detail).
import { listState } from '../../store/ui.js';
import { detailShown, followingOn, listNow, tableHeight } from '../focus/current.js';
import type { KeyBinding } from '../keys/types.js';
import { frameLayout } from '../base/layout.js';
import type { ViewModel } from '../model/model.js';
import { type Move, moveSelection } from '../focus/selection.js';

function clamp(n: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, n));
}

/** Moves the cursor of a list, or scrolls whatever is in front (help, JSON, the detail). */
export function move(vm: ViewModel, m: Move): void {
  const ui = vm.ui.getState();
  const page = Math.max(1, frameLayout(ui.size.columns, ui.size.rows).pane - 1);
  const scrollBy = (current: number, limit: number) => {
    const next =
      m === 'top'
        ? 0
        : m === 'bottom'
          ? limit
          : m === 'pageDown'
            ? current + page
            : m === 'pageUp'
              ? current - page
              : current + m;
    return clamp(next, 0, Math.max(0, limit));
  };
  if (ui.mode === 'help') {
    ui.update({ helpScroll: scrollBy(ui.helpScroll, vm.limits.help) });
    return;
  }
  if (ui.mode === 'json') {
    if (ui.json) ui.update({ json: { ...ui.json, scroll: scrollBy(ui.json.scroll, vm.limits.json) } });
    return;
  }
  if (ui.mode === 'messages') {
    ui.update({ messagesScroll: scrollBy(ui.messagesScroll, vm.limits.messages) });
    return;
  }
  if (detailShown(ui)) {
    ui.update({ detail: { ...ui.detail!, scroll: scrollBy(ui.detail!.scroll, vm.limits.detail) } });
    return;
  }
  const now = listNow(vm);
  if (now === undefined) return;
  const follow = followingOn(ui, now.resource);
  ui.patchList(ui.pane, moveSelection(listState(ui, ui.pane), now.list, tableHeight(ui), m, follow));
  // Moving the cursor is reading: the top row no longer pulls it along.
  if (follow) ui.update({ follow: false });
}

const SCROLLING = ['normal', 'help', 'json', 'messages'] as const;

function moveKey(id: string, keys: string[], label: string, description: string, m: Move): KeyBinding {
  return { id, keys, label, description, modes: SCROLLING, group: 'move', run: (vm) => move(vm, m) };
}

export const MOVE_BINDINGS: readonly KeyBinding[] = [
  moveKey('down', ['j', 'down'], 'down', 'move down one row / scroll down', 1),
  moveKey('up', ['k', 'up'], 'up', 'move up one row / scroll up', -1),
  moveKey('top', ['g', 'home'], 'top', 'go to the top', 'top'),
  moveKey('bottom', ['G', 'end'], 'bottom', 'go to the bottom', 'bottom'),
  moveKey('pageDown', ['pagedown', 'ctrl+d'], 'page down', 'one page down', 'pageDown'),
  moveKey('pageUp', ['pageup', 'ctrl+u'], 'page up', 'one page up', 'pageUp'),
];
