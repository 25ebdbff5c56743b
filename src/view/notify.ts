// Puts a notice on the status line (the one way the view tells the user something happened).
import { type NoticeLevel, withNotice } from '../store/index.js';
import type { ViewModel } from './model.js';

export function notify(vm: ViewModel, level: NoticeLevel, text: string, key?: string): void {
  const s = vm.stores.session;
  s.setState(
    withNotice(s.getState(), { level, text, ...(key !== undefined ? { key } : {}) }, vm.env.now()),
    true,
  );
}
