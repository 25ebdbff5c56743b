// The open record of a directory pane (a book record, a member, a limit): its lines, redrawn when
// the directory (a refresh, names arriving), the dictionary or the accounts change, and on the age
// tick for its relative times. A record no longer held says so, not an empty page.
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { shortId } from '../../../format/index.js';
import type { DirectoryState } from '../../../store/index.js';
import { useView } from '../../model/model.js';
import type { RenderCtx } from '../../draw/context.js';
import type { DetailLine } from '../../draw/detail-kit.js';
import { ScrollView, scrollTitle } from '../../draw/scroll-view.js';
import { useAgeNow } from '../kit.js';

export type DirectoryCtx = Pick<RenderCtx, 'ascii' | 'now' | 'dictionary' | 'workspace'> & { readonly directory: DirectoryState };

export interface DirectoryDetailProps<R> {
  readonly width: number;
  readonly height: number;
  /** The title's name ("Address book"). */
  readonly name: string;
  /** "member", "limit": said when the record is no longer held. */
  readonly noun: string;
  readonly find: (dir: DirectoryState, id: string) => R | undefined;
  readonly lines: (record: R, ctx: DirectoryCtx, width: number) => DetailLine[];
}

export function DirectoryDetail<R>({ width, height, name, noun, find, lines }: DirectoryDetailProps<R>) {
  const vm = useView();
  const id = useStore(vm.ui, (s) => s.detail?.id);
  const scroll = useStore(vm.ui, (s) => s.detail?.scroll ?? 0);
  const directory = useStore(vm.stores.directory);
  const dictionary = useStore(vm.stores.dictionary);
  const workspace = useStore(vm.stores.workspace);
  const now = useAgeNow(vm);
  const ascii = vm.theme.ascii;
  const record = id === undefined ? undefined : find(directory, id);
  const shown = useMemo(
    () =>
      record !== undefined
        ? lines(record, { ascii, now, dictionary, workspace, directory }, width)
        : [[{ text: `  ${noun} ${id ?? ''} is no longer in the workspace's directory (r reads it again)`, token: 'muted' as const }]],
    [record, lines, noun, id, ascii, now, dictionary, workspace, directory, width],
  );
  const title = scrollTitle(name, ` ${id === undefined ? '' : shortId(id, 8, { ascii })}`, '  esc back  J json  y copy menu');
  return <ScrollView vm={vm} limit="detail" title={title} lines={shown} scroll={scroll} width={width} height={height} />;
}
