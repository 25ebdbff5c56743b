// How the console calls the operator when a transaction starts waiting for approval: its flags
// (--no-bell, --notify) and their help, and what they come to in the demo, which reads no
// profile. With a profile, config/resolve.ts weighs them against its "bell" and "notify".
import type { NotifyChoice } from '../config/index.js';
import { bool, type OptionSpec, type ParsedValues } from './cli.js';

export interface Calls {
  readonly bell: boolean;
  readonly notify: NotifyChoice;
}

export const callOptions = {
  'no-bell': { type: 'boolean', description: 'no bell when a transaction starts waiting for approval' },
  notify: {
    type: 'boolean',
    description: 'also a desktop notification then (OSC 9 or OSC 777, through tmux or screen)',
  },
} as const satisfies Record<string, OptionSpec>;

export const CALLS_HELP = `A transaction that starts waiting for approval while the console runs rings the terminal's bell
(once for a burst; not for those waiting at start) and marks the header; n / N go to it. The
profile settings "bell": false and "notify": true (or "osc9", "osc777") make --no-bell and
--notify the default. Inside tmux the notification needs \`set -g allow-passthrough on\`.`;

/** The demo's calls: the flags alone. */
export function demoCalls(values: ParsedValues): Calls {
  return { bell: !bool(values, 'no-bell'), notify: bool(values, 'notify') ? 'auto' : 'off' };
}
