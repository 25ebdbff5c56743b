// The header line: who and where, the connection and how fresh the data is, the clock, and how
// many transactions wait for approval. The only line that changes every second: it reads the one
// clock itself, so a tick re-renders the header and nothing else.
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { formatAge, formatClock, formatCount, type Glyphs, shortId, truncateToWidth } from '../../format/index.js';
import type { SessionState } from '../../store/index.js';
import { useView } from '../model.js';
import type { Token } from '../theme.js';
import { Line, type Segment, segmentsWidth, spread } from './line.js';

export interface HeaderInput {
  readonly session: Pick<
    SessionState,
    | 'workspaceId'
    | 'workspaceName'
    | 'keyId'
    | 'role'
    | 'demo'
    | 'readOnly'
    | 'connection'
    | 'freshAt'
    | 'degraded'
    | 'clockSkewMs'
    | 'baseUrl'
  >;
  /** Transactions waiting for approval; undefined until the unfinished work was read whole. */
  readonly awaiting: number | undefined;
  /** Of those, how many entered the queue since the person last went to it (n/N, or opened one). */
  readonly freshApprovals?: number;
  readonly paused: boolean;
  /** Live updates waiting while paused. */
  readonly held?: number;
  readonly now: number;
  readonly sandboxUrl?: string;
  readonly glyphs: Glyphs;
  readonly ascii: boolean;
}

interface Item {
  readonly segments: Segment[];
  /** Higher stays longer when the line is too narrow. */
  readonly priority: number;
  readonly side: 'left' | 'right';
}

export function connectionSegments(input: HeaderInput): Segment[] {
  const { connection, freshAt } = input.session;
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

/** The header's pieces, most important first to survive a narrow terminal. Pure. */
export function headerItems(input: HeaderInput): Item[] {
  const { session, ascii } = input;
  const g = input.glyphs;
  const items: Item[] = [
    { segments: [{ text: ' custody', token: 'title' }], priority: 4, side: 'left' },
    {
      // Cut to a name's length: a server's 50,000-character name must not push the rest out.
      segments: [{ text: truncateToWidth(session.workspaceName ?? session.workspaceId, NAME_COLUMNS, { ascii }), token: 'header' }],
      priority: 9,
      side: 'left',
    },
  ];
  if (session.workspaceName !== undefined) {
    items.push({
      segments: [{ text: `(ws ${shortId(session.workspaceId, 4, { ascii })})`, token: 'muted' }],
      priority: 2,
      side: 'left',
    });
  }
  if (session.keyId !== undefined || session.role !== undefined) {
    const key = session.keyId === undefined ? '' : `key ${shortId(session.keyId, 4, { ascii })}`;
    items.push({
      segments: [{ text: [key, session.role ?? ''].filter((t) => t !== '').join(' '), token: 'muted' }],
      priority: 3,
      side: 'left',
    });
  }
  items.push({ segments: connectionSegments(input), priority: 10, side: 'left' });
  if (input.paused) {
    const held = input.held ?? 0;
    items.push({
      segments: [
        { text: ' PAUSED ', token: 'badge' },
        ...(held > 0
          ? [{ text: ` ${formatCount(held)} updates waiting`, token: 'warning' as const }]
          : []),
      ],
      priority: 10,
      side: 'left',
    });
  }
  if (session.readOnly)
    items.push({ segments: [{ text: ' READ-ONLY ', token: 'badge' }], priority: 10, side: 'left' });
  if (session.demo || input.sandboxUrl !== undefined) {
    items.push({ segments: [{ text: ' DEMO ', token: 'badge' }], priority: 8, side: 'left' });
    items.push({
      segments: [{ text: input.sandboxUrl ?? session.baseUrl, token: 'muted' }],
      priority: 5,
      side: 'left',
    });
  }
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
  items.push({ segments: [{ text: formatClock(input.now) }], priority: 6, side: 'right' });
  items.push({ segments: approvalSegments(input), priority: 9, side: 'right' });
  return items;
}

/**
 * "6 awaiting approval · n": the way into the queue names its key. Unknown before the unfinished
 * work is read ("?", never a reassuring 0); arrivals the person has not looked at yet are a badge.
 */
export function approvalSegments(
  input: Pick<HeaderInput, 'awaiting' | 'freshApprovals' | 'glyphs' | 'ascii'>,
): Segment[] {
  const { awaiting } = input;
  if (awaiting === undefined) return [{ text: '? awaiting approval ', token: 'muted' }];
  if (awaiting === 0) return [{ text: '0 awaiting approval ', token: 'muted' }];
  const fresh = Math.min(input.freshApprovals ?? 0, awaiting);
  return [
    ...(fresh > 0
      ? [{ text: ` ${input.glyphs.bullet} ${formatCount(fresh)} new `, token: 'badge' as const }, { text: ' ' }]
      : []),
    { text: `${formatCount(awaiting)} awaiting approval`, token: 'warning' },
    { text: input.ascii ? ' - ' : ' · ', token: 'muted' },
    { text: 'n', token: 'key' },
    { text: ' ' },
  ];
}

function join(items: readonly Item[], gap: string): Segment[] {
  return items.flatMap((item, i) => (i === 0 ? item.segments : [{ text: gap }, ...item.segments]));
}

/** The header as one line of `width` columns: the least important pieces go first when narrow. */
export function headerLine(input: HeaderInput, width: number): Segment[] {
  let items = headerItems(input);
  for (;;) {
    const left = join(
      items.filter((i) => i.side === 'left'),
      '  ',
    );
    const right = join(
      items.filter((i) => i.side === 'right'),
      '   ',
    );
    if (segmentsWidth(left) + 2 + segmentsWidth(right) <= width || items.length <= 1) {
      return spread(left, right, width, input.ascii);
    }
    let drop = 0;
    items.forEach((item, i) => {
      if (item.priority <= items[drop]!.priority) drop = i;
    });
    items = items.filter((_, i) => i !== drop);
  }
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
      demo: s.demo,
      readOnly: s.readOnly,
      connection: s.connection,
      freshAt: s.freshAt,
      degraded: s.degraded,
      clockSkewMs: s.clockSkewMs,
      baseUrl: s.baseUrl,
    })),
  );
  // Unknown until the unfinished work was read whole: a partial count would reassure wrongly.
  const awaiting = useStore(vm.stores.transactions, (s) =>
    s.baselineAt === undefined ? undefined : s.awaitingApproval,
  );
  const arrived = useStore(vm.stores.transactions, (s) => s.arrivals.count);
  const seen = useStore(vm.ui, (s) => s.approvalsSeen);
  // The engine's own word counts too: updates may be held before the ui knew it asked.
  const asked = useStore(vm.ui, (s) => s.paused);
  const holding = useStore(vm.stores.transactions, (s) => s.paused ?? false);
  const paused = asked || holding;
  const held = useStore(vm.stores.transactions, (s) => s.held ?? 0);
  const now = useStore(vm.clock, (s) => s.now);
  const segments = headerLine(
    {
      session,
      awaiting,
      freshApprovals: arrived - seen,
      paused,
      held,
      now,
      ...(vm.env.sandboxUrl !== undefined ? { sandboxUrl: vm.env.sandboxUrl } : {}),
      glyphs: vm.theme.glyphs,
      ascii: vm.theme.ascii,
    },
    width,
  );
  return <Line segments={segments} theme={vm.theme} width={width} />;
}
