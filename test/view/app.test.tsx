// The screen as users see it, at 80 and 120 columns and with color off: every pane, the header,
// the ticker, the footer; the frame is never taller than rows - 1; too small says so; ASCII mode.
import chalk from 'chalk';
import { afterEach, describe, expect, it } from 'vitest';
import { withConnection, withNotice } from '../../src/store/index.js';
import { frameLayout, MIN_COLUMNS, MIN_ROWS } from '../../src/view/base/layout.js';
import { KEYS, NOW, type Rendered, renderApp, settle, widest } from './helpers.js';

let app: Rendered | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

async function open(options: Parameters<typeof renderApp>[0] = {}): Promise<Rendered> {
  app = renderApp(options);
  await settle();
  return app;
}

const SIZES = [
  [120, 40],
  [80, 24],
] as const;

describe.each(SIZES)('at %ix%i', (columns, rows) => {
  it.each([true, false])(
    'transactions (color %s): rows, status words, header, ticker, footer',
    async (color) => {
      const a = await open({ columns, rows, color });
      const f = a.frame();
      // The setup and host always; at 80 columns the title gives way before the workspace name.
      expect(f).toContain(' flags  127.0.0.1:4010  ');
      if (columns >= 100) expect(f).toContain('custody');
      expect(f).toContain('acme-treasury');
      expect(f).toContain('● live 2s');
      expect(f).toContain('12:00:00'.slice(0, 2)); // a clock (local time zone)
      expect(f).toContain('1 awaiting approval');
      // Ten tabs: the names of the panes not in front shorten where they do not fit whole.
      expect(f).toMatch(/1 (Accounts|Acct) +2 (Addresses|Addr) +3 Transactions +4 Prices +5 Swap/);
      expect(f).toContain('Transactions │ created ↓');
      // At 80 columns TO / FROM outlives ACCOUNT (column-layout.test.ts).
      expect(f).toMatch(columns < 100 ? /TYPE +STATUS +AMOUNT ASSET TO \/ FROM/ : /TYPE +STATUS +AMOUNT ASSET ACCOUNT/);
      for (const word of [
        '⚠ waiting-approval',
        '✓ completed',
        '⋯ broadcasted',
        '? quantum-pending',
        '⊘ canceled',
        '◷ expired',
      ]) {
        expect(f).toContain(word);
      }
      expect(f).toContain('▶  withdrawal');
      expect(f).toContain('25.00000000 BTC');
      expect(f).toContain(columns < 100 ? 'bc1qa' : 'Treasury Cold');
      expect(f).toContain('teleport');
      expect(f).toContain('BTC 97,412.10 ▲0.42%');
      expect(f).toContain('(prices 2s ago)');
      expect(f).toContain('? help  / filter  : command  enter open');
      expect(f).toContain('q quit');
      expect(a.lines().length).toBeLessThanOrEqual(rows - 1);
      expect(widest(f)).toBeLessThanOrEqual(columns);
    },
  );

  it('accounts', async () => {
    const a = await open({ columns, rows });
    await a.press('1');
    const f = a.frame();
    expect(f).toContain('Accounts │ name');
    expect(f).toMatch(/NAME +STATUS +USD +NET +ADDR/);
    expect(f).toContain('Ops Hot [book]');
    expect(f).toContain('● active');
    expect(f).toContain('? frozen-by-policy');
    expect(f).toContain('testnet');
    expect(a.lines().length).toBeLessThanOrEqual(rows - 1);
  });

  it('addresses', async () => {
    const a = await open({ columns, rows });
    await a.press('2');
    const f = a.frame();
    expect(f).toContain('Addresses │ created ↓');
    expect(f).toContain('XRP Ledger');
    expect(f).toContain('2042');
    expect(f).toMatch(/bc1qxy2\S*…\S*x0wlh/);
    expect(f).toContain('? melting');
    expect(f).toContain('⚠ address-activation');
  });

  it('prices', async () => {
    const a = await open({ columns, rows });
    await a.press('4');
    const f = a.frame();
    expect(f).toContain('Prices │ market');
    expect(f).toMatch(/BTC +Bitcoin +97,412.10 +▲0.42%/);
    expect(f).toMatch(/ETH +Ether +3,402.55 +▼1.20%/);
    expect(f).toContain('▁█');
    expect(f).not.toMatch(/USD +US Dollar/);
  });

  it('swap form', async () => {
    const a = await open({ columns, rows });
    await a.press('5');
    expect(a.frame()).toContain('enter or i: fill in the form');
  });
});

describe('columns drop by priority', () => {
  it('120 shows ACCOUNT, USD and NETWORK; 80 keeps TO / FROM and AGE, not ACCOUNT', async () => {
    const wide = await open({ columns: 120, rows: 40 });
    expect(wide.frame()).toMatch(/ACCOUNT +TO \/ FROM +AGE +USD NETWORK/);
    expect(wide.frame()).toContain('$2,435,302.50');
    wide.unmount();
    const narrow = await open({ columns: 80, rows: 24 });
    expect(narrow.frame()).toMatch(/TO \/ FROM +AGE/);
    expect(narrow.frame()).not.toContain('ACCOUNT');
    expect(narrow.frame()).not.toContain('NETWORK');
  });

  it('resize re-lays out at once', async () => {
    const a = await open({ columns: 120, rows: 40 });
    await a.resize(80, 24);
    expect(a.frame()).not.toContain('NETWORK');
    expect(a.lines().length).toBeLessThanOrEqual(23);
    expect(a.ui.getState().size).toEqual({ columns: 80, rows: 24 });
    await a.resize(200, 50);
    expect(a.frame()).toContain('CREATED');
    expect(a.lines().length).toBeLessThanOrEqual(49);
  });
});

describe('frame height', () => {
  it.each([
    [60, 16],
    [80, 24],
    [100, 30],
    [120, 40],
    [200, 60],
  ])('never taller than rows - 1 at %ix%i, in every pane and overlay', async (columns, rows) => {
    const a = await open({ columns, rows });
    const check = () => {
      expect(a.lines().length, a.frame()).toBeLessThanOrEqual(rows - 1);
      expect(widest(a.frame())).toBeLessThanOrEqual(columns);
    };
    check();
    for (const key of [
      '1',
      '2',
      '4',
      '5',
      '3',
      '?',
      KEYS.esc,
      'J',
      KEYS.esc,
      KEYS.enter,
      '/',
      'x',
      KEYS.esc,
      ':',
    ]) {
      await a.press(key);
      check();
    }
  });

  it('the layout budget adds up', () => {
    for (let rows = MIN_ROWS; rows < 80; rows++) {
      const l = frameLayout(100, rows);
      expect(l.pane + 5).toBe(rows - 1);
      expect(l.table).toBe(l.pane - 3);
    }
  });
});

describe('too small', () => {
  it.each([
    [59, 24],
    [80, 15],
    [40, 10],
  ])('%ix%i says so, within the frame', async (columns, rows) => {
    const a = await open({ columns, rows });
    const text = a.frame().replace(/\n/g, ' ').replace(/ +/g, ' ');
    expect(text).toContain(
      `terminal too small: need at least ${MIN_COLUMNS}x${MIN_ROWS} (now ${columns}x${rows})`,
    );
    expect(a.lines().length).toBeLessThanOrEqual(rows - 1);
    await a.press('j', 'q');
    expect(a.rec.quits).toBe(1);
  });

  it('the minimum itself works', async () => {
    const a = await open({ columns: MIN_COLUMNS, rows: MIN_ROWS });
    expect(a.frame()).toContain('withdrawal');
    expect(a.frame()).not.toContain('too small');
    await a.resize(50, 16);
    expect(a.frame()).toContain('too small');
    await a.resize(80, 24);
    expect(a.frame()).toContain('withdrawal');
  });
});

describe('header', () => {
  it.each<[string, Parameters<typeof withConnection>[1], number | undefined, string]>([
    ['connecting', { kind: 'connecting' }, undefined, '○ connecting'],
    ['live', { kind: 'live' }, NOW - 2_000, '● live 2s'],
    ['reconnecting', { kind: 'reconnecting', attempt: 3 }, NOW - 12_000, '○ reconnecting 3  data 12s old'],
    ['polling', { kind: 'polling' }, NOW - 4_000, '● polling  data 4s old'],
    ['offline', { kind: 'offline' }, NOW - 120_000, '○ offline  data 2m old'],
    ['logged out', { kind: 'logged-out' }, undefined, '✗ logged out'],
  ])('%s', async (_name, connection, freshAt, text) => {
    const a = await open({ columns: 120, rows: 30 });
    const s = a.stores.session;
    s.setState({ ...withConnection(s.getState(), connection, NOW), freshAt }, true);
    await settle();
    expect(a.lines()[0]).toContain(text);
  });

  it('badges: DEMO with its host, READ-ONLY, PAUSED; warnings: degraded reads, clock skew', async () => {
    const a = await open({
      columns: 200,
      rows: 30,
      readOnly: true,
      demo: true,
    });
    a.stores.session.setState({ degraded: { reason: '429 from the server' }, clockSkewMs: 3_200 });
    a.stores.transactions.setState({ held: 12 });
    await a.press('p');
    const header = a.lines()[0]!;
    for (const text of [
      'READ-ONLY',
      'DEMO   127.0.0.1:4010',
      'PAUSED',
      '12 updates waiting',
      '⚠ slowed: 429 from the server',
      '⚠ clock skew +3.2s',
    ]) {
      expect(header).toContain(text);
    }
  });

  it.each<[number, string]>([
    [0, 'PAUSED '],
    [1, 'PAUSED  1 update waiting'],
    [3, 'PAUSED  3 updates waiting'],
  ])('paused with %d held: %s', async (held, text) => {
    const a = await open({ columns: 120, rows: 30 });
    a.stores.transactions.setState({ held });
    await a.press('p');
    expect(a.lines()[0]).toContain(text);
    if (held === 0) expect(a.lines()[0]).not.toMatch(/updates? waiting/);
  });

  it("PAUSED is the ui's one pause: a count the engine left behind does not say it", async () => {
    const a = await open({ columns: 120, rows: 30 });
    a.stores.transactions.setState({ held: 3 });
    await settle();
    expect(a.lines()[0]).not.toContain('PAUSED');
  });

  it('narrow: the least important pieces go first, the connection and badges stay', async () => {
    const a = await open({ columns: 60, rows: 20, readOnly: true });
    const header = a.lines()[0]!;
    expect(header).toContain('READ-ONLY');
    expect(header).toContain('● live');
    expect(header).not.toContain('(ws ');
    expect([...header].length).toBeLessThanOrEqual(60);
  });

  it('status line shows the newest notice; info notices fade', async () => {
    let now = NOW;
    const a = await open({ columns: 100, rows: 30, now: () => now });
    a.stores.session.setState(
      withNotice(
        a.stores.session.getState(),
        { level: 'warn', text: '401: key not yet accepted', key: 'auth' },
        NOW,
      ),
    );
    a.stores.session.setState(
      withNotice(
        a.stores.session.getState(),
        { level: 'warn', text: '401: key not yet accepted', key: 'auth' },
        NOW,
      ),
    );
    await settle();
    expect(a.frame()).toContain('⚠ 401: key not yet accepted (x2)');
    a.stores.session.setState(
      withNotice(a.stores.session.getState(), { level: 'info', text: 'refreshed' }, NOW),
    );
    await settle();
    expect(a.frame()).toContain('● refreshed');
    now = NOW + 11_000;
    await new Promise((r) => setTimeout(r, 1_100));
    await settle();
    expect(a.frame()).not.toContain('refreshed');
  });
});

describe('ticker', () => {
  it('waits for prices, then shows as many symbols as fit with the age', async () => {
    const a = await open({ columns: 80, rows: 24, empty: true });
    expect(a.frame()).toContain('prices: waiting for the first quote');
    expect(a.frame()).toContain('loading');
    a.unmount();
    const b = await open({ columns: 200, rows: 24 });
    const ticker = b.lines().find((l) => l.includes('(prices'))!;
    expect(ticker).toMatch(
      /BTC 97,412.10 ▲0.42% +ETH 3,402.55 ▼1.20% +USDT 1.0002 ·0.00% +XRP 2.31 ▼1.70% +TRX 0.2500 ▲2.04%/,
    );
  });
});

describe('NO_COLOR and ASCII', () => {
  const SGR_COLOR = /\u001b\[(3[0-79]|4[0-79]|9[0-7]|10[0-7]|38;|48;)[0-9;]*m/;
  let level: typeof chalk.level;

  it('color off: no color escapes at all, the selection stays visible (inverse + marker)', async () => {
    level = chalk.level;
    chalk.level = 3;
    try {
      const colored = await open({ columns: 120, rows: 30, color: true });
      expect(colored.frame()).toMatch(SGR_COLOR);
      colored.unmount();
      for (const pane of ['1', '2', '3', '4']) {
        const plain = await open({ columns: 120, rows: 30, color: false });
        await plain.press(pane);
        expect(plain.frame()).not.toMatch(SGR_COLOR);
        expect(plain.frame()).toContain('\u001b[7m');
        expect(plain.frame()).toContain('▶');
        plain.unmount();
      }
    } finally {
      chalk.level = level;
    }
  });

  it('ASCII mode: no character outside ASCII in any pane (the data is ASCII too)', async () => {
    const a = await open({ columns: 120, rows: 40, ascii: true });
    const nonAscii = /[^\x00-\x7f]/;
    for (const key of [
      '3',
      '1',
      '2',
      '4',
      '5',
      '3',
      '?',
      KEYS.esc,
      'J',
      KEYS.esc,
      KEYS.enter,
      KEYS.esc,
      '/',
      'x',
      KEYS.esc,
      ':',
    ]) {
      await a.press(key);
      expect(a.frame(), a.frame()).not.toMatch(nonAscii);
    }
    await a.press(KEYS.esc, '3');
    expect(a.frame()).toContain('[!] waiting-approval');
    expect(a.frame()).toContain('>  withdrawal');
    expect(a.frame()).toContain('BTC 97,412.10 +0.42%');
  });
});
