// The format room: pure functions from values to text. Imports nothing of ours; no clocks, no env.

export {
  AMOUNT_DIGITS,
  type AmountProblem,
  amountCell,
  amountProblem,
  amountProblemWords,
  countOf,
  type FormatAmountOptions,
  type FormatDecimalOptions,
  fitAmount,
  formatAmount,
  formatAmountFull,
  formatCount,
  formatDecimal,
  groupThousands,
} from './amount.js';
export {
  addDecimal,
  compareDecimal,
  divideDecimal,
  isDecimalString,
  multiplyDecimal,
  normalizeDecimal,
  type RoundingMode,
  roundDecimal,
  subtractDecimal,
} from './decimal.js';
export { codePointName, escapeHiddenInJson, foldHidden, hasHidden, hiddenCharacters, showHidden, type TextKind } from './hidden.js';
export { shortId, truncateMiddle } from './ids.js';
export { formatChange, formatFractionPercent, formatPrice, formatUsd, percentChange } from './market.js';
export { editDistance, nearestWord, typoAllowance, unknownWordText } from './nearest-word.js';
export { cleanReason } from './reason.js';
export { isRole, type Permission, ROLES, type Role, roleGrants, rolesGranting } from './roles.js';
export { sparkline } from './sparkline.js';
export {
  ACCOUNT_STATUSES,
  ADDRESS_STATUSES,
  accountStatusStyle,
  addressStatusStyle,
  EVENT_TYPES,
  eventTypeLabel,
  eventTypeStyle,
  isTerminalTransactionStatus,
  SIGNING_REQUEST_STATUSES,
  STATUS_KINDS,
  type StatusKind,
  type StatusStyle,
  signingRequestStatusStyle,
  styleText,
  TERMINAL_TRANSACTION_STATUSES,
  type Tone,
  TRANSACTION_STATUSES,
  transactionStatusStyle,
} from './status.js';
export { type Glyphs, glyphs } from './symbols.js';
export {
  type Align,
  type AsciiOption,
  asciiFold,
  clipText,
  countCharacters,
  cutText,
  displayWidth,
  fitCell,
  headUnits,
  padEndToWidth,
  padStartToWidth,
  sanitizeLine,
  tailUnits,
  takeWidth,
  truncateToWidth,
  unitsFor,
} from './text.js';
export {
  formatAbsolute,
  formatAge,
  formatClock,
  formatCountdown,
  formatDuration,
  formatRelative,
  type Millis,
  parseMillis,
  type UtcOption,
} from './time.js';
export {
  addressKey,
  compileTransactionFilter,
  type FilterableTransaction,
  testTransactionFacts,
  type TransactionFacts,
  type TransactionFilter,
  type TransactionFilterQuery,
  transactionFacts,
} from './transaction-filter.js';
