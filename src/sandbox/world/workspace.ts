// The workspace: its members, vaults and their receiving addresses, and the transaction limits
// of its approval policy. Ids and dates come from the seed; names and the shape are fixed.

import type { Account, Address, Workspace } from '../../contract/index.js';
import type { Catalog } from './catalog.js';
import { makeAddress, makeMemo } from './formats.js';
import { Rng, streamSeed } from './rng.js';

const DAY = 86_400_000;

export interface Member {
  userId: string;
  name: string;
}

export type AccountRole = 'cold' | 'hot' | 'payroll' | 'trading' | 'defi' | 'archive' | 'testnet' | 'new';

export interface AccountInfo {
  readonly wire: Account;
  readonly role: AccountRole;
  /** Share of the history's transactions. */
  readonly weight: number;
  /** Assets it holds and moves (only on networks where it has an enabled address). */
  readonly assetIds: readonly string[];
  /** Its main receiving address per network. */
  readonly addressOf: ReadonlyMap<string, { address: string; memo?: string }>;
}

interface AccountDef {
  role: AccountRole;
  name: string;
  status: string;
  isTestnet: boolean;
  ageDays: number;
  weight: number;
  networks: string[];
  assets: string[];
  icon?: string;
  onlyAddressBook?: boolean;
  /** Extra addresses with other statuses: [networkId, status]. */
  more?: [string, string][];
}

const MAINNET = ['BTC', 'ETH', 'TRX', 'SOL', 'XRP', 'TON'];

const ACCOUNT_DEFS: AccountDef[] = [
  // The first vault is the one a script picks by default: the general one, on every mainnet.
  {
    role: 'hot',
    name: 'Ops Hot',
    status: 'active',
    isTestnet: false,
    ageDays: 380,
    weight: 30,
    networks: MAINNET,
    assets: ['1', '2', '3', '4', '5', '6', '11', '12', '21', '31', '32', '41', '51'],
    icon: 'vault-orange',
    more: [['BTC', 'disabled']],
  },
  {
    role: 'cold',
    name: 'Treasury Cold',
    status: 'active',
    isTestnet: false,
    ageDays: 420,
    weight: 10,
    networks: ['BTC', 'ETH'],
    assets: ['1', '2', '11', '12', '13'],
    icon: 'vault-blue',
    onlyAddressBook: true,
    more: [['ETH', 'approval-pending']],
  },
  {
    role: 'payroll',
    name: 'Payroll',
    status: 'active',
    isTestnet: false,
    ageDays: 300,
    weight: 10,
    networks: ['ETH', 'TRX', 'SOL'],
    assets: ['11', '12', '21', '32'],
    more: [['TRX', 'address-activation-required']],
  },
  {
    role: 'trading',
    name: 'Trading',
    status: 'active',
    isTestnet: false,
    ageDays: 260,
    weight: 25,
    networks: MAINNET,
    assets: ['1', '2', '3', '4', '5', '6', '11', '12', '13', '14', '16', '21', '31', '32', '33', '41', '51'],
    icon: 'vault-green',
    more: [
      ['ETH', 'new'],
      ['ETH', 'enabled'],
    ],
  },
  {
    role: 'defi',
    name: 'DeFi Strategies',
    status: 'active',
    isTestnet: false,
    ageDays: 150,
    weight: 10,
    networks: ['ETH', 'SOL'],
    assets: ['2', '4', '11', '12', '14', '15', '16', '17', '18', '32', '33'],
    more: [['SOL', 'pending']],
  },
  {
    role: 'archive',
    name: 'Archive 2023',
    status: 'archived',
    isTestnet: false,
    ageDays: 640,
    weight: 0,
    networks: ['BTC', 'ETH'],
    assets: ['1', '2', '11'],
  },
  {
    role: 'testnet',
    name: 'Testnet Sandbox',
    status: 'active',
    isTestnet: true,
    ageDays: 90,
    weight: 5,
    networks: ['ETH-SEPOLIA', 'BTC-TESTNET'],
    assets: ['101', '102', '103'],
    more: [['ETH-SEPOLIA', 'address-activation-in-progress']],
  },
  {
    role: 'new',
    name: 'Settlement',
    status: 'shard-generating',
    isTestnet: false,
    ageDays: 0,
    weight: 0,
    networks: [],
    assets: [],
    more: [['ETH', 'address-creation-required']],
  },
];

const MEMBER_NAMES = ['Alex Morgan', 'Priya Shah', 'Jonas Weber', 'Mei Chen', 'Sam Okafor'];

/** A transaction limit of the approval policy (wire notes §7). */
export interface Limit {
  readonly limitId: string;
  /** Lowest USD value the limit applies to. */
  readonly minUsd: string;
  readonly number: number;
  readonly approvers: readonly string[];
  /** Hours shown as securityDelayDuration; the world runs the delay in minutes (see lifecycle). */
  readonly delayHours?: number;
}

export interface Policy {
  /** From the highest threshold down. */
  readonly limits: readonly Limit[];
  /** Transfers between the workspace's own accounts: approval skipped. */
  readonly internal: { readonly limitId: string };
}

export interface WorkspaceData {
  readonly workspace: Workspace;
  readonly members: readonly Member[];
  readonly accounts: readonly AccountInfo[];
  readonly addresses: readonly Address[];
  readonly policy: Policy;
}

export function buildWorkspace(seed: number, startMs: number, catalog: Catalog): WorkspaceData {
  const rng = new Rng(streamSeed(seed, 'workspace'));
  const workspaceId = rng.id();
  const workspace: Workspace = { workspaceId, name: 'Sandbox Treasury', tag: 'sandbox-treasury' };
  const members: Member[] = MEMBER_NAMES.map((name) => ({ userId: rng.id(), name }));
  const [m0, m1, m2, m3, m4] = members.map((m) => m.userId) as [string, string, string, string, string];

  const accounts: AccountInfo[] = [];
  const addresses: Address[] = [];
  for (const def of ACCOUNT_DEFS) {
    const accountId = rng.id();
    const createdAt = def.role === 'new' ? startMs - 5 * 60_000 : startMs - def.ageDays * DAY - rng.int(DAY);
    const updatedAt = def.role === 'archive' ? startMs - 190 * DAY : createdAt + rng.int(30 * DAY);
    const createdBy = def.role === 'cold' || def.role === 'hot' ? m0 : rng.pick(members).userId;
    const wire: Account = {
      accountId,
      accountName: def.name,
      accountType: 'vault',
      externalId: rng.id(),
      status: def.status,
      workspaceId,
      createdAt: String(createdAt),
      updatedAt: String(Math.min(updatedAt, startMs)),
      createdBy,
      extra: { onlyAddressBookWithdrawals: def.onlyAddressBook === true },
      isTestnet: def.isTestnet,
    };
    if (def.icon !== undefined) wire.icon = def.icon;

    const addressOf = new Map<string, { address: string; memo?: string }>();
    const plan: [string, string][] = [
      ...def.networks.map((n): [string, string] => [n, 'enabled']),
      ...(def.more ?? []),
    ];
    for (const [networkId, planned] of plan) {
      const network = catalog.network(networkId)!;
      const status = def.status === 'archived' ? 'account-archived' : planned;
      const address: Address = {
        addressId: rng.id(),
        externalId: rng.id(),
        accountType: 'vault',
        status,
        networkId,
        createdBy,
        updatedBy: createdBy,
        // Never in the future: an account made minutes ago has addresses made since.
        createdAt: String(Math.min(createdAt + rng.int(DAY), startMs)),
        updatedAt: String(Math.min(createdAt + DAY + rng.int(20 * DAY), startMs)),
        acceptsAllAssets: true,
        requiresAssetsActivation: false,
        accountId,
        workspaceId,
      };
      if (status !== 'address-creation-required') address.address = makeAddress(rng, network.addressKind);
      if (network.tags.includes('supports-memo')) address.memo = makeMemo(rng, networkId);
      if (network.tags.includes('has-token-activation') && address.address !== undefined) {
        // Tokens must be activated one by one on this network: list the account's tokens.
        address.acceptsAllAssets = false;
        address.requiresAssetsActivation = true;
        address.activatedAssets = def.assets
          .map((id) => catalog.asset(id)!)
          .filter((a) => a.networkId === networkId && !a.native)
          .map((a) => ({
            activationId: rng.id(),
            address: address.address!,
            assetId: a.assetId,
            status: 'new',
          }));
      }
      if (rng.chance(0.3)) address.metadata = { label: `${def.name} ${networkId}` };
      const text = address.address;
      if (!addressOf.has(networkId) && typeof text === 'string' && planned === 'enabled') {
        addressOf.set(
          networkId,
          typeof address.memo === 'string' ? { address: text, memo: address.memo } : { address: text },
        );
      }
      addresses.push(address);
    }
    const assetIds = def.assets.filter((id) => {
      const networkId = catalog.asset(id)?.networkId;
      return networkId !== undefined && addressOf.has(networkId);
    });
    accounts.push({ wire, role: def.role, weight: def.weight, assetIds, addressOf });
  }

  const policy: Policy = {
    limits: [
      { limitId: rng.id(), minUsd: '250000', number: 2, approvers: [m0, m1, m3, m4], delayHours: 1 },
      { limitId: rng.id(), minUsd: '100000', number: 2, approvers: [m0, m1, m2, m3] },
      { limitId: rng.id(), minUsd: '10000', number: 1, approvers: [m0, m1, m2] },
    ],
    internal: { limitId: rng.id() },
  };
  return { workspace, members, accounts, addresses, policy };
}

/** The limit a USD value falls under, if any. */
export function limitFor(
  policy: Policy,
  usd: string | undefined,
  compare: (a: string, b: string) => number,
): Limit | undefined {
  if (usd === undefined) return undefined;
  return policy.limits.find((l) => compare(usd, l.minUsd) >= 0);
}
