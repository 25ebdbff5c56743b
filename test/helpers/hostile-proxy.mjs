// A hostile server: a loopback proxy in front of a sandbox that forwards every request as it came
// (target, headers and body untouched, so signatures still verify) and rewrites every JSON answer
// and every WebSocket frame the way a compromised server, or anyone in the middle of an http://
// base URL, could: names and memos of 50,000 characters (one of 1,000,000), terminal escape
// sequences, invisible characters in addresses and names, negative amounts.
//
// Plain JavaScript so the benchmark (node, no TypeScript) and the tests (hostile-proxy.d.mts)
// share it. Run by hand in front of a standalone sandbox:
//   node test/helpers/hostile-proxy.mjs --upstream http://127.0.0.1:4555 [--port 4556]
import { createServer, request as httpRequest } from 'node:http';
import { pathToFileURL } from 'node:url';
import { WebSocket, WebSocketServer } from 'ws';

/** Escape sequences that would act if they reached the terminal: title, clipboard, clear, colors. */
export const ESCAPES = ['\x1b]0;PWNED-TITLE\x07', '\x1b]52;c;cHduZWQ=\x07', '\x1b[2J', '\x1b[31m', '\x9b6n'];

/** What the names carry besides their length: escapes, a bidi override, zero-width characters. */
const POISON = `${ESCAPES.join('')}\u202e\u200b\ufeff\u00ad\u2028\u{e0041}`;

/** A name of exactly `length` characters: a readable start, the poison, then filler. */
export function hostileText(start, length) {
  const head = `${start} ${POISON}`;
  if (length <= head.length) return head.slice(0, length);
  // Mixed text (accents, CJK) so that no measure can take the printable-ASCII shortcut.
  const unit = 'aé日b';
  return head + unit.repeat(Math.ceil((length - head.length) / unit.length)).slice(0, length - head.length);
}

export const DEFAULTS = {
  /** Characters of every name, memo, title and description. */
  length: 50_000,
  /** Characters of the first account's name. */
  giant: 1_000_000,
  /** A zero-width space into every destination address. */
  invisibleAddresses: true,
  /** Every amount made negative. */
  negativeAmounts: true,
};

/** Rewrites one parsed JSON answer (or a frame's body) in place; returns it. */
export function poison(value, options = DEFAULTS, state = { giantDone: false }) {
  const o = { ...DEFAULTS, ...options };
  const visit = (node) => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [key, v] of Object.entries(node)) {
      if (typeof v === 'string') {
        if (key === 'accountName') {
          const giant = !state.giantDone;
          state.giantDone = true;
          node[key] = hostileText(v, giant ? o.giant : o.length);
        } else if (['name', 'memo', 'title', 'description', 'reason', 'workspaceName'].includes(key)) {
          node[key] = hostileText(v, o.length);
        } else if (o.invisibleAddresses && (key === 'toAddress' || key === 'fromAddress') && v.length > 6) {
          node[key] = `${v.slice(0, 6)}\u200b${v.slice(6)}`;
        } else if (o.negativeAmounts && key === 'amount' && /^\d/.test(v)) {
          node[key] = `-${v}`;
        }
      } else visit(v);
    }
  };
  visit(value);
  return value;
}

function readAll(stream) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

function rewriteJson(text, options, state) {
  try {
    return JSON.stringify(poison(JSON.parse(text), options, state));
  } catch {
    return text;
  }
}

/**
 * Starts the proxy on a free loopback port (or `port`). Every account list gives its first account
 * the giant name (a fresh state per answer), so it shows wherever accounts are read.
 */
export async function startHostileProxy(upstream, { port = 0, ...options } = {}) {
  const target = new URL(upstream);
  const requests = [];
  const sockets = new Set();
  const server = createServer((req, res) => {
    // A client or upstream that goes away mid-request (a console killed by a signal) ends that
    // exchange, never the process the proxy runs in (an unhandled rejection would).
    forward(req, res).catch(() => res.destroy());
  });
  async function forward(req, res) {
    const body = await readAll(req);
    const seen = { method: req.method ?? '', url: req.url ?? '' };
    requests.push(seen);
    const answer = await new Promise((resolve, reject) => {
      const up = httpRequest({
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      });
      up.on('error', reject);
      up.on('response', resolve);
      up.end(body);
    });
    const raw = (await readAll(answer)).toString('utf8');
    const json = String(answer.headers['content-type'] ?? '').includes('json');
    const out = Buffer.from(json ? rewriteJson(raw, options, { giantDone: false }) : raw);
    const headers = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !['content-length', 'transfer-encoding', 'connection'].includes(name)) headers[name] = value;
    }
    headers['content-length'] = String(out.length);
    seen.status = answer.statusCode;
    seen.bytes = out.length;
    res.writeHead(answer.statusCode ?? 502, headers);
    res.end(out);
  }
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    wss.handleUpgrade(req, socket, head, (client) => {
      const wsUrl = `${target.protocol === 'https:' ? 'wss' : 'ws'}://${target.host}${req.url ?? '/ws'}`;
      const remote = new WebSocket(wsUrl);
      const pending = [];
      remote.on('open', () => {
        for (const m of pending.splice(0)) remote.send(m);
      });
      client.on('message', (data) => {
        const text = data.toString('utf8');
        if (remote.readyState === WebSocket.OPEN) remote.send(text);
        else pending.push(text);
      });
      remote.on('message', (data) => {
        const state = { giantDone: true };
        let text = data.toString('utf8');
        try {
          const frame = JSON.parse(text);
          if (typeof frame.body === 'string') frame.body = rewriteJson(frame.body, options, state);
          else poison(frame.body, options, state);
          text = JSON.stringify(frame);
        } catch {
          // Not JSON: passed on as it came.
        }
        if (client.readyState === WebSocket.OPEN) client.send(text);
      });
      const end = () => {
        client.terminate();
        remote.terminate();
      };
      client.on('close', end);
      remote.on('close', end);
      client.on('error', end);
      remote.on('error', end);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    requests,
    async close() {
      for (const c of wss.clients) c.terminate();
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

// pathToFileURL: a path with a space or a % in it is percent-encoded in import.meta.url.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name) => {
    const i = process.argv.indexOf(name);
    return i < 0 ? undefined : process.argv[i + 1];
  };
  const upstream = arg('--upstream');
  if (upstream === undefined) {
    process.stderr.write('usage: node test/helpers/hostile-proxy.mjs --upstream URL [--port N] [--length N] [--giant N]\n');
    process.exit(2);
  }
  const proxy = await startHostileProxy(upstream, {
    port: Number(arg('--port') ?? 0),
    ...(arg('--length') !== undefined ? { length: Number(arg('--length')) } : {}),
    ...(arg('--giant') !== undefined ? { giant: Number(arg('--giant')) } : {}),
  });
  process.stdout.write(`${JSON.stringify({ baseUrl: proxy.baseUrl })}\n`);
}
