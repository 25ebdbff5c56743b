import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createRecordWriter, type OutputFormat, type RecordWriterOptions } from '../../../src/commands/output/index.js';

/** A sink that keeps what it is given and says yes to every write. */
function collect() {
  let text = '';
  return {
    out: { write: (chunk: string) => ((text += chunk), true), once: () => undefined },
    text: () => text,
  };
}

async function render(records: unknown[], opts: Partial<RecordWriterOptions> & { format: OutputFormat }): Promise<string> {
  const sink = collect();
  const writer = createRecordWriter(sink.out, { defaultColumns: ['id', 'status'], kind: 'list', tty: false, ...opts });
  for (const r of records) await writer.write(r);
  await writer.end();
  return sink.text();
}

// 2026-01-02T03:04:05.678Z
const T = '1767323045678';
const records = [
  { id: 't1', status: 'signed', accountId: 'a1', amount: { value: '-1.5', assetId: 'BTC' }, createdAt: T, note: '=1+1' },
  { id: 't2', status: 'waiting-approval', accountId: 'a2', amount: { value: '20' }, createdAt: T, note: 'a,"b"\nc' },
];
const names = (r: unknown) => ({ accountName: (r as { accountId: string }).accountId === 'a1' ? 'Treasury' : '@ops' });
const columns = ['id', 'amount.value', 'amount.assetId', 'accountName', 'createdAt', 'note'];
const times = ['createdAt'];

describe('createRecordWriter: each format, exact text', () => {
  it.each<[string, Partial<RecordWriterOptions> & { format: OutputFormat }, unknown[], string]>([
    [
      'json list: the records as sent, one array',
      { format: 'json' },
      records,
      '[\n' +
        '  {"id":"t1","status":"signed","accountId":"a1","amount":{"value":"-1.5","assetId":"BTC"},"createdAt":"1767323045678","note":"=1+1"},\n' +
        '  {"id":"t2","status":"waiting-approval","accountId":"a2","amount":{"value":"20"},"createdAt":"1767323045678","note":"a,\\"b\\"\\nc"}\n' +
        ']\n',
    ],
    ['json empty list', { format: 'json' }, [], '[]\n'],
    [
      'json with columns: dotted names, missing left out',
      { format: 'json', columns: ['amount.value', 'amount.assetId', 'accountName'], names },
      records,
      '[\n  {"amount.value":"-1.5","amount.assetId":"BTC","accountName":"Treasury"},\n  {"amount.value":"20","accountName":"@ops"}\n]\n',
    ],
    ['json one: the object, pretty', { format: 'json', kind: 'one', columns: ['id', 'amount.value'] }, [records[0]], '{\n  "id": "t1",\n  "amount.value": "-1.5"\n}\n'],
    [
      'jsonl: a record a line',
      { format: 'jsonl', columns: ['id', 'status'] },
      records,
      '{"id":"t1","status":"signed"}\n{"id":"t2","status":"waiting-approval"}\n',
    ],
    [
      'csv: header, guarded text, numbers as they are, ISO times, names, quoting',
      { format: 'csv', columns, names, times },
      records,
      'id,amount.value,amount.assetId,accountName,createdAt,note\r\n' +
        "t1,-1.5,BTC,Treasury,2026-01-02T03:04:05.678Z,'=1+1\r\n" +
        't2,20,,\'@ops,2026-01-02T03:04:05.678Z,"a,""b""\nc"\r\n',
    ],
    ['csv empty: the header alone', { format: 'csv' }, [], 'id,status\r\n'],
    [
      'yaml list: a sequence of mappings, decimals quoted',
      { format: 'yaml', columns: ['id', 'amount.value', 'note'] },
      records,
      '- id: t1\n  amount.value: "-1.5"\n  note: "=1+1"\n- id: t2\n  amount.value: "20"\n  note: "a,\\"b\\"\\nc"\n',
    ],
    ['yaml empty list', { format: 'yaml' }, [], '[]\n'],
    ['yaml one', { format: 'yaml', kind: 'one' }, [{ id: 't1', amount: { value: '1' } }], 'id: t1\namount:\n  value: "1"\n'],
    [
      'table: caps header, widths, numbers right, UTC times to the second',
      { format: 'table', columns: ['id', 'amount.value', 'accountName', 'createdAt', 'status'], names, times },
      records,
      'ID  AMOUNT.VALUE  ACCOUNT_NAME  CREATED_AT            STATUS\n' +
        't1          -1.5  Treasury      2026-01-02T03:04:05Z  signed\n' +
        't2            20  @ops          2026-01-02T03:04:05Z  waiting-approval\n',
    ],
    ['table empty: the header alone', { format: 'table' }, [], 'ID  STATUS\n'],
    ['table missing path: an empty cell', { format: 'table', columns: ['id', 'nope', 'status'] }, [records[0]], 'ID  NOPE  STATUS\nt1        signed\n'],
    ['table one: a line per column', { format: 'table', kind: 'one', columns: ['id', 'amount.value'] }, [records[0]], 'ID            t1\nAMOUNT.VALUE  -1.5\n'],
  ])('%s', async (_, opts, input, expected) => {
    expect(await render(input, opts)).toBe(expected);
  });

  it('shows times in the local zone with localTime', async () => {
    const text = await render([{ id: 'x', createdAt: T }], { format: 'csv', columns: ['createdAt'], times, localTime: true });
    const d = new Date(Number(T));
    const local = text.split('\r\n')[1]!;
    expect(local).toMatch(/^2026-01-0[12]T\d\d:\d\d:05\.678[+-]\d\d:\d\d$/);
    expect(Date.parse(local)).toBe(d.getTime());
  });

  it('keeps a time that is not epoch milliseconds as its text', async () => {
    expect(await render([{ createdAt: 'soon' }], { format: 'csv', columns: ['createdAt'], times })).toBe('createdAt\r\nsoon\r\n');
  });
});

describe('hostile text', () => {
  const hostile = `\u001b]52;c;ZXZpbA==\u0007\u001b[2J\u202eevil\u200b${'x'.repeat(50_000)}`;

  it('reaches a terminal table bounded, visible and without a raw control', async () => {
    const text = await render([{ id: hostile, status: 'ok' }], { format: 'table', tty: true });
    const [, row] = text.split('\n');
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e\u200b]/);
    expect(row).toMatch(/^‹U\+001B›\]52;c;ZXZpbA==‹U\+0007›‹U\+001B›\[2J‹U\+202E›evil/);
    expect(row!.length).toBeLessThan(100);
    expect(row).toMatch(/…\s+ok$/);
  });

  it('keeps the exact value off a terminal, in every format', async () => {
    const rec = { id: hostile, status: 'ok' };
    expect(JSON.parse(await render([rec], { format: 'json' }))).toEqual([rec]);
    expect(JSON.parse(await render([rec], { format: 'jsonl' }))).toEqual(rec);
    expect(await render([rec], { format: 'csv' })).toBe(`id,status\r\n${hostile},ok\r\n`);
    expect(await render([rec], { format: 'yaml' })).toContain('\\e]52;c;ZXZpbA==\\a\\e[2J\\u202eevil\\u200bxxx');
  });

  it('escapes hidden characters in JSON for a terminal, the same value', async () => {
    const rec = { id: 'a\u202eb\u0085c' };
    const text = await render([rec], { format: 'jsonl', tty: true });
    expect(text).toBe('{"id":"a\\u202eb\\u0085c"}\n');
    expect(JSON.parse(text)).toEqual(rec);
  });

  it('makes csv cells one visible line on a terminal, still guarded', async () => {
    const text = await render([{ id: '=x\u001b\nz', status: '-2' }], { format: 'csv', tty: true });
    expect(text).toBe("id,status\r\n'=x‹U+001B› z,-2\r\n");
  });
});

describe('backpressure', () => {
  it('waits for drain when the output is full', async () => {
    const chunks: string[] = [];
    const out = Object.assign(new EventEmitter(), {
      full: true,
      write(chunk: string) {
        chunks.push(chunk);
        return !this.full;
      },
    });
    const writer = createRecordWriter(out, { format: 'jsonl', defaultColumns: [], kind: 'list', tty: false });
    let done = false;
    const pending = writer.write({ a: 1 }).then(() => (done = true));
    await new Promise((r) => setImmediate(r));
    expect(chunks).toEqual(['{"a":1}\n']);
    expect(done).toBe(false);
    out.full = false;
    out.emit('drain');
    await pending;
    expect(done).toBe(true);
    await writer.write({ a: 2 });
    expect(chunks).toEqual(['{"a":1}\n', '{"a":2}\n']);
  });
});

describe('bounded memory', () => {
  it('writes 100,000 jsonl records holding none of them', async () => {
    let lines = 0;
    let bytes = 0;
    const out = {
      write(chunk: string) {
        bytes += chunk.length;
        for (let i = chunk.indexOf('\n'); i >= 0; i = chunk.indexOf('\n', i + 1)) lines++;
        return true;
      },
      once: () => undefined,
    };
    const writer = createRecordWriter(out, { format: 'jsonl', defaultColumns: [], kind: 'list', tty: false });
    let maxHeld = 0;
    for (let i = 0; i < 100_000; i++) {
      await writer.write({ id: `t${i}`, amount: { value: '1.50' } });
      maxHeld = Math.max(maxHeld, writer.held());
    }
    await writer.end();
    expect(lines).toBe(100_000);
    expect(bytes).toBeGreaterThan(100_000 * 30);
    expect(maxHeld).toBe(0);
  });

  it('a table holds at most a page, printing the rest as it goes', async () => {
    const sink = collect();
    const writer = createRecordWriter(sink.out, { format: 'table', defaultColumns: ['id'], kind: 'list', tty: true });
    let maxHeld = 0;
    for (let i = 0; i < 2500; i++) {
      await writer.write({ id: `t${i}` });
      maxHeld = Math.max(maxHeld, writer.held());
    }
    await writer.end();
    expect(maxHeld).toBeLessThan(1000);
    expect(writer.held()).toBe(0);
    const lines = sink.text().trimEnd().split('\n');
    expect(lines).toHaveLength(2501);
    expect(lines.filter((l) => l.startsWith('ID'))).toHaveLength(1);
  });

  it("refuses a second record for kind 'one' and a write after end", async () => {
    const sink = collect();
    const writer = createRecordWriter(sink.out, { format: 'json', defaultColumns: [], kind: 'one', tty: false });
    await writer.write({ a: 1 });
    await expect(writer.write({ a: 2 })).rejects.toThrow(/one record/);
    await writer.end();
    await expect(writer.write({ a: 3 })).rejects.toThrow(/after end/);
  });
});
