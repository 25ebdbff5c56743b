// The wire contract: zod schemas and inferred types of everything the API sends and receives.
// Naming: a schema is `XxxSchema` and its parsed type `Xxx`; known enum values are `UPPER_SNAKE`
// arrays; scalars are lower-case schemas (`decimal`, `int64`, `millis` ...) like zod's own.

import './zod-config.js';

export * from './account.js';
export * from './activity.js';
export * from './address.js';
export * from './address-book.js';
export * from './asset.js';
export * from './balance.js';
export * from './canton.js';
export * from './create-transaction-request.js';
export * from './dry-run-transaction.js';
export * from './enums.js';
export * from './error-envelope.js';
export * from './intent.js';
export * from './lists.js';
export * from './member.js';
export * from './network.js';
export * from './open-enum.js';
export * from './price-series.js';
export * from './prices.js';
export * from './queries.js';
export * from './quote-details.js';
export * from './reference-queries.js';
export * from './scalars.js';
export * from './signing-request.js';
export * from './stake.js';
export * from './swap-route-request.js';
export * from './symbol.js';
export * from './transaction.js';
export * from './transaction-actions.js';
export * from './transaction-embedded.js';
export * from './transaction-estimation.js';
export * from './transaction-event.js';
export * from './transaction-extra.js';
export * from './transaction-limit.js';
export * from './transaction-params.js';
export * from './violation.js';
export * from './websocket.js';
export * from './wire-embedded.js';
export * from './workspace.js';
