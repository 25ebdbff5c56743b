// Counts the transaction updates the sandbox pushes (one PUSH frame per changed transaction) on
// its own live subscription, so the benchmark can say how busy "steady state" was.
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { authorization } from './sandbox.mjs';

/** Subscribes to every transaction of the workspace; `count()` is the PUSH frames so far. */
export async function watchUpdates(sandbox) {
  const uri = `/workspaces/${sandbox.workspaceId}/transactions`;
  const socket = new WebSocket(`${sandbox.baseUrl.replace(/^http/, 'ws')}/ws`);
  let pushes = 0;
  let snapshot = false;
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const ready = new Promise((resolve) => {
    socket.on('message', () => {
      // The first frame is the snapshot; every later one carries one changed transaction.
      if (snapshot) pushes++;
      else {
        snapshot = true;
        resolve();
      }
    });
  });
  socket.send(
    JSON.stringify({
      method: 'SUBSCRIBE',
      uri,
      headers: { 'Correlation-Id': randomUUID(), Authorization: authorization(sandbox.key, 'SUBSCRIBE', uri, '{}') },
      body: {},
    }),
  );
  await ready;
  // The sandbox closes a socket that neither talks nor pings for 60 s.
  const ping = setInterval(() => socket.ping(), 15_000);
  return {
    count: () => pushes,
    close: () => {
      clearInterval(ping);
      socket.close();
    },
  };
}
