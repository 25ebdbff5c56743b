// Requests no HTTP client would send, written byte for byte on a raw socket: broken request
// lines, unknown or lower-case methods, malformed headers, contradictory lengths, oversize
// headers, bad WebSocket upgrades. Whatever reaches the server, it must answer like the API
// (status < 500, Correlation-Id, `{error, message}`), or close without answering when the
// request never completed.
import { connect } from 'node:net';

export interface RawCase {
  name: string;
  bytes: string | Buffer;
  /** The request is incomplete on purpose: closing without an answer is fine too. */
  mayNotAnswer?: boolean;
}

export interface RawAnswer {
  /** The status line's code, or undefined when nothing (or not HTTP) came back. */
  status?: number;
  headers: Record<string, string>;
  body: string;
  /** Everything received, for the failure message. */
  raw: string;
}

function request(lines: string[], body = ''): string {
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** The raw cases for a server at host:port whose workspace is `ws`. */
export function rawCases(hostPort: string, ws: string): RawCase[] {
  const H = `Host: ${hostPort}`;
  const get = (target: string, extra: string[] = []) => request([`GET ${target} HTTP/1.1`, H, ...extra]);
  const post = (target: string, body: string, extra: string[]) =>
    request([`POST ${target} HTTP/1.1`, H, ...extra], body);
  return [
    { name: 'baseline GET', bytes: get('/dictionary/networks') },
    { name: 'HTTP/1.0', bytes: request(['GET /dictionary/networks HTTP/1.0']) },
    { name: 'unknown method', bytes: request(['FOO /dictionary/networks HTTP/1.1', H]) },
    { name: 'lower-case method', bytes: request(['get /dictionary/networks HTTP/1.1', H]) },
    { name: 'method with NUL', bytes: request(['G\u0000T / HTTP/1.1', H]) },
    { name: 'garbage request line', bytes: 'garbage\r\n\r\n' },
    // Empty lines before a request line are skipped (RFC 9112 §2.2): the server is still waiting.
    { name: 'empty request line', bytes: '\r\n\r\n\r\n', mayNotAnswer: true },
    { name: 'no target', bytes: request(['GET HTTP/1.1', H]) },
    { name: 'two spaces', bytes: request(['GET  /dictionary/networks HTTP/1.1', H]) },
    { name: 'HTTP/9.9', bytes: request(['GET / HTTP/9.9', H]) },
    { name: 'HTTP/2 preface', bytes: 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n' },
    { name: 'absolute-form target', bytes: get(`http://${hostPort}/dictionary/networks`) },
    { name: 'asterisk-form OPTIONS', bytes: request(['OPTIONS * HTTP/1.1', H]) },
    { name: 'target with space', bytes: request(['GET /dictionary/net works HTTP/1.1', H]) },
    { name: 'target with DEL and controls', bytes: request(['GET /dictionary/\u007f\u0001 HTTP/1.1', H]) },
    {
      name: 'raw UTF-8 target',
      bytes: Buffer.from(request(['GET /dictionary/assets/é€😀 HTTP/1.1', H]), 'utf8'),
    },
    { name: 'missing Host', bytes: request(['GET /dictionary/networks HTTP/1.1']) },
    { name: 'two Hosts', bytes: get('/dictionary/networks', ['Host: other']) },
    { name: 'header without colon', bytes: get('/dictionary/networks', ['NoColonHere']) },
    { name: 'space before colon', bytes: get('/dictionary/networks', ['Authorization : ApiKey x']) },
    { name: 'obs-fold', bytes: get('/dictionary/networks', ['Authorization: ApiKey', ' x.y.z']) },
    { name: 'NUL in header', bytes: get('/dictionary/networks', ['Authorization: ApiKey \u0000']) },
    { name: 'bare LF lines', bytes: `GET /dictionary/networks HTTP/1.1\nHost: ${hostPort}\n\n` },
    { name: 'header 20 KB', bytes: get('/dictionary/networks', [`X-Big: ${'a'.repeat(20_000)}`]) },
    { name: 'target 20 KB', bytes: get(`/dictionary/networks?x=${'a'.repeat(20_000)}`) },
    {
      name: '3000 headers',
      bytes: get(
        '/dictionary/networks',
        Array.from({ length: 3000 }, (_, i) => `X-H${i}: v`),
      ),
    },
    {
      name: 'Content-Length not a number',
      bytes: post(`/workspaces/${ws}/transactions/swap-route`, '{}', [
        'Content-Type: application/json',
        'Content-Length: abc',
      ]),
    },
    {
      name: 'negative Content-Length',
      bytes: post(`/workspaces/${ws}/transactions/swap-route`, '{}', ['Content-Length: -1']),
    },
    {
      name: 'two different Content-Lengths',
      bytes: post(`/workspaces/${ws}/transactions/swap-route`, '{}', [
        'Content-Length: 2',
        'Content-Length: 3',
      ]),
    },
    {
      name: 'Content-Length and chunked',
      bytes: post(`/workspaces/${ws}/transactions/swap-route`, '2\r\n{}\r\n0\r\n\r\n', [
        'Content-Length: 2',
        'Transfer-Encoding: chunked',
      ]),
    },
    {
      // Broken framing inside the body, after the request was accepted: node drops the connection.
      name: 'bad chunk size',
      bytes: post(`/workspaces/${ws}/transactions/swap-route`, 'zz\r\n{}\r\n0\r\n\r\n', [
        'Transfer-Encoding: chunked',
      ]),
      mayNotAnswer: true,
    },
    {
      name: 'chunked over 64 KiB',
      bytes: post(
        `/workspaces/${ws}/transactions/swap-route`,
        `${(70_000).toString(16)}\r\n${'x'.repeat(70_000)}\r\n0\r\n\r\n`,
        ['Transfer-Encoding: chunked', 'Content-Type: application/json'],
      ),
    },
    {
      name: 'Content-Length 1 GB (announced, not sent)',
      bytes: post(`/workspaces/${ws}/transactions/swap-route`, '{}', ['Content-Length: 1000000000']),
      mayNotAnswer: true,
    },
    {
      name: 'body shorter than Content-Length',
      bytes: post(`/workspaces/${ws}/transactions/swap-route`, '{"a":', ['Content-Length: 100']),
      mayNotAnswer: true,
    },
    {
      // Without `chunked` last, the body runs to the end of the connection: still being read.
      name: 'Transfer-Encoding gzip',
      bytes: post(`/workspaces/${ws}/transactions/swap-route`, '{}', ['Transfer-Encoding: gzip']),
      mayNotAnswer: true,
    },
    {
      name: 'Expect: 100-continue',
      bytes: post(`/workspaces/${ws}/transactions/swap-route`, '{}', [
        'Content-Length: 2',
        'Expect: 100-continue',
      ]),
    },
    { name: 'Expect: garbage', bytes: get('/dictionary/networks', ['Expect: 999-nope']) },
    {
      name: 'pipelined pair',
      bytes: get('/dictionary/networks') + get('/dictionary/symbols', ['Connection: close']),
    },
    { name: 'upgrade /ws without key', bytes: get('/ws', ['Connection: Upgrade', 'Upgrade: websocket']) },
    {
      name: 'upgrade /ws bad version',
      bytes: get('/ws', [
        'Connection: Upgrade',
        'Upgrade: websocket',
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
        'Sec-WebSocket-Version: 99',
      ]),
    },
    {
      name: 'upgrade /ws bad key',
      bytes: get('/ws', [
        'Connection: Upgrade',
        'Upgrade: websocket',
        'Sec-WebSocket-Key: short',
        'Sec-WebSocket-Version: 13',
      ]),
    },
    {
      name: 'upgrade elsewhere',
      bytes: get(`/workspaces/${ws}/transactions`, [
        'Connection: Upgrade',
        'Upgrade: websocket',
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
        'Sec-WebSocket-Version: 13',
      ]),
    },
    {
      name: 'upgrade to h2c',
      bytes: get('/dictionary/networks', [
        'Connection: Upgrade, HTTP2-Settings',
        'Upgrade: h2c',
        'HTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA',
      ]),
    },
    { name: 'POST /ws', bytes: post('/ws', '{}', ['Content-Length: 2']) },
  ];
}

/** Parses the first HTTP answer in `raw` (status line, headers, body by Content-Length or to the end). */
export function parseRawAnswer(all: string): RawAnswer {
  // Interim answers (100 Continue) come first: the final answer is what counts.
  let raw = all;
  while (/^HTTP\/1\.[01] 1\d\d /.test(raw) && raw.includes('\r\n\r\n'))
    raw = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  const end = raw.indexOf('\r\n\r\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(head);
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = end === -1 ? '' : raw.slice(end + 4);
  const length = Number(headers['content-length']);
  if (Number.isInteger(length) && length >= 0) body = body.slice(0, length);
  else if (/chunked/i.test(headers['transfer-encoding'] ?? '')) body = dechunk(body);
  const answer: RawAnswer = { headers, body, raw: all };
  if (match) answer.status = Number(match[1]);
  return answer;
}

function dechunk(text: string): string {
  let out = '';
  let rest = text;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    if (lineEnd === -1) return out;
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (!Number.isFinite(size) || size === 0) return out;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

/** Writes the bytes, reads until the server closes or `quietMs` pass without data. */
export function sendRaw(port: number, bytes: string | Buffer, quietMs = 400, maxMs = 5_000): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    let quiet: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(quiet);
      clearTimeout(hard);
      socket.destroy();
      resolve(Buffer.concat(chunks).toString('latin1'));
    };
    const hard = setTimeout(finish, maxMs);
    const arm = () => {
      clearTimeout(quiet);
      quiet = setTimeout(finish, quietMs);
    };
    socket.on('connect', () => {
      socket.write(bytes);
      arm();
    });
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      arm();
    });
    socket.on('error', finish);
    socket.on('close', finish);
  });
}
