// A directory pane declared once: the address book, members and limits are each their columns,
// sorts, order and words; how their rows are derived from the directory store, found by id,
// drawn, opened and named on the command line is the same, and lives here.
import type { ComponentType } from 'react';
import type { DirectoryState, ReferenceState } from '../../../store/index.js';
import type { ListState, PaneId } from '../../../store/ui.js';
import type { Column } from '../../draw/columns.js';
import type { ViewModel } from '../../model/model.js';
import { makeList, memo, recordsIn, searchCache, type SortSpec } from '../kit.js';
import type { CopyCtx, CopyEntry } from '../copies.js';
import type { ListResource } from '../types.js';
import { directoryCommand, type DirectoryInputs, directoryInputs, directoryStatusStyle, useDirectoryPane } from './lists.js';

export interface DirectorySpec<R extends object> {
  readonly id: PaneId;
  readonly title: string;
  readonly columns: readonly Column<R>[];
  readonly sorts: readonly SortSpec[];
  recordId(record: R): string;
  status(record: R): unknown;
  /** The pane's records in the directory store, and how its read of them stands. */
  records(directory: DirectoryState): readonly R[];
  find(directory: DirectoryState, id: string): R | undefined;
  state(directory: DirectoryState): ReferenceState;
  /**
   * The parts of the store the rows are made of (the records' own part first, then the names they
   * read): the rows are derived again when one of them changes.
   */
  reads(directory: DirectoryState): readonly unknown[];
  /** The records kept by the `/` text, in the sort's order. */
  order(records: readonly R[], own: ListState, text: (record: R) => string, directory: DirectoryState): R[];
  /** The empty line's words: what the list is of, and what its being empty means. */
  readonly words: { readonly plural: string; readonly none: string };
  copies(record: R, id: string, ctx: CopyCtx): readonly CopyEntry[];
  /** What Enter opens, in the help's words. */
  readonly opens: string;
  readonly detail: ComponentType<{ readonly width: number; readonly height: number }>;
  /** The `:` command that goes to the pane (its words find records, as `/`). */
  readonly command: { readonly name: string; readonly description: string; readonly aliases?: readonly string[] };
}

function sameReads(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

export function directoryResource<R extends object>(spec: DirectorySpec<R>): ListResource<R> {
  const { id } = spec;
  const derivations = () => {
    const search = searchCache(spec.columns, spec.recordId);
    return memo(
      (from: DirectoryInputs) => {
        const all = spec.records(from.directory);
        const byId = new Map(all.map((r) => [spec.recordId(r), r]));
        const rows = spec.order(all, from.own, (r) => search(r, from), from.directory);
        return makeList(
          rows.map((r) => spec.recordId(r)),
          (key) => byId.get(key),
          all.length,
        );
      },
      ([a], [b]) =>
        sameReads(spec.reads(a.directory), spec.reads(b.directory)) &&
        a.dictionary === b.dictionary &&
        a.own.filter === b.own.filter &&
        a.own.sort === b.own.sort,
    );
  };
  const inputs = (vm: ViewModel) => directoryInputs(vm, id);
  const rowsOf = (vm: ViewModel, from = inputs(vm)) => vm.cache(resource, derivations)(from);
  const resource: ListResource<R> = {
    id,
    title: spec.title,
    columns: spec.columns,
    sorts: spec.sorts,
    recordId: spec.recordId,
    tone: (r) => directoryStatusStyle(spec.status(r)).tone,
    inputs,
    rows: (vm) => rowsOf(vm),
    ...recordsIn((stores) => stores.directory, spec.find),
    usePane: (vm) =>
      useDirectoryPane(vm, inputs, rowsOf, (d) => ({ held: spec.records(d).length, state: spec.state(d) }), spec.words),
    refresh: 'directory',
    copies: spec.copies,
    open: {
      label: 'open',
      description: spec.opens,
      run: (vm, key) => vm.ui.getState().openDetail(id, key),
    },
    detail: { Component: spec.detail },
    commands: [directoryCommand(id, spec.command.name, spec.command.description, spec.command.aliases ?? [])],
  };
  return resource;
}
