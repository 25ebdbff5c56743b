// Appends audit entries through the console's own log (openAuditLog: the lock, the chain, one
// write per line): COUNT of them tagged TAG, or until killed when COUNT is 0. Prints "ready" after
// the first append and one "." per later one. Used by audit-processes.test.ts.
import { openAuditLog } from '../../../src/config/index.js';

const [file, tag, countText] = process.argv.slice(2);
if (!file || !tag || countText === undefined) throw new Error('usage: audit-appender FILE TAG COUNT');
const count = Number(countText);
const log = openAuditLog(file, { lock: { staleMs: 3_600_000, waitMs: 60_000 } });

for (let i = 0; count === 0 || i < count; i++) {
  await log.append({
    time: new Date().toISOString(),
    baseUrl: 'https://api.example',
    workspaceId: 'ws-procs',
    action: 'decline',
    transactionId: `${tag}-${i}`,
    reason: `appended by ${tag} (${'x'.repeat(i % 7 === 0 ? 3000 : 20)})`,
    result: 'canceled',
  });
  process.stdout.write(i === 0 ? 'ready\n' : '.');
}
