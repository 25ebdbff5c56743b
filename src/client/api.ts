import { type AccountsApi, createAccountsApi } from './accounts.js';
import { type ActivitiesApi, createActivitiesApi } from './activities.js';
import { type AddressBookApi, createAddressBookApi } from './address-book.js';
import { type AddressesApi, createAddressesApi } from './addresses.js';
import { type BalancesApi, createBalancesApi } from './balances.js';
import { createDictionaryApi, type DictionaryApi } from './dictionary.js';
import { type ClientOptions, createHttp, type Http } from './http.js';
import { createLimitsApi, type LimitsApi } from './limits.js';
import { createMembersApi, type MembersApi } from './members.js';
import { createPricesApi, type PricesApi } from './prices.js';
import { createTransactionsApi, type TransactionsApi } from './transactions.js';
import { createWorkspacesApi, type WorkspacesApi } from './workspaces.js';

export interface ApiClientOptions extends ClientOptions {
  /** May be '' before it is known (`custody init` calls `workspaces.list()` first); workspace calls then throw. */
  workspaceId: string;
}

export interface ApiClient {
  readonly http: Http;
  readonly workspaceId: string;
  workspaces: WorkspacesApi;
  accounts: AccountsApi;
  addresses: AddressesApi;
  transactions: TransactionsApi;
  dictionary: DictionaryApi;
  prices: PricesApi;
  members: MembersApi;
  addressBook: AddressBookApi;
  limits: LimitsApi;
  balances: BalancesApi;
  activities: ActivitiesApi;
}

/** Every endpoint, one module per resource, over one Http. */
export function createApiClient(opts: ApiClientOptions): ApiClient {
  const http = createHttp(opts);
  const { workspaceId } = opts;
  return {
    http,
    workspaceId,
    workspaces: createWorkspacesApi(http, workspaceId),
    accounts: createAccountsApi(http, workspaceId),
    addresses: createAddressesApi(http, workspaceId),
    transactions: createTransactionsApi(http, workspaceId),
    dictionary: createDictionaryApi(http),
    prices: createPricesApi(http, workspaceId),
    members: createMembersApi(http, workspaceId),
    addressBook: createAddressBookApi(http, workspaceId),
    limits: createLimitsApi(http, workspaceId),
    balances: createBalancesApi(http, workspaceId),
    activities: createActivitiesApi(http, workspaceId),
  };
}
