// The sandbox's world: seeded, deterministic domain state with a clock, no HTTP. The server
// (src/sandbox/) maps requests onto these methods.

export type { ActionKind, ActionRecord } from './action-log.js';
export type { ActionError, ActionResult, CreateResult } from './actions.js';
export type { AssetInfo, NetworkInfo, SymbolInfo } from './catalog.js';
export { ASSETS, MAJOR_SYMBOLS, QUOTE_ASSET_ID, QUOTE_SYMBOL_ID } from './catalog.js';
export { type Clock, createManualClock, createSystemClock, type ManualClock } from './clock.js';
export type { WorldTransactionsQuery } from './filter.js';
export { MIN_WAITING } from './generator.js';
export { DELAYS } from './lifecycle.js';
export { QUOTE_TTL_MS, type RouteResult } from './swap.js';
export type { Member } from './workspace.js';
export type { AssetsFilter, SymbolPricesFilter, SymbolsFilter } from './dictionary.js';
export {
  createWorld,
  DEFAULT_HISTORY,
  type EmbedOptions,
  TICK_MS,
  World,
  type WorldOptions,
  type WorldStats,
} from './world.js';
