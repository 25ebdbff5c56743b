// The client's reference modules (members, address book, limits, balances, activities) against a
// real sandbox on loopback: what each answers parses, the filters reach the server and are obeyed,
// pages join up, the address book's writes go through once, and the roles the OpenAPI names are
// the ones let in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, readPages } from '../../src/client/index.js';
import { type SandboxFixture, startTestSandbox } from '../helpers/sandbox.js';

let fx: SandboxFixture;

beforeAll(async () => {
  fx = await startTestSandbox({ history: 200 });
});
afterAll(async () => {
  await fx.close();
});

describe('members', () => {
  it('come with their names when profiles are asked for, and page whole', async () => {
    const api = fx.client();
    const members = await api.members.list({ includeUsersProfiles: true });
    expect(members.length).toBeGreaterThan(1);
    for (const m of members) {
      expect(m.embedded?.profile?.userId).toBe(m.userId);
      expect(m.embedded?.profile?.name).toMatch(/\S/);
    }
    const bare = await api.members.list();
    expect(bare.every((m) => m.embedded?.profile == null)).toBe(true);
    const paged = await readPages((limit, offset) => api.members.list({ limit, offset }), { pageSize: 2, maxItems: 1000 });
    expect(paged.complete).toBe(true);
    expect(paged.items.map((m) => m.userId)).toEqual(bare.map((m) => m.userId));
  });
});

describe('the address book', () => {
  it('lists, filters by network and reads one', async () => {
    const api = fx.client('view-only');
    const records = await api.addressBook.list({ limit: 500 });
    expect(records.length).toBeGreaterThan(0);
    const network = records.find((r) => r.networkId)!.networkId!;
    const onNetwork = await api.addressBook.list({ networkIds: [network], limit: 500 });
    expect(onNetwork.length).toBeGreaterThan(0);
    expect(onNetwork.every((r) => r.networkId === network)).toBe(true);
    expect(await api.addressBook.get(records[0]!.recordId)).toEqual(records[0]);
  });

  it('creates a record once (a replay answers the same one), deletes it, and keeps view-only out', async () => {
    const operator = fx.client('transaction-operator');
    const viewer = fx.client('view-only');
    // A new address on an EVM network the book already uses (the sandbox checks its form).
    const evm = (await operator.addressBook.list({ limit: 500 })).find((r) => /^0x[0-9a-f]{40}$/i.test(r.address ?? ''));
    const hex = Array.from({ length: 40 }, (_, i) => '0123456789abcdef'[(Date.now() + i * 7) % 16]).join('');
    const body = { externalId: `c1-test-${Date.now()}`, name: 'Test counterparty', networkId: evm!.networkId!, address: `0x${hex}` };
    await expect(viewer.addressBook.create(body)).rejects.toMatchObject({ status: 403 });
    const created = await operator.addressBook.create(body);
    expect(created.data).toMatchObject({ externalId: body.externalId, name: 'Test counterparty' });
    expect(created.correlationId).toMatch(/\S/);
    const again = await operator.addressBook.create(body);
    expect(again.data.recordId).toBe(created.data.recordId);
    expect((await viewer.addressBook.get(created.data.recordId)).name).toBe('Test counterparty');

    await expect(viewer.addressBook.delete(created.data.recordId)).rejects.toMatchObject({ status: 403 });
    const deleted = await operator.addressBook.delete(created.data.recordId);
    expect(deleted.data).toEqual({});
    const after = await viewer.addressBook.get(created.data.recordId).catch((e: unknown) => e);
    // Deactivated: gone, or kept with the status that says so.
    if (after instanceof ApiError) expect(after.status).toBe(404);
    else expect(after).toMatchObject({ status: 'deleted' });
  });
});

describe('transaction limits', () => {
  it('list, filter by status, and read one', async () => {
    const api = fx.client('view-only');
    const limits = await api.limits.list();
    expect(limits.length).toBeGreaterThan(0);
    const active = await api.limits.list({ statuses: ['active'] });
    expect(active.every((l) => l.status === 'active')).toBe(true);
    expect(await api.limits.get(limits[0]!.limitId)).toEqual(limits[0]);
    await expect(api.limits.get('no-such-limit')).rejects.toMatchObject({ status: 404 });
  });
});

describe('balances', () => {
  it('list (non-zero by default), read one, and answer updatedSince with what changed since', async () => {
    const api = fx.client('view-only');
    const nonZero = await api.balances.list({ limit: 1000 });
    expect(nonZero.length).toBeGreaterThan(0);
    expect(nonZero.every((b) => b.totalBalance !== undefined && !/^0(\.0*)?$/.test(b.totalBalance!))).toBe(true);
    const all = await api.balances.list({ nonEmpty: false, limit: 1000 });
    expect(all.length).toBeGreaterThanOrEqual(nonZero.length);
    expect(await api.balances.get(nonZero[0]!.balanceId)).toEqual(nonZero[0]);

    const times = all.map((b) => Number(b.updatedAt)).sort((a, b) => a - b);
    const since = times[Math.floor(times.length / 2)]!;
    const changed = await api.balances.list({ updatedSince: since, nonEmpty: false, limit: 1000 });
    expect(changed.length).toBe(times.filter((t) => t >= since).length);
    expect(changed.every((b) => Number(b.updatedAt) >= since)).toBe(true);
    const one = await api.balances.list({ accountId: nonZero[0]!.accountId, limit: 1000 });
    expect(one.every((b) => b.accountId === nonZero[0]!.accountId)).toBe(true);
  });
});

describe('activities', () => {
  it('come newest first, filtered by type, and page without overlap', async () => {
    const api = fx.client('view-only');
    const feed = await api.activities.list({ limit: 50 });
    expect(feed.length).toBeGreaterThan(0);
    const times = feed.map((a) => Number(a.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const type = feed[0]!.activityType;
    const ofType = await api.activities.list({ activityTypes: [type], limit: 50 });
    expect(ofType.length).toBeGreaterThan(0);
    expect(ofType.every((a) => a.activityType === type)).toBe(true);
    const [p1, p2] = await Promise.all([api.activities.list({ limit: 5 }), api.activities.list({ limit: 5, offset: 5 })]);
    expect([...p1, ...p2].map((a) => a.activityId)).toEqual(feed.slice(0, 10).map((a) => a.activityId));
  });
});

describe('roles', () => {
  it.each([
    ['members', (c: ReturnType<SandboxFixture['client']>) => c.members.list()],
    ['address book', (c: ReturnType<SandboxFixture['client']>) => c.addressBook.list()],
    ['limits', (c: ReturnType<SandboxFixture['client']>) => c.limits.list()],
    ['balances', (c: ReturnType<SandboxFixture['client']>) => c.balances.list()],
    ['activities', (c: ReturnType<SandboxFixture['client']>) => c.activities.list()],
  ])('%s: every role the OpenAPI names reads them; mpc-hot-signer is refused (403)', async (_name, read) => {
    for (const role of ['view-only', 'transaction-operator', 'full-access'] as const) {
      await expect(read(fx.client(role))).resolves.toBeInstanceOf(Array);
    }
    await expect(read(fx.client('mpc-hot-signer'))).rejects.toMatchObject({ status: 403 });
  });
});
