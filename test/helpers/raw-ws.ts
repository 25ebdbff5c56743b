// A raw WebSocket client for sandbox tests: sends any text, records every frame (parsed when it
// is JSON) and how the socket closed.
import WebSocket from 'ws';

export interface RawFrame {
  text: string;
  /** The parsed frame, or undefined when it is not JSON. */
  json: any;
}

export interface RawSocket {
  ws: WebSocket;
  frames: RawFrame[];
  closed: Promise<{ code: number; reason: string }>;
  send(value: unknown): void;
  /** The next frame (after those already taken) that satisfies `match`. */
  next(match?: (frame: RawFrame) => boolean, timeoutMs?: number): Promise<RawFrame>;
  close(): void;
}

export async function openRawSocket(url: string): Promise<RawSocket> {
  const ws = new WebSocket(url);
  const frames: RawFrame[] = [];
  let taken = 0;
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    const text = data.toString();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    frames.push({ text, json });
    for (const w of [...waiters]) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  ws.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    frames,
    closed,
    send(value) {
      ws.send(typeof value === 'string' ? value : JSON.stringify(value));
    },
    next(match = () => true, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          while (taken < frames.length) {
            const frame = frames[taken++]!;
            if (match(frame)) {
              waiters.delete(check);
              clearTimeout(timer);
              resolve(frame);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching frame within ${timeoutMs} ms; frames: ${frames.map((f) => f.text.slice(0, 200)).join('\n')}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close() {
      ws.close();
    },
  };
}
