// Statuses and event types as words, symbols and tones. Status never rests on color alone: the view
// draws symbol + label and uses the tone for color when color is on. The lists of known values are
// our own (format imports nothing of ours; the zod enums live in contract/). Enums grow: an unknown
// value shows as its raw text with "?".

export type Tone = 'success' | 'warning' | 'danger' | 'info' | 'pending' | 'muted' | 'accent';

export interface StatusStyle {
  /** The text shown: the API's own word, so what is on screen is what filters and docs use. */
  readonly label: string;
  /** One column wide (string-width). */
  readonly symbol: string;
  /** The symbol where the locale is not UTF-8. */
  readonly asciiSymbol: string;
  readonly tone: Tone;
}

type Look = Omit<StatusStyle, 'label'>;

// One symbol per kind of state, so the symbol alone tells the family, and a transaction's symbol
// tells whether it is terminal: done, partial, stopped, expired and failed are the terminal kinds.
// ASCII symbols are all three columns, so labels line up in ASCII mode as they do in Unicode.
const KIND = {
  done: { symbol: '✓', asciiSymbol: '[+]', tone: 'success' },
  steady: { symbol: '●', asciiSymbol: '[*]', tone: 'success' },
  attention: { symbol: '⚠', asciiSymbol: '[!]', tone: 'warning' },
  failed: { symbol: '✗', asciiSymbol: '[x]', tone: 'danger' },
  stopped: { symbol: '⊘', asciiSymbol: '[/]', tone: 'muted' },
  expired: { symbol: '◷', asciiSymbol: '[-]', tone: 'muted' },
  partial: { symbol: '◐', asciiSymbol: '[~]', tone: 'warning' },
  progress: { symbol: '⋯', asciiSymbol: '[.]', tone: 'pending' },
  fresh: { symbol: '○', asciiSymbol: '[o]', tone: 'info' },
  archived: { symbol: '◌', asciiSymbol: '[_]', tone: 'muted' },
  unknown: { symbol: '?', asciiSymbol: '[?]', tone: 'muted' },
} as const satisfies Record<string, Look>;

export type StatusKind = keyof typeof KIND;

/** Every look a status can take, for tests and for a legend in the help screen. */
export const STATUS_KINDS: Readonly<Record<StatusKind, Look>> = KIND;

type Table = Readonly<Record<string, Look>>;

/** A value's kind, with another tone where the kind's own does not fit. */
type Spec = StatusKind | readonly [StatusKind, Tone];

const kindOf = (spec: Spec): StatusKind => (typeof spec === 'string' ? spec : spec[0]);

function table(entries: Readonly<Record<string, Spec>>): Table {
  const out: Record<string, Look> = Object.create(null);
  for (const [value, spec] of Object.entries(entries)) {
    out[value] = typeof spec === 'string' ? KIND[spec] : { ...KIND[spec[0]], tone: spec[1] };
  }
  return Object.freeze(out);
}

const TRANSACTION_KINDS = {
  new: 'fresh',
  'waiting-confirmations': 'progress',
  'waiting-approval': 'attention',
  // A person decided: progress, but worth a different color from the machine's steps.
  approved: ['progress', 'info'],
  'awaiting-security-policy': 'attention',
  completed: 'done',
  'partially-completed': 'partial',
  canceled: 'stopped',
  expired: 'expired',
  'signing-required': 'attention',
  signing: 'progress',
  signed: ['progress', 'info'],
  broadcasted: 'progress',
  'manual-resolving': 'attention',
  'failed-on-blockchain': 'failed',
  'removed-from-blockchain': 'failed',
  error: 'failed',
  'awaiting-deposit': 'progress',
  'awaiting-conversion': 'progress',
  'awaiting-payout': 'progress',
  'awaiting-user-response': 'attention',
  'awaiting-defi-execution': 'progress',
  'acceptance-required': 'attention',
} as const satisfies Record<string, Spec>;
const TRANSACTION = table(TRANSACTION_KINDS);

const SIGNING_REQUEST = table({
  new: 'fresh',
  signing: 'progress',
  signed: ['progress', 'info'],
  broadcasted: 'progress',
  'under-rbf': 'progress',
  // Someone outside the service has to broadcast it.
  'waiting-external-broadcast': 'attention',
  'waiting-sponsored-broadcast': 'progress',
  completed: 'done',
  'manual-resolving': 'attention',
  canceled: 'stopped',
  'error-on-broadcast': 'failed',
  'failed-on-chain': 'failed',
  'marked-as-error': 'failed',
});

const ADDRESS = table({
  new: 'fresh',
  pending: 'progress',
  'address-activation-required': 'attention',
  'address-creation-required': 'attention',
  'address-activation-in-progress': 'progress',
  'approval-pending': 'attention',
  enabled: 'steady',
  disabled: 'stopped',
  error: 'failed',
  'account-archived': 'archived',
});

const ACCOUNT = table({
  active: 'steady',
  archived: 'archived',
  'shard-generating': 'progress',
  'error-on-generating': 'failed',
});

export const TRANSACTION_STATUSES: readonly string[] = Object.freeze(Object.keys(TRANSACTION));
export const SIGNING_REQUEST_STATUSES: readonly string[] = Object.freeze(Object.keys(SIGNING_REQUEST));
export const ADDRESS_STATUSES: readonly string[] = Object.freeze(Object.keys(ADDRESS));
export const ACCOUNT_STATUSES: readonly string[] = Object.freeze(Object.keys(ACCOUNT));

/** The kinds a transaction ends in (done, partial, stopped, expired, failed). */
const TERMINAL_KINDS: ReadonlySet<StatusKind> = new Set(['done', 'partial', 'stopped', 'expired', 'failed']);

/** Wire notes §7. `manual-resolving` is not terminal: a person is still working on it. */
// Home: contract/enums.ts TERMINAL_STATUSES; format imports nothing of ours, so derived from the kinds, tied by test/format/terminal-statuses.test.ts.
export const TERMINAL_TRANSACTION_STATUSES: readonly string[] = Object.freeze(
  Object.entries(TRANSACTION_KINDS)
    .filter(([, spec]) => TERMINAL_KINDS.has(kindOf(spec)))
    .map(([status]) => status),
);

function lookUp(t: Table, value: string): StatusStyle {
  const look = typeof value === 'string' && Object.hasOwn(t, value) ? t[value]! : KIND.unknown;
  return { label: String(value), ...look };
}

export function transactionStatusStyle(status: string): StatusStyle {
  return lookUp(TRANSACTION, status);
}

export function signingRequestStatusStyle(status: string): StatusStyle {
  return lookUp(SIGNING_REQUEST, status);
}

export function addressStatusStyle(status: string): StatusStyle {
  return lookUp(ADDRESS, status);
}

export function accountStatusStyle(status: string): StatusStyle {
  return lookUp(ACCOUNT, status);
}

export function isTerminalTransactionStatus(status: string): boolean {
  return TERMINAL_TRANSACTION_STATUSES.includes(status);
}

// Event types: the direction of the money first. The label stays the API's word ("stake-delegation"),
// which is what the docs and the raw JSON say; a narrow column truncates it like any text.
const IN: Look = { symbol: '↓', asciiSymbol: '+', tone: 'success' };
const OUT: Look = { symbol: '↑', asciiSymbol: '-', tone: 'accent' };
const FEE: Look = { symbol: '%', asciiSymbol: '%', tone: 'muted' };
const REWARD: Look = { symbol: '★', asciiSymbol: '*', tone: 'success' };
const OTHER: Look = { symbol: '·', asciiSymbol: '.', tone: 'info' };
const UNKNOWN_EVENT: Look = { symbol: '?', asciiSymbol: '?', tone: 'muted' };

const EVENT: Table = Object.freeze(
  Object.assign(Object.create(null) as Record<string, Look>, {
    in: IN,
    out: OUT,
    fee: FEE,
    // A deposit taken back: money leaves, and it is not routine.
    'negative-deposit': { ...OUT, tone: 'danger' },
    'stake-deposit': OTHER,
    'stake-withdrawal-requested': OTHER,
    'stake-delegation': OTHER,
    'stake-undelegation': OTHER,
    'stake-withdrawn': OTHER,
    'stake-earn-reward': REWARD,
    'stake-reward-accrued': REWARD,
    'stake-pool-created': OTHER,
    'stake-pool-unjailed': OTHER,
    'stake-transferred': OTHER,
    allowance: OTHER,
    'nft-in': IN,
    'nft-out': OUT,
    'nft-allowance': OTHER,
    'loyalty-lock': OTHER,
    'loyalty-unlock': OTHER,
    'loyalty-reward': REWARD,
    'canton-reward': REWARD,
    'message-signed': OTHER,
    'deposit-offer': OTHER,
  }),
);

export const EVENT_TYPES: readonly string[] = Object.freeze(Object.keys(EVENT));

export function eventTypeStyle(eventType: string): StatusStyle {
  const look =
    typeof eventType === 'string' && Object.hasOwn(EVENT, eventType) ? EVENT[eventType]! : UNKNOWN_EVENT;
  return { label: String(eventType), ...look };
}

/** Symbol and label as one piece of text: "⚠ waiting-approval", "[!] waiting-approval". */
export function styleText(style: StatusStyle, { ascii = false }: { readonly ascii?: boolean } = {}): string {
  return `${ascii ? style.asciiSymbol : style.symbol} ${style.label}`;
}

/** The timeline's type column: "↓ in", "↑ out", "% fee" (ASCII "+ in", "- out", "% fee"). */
export function eventTypeLabel(eventType: string, options: { readonly ascii?: boolean } = {}): string {
  return styleText(eventTypeStyle(eventType), options);
}
