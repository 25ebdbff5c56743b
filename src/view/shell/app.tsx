// The console's React tree. The terminal layer mounts <App> with the terminal's size and renders
// it again with the new size on resize; the frame is always at most rows - 1 lines tall.
import { Box, Text, useStdin } from 'ink';
import { useEffect, useLayoutEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import type { DialogStore } from '../../store/dialog.js';
import { expireChangeMarks, type Stores } from '../../store/index.js';
import type { SwapStore } from '../../store/swap.js';
import type { UiStore } from '../../store/ui.js';
import { watchApprovals } from '../approvals/call.js';
import { trackFreshApprovals } from '../model/approvals-seen.js';
import { followUi } from './live-sync.js';
import { CHANGE_MARK_MS } from '../base/change-mark.js';
import { dispatchRead } from './dispatch.js';
import { listenKeys } from '../keys/listen.js';
import { openQueriesAtFirstRow } from '../lists/first-row.js';
import { frameLayout, tooSmallMessage } from '../base/layout.js';
import type { LiveActions } from '../model/live-actions.js';
import { useMode } from '../model/mode.js';
import { createViewModel, useView, ViewContext, type ViewEnv, type ViewModel } from '../model/model.js';
import { ActionDialog } from '../dialog/pane.js';
import { HelpOverlay } from './help.js';
import { MessagesOverlay } from '../messages/overlay.js';
import { CopyMenuOverlay, copyMenuHeight, useCopyMenu } from '../lists/copy-overlay.js';
import { JsonOverlay } from './json.js';
import { ProfilesOverlay } from '../profiles/overlay.js';
import { ResourcePane } from './resource-pane.js';
import { paneSpec } from '../resources/registry.js';
import { Footer } from './footer.js';
import { Header } from './header.js';
import { StatusLine } from '../draw/status-line.js';
import { Tabs } from './tabs.js';
import { Ticker } from './ticker.js';

const TICK_MS = 1_000;

export interface AppProps {
  readonly stores: Stores;
  readonly ui: UiStore;
  /** The action dialog's and the swap form's stores (made here when not given; tests give them). */
  readonly dialog?: DialogStore;
  readonly swap?: SwapStore;
  readonly actions: LiveActions;
  readonly env: ViewEnv;
  readonly columns: number;
  readonly rows: number;
}

/** The one keyboard listener: every read of the terminal goes through the dispatcher. */
function Keys() {
  const vm = useView();
  const { stdin } = useStdin();
  useEffect(() => listenKeys(stdin, (events) => dispatchRead(vm, events)), [vm, stdin]);
  return null;
}

/** The one clock: ticks once a second; expires change marks on the same beat. */
function useClock(vm: ViewModel): void {
  useEffect(() => {
    const timer = setInterval(() => {
      const now = vm.env.now();
      vm.clock.setState({ now });
      const tx = vm.stores.transactions;
      const current = tx.getState();
      const next = expireChangeMarks(current, now, CHANGE_MARK_MS);
      if (next !== current) tx.setState(next, true);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [vm]);
}

function Body({ width, height }: { width: number; height: number }) {
  const vm = useView();
  const mode = useMode(vm);
  const pane = useStore(vm.ui, (s) => s.pane);
  const detail = useStore(vm.ui, (s) => s.detail?.pane === s.pane);
  const spec = paneSpec(pane);
  const Detail = spec?.resource?.detail?.Component;
  const Own = spec?.Component;
  // `y`'s menu sits below what it was opened on, which keeps the rest of the pane.
  const menu = useCopyMenu(vm);
  const menuHeight = mode === 'copy' ? Math.min(copyMenuHeight(menu.entries), Math.max(0, height - 4)) : 0;
  const full = height;
  height = full - menuHeight;
  let content;
  if (mode === 'help' || mode === 'helpSearch') content = <HelpOverlay width={width} height={height} />;
  else if (mode === 'json') content = <JsonOverlay width={width} height={height} />;
  else if (mode === 'messages') content = <MessagesOverlay width={width} height={height} />;
  else if (mode === 'profiles') content = <ProfilesOverlay width={width} height={height} />;
  else if (mode === 'dialog') content = <ActionDialog width={width} height={height} />;
  else if (detail && Detail !== undefined) content = <Detail width={width} height={height} />;
  // Keyed by pane: each resource's pane hook is its own sequence of hooks.
  else if (spec?.resource !== undefined)
    content = <ResourcePane key={spec.id} resource={spec.resource} width={width} height={height} />;
  else if (Own !== undefined) content = <Own width={width} height={height} />;
  return (
    <Box height={full} width={width} flexDirection="column">
      {content}
      {menuHeight > 0 ? <CopyMenuOverlay vm={vm} entries={menu.entries} width={width} height={menuHeight} /> : null}
    </Box>
  );
}

// No overflow clipping anywhere: Ink clips by re-slicing every line of text it draws, which made
// a frame cost half again as much. Every line is composed to the width already, and the root's
// fixed height bounds the frame (Ink drops whatever would fall below it).
function Frame({ columns, rows }: { columns: number; rows: number }) {
  const layout = frameLayout(columns, rows);
  if (layout.tooSmall) {
    if (layout.frame === 0) return null;
    return (
      <Box width={Math.max(1, columns)} height={layout.frame}>
        <Text wrap="wrap">{tooSmallMessage(columns, rows)}</Text>
      </Box>
    );
  }
  return (
    <Box flexDirection="column" width={columns} height={layout.frame}>
      <Header width={columns} />
      <Tabs width={columns} />
      <Body width={columns} height={layout.pane} />
      <Ticker width={columns} />
      <StatusLine width={columns} />
      <Footer width={columns} />
    </Box>
  );
}

export function App({ stores, ui, dialog, swap, actions, env, columns, rows }: AppProps) {
  const vm = useMemo(
    () => createViewModel(stores, { ui, ...(dialog ? { dialog } : {}), ...(swap ? { swap } : {}) }, actions, env),
    [stores, ui, dialog, swap, actions, env],
  );
  useLayoutEffect(() => {
    ui.getState().setSize(columns, rows);
  }, [ui, columns, rows]);
  useClock(vm);
  // Transactions entering waiting-approval call the operator (the bell, a notification).
  useEffect(() => watchApprovals(vm), [vm]);
  // Each arrival is marked new in the header until the person visits it.
  useEffect(() => trackFreshApprovals(vm), [vm]);
  // A new filter or sort opens its list at the first row.
  useEffect(() => openQueriesAtFirstRow(vm), [vm]);
  // The engine's pause and open transaction follow the ui store (their one home).
  useEffect(() => followUi(vm), [vm]);
  return (
    <ViewContext.Provider value={vm}>
      <Keys />
      <Frame columns={columns} rows={rows} />
    </ViewContext.Provider>
  );
}
