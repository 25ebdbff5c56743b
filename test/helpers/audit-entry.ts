// One audit log entry as the console appends it (a decline), for the tests that write a log.
import type { AuditEntry } from '../../src/config/index.js';

export function auditEntry(over: Partial<AuditEntry> = {}): AuditEntry {
  return {
    time: '2026-11-21T12:00:00.000Z',
    profile: 'prod',
    baseUrl: 'https://api.example',
    workspaceId: 'ws1',
    keyId: 'kid-1',
    action: 'decline',
    transactionId: 'tx-1',
    reason: 'looks wrong',
    result: 'canceled',
    correlationId: 'c-1',
    ...over,
  };
}
