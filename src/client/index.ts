// The API client: signed HTTP calls, one module per resource, and the realtime (WebSocket) client.
export * from './accounts.js';
export * from './addresses.js';
export * from './api.js';
export * from './dictionary.js';
export * from './errors.js';
export { CLOCK_SKEW_LIMIT_MS, newCorrelationId, parseRetryAfter } from './headers.js';
export * from './http.js';
export * from './prices.js';
export { type ProxyEnv, type ProxyRoute, type ProxySettings, proxyFor, proxyPlan } from './proxy.js';
export * from './query.js';
export * from './realtime.js';
export { ProxyError } from './realtime-proxy.js';
export * from './transactions.js';
export * from './workspaces.js';
