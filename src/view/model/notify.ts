// Puts a notice on the status line (the one way the view tells the user something happened). What
// the view says answers a command of the person: it ends with their next command (answersEnd), or
// sooner when it names a cause that clears (the connection live again: CONNECTION_CAUSE).
import { CONNECTION_CAUSE, type NoticeLevel, withAnswersCleared, withNotice } from '../../store/index.js';
import type { ViewModel } from './model.js';

export function notify(vm: ViewModel, level: NoticeLevel, text: string, key?: string, cause?: string): void {
  const s = vm.stores.session;
  s.setState(
    withNotice(
      s.getState(),
      { level, text, answer: true, ...(key !== undefined ? { key } : {}), ...(cause !== undefined ? { cause } : {}) },
      vm.env.now(),
    ),
    true,
  );
}

/** The person gives a command: what was said to their earlier ones ends (`m` still reads it). */
export function answersEnd(vm: ViewModel): void {
  const s = vm.stores.session;
  const next = withAnswersCleared(s.getState());
  if (next !== s.getState()) s.setState(next, true);
}

/** A decision's outcome the connection caused (nothing reached the server) ends when it is live again. */
export function connectionCause(outcome: { readonly kind: string }): string | undefined {
  return outcome.kind === 'network' ? CONNECTION_CAUSE : undefined;
}
