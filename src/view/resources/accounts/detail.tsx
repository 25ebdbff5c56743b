// The open account: its detail with its balances, redrawn when the balances (the engine keeps them
// current), the workspace or the names change, on the age tick, and when the held prices are taken
// anew (the accounts pane's and the balances pane's values agree with it).
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { shortId } from '../../../format/index.js';
import { useView } from '../../model/model.js';
import { accountDetailLines } from './detail-lines.js';
import { useHeldPrices } from '../balances/held-prices.js';
import { useAgeNow } from '../kit.js';
import { ScrollView, scrollTitle } from '../../draw/scroll-view.js';

export function AccountDetailPane({ width, height }: { width: number; height: number }) {
  const vm = useView();
  const id = useStore(vm.ui, (s) => s.detail?.id);
  const scroll = useStore(vm.ui, (s) => s.detail?.scroll ?? 0);
  const workspace = useStore(vm.stores.workspace);
  const dictionary = useStore(vm.stores.dictionary);
  const balances = useStore(vm.stores.balances);
  const directory = useStore(vm.stores.directory);
  const prices = useHeldPrices(vm);
  const now = useAgeNow(vm);
  const ascii = vm.theme.ascii;
  const account = id === undefined ? undefined : workspace.accountsById.get(id);
  const lines = useMemo(
    () =>
      account !== undefined
        ? accountDetailLines(account, balances, { ascii, now, dictionary, workspace, prices, directory }, width)
        : [
            [
              {
                text:
                  workspace.accountsLoadedAt === undefined
                    ? `  loading account ${id ?? ''}${ascii ? '...' : '…'}`
                    : `  account ${id ?? ''} is no longer in this workspace (r reloads the accounts)`,
                token: 'muted' as const,
              },
            ],
          ],
    [account, balances, id, ascii, now, dictionary, workspace, prices, directory, width],
  );
  const title = scrollTitle('Account', ` ${id === undefined ? '' : shortId(id, 8, { ascii })}`, '  esc back  y copies the id');
  return (
    <ScrollView vm={vm} limit="detail" title={title} lines={lines} scroll={scroll} width={width} height={height} />
  );
}
