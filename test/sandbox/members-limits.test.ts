// Members and transaction limits against a real sandbox on a loopback port: every user id the
// world shows is a member with a name, the embeds travel only when asked, every limitId a
// transaction carries is a real limit with the transaction's own rule, the OpenAPI's filters and
// paging, and the roles of the OpenAPI's permission lists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrivateJwk } from '../../src/auth/index.js';
import type { Role } from '../../src/format/index.js';
import { ROLES, type SandboxFixture, startTestSandbox } from '../helpers/sandbox.js';

let fx: SandboxFixture;
const ws = () => `/workspaces/${fx.workspaceId}`;

beforeAll(async () => {
  fx = await startTestSandbox({ seed: 7, history: 600 });
});
afterAll(() => fx.close());

async function get(path: string, role: Role = 'full-access') {
  const res = await fx.fetch('GET', `${ws()}${path}`, { role });
  expect(res.status, `${path}: ${res.text}`).toBe(200);
  return res.json;
}

interface WireTx {
  transactionId: string;
  createdBy?: string;
  accountId: string;
  status: string;
  extra?: {
    approvers?: {
      limitId: string;
      number: string;
      availableApprovers?: string[];
      approvedBy?: string[];
      skipApproval?: boolean;
      securityDelayDuration?: string;
    };
  };
}

describe('GET members', () => {
  it('lists members without embeds unless asked, oldest first', async () => {
    const { members } = await get('/members');
    expect(members.length).toBeGreaterThanOrEqual(7);
    for (const m of members) {
      expect(m._embedded).toBeUndefined();
      expect(m.workspaceId).toBe(fx.workspaceId);
    }
    const created = members.map((m: { createdAt: string }) => Number(m.createdAt));
    expect(created).toEqual([...created].sort((a, b) => a - b));
    // The owner opened the workspace.
    expect(members[0].userId).toBe(fx.sandbox.world.members[0]!.userId);
  });

  it('embeds profiles, emails on example.com and permission groups only as asked', async () => {
    const profiles = (await get('/members?includeUsersProfiles=true')).members;
    expect(profiles.map((m: { _embedded: { profile: { name: string } } }) => m._embedded.profile.name)).toEqual(
      expect.arrayContaining(['Alex Morgan', 'Priya Shah', 'Jonas Weber', 'Mei Chen', 'Sam Okafor']),
    );
    for (const m of profiles) {
      expect(Object.keys(m._embedded)).toEqual(['profile']);
      expect(m._embedded.profile.userId).toBe(m.userId);
    }
    const emails = (await get('/members?includeEmails=TRUE')).members;
    const humans = emails.filter((m: { _embedded: { identities: unknown[] } }) => m._embedded.identities.length > 0);
    expect(humans.length).toBeGreaterThanOrEqual(7);
    for (const m of humans) {
      expect(Object.keys(m._embedded)).toEqual(['identities']);
      const [identity] = m._embedded.identities;
      expect(identity).toMatchObject({ userId: m.userId, identityType: 'email' });
      expect(identity.identityValue).toMatch(/^[a-z.]+@example\.com$/);
    }
    const groups = (await get('/members?includePermissionGroups=true')).members;
    expect(groups[0]._embedded).toEqual({ permissionGroups: ['owner'] });
    const none = (await get('/members?includeUsersProfiles=false&includeEmails=false')).members;
    expect(none.every((m: { _embedded?: unknown }) => m._embedded === undefined)).toBe(true);
  });

  it('has plausible statuses: mostly active, one who left (deactivatedAt), one invited', async () => {
    const { members } = await get('/members?includeUsersProfiles=true');
    const byStatus = (s: string) => members.filter((m: { status: string }) => m.status === s);
    expect(byStatus('active').length).toBeGreaterThanOrEqual(5);
    const [left] = byStatus('deactivated');
    expect(left._embedded.profile.name).toBe('Lena Fischer');
    expect(Number(left.deactivatedAt)).toBeGreaterThan(Number(left.createdAt));
    expect(byStatus('new').map((m: { _embedded: { profile: { name: string } } }) => m._embedded.profile.name)).toEqual([
      'Tomás Rivera',
    ]);
  });

  it('pages with limit and offset', async () => {
    const all = (await get('/members')).members;
    expect((await get('/members?limit=2')).members).toEqual(all.slice(0, 2));
    expect((await get('/members?limit=3&offset=2')).members).toEqual(all.slice(2, 5));
    expect((await get(`/members?offset=${all.length}`)).members).toEqual([]);
  });

  it('every user id the world uses is a member: creators, approvers, the keys owner', async () => {
    const ids = new Set((await get('/members')).members.map((m: { userId: string }) => m.userId));
    const { transactions } = await get('/transactions?limit=1000');
    const used = new Set<string>();
    for (const tx of transactions as WireTx[]) {
      if (tx.createdBy) used.add(tx.createdBy);
      for (const id of tx.extra?.approvers?.availableApprovers ?? []) used.add(id);
      for (const id of tx.extra?.approvers?.approvedBy ?? []) used.add(id);
    }
    expect(used.size).toBeGreaterThanOrEqual(5);
    for (const id of used) expect(ids.has(id), id).toBe(true);
    // The fixture's keys act for the owner (the default): a member, named.
    const owner = fx.sandbox.world.members[0]!.userId;
    expect(ids.has(owner)).toBe(true);
  });

  it('a key registered for an unknown user makes a service member named after the key', async () => {
    const jwk = await generatePrivateJwk();
    fx.sandbox.registerKey(jwk, 'view-only', { userId: 'svc0000000000000000000001' });
    const { members } = await get('/members?includeUsersProfiles=true&includePermissionGroups=true');
    const service = members.find((m: { userId: string }) => m.userId === 'svc0000000000000000000001');
    expect(service).toMatchObject({
      status: 'active',
      _embedded: { profile: { name: `API key ${jwk.kid.slice(0, 8)}` }, permissionGroups: ['view-only'] },
    });
    const { activities } = await get('/activities?activityTypes=service-member-creation&limit=20');
    expect(activities.some((a: { userId: string }) => a.userId === 'svc0000000000000000000001')).toBe(true);
  });
});

describe('GET transaction-limits', () => {
  it('every limitId of the transactions is a real limit with the same rule', async () => {
    const { transactions } = await get('/transactions?limit=1000');
    const withLimit = (transactions as WireTx[]).filter((t) => t.extra?.approvers !== undefined);
    expect(withLimit.length).toBeGreaterThan(10);
    const waiting = withLimit.filter((t) => t.status === 'waiting-approval');
    expect(waiting.length).toBeGreaterThanOrEqual(3);
    const seen = new Map<string, { limitRule: Record<string, any>; destinations: Record<string, unknown> }>();
    for (const tx of withLimit) {
      const a = tx.extra!.approvers!;
      let limit = seen.get(a.limitId);
      if (!limit) {
        limit = await get(`/transaction-limits/${a.limitId}`);
        seen.set(a.limitId, limit!);
      }
      if (a.skipApproval) {
        expect(limit!.limitRule.skipApproval).toBe(true);
        expect(limit!.destinations.toAccounts).toBe(true);
        continue;
      }
      expect(limit!.limitRule.approve.numberOfApprovals).toBe(a.number);
      expect(limit!.limitRule.approve.authorisedApproversUserIds).toEqual(a.availableApprovers);
      expect(limit!.limitRule.securityDelay?.durationHours).toBe(a.securityDelayDuration);
    }
    expect(seen.size).toBeGreaterThanOrEqual(3);
  });

  it('are honest: amount thresholds in USD, the internal rule, one retired', async () => {
    const { limits } = await get('/transaction-limits');
    const active = limits.filter((l: { status: string }) => l.status === 'active');
    const amounts = active
      .filter((l: any) => l.limitRule.skipApproval !== true)
      .map((l: any) => [l.limitType, l.transactionParams.aboveAmount.amount, l.limitRule.approve.numberOfApprovals]);
    expect(amounts).toEqual([
      ['transaction-amount', '10000', '1'],
      ['transaction-amount', '100000', '2'],
      ['transaction-amount', '250000', '2'],
    ]);
    const top = active.find((l: any) => l.transactionParams.aboveAmount.amount === '250000');
    expect(top.limitRule.securityDelay).toEqual({ durationHours: '1' });
    const internal = active.filter((l: any) => l.limitRule.skipApproval === true);
    expect(internal).toHaveLength(1);
    expect(internal[0].destinations).toMatchObject({ toAccounts: true, toExternalAddresses: false });
    expect(limits.filter((l: { status: string }) => l.status === 'deactivated')).toHaveLength(1);
  });

  it('filters by ids, statuses, source and destination accounts, users; pages', async () => {
    const { limits } = await get('/transaction-limits');
    const [first, second] = limits;
    expect((await get(`/transaction-limits?limitIds=${first.limitId},${second.limitId}`)).limits).toEqual([first, second]);
    expect((await get('/transaction-limits?statuses=deactivated')).limits.map((l: any) => l.status)).toEqual([
      'deactivated',
    ]);
    const accounts = (await get('/accounts')).accounts as { accountId: string; isTestnet?: boolean }[];
    const testnet = accounts.find((a) => a.isTestnet)!.accountId;
    // A testnet vault has no USD prices: only the rules that name no source accounts apply to it.
    const fromTestnet = (await get(`/transaction-limits?fromAccountIds=${testnet}`)).limits;
    expect(fromTestnet.every((l: any) => l.sources.accountIds === undefined)).toBe(true);
    const toAccounts = (await get(`/transaction-limits?toAccountIds=${accounts[0]!.accountId}&statuses=active`)).limits;
    expect(toAccounts.map((l: any) => l.limitRule.skipApproval)).toEqual([true]);
    const anyone = (await get('/transaction-limits?appliesToUserIds=someone')).limits;
    expect(anyone).toHaveLength(limits.length);
    expect((await get('/transaction-limits?limit=2&offset=1')).limits).toEqual(limits.slice(1, 3));
  });

  it('answers 404 for an unknown limit', async () => {
    const res = await fx.fetch('GET', `${ws()}/transaction-limits/nosuchlimit`);
    expect(res.status).toBe(404);
    expect(res.json.message).toContain('nosuchlimit');
  });
});

describe('roles follow the OpenAPI permission lists', () => {
  const reads = ['/members', '/address-book-records', '/transaction-limits', '/activities'];

  it.each(ROLES)('%s', async (role) => {
    const mayRead = role !== 'mpc-hot-signer';
    for (const path of reads) {
      const res = await fx.fetch('GET', `${ws()}${path}`, { role });
      expect(res.status, `${role} GET ${path}`).toBe(mayRead ? 200 : 403);
      if (!mayRead) expect(res.json.error).toBe('forbidden');
    }
    const { records } = await get('/address-book-records');
    const one = await fx.fetch('GET', `${ws()}/address-book-records/${records[0].recordId}`, { role });
    expect(one.status).toBe(mayRead ? 200 : 403);
    const limitId = (await get('/transaction-limits')).limits[0].limitId;
    expect((await fx.fetch('GET', `${ws()}/transaction-limits/${limitId}`, { role })).status).toBe(mayRead ? 200 : 403);

    const mayWrite = role === 'transaction-operator' || role === 'full-access';
    const body = JSON.stringify({
      externalId: `roles-${role}`,
      name: `Desk for ${role}`,
      networkId: 'BTC',
      // A distinct Bitcoin address per role (bech32 characters only).
      address: `bc1q${'qpzry9x8gf2tvdw0s3jn54khce6mua7l'[ROLES.indexOf(role)]!.repeat(38)}`,
    });
    const created = await fx.fetch('POST', `${ws()}/address-book-records`, { role, body });
    expect(created.status, created.text).toBe(mayWrite ? 201 : 403);
    const target = mayWrite ? created.json.recordId : records[0].recordId;
    const deleted = await fx.fetch('DELETE', `${ws()}/address-book-records/${target}`, { role });
    expect(deleted.status, deleted.text).toBe(mayWrite ? 200 : 403);
    if (!mayWrite) expect(deleted.json.message).toContain(`role ${role}`);
  });
});
