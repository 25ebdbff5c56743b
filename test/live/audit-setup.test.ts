// Audit lines name the setup actually used (issue 18): a decline made with --base-url, --workspace
// and --key-file is logged as `flags` with that server and workspace, not under profile `default`;
// `custody audit` shows it. Against a real sandbox over real HTTP.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAuditTable } from '../../src/commands/audit.js';
import { type Config, openAuditLog, resolveSettings } from '../../src/config/index.js';
import { auditSetup } from '../../src/live/audit-trail.js';
import { createStores, type SessionSetup } from '../../src/store/index.js';
import { type SandboxFixture, startTestSandbox } from '../helpers/sandbox.js';
import { engineOn } from './helpers.js';

describe('auditSetup', () => {
  it.each<[SessionSetup, ReturnType<typeof auditSetup>]>([
    [{ origin: 'profile', profile: 'ops-prod-eu', tone: 'production', host: 'h' }, { setup: 'profile', profile: 'ops-prod-eu' }],
    [{ origin: 'flags', host: 'h' }, { setup: 'flags' }],
    [{ origin: 'env', host: 'h' }, { setup: 'env' }],
    [{ origin: 'flags', profile: 'prod', host: 'h' }, { setup: 'flags', profile: 'prod' }],
    [{ origin: 'demo', host: 'h' }, { setup: 'demo' }],
  ])('%j', (setup, fields) => {
    expect(auditSetup({ setup })).toEqual(fields);
  });
});

describe('the session keeps the setup config derived', () => {
  it('its own fields only (base URL and workspace have their home beside it)', () => {
    const settings = resolveSettings({
      flags: { profile: 'p' },
      env: { HOME: '/h' },
      config: { version: 1, profiles: { p: { baseUrl: 'https://a.example', workspaceId: 'ws', tone: 'production' } } },
    });
    const stores = createStores({ baseUrl: 'https://a.example', workspaceId: 'ws', setup: settings.setup!, now: 0 });
    expect(stores.session.getState().setup).toEqual({ origin: 'profile', profile: 'p', tone: 'production', host: 'a.example' });
  });

  it('without one: the connection given directly (flags), or the demo', () => {
    expect(createStores({ baseUrl: 'http://127.0.0.1:9', workspaceId: 'ws', now: 0 }).session.getState().setup).toEqual({
      origin: 'flags',
      host: '127.0.0.1:9',
    });
    expect(createStores({ baseUrl: 'http://127.0.0.1:9', workspaceId: 'ws', demo: true, now: 0 }).session.getState().setup)
      .toEqual({ origin: 'demo', host: '127.0.0.1:9' });
  });
});

describe('a decline made with flags', () => {
  let fx: SandboxFixture;
  let dir: string;
  beforeAll(async () => {
    fx = await startTestSandbox();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'custody-audit-setup-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('is logged as flags with the server and workspace used; custody audit shows it', async () => {
    // A `default` profile standing by, as on the machine of issue 18: it lends nothing here.
    const config: Config = {
      version: 1,
      profiles: { default: { baseUrl: 'https://other.example', workspaceId: 'ws-other', tone: 'production' } },
    };
    const settings = resolveSettings({
      flags: { baseUrl: fx.baseUrl, workspace: fx.workspaceId, keyFile: path.join(dir, 'key.jwk') },
      env: { HOME: dir },
      config,
    });
    expect(settings.profileName).toBe('default');
    const file = path.join(dir, 'audit.jsonl');
    const audit = openAuditLog(file);
    const engine = engineOn(fx, { live: { audit } });
    engine.stores.session.setState({ setup: settings.setup!, keyId: fx.keys['full-access'].kid });
    const [waiting] = await fx.client().transactions.list({ transactionStatuses: ['waiting-approval'], limit: 1 });
    const outcome = await engine.live.decide('decline', waiting!.transactionId, { reason: 'not ours' });
    expect(outcome).toMatchObject({ kind: 'done' });

    const { entries } = await audit.read({});
    expect(entries).toHaveLength(1);
    const line = entries[0]!;
    expect(line).toMatchObject({ setup: 'flags', baseUrl: fx.baseUrl, workspaceId: fx.workspaceId, action: 'decline' });
    expect(line).not.toHaveProperty('profile');
    // The line as written: setup comes before the server it names.
    expect(await fs.readFile(file, 'utf8')).toMatch(/^\{"time":"[^"]+","setup":"flags","baseUrl":/);

    const table = formatAuditTable(entries).split('\n');
    expect(table[0]).toMatch(new RegExp(`^on http://127\\.0\\.0\\.1:\\d+  workspace ${fx.workspaceId}  setup flags`));
  });
});
