// The header line: which setup and server (always: the profile or flags/env/DEMO, and the host),
// the workspace, the connection and how fresh the data is, the clock, and how many transactions
// wait for approval. The only line that changes every second: it reads the one
// clock itself, so a tick re-renders the header and nothing else.
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import {
  countOf,
  formatAge,
  formatClock,
  formatCount,
  type Glyphs,
  shortId,
  truncateMiddle,
  truncateToWidth,
} from '../../format/index.js';
import { awaitingNow, type SessionState, setupLabel } from '../../store/index.js';
import { isPaused } from '../../store/ui.js';
import { useView } from '../model/model.js';
import type { Token } from '../base/theme.js';
import { Line, type Segment, segmentsWidth, spread } from '../draw/line.js';

export interface HeaderInput {
  readonly session: Pick<
    SessionState,
    | 'workspaceId'
    | 'workspaceName'
    | 'keyId'
    | 'role'
    | 'readOnly'
    | 'connection'
    | 'freshAt'
    | 'degraded'
    | 'clockSkewMs'
    | 'setup'
  >;
  /** Transactions waiting for approval; undefined until the unfinished work was read whole. */
  readonly awaiting: number | undefined;
  /** Of those, how many entered the queue since the person last went to it (n/N, or opened one). */
  readonly freshApprovals?: number;
  /** Live updates are held, for any reason (ui.pause). */
  readonly paused: boolean;
  /** Live updates waiting while paused. */
  readonly held?: number;
  readonly now: number;
  readonly glyphs: Glyphs;
  readonly ascii: boolean;
}

interface Item {
  readonly segments: Segment[];
  /** Higher stays longer when the line is too narrow. */
  readonly priority: number;
  readonly side: 'left' | 'right';
  /** Never dropped: which setup and server the keys act on (the profile and the host), what waits. */
  readonly keep?: true;
  /** A shorter form, taken before anything of BEFORE_HOST_CUT or more gives way (what waits). */
  readonly short?: Segment[];
  /** The same piece cut to at most `columns` (the host, cut in its middle). */
  readonly cut?: (columns: number) => Segment[];
}

export function connectionSegments(input: HeaderInput, short = false): Segment[] {
  const { connection } = input.session;
  // The short form leaves out how fresh live data is (seconds), never the state or stale data's age.
  const freshAt = short && connection.kind === 'live' ? undefined : input.session.freshAt;
  const g = input.glyphs;
  const stale = freshAt === undefined ? '' : `  data ${formatAge(freshAt, input.now)} old`;
  const spec: Record<string, { text: string; token: Token; stale: boolean }> = {
    connecting: { text: `${g.offlineDot} connecting`, token: 'pending', stale: false },
    live: {
      text: `${g.liveDot} live${freshAt === undefined ? '' : ` ${formatAge(freshAt, input.now)}`}`,
      token: 'success',
      stale: false,
    },
    reconnecting: {
      text: `${g.offlineDot} reconnecting ${connection.attempt ?? ''}`.trimEnd(),
      token: 'warning',
      stale: true,
    },
    polling: { text: `${g.liveDot} polling`, token: 'warning', stale: true },
    offline: { text: `${g.offlineDot} offline`, token: 'danger', stale: true },
    'logged-out': { text: `${g.cross} logged out`, token: 'danger', stale: true },
  };
  const s = spec[connection.kind] ?? {
    text: `${g.offlineDot} ${connection.kind}`,
    token: 'muted' as Token,
    stale: true,
  };
  return [{ text: s.text, token: s.token }, ...(s.stale && stale ? [{ text: stale, token: s.token }] : [])];
}

function skewText(ms: number): string {
  const seconds = Math.round(Math.abs(ms) / 100) / 10;
  return `${ms < 0 ? '-' : '+'}${seconds}s`;
}

/** The most a workspace's name takes of the header. */
const NAME_COLUMNS = 40;
/** The most the setup's label takes (a profile name may have 64 characters). */
const LABEL_COLUMNS = 24;
/** The most a host takes; a longer one keeps both ends ("api.very-long…example.com"). */
const HOST_COLUMNS = 32;
/** Pieces below this priority give way before the host is cut shorter than HOST_COLUMNS. */
const BEFORE_HOST_CUT = 6;
/** The host is cut to this before anything of BEFORE_HOST_CUT or more gives way... */
const HOST_MIN_COLUMNS = 16;
/** ...and to this at the least, when nothing else is left to give. */
const HOST_LAST_COLUMNS = 7;

/** The profile (or flags/env, or DEMO) and, when the profile says so, PRODUCTION in words. */
function setupSegments(session: HeaderInput['session'], ascii: boolean): Segment[] {
  const { setup } = session;
  if (setup.origin === 'demo') return [{ text: ' DEMO ', token: 'badge' }];
  const label = truncateMiddle(setupLabel(setup) ?? setup.origin, LABEL_COLUMNS, { ascii });
  return [
    { text: label, token: 'title' },
    // Words, not only a colour: NO_COLOR still reads PRODUCTION.
    ...(setup.tone === 'production' ? [{ text: ' ' }, { text: 'PRODUCTION', token: 'danger' as const }] : []),
  ];
}

/** The host, cut in the middle to at most `columns` (bounded before anything measures it). */
function hostItem(host: string, ascii: boolean): Item {
  const cut = (columns: number): Segment[] => [{ text: truncateMiddle(host, columns, { ascii }), token: 'accent' }];
  return { segments: cut(HOST_COLUMNS), priority: 11, side: 'left', keep: true, cut };
}

/** The header's pieces, most important first to survive a narrow terminal. Pure. */
export function headerItems(input: HeaderInput): Item[] {
  const { session, ascii } = input;
  const g = input.glyphs;
  // Giving way first: the workspace id, the clock, the title (it tells nothing of where), the key
  // and role, the workspace's name. Never: the setup and the host (what tells production from
  // staging).
  const items: Item[] = [
    { segments: [{ text: 'custody', token: 'title' }], priority: 3, side: 'left' },
    { segments: setupSegments(session, ascii), priority: 11, side: 'left', keep: true },
    hostItem(session.setup.host, ascii),
    {
      // Cut to a name's length: a server's 50,000-character name must not push the rest out.
      segments: [{ text: truncateToWidth(session.workspaceName ?? session.workspaceId, NAME_COLUMNS, { ascii }), token: 'header' }],
      priority: 5,
      side: 'left',
    },
  ];
  if (session.workspaceName !== undefined) {
    items.push({
      segments: [{ text: `(ws ${shortId(session.workspaceId, 4, { ascii })})`, token: 'muted' }],
      priority: 1,
      side: 'left',
    });
  }
  if (session.keyId !== undefined || session.role !== undefined) {
    const key = session.keyId === undefined ? '' : `key ${shortId(session.keyId, 4, { ascii })}`;
    items.push({
      segments: [{ text: [key, session.role ?? ''].filter((t) => t !== '').join(' '), token: 'muted' }],
      priority: 4,
      side: 'left',
    });
  }
  // Whether the data is live is never held back either: it shortens, it does not go.
  items.push({ segments: connectionSegments(input), short: connectionSegments(input, true), priority: 10, side: 'left', keep: true });
  if (input.paused) {
    const held = input.held ?? 0;
    const badge = { text: ' PAUSED ', token: 'badge' } as const;
    items.push({
      segments: [badge, ...(held > 0 ? [{ text: ` ${countOf(held, 'update')} waiting`, token: 'warning' as const }] : [])],
      ...(held > 0 ? { short: [badge, { text: ` ${formatCount(held)} held`, token: 'warning' as const }] } : {}),
      priority: 10,
      side: 'left',
    });
  }
  if (session.readOnly)
    items.push({ segments: [{ text: ' READ-ONLY ', token: 'badge' }], priority: 10, side: 'left' });
  if (session.degraded !== undefined) {
    items.push({
      segments: [{ text: `${g.warning} slowed: ${session.degraded.reason}`, token: 'warning' }],
      priority: 7,
      side: 'left',
    });
  }
  if (session.clockSkewMs !== undefined) {
    items.push({
      segments: [{ text: `${g.warning} clock skew ${skewText(session.clockSkewMs)}`, token: 'warning' }],
      priority: 7,
      side: 'left',
    });
  }
  items.push({ segments: [{ text: formatClock(input.now) }], priority: 2, side: 'right' });
  // What waits for a decision is never held back: it shortens, it does not go.
  items.push({ segments: approvalSegments(input), short: approvalSegments(input, true), priority: 9, side: 'right', keep: true });
  return items;
}

/**
 * "6 awaiting approval · n": the way into the queue names its key. Unknown before the unfinished
 * work is read ("?", never a reassuring 0); arrivals the person has not looked at yet are a badge.
 */
export function approvalSegments(
  input: Pick<HeaderInput, 'awaiting' | 'freshApprovals' | 'glyphs' | 'ascii'>,
  short = false,
): Segment[] {
  const { awaiting } = input;
  const words = short ? 'awaiting' : 'awaiting approval';
  if (awaiting === undefined) return [{ text: `? ${words} `, token: 'muted' }];
  if (awaiting === 0) return [{ text: `0 ${words} `, token: 'muted' }];
  const fresh = Math.min(input.freshApprovals ?? 0, awaiting);
  const mark = short ? `${input.glyphs.bullet}${formatCount(fresh)} new` : ` ${input.glyphs.bullet} ${formatCount(fresh)} new `;
  return [
    ...(fresh > 0 ? [{ text: mark, token: 'badge' as const }, { text: ' ' }] : []),
    { text: `${formatCount(awaiting)} ${words}`, token: 'warning' },
    ...(short ? [] : [{ text: input.ascii ? ' - ' : ' · ', token: 'muted' as const }, { text: 'n', token: 'key' as const }]),
    { text: ' ' },
  ];
}

function join(items: readonly Item[], gap: string): Segment[] {
  return items.flatMap((item, i) => (i === 0 ? item.segments : [{ text: gap }, ...item.segments]));
}

/**
 * The header as one line of `width` columns. When narrow, the least important pieces go first
 * (the later of equals); before anything of BEFORE_HOST_CUT or more goes, the host is cut to
 * HOST_MIN_COLUMNS; the setup and the host never go (the host is cut to the last), and what
 * still does not fit is cut at the edge: always one line.
 */
export function headerLine(input: HeaderInput, width: number): Segment[] {
  let items = headerItems(input);
  for (;;) {
    const left = [{ text: ' ' }, ...join(items.filter((i) => i.side === 'left'), '  ')];
    const right = join(
      items.filter((i) => i.side === 'right'),
      '   ',
    );
    const over = segmentsWidth(left) + 2 + segmentsWidth(right) - width;
    if (over <= 0) return spread(left, right, width, input.ascii);
    let drop: number | undefined;
    items.forEach((item, i) => {
      if (item.keep !== true && (drop === undefined || item.priority <= items[drop]!.priority)) drop = i;
    });
    const lowest = drop === undefined ? undefined : items[drop]!.priority;
    const next =
      lowest !== undefined && lowest < BEFORE_HOST_CUT
        ? undefined
        : (cutShorter(items, over, HOST_MIN_COLUMNS) ??
          shortened(items) ??
          (lowest === undefined ? cutShorter(items, over, HOST_LAST_COLUMNS) : undefined));
    if (next !== undefined) items = next;
    else if (drop !== undefined) items = items.filter((_, i) => i !== drop);
    else return spread(left, right, width, input.ascii);
  }
}

/** The items with the first piece that has a shorter form in it; undefined when none has one left. */
function shortened(items: readonly Item[]): Item[] | undefined {
  const at = items.findIndex((i) => i.short !== undefined);
  if (at < 0) return undefined;
  return items.map((item, n) => {
    if (n !== at) return item;
    const { short, ...rest } = item;
    return { ...rest, segments: short ?? item.segments };
  });
}

/** The items with the host cut by `over` columns, down to `floor`; undefined when it is that short already. */
function cutShorter(items: readonly Item[], over: number, floor: number): Item[] | undefined {
  const at = items.findIndex((i) => i.cut !== undefined);
  const item = items[at];
  if (item?.cut === undefined) return undefined;
  const now = segmentsWidth(item.segments);
  if (now <= floor) return undefined;
  const segments = item.cut(Math.max(floor, now - over));
  return items.map((i, n) => (n === at ? { ...i, segments } : i));
}

export function Header({ width }: { width: number }) {
  const vm = useView();
  const session = useStore(
    vm.stores.session,
    useShallow((s) => ({
      workspaceId: s.workspaceId,
      workspaceName: s.workspaceName,
      keyId: s.keyId,
      role: s.role,
      readOnly: s.readOnly,
      connection: s.connection,
      freshAt: s.freshAt,
      degraded: s.degraded,
      clockSkewMs: s.clockSkewMs,
      setup: s.setup,
    })),
  );
  // Unknown until the unfinished work was read whole: a partial count would reassure wrongly.
  // Held updates count at once: a pause holds the rows, never the queue's count.
  const awaiting = useStore(vm.stores.transactions, (s) => (s.baselineAt === undefined ? undefined : awaitingNow(s)));
  // One mark per arrival not visited yet (model/approvals-seen.ts).
  const fresh = useStore(vm.ui, (s) => s.freshApprovals.length);
  // The one home of the pause; the engine follows it and says how much it holds.
  const paused = useStore(vm.ui, isPaused);
  const held = useStore(vm.stores.transactions, (s) => s.held);
  const now = useStore(vm.clock, (s) => s.now);
  const segments = headerLine(
    {
      session,
      awaiting,
      freshApprovals: fresh,
      paused,
      held,
      now,
      glyphs: vm.theme.glyphs,
      ascii: vm.theme.ascii,
    },
    width,
  );
  return <Line segments={segments} theme={vm.theme} width={width} />;
}
