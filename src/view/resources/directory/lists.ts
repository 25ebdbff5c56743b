// What the three directory panes (address book, members, limits) share: they list what the
// directory store already holds (read at start, again every few minutes and on `r`), so their rows
// are the store's list filtered by `/` and sorted; a list the key's role may not read says why
// instead of showing an empty list.
import { STATUS_KINDS, type StatusKind, type StatusStyle } from '../../../format/index.js';
import type { DirectoryState, ReferenceState } from '../../../store/index.js';
import { listState, type ListState, type PaneId } from '../../../store/ui.js';
import { clean } from '../../../domain/index.js';
import type { CommandSpec } from '../../query/command-spec.js';
import type { ViewModel } from '../../model/model.js';
import type { DerivedList } from '../../draw/derived-list.js';
import type { RefData } from '../kit.js';
import { closeDetailOf, filterChip, useAgeNow, useInputs, useUnreachable } from '../kit.js';
import type { PaneData } from '../types.js';

/** What a directory pane's rows are derived from: its own list state and the names it reads. */
export interface DirectoryInputs extends RefData {
  readonly own: ListState;
  readonly directory: DirectoryState;
}

export function directoryInputs(vm: ViewModel, pane: PaneId): DirectoryInputs {
  return {
    own: listState(vm.ui.getState(), pane),
    directory: vm.stores.directory.getState(),
    dictionary: vm.stores.dictionary.getState(),
    workspace: vm.stores.workspace.getState(),
  };
}

// The directory's statuses (book: new/active/rejected/deleted; members: new/active/rejected/
// deactivated; limits: new/active/deactivated/declined) by kind, so the symbol tells the family.
const KINDS: Readonly<Record<string, StatusKind>> = {
  active: 'steady',
  new: 'fresh',
  rejected: 'failed',
  declined: 'failed',
  deleted: 'stopped',
  deactivated: 'stopped',
};

export function directoryStatusStyle(status: unknown): StatusStyle {
  const label = typeof status === 'string' ? clean(status, false) : '';
  const kind = Object.hasOwn(KINDS, label) ? KINDS[label]! : 'unknown';
  return { label: label === '' ? '?' : label, ...STATUS_KINDS[kind] };
}

/**
 * Said in place of rows: the role may not read the list (403, for good this session), it could not
 * be read, it is loading, nothing matches the filter, or there is nothing.
 */
export function directoryEmpty(
  state: ReferenceState,
  words: {
    readonly plural: string;
    readonly none: string;
    readonly filtered: boolean;
    readonly ascii: boolean;
    readonly unreachable?: string | undefined;
  },
): string {
  switch (state) {
    case 'forbidden':
      return `the key's role may not read the ${words.plural} (the server refused: 403); a key with a wider role lists them`;
    case 'failed':
      return `cannot read the ${words.plural} (r retries)`;
    case 'loading':
      return words.unreachable !== undefined
        ? `cannot read the ${words.plural}: ${words.unreachable} (retrying; r retries now)`
        : `loading the ${words.plural}${words.ascii ? '...' : '…'}`;
    default:
      return words.filtered ? 'nothing matches (esc clears the filter)' : words.none;
  }
}

/** The title's words when a refresh failed but the list read before is shown. */
export function directorySummary(state: ReferenceState, held: number): string | undefined {
  return state === 'failed' && held > 0 ? 'could not be read again: may be old (r retries)' : undefined;
}

/** `:NAME [text]`: the pane, its list filtered by the text (as `/` does); alone, every row. */
export function directoryCommand(pane: PaneId, name: string, description: string, aliases: readonly string[] = []): CommandSpec {
  return {
    name,
    ...(aliases.length > 0 ? { aliases } : {}),
    args: '[text]',
    description,
    run(vm, cmd) {
      const ui = vm.ui.getState();
      closeDetailOf(vm, { id: pane });
      ui.patchList(pane, { filter: cmd.rest });
      ui.setPane(pane);
    },
  };
}

/** What one directory pane holds of the store: how many records, and how its read stands. */
export interface DirectoryPart {
  readonly held: number;
  readonly state: ReferenceState;
}

/**
 * The pane hook the three directory panes share: subscribe to the pane's inputs, derive its rows,
 * and say in the title and the empty line how the read of its part of the directory stands.
 */
export function useDirectoryPane<R>(
  vm: ViewModel,
  inputs: (vm: ViewModel) => DirectoryInputs,
  rowsOf: (vm: ViewModel, from: DirectoryInputs) => DerivedList<R>,
  part: (directory: DirectoryState) => DirectoryPart,
  words: { readonly plural: string; readonly none: string },
): PaneData<R> {
  const from = useInputs(vm, inputs);
  const now = useAgeNow(vm);
  const unreachable = useUnreachable(vm);
  const list = rowsOf(vm, from);
  const { directory, dictionary, workspace } = from;
  const { held, state } = part(directory);
  const summary = directorySummary(state, held);
  return {
    list,
    ctx: { ascii: vm.theme.ascii, now, dictionary, workspace, directory, prices: list.prices },
    chips: filterChip(from.own.filter),
    ...(summary !== undefined ? { summary } : {}),
    empty: directoryEmpty(held > 0 ? 'loaded' : state, {
      ...words,
      filtered: from.own.filter !== '',
      ascii: vm.theme.ascii,
      unreachable,
    }),
  };
}
