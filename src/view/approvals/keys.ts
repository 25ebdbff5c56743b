// The keys of the approval queue (queue.ts). They work from every pane: the header's "N awaiting
// approval · n" is the way in, wherever the person is.
import type { KeyBinding } from '../keys/types.js';
import { jumpToApproval } from './queue.js';

export const APPROVAL_BINDINGS: readonly KeyBinding[] = [
  {
    id: 'nextApproval',
    keys: ['n'],
    label: 'next approval',
    description: 'next transaction waiting for approval, from any pane (those marked new first, oldest first; wraps)',
    modes: ['normal'],
    group: 'move',
    // Not in the footer: the header's "N awaiting approval · n" names it where it matters, and
    // only while some wait (the footer keeps its room for the keys of the pane in front).
    run: (vm) => jumpToApproval(vm, 1),
  },
  {
    id: 'previousApproval',
    keys: ['N'],
    label: 'previous approval',
    description: 'previous transaction waiting for approval',
    modes: ['normal'],
    group: 'move',
    run: (vm) => jumpToApproval(vm, -1),
  },
];
