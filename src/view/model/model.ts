// Everything a view component or the dispatcher needs, made once per App and handed down by
// context: the stores, the live actions, the environment, the theme, the one clock, and the memo
// slots the resources derive their rows in. The context value never changes, so providing it
// re-renders nothing.
import { createContext, useContext } from 'react';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Stores } from '../../store/index.js';
import { createDialogStore, type DialogStore } from '../../store/dialog.js';
import { createSwapStore, type SwapStore } from '../../store/swap.js';
import type { UiStore } from '../../store/ui.js';
import type { OperatorCall } from '../base/attention.js';
import type { CopyOutcome } from '../base/copy-outcome.js';
import type { LiveActions } from './live-actions.js';
import { createTheme, type Theme } from '../base/theme.js';

/** A profile of the config file, as `:ctx` lists it. */
export interface ProfileEntry {
  readonly name: string;
  /** The server's host (and port); absent when the profile names no server. */
  readonly host?: string;
  readonly workspaceId?: string;
  /** Marked `"tone": "production"`: a switch to it is said louder. */
  readonly production: boolean;
}

/**
 * `:ctx`: the profiles this console can switch to and the switch itself (the terminal layer:
 * commands/console-switch.ts). Read when this profile's session started.
 */
export interface ProfileSwitch {
  readonly list: readonly ProfileEntry[];
  /** The profile in use; absent when flags, the environment or the demo gave the connection. */
  readonly current?: string;
  /** Where `:ctx -` goes: the profile in use before the last switch. */
  readonly previous?: string;
  /**
   * Switches the whole console to profile `name`: resolves with why it cannot (the console stays
   * as it is), or undefined once the switch is under way (this view is then unmounted).
   */
  switchTo(name: string): Promise<string | undefined>;
}

export interface ViewEnv {
  /** ASCII glyphs only (the locale is not UTF-8). */
  readonly ascii: boolean;
  /** Colors on (false under NO_COLOR). */
  readonly color: boolean;
  readonly now: () => number;
  /**
   * Puts text on the clipboard (the terminal layer: clipboard.ts) and says where it went. May take
   * a moment (it can run tmux); rejects when nothing was copied.
   */
  readonly copy: (text: string) => Promise<CopyOutcome>;
  /**
   * Calls the operator when transactions enter waiting-approval (the terminal layer: attention.ts
   * rings the bell and may send a desktop notification); absent when both are off.
   */
  readonly callOperator?: (call: OperatorCall) => void;
  readonly quit: () => void;
  /**
   * Ctrl-Z: gives the terminal back and stops the process (terminal-suspend.ts); `onResume` runs
   * after `fg`, once the screen is back. Returns why it could not stop (no job control); absent
   * where nothing can suspend (tests).
   */
  readonly suspend?: (onResume: () => void) => string | undefined;
  /**
   * USD value (decimal text) at or above which a decline asks for the typed confirmation
   * (settings' approvalThresholdUsd); default 100000.
   */
  readonly confirmThresholdUsd?: string;
  /** `:ctx`'s profiles and switch; absent where the console cannot switch (tests, the demo alone). */
  readonly profiles?: ProfileSwitch;
}

/** One clock for the whole view: a tick re-renders only the components that select from it. */
export interface ClockState {
  readonly now: number;
}
export type ClockStore = StoreApi<ClockState>;

export interface ViewModel {
  readonly stores: Stores;
  readonly ui: UiStore;
  /** The open action dialog (mode 'dialog'). */
  readonly dialog: DialogStore;
  /** The swap form and its answer (pane 5). */
  readonly swap: SwapStore;
  readonly actions: LiveActions;
  readonly env: ViewEnv;
  readonly theme: Theme;
  readonly clock: ClockStore;
  /**
   * The one memo of `owner` for this view (made on first use): a resource keeps its derived rows
   * here, so two consoles in one process (tests) never share them. Derived values only: what is
   * read from the server lives in a store (the activity feed: stores.activity).
   */
  cache<T>(owner: object, make: () => T): T;
  /**
   * Largest scroll of each scrollable view, reported by the view after it draws, so the
   * dispatcher stops at the end instead of scrolling into nothing.
   */
  readonly limits: Readonly<Record<ScrollLimit, number>>;
  setLimit(view: ScrollLimit, max: number): void;
}

export type ScrollLimit = 'detail' | 'help' | 'json' | 'messages';

/** The view's own stores: what the person chose, the open dialog, the swap form. */
export interface ViewStores {
  readonly ui: UiStore;
  readonly dialog?: DialogStore;
  readonly swap?: SwapStore;
}

export function createViewModel(stores: Stores, view: ViewStores, actions: LiveActions, env: ViewEnv): ViewModel {
  const limits: Record<ScrollLimit, number> = { detail: 0, help: 0, json: 0, messages: 0 };
  const slots = new WeakMap<object, unknown>();
  return {
    stores,
    ui: view.ui,
    dialog: view.dialog ?? createDialogStore(),
    swap: view.swap ?? createSwapStore(),
    actions,
    env,
    theme: createTheme({ color: env.color, ascii: env.ascii }),
    clock: createStore<ClockState>()(() => ({ now: env.now() })),
    cache<T>(owner: object, make: () => T): T {
      if (!slots.has(owner)) slots.set(owner, make());
      return slots.get(owner) as T;
    },
    limits,
    setLimit(view, max) {
      limits[view] = max;
    },
  };
}

export const ViewContext = createContext<ViewModel | null>(null);

export function useView(): ViewModel {
  const vm = useContext(ViewContext);
  if (vm === null) throw new Error('view components need the App around them');
  return vm;
}
