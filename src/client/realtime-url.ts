import { encodeQuery, workspacePath } from './query.js';
import { type TransactionsListQuery, transactionsQuery } from './transactions.js';

// Where the live socket goes, and what a subscription names (wire notes §6).

/** `ws(s)://host[/prefix]/ws` from the API base URL. */
export function realtimeUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError('baseUrl is not a valid URL');
  }
  if (url.protocol === 'http:') url.protocol = 'ws:';
  else if (url.protocol === 'https:') url.protocol = 'wss:';
  else if (url.protocol !== 'ws:' && url.protocol !== 'wss:') {
    throw new TypeError('baseUrl must start with http:// or https://');
  }
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/ws`;
  url.search = '';
  url.hash = '';
  return url.toString();
}

/** The subscription `uri`: the transactions list path with its filters, encoded as for REST. */
export function subscriptionUri(workspaceId: string, query: TransactionsListQuery = {}): string {
  return `${workspacePath(workspaceId)}/transactions${encodeQuery(transactionsQuery(query))}`;
}
