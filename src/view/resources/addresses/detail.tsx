// The open deposit address: its detail, redrawn when the workspace (a refresh, a status change) or
// the dictionary (names, explorer links) changes, and on the age tick for its relative times.
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { shortId } from '../../../format/index.js';
import { useView } from '../../model/model.js';
import { addressDetailLines } from './detail-lines.js';
import { useAgeNow } from '../kit.js';
import { ScrollView, scrollTitle } from '../../draw/scroll-view.js';

export function AddressDetailPane({ width, height }: { width: number; height: number }) {
  const vm = useView();
  const id = useStore(vm.ui, (s) => s.detail?.id);
  const scroll = useStore(vm.ui, (s) => s.detail?.scroll ?? 0);
  const workspace = useStore(vm.stores.workspace);
  const dictionary = useStore(vm.stores.dictionary);
  const directory = useStore(vm.stores.directory);
  const now = useAgeNow(vm);
  const ascii = vm.theme.ascii;
  const address = useMemo(() => workspace.addresses.find((a) => a.addressId === id), [workspace, id]);
  const lines = useMemo(
    () =>
      address !== undefined
        ? addressDetailLines(address, { ascii, now, dictionary, workspace, directory }, width)
        : [
            [
              {
                text:
                  workspace.addressesLoadedAt === undefined
                    ? `  loading address ${id ?? ''}${ascii ? '...' : '…'}`
                    : `  address ${id ?? ''} is no longer in this workspace (r reloads the addresses)`,
                token: 'muted' as const,
              },
            ],
          ],
    [address, id, ascii, now, dictionary, workspace, directory, width],
  );
  const title = scrollTitle(
    'Address',
    ` ${id === undefined ? '' : shortId(id, 8, { ascii })}`,
    '  esc back  y copy menu',
  );
  return (
    <ScrollView vm={vm} limit="detail" title={title} lines={lines} scroll={scroll} width={width} height={height} />
  );
}
