// A deposit address's detail: the address whole, its memo where the network uses one, the account
// by name, the assets it takes, times and ids, and the explorer link the network's record gives
// (none invented when it gives none). Pure lines, table-driven; then Enter, y, Esc on pane 2.
import { afterEach, describe, expect, it } from 'vitest';
import type { Address, Network } from '../../src/contract/index.js';
import { displayWidth } from '../../src/format/index.js';
import { emptyDirectory, type Stores, withDictionary, withSelf } from '../../src/store/index.js';
import { type AddressCtx, addressDetailLines } from '../../src/view/resources/addresses/detail-lines.js';
import { fixtures, KEYS, loadedStores, NOW, type Rendered, renderApp, settle } from './helpers.js';

/** The fixtures' dictionary, with what real networks declare: address explorers, memo tags, contracts. */
function richStores(): Stores {
  const stores = loadedStores();
  const networks: Network[] = fixtures.networks.map((n) =>
    n.networkId === 'ETH'
      ? { ...n, addressExplorerUrl: 'https://etherscan.io/address/' }
      : n.networkId === 'XRP'
        ? { ...n, addressExplorerUrl: 'https://xrpscan.com/account/', tags: ['supports-memo'] }
        : n.networkId === 'TRX'
          ? { ...n, tags: ['supports-memo'] }
          : n,
  );
  const assets = fixtures.assets.map((a) =>
    a.assetId === '11' ? { ...a, contractInformation: { contractAddress: '0xdac17f958d2ee523a2206206994597c13d831ec7' } } : a,
  );
  stores.dictionary.setState(
    withDictionary(stores.dictionary.getState(), { networks, assets, symbols: fixtures.symbols }, NOW),
    true,
  );
  return stores;
}

const stores = richStores();

function ctx(ascii = false): AddressCtx {
  return { ascii, now: NOW, dictionary: stores.dictionary.getState(), workspace: stores.workspace.getState() };
}

function address(id: string, over: Partial<Address> = {}): Address {
  return { ...fixtures.addresses.find((a) => a.addressId === id)!, ...over };
}

function text(a: Address, width = 120, ascii = false): string {
  return addressDetailLines(a, ctx(ascii), width)
    .map((line) => line.map((s) => s.text).join(''))
    .join('\n');
}

const ETH = '0x39aa39c021dfbae8fac545936693ac917d5e7563';

describe('address detail lines', () => {
  it.each([
    [
      'ETH, two activated assets, explorer link',
      address('addr-eth-hot'),
      [
        /^ Ethereum deposit address {2}● enabled$/m,
        new RegExp(`^ Address {9}${ETH}$`, 'm'),
        /^ Network {9}Ethereum \(ETH\)$/m,
        /^ Account {9}Ops Hot$/m,
        /^ Created {9}2d ago {2}2025-11-\d\d \d\d:\d\d:\d\d$/m,
        /^ External id {5}x2$/m,
        /^ Id {14}addr-eth-hot$/m,
        /Activated assets \(2\)\n {2}ETH · Ether {8}new\n {2}USDT · Tether USD {2}new {2}contract 0xdac17f958d2ee523a2206206994597c13d831ec7/,
        new RegExp(`^ Link {12}https://etherscan\\.io/address/${ETH}$`, 'm'),
      ],
      [/Memo/],
    ],
    [
      'XRP with its memo (tag): said, with what it is for',
      address('addr-xrp-hot'),
      [
        /^ XRP Ledger deposit address {2}⚠ address-activation-required$/m,
        /^ Memo {12}2042\n {17}senders must include it: a deposit without it may not be credited$/m,
        /Activated assets\n {2}none yet: on this network each asset is activated before it can be received/,
        /^ Link {12}https:\/\/xrpscan\.com\/account\/rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe$/m,
      ],
      [],
    ],
    [
      'a network that uses memos, an address without one',
      address('addr-trx-lab'),
      [/^ Memo {12}none$/m, /^ Account {9}Testnet Lab$/m, /^ Tron deposit address {2}\? melting$/m, /Activated assets\n {2}none listed/],
      [/senders must/],
    ],
    [
      'BTC: every asset; the network gives no address explorer: nothing invented',
      address('addr-btc-cold'),
      [/── Assets\n {2}every asset of Bitcoin/, /no link: the server gives no address explorer for Bitcoin/],
      [/https:/, /Memo/],
    ],
    [
      'not created yet: no address, no link',
      address('addr-eth-hot', { address: null, status: 'address-creation-required' }),
      [/^ Address {9}none yet: the server has not created it$/m, /no link: the address is not created yet/],
      [/etherscan/],
    ],
    [
      'no account; an unknown one shows its id; metadata shown',
      address('addr-btc-cold', { accountId: null, metadata: { label: 'cold storage', tier: 2 } }),
      [/^ Account {9}none$/m, /── Metadata\n label {11}cold storage\n tier {12}2/],
      [],
    ],
  ] as const)('%s', (_what, a, present, absent) => {
    const out = text(a);
    for (const p of present) expect(out).toMatch(p);
    for (const p of absent) expect(out).not.toMatch(p);
  });

  it('an account id the workspace does not know shows as the id', () => {
    expect(text(address('addr-btc-cold', { accountId: 'acc-gone-9' }))).toMatch(/^ Account {9}acc-gone-9$/m);
  });

  it('the explorer link is built from the address as text: it cannot change the host or path', () => {
    const out = text(address('addr-eth-hot', { address: '0xabc/../../evil?x=1#y' }));
    expect(out).toContain('https://etherscan.io/address/0xabc%2F..%2F..%2Fevil%3Fx%3D1%23y');
  });

  it('a narrow view wraps the address and the link whole, never cuts them', () => {
    const out = text(address('addr-eth-hot'), 50);
    for (const line of out.split('\n')) expect(displayWidth(line), line).toBeLessThanOrEqual(50);
    // No room beside the asset: the contract goes under it, whole.
    expect(out.replace(/\n {4}/g, '|')).toContain('USDT · Tether USD  new|contract 0xdac17f958d2ee523a2206206994597c1');
    const joined = out.replace(/\n {17}/g, '');
    expect(joined).toContain(ETH);
    expect(joined).toContain(`https://etherscan.io/address/${ETH}`);
  });

  it('ASCII: nothing outside ASCII', () => {
    for (const id of ['addr-eth-hot', 'addr-xrp-hot', 'addr-trx-lab', 'addr-btc-cold'])
      expect(text(address(id), 120, true)).not.toMatch(/[^\x00-\x7f]/);
    expect(text(address('addr-eth-hot'), 120, true)).toContain('USDT / Tether USD  new');
  });
});

describe('address detail: who made it, by the one rule for member ids', () => {
  const loaded = stores.directory.getState();
  it.each([
    ['a member: the name', loaded, 'k3f9', 'Dana Whitfield'],
    ["the key's own member: the name and (you)", withSelf(loaded, 'k3f9'), 'k3f9', 'Dana Whitfield (you)'],
    ['an id the members do not hold', loaded, 'zz99stranger', 'zz99stra… (not a member)'],
    ['members not read yet: the id short', emptyDirectory, 'zz99stranger', 'zz99stra…'],
  ])('%s', (_, directory, id, shown) => {
    const lines = addressDetailLines(address('addr-eth-hot', { createdBy: id, updatedBy: 'alice' }), { ...ctx(), directory }, 120)
      .map((line) => line.map((x) => x.text).join(''))
      .join('\n');
    expect(lines).toContain(`Created by      ${shown}\n`);
    expect(lines).toMatch(directory === emptyDirectory ? /Updated by {6}alice$/m : /Updated by {6}Alice Moreau$/m);
  });
});

describe('addresses pane: enter opens the detail', () => {
  let app: Rendered | undefined;
  afterEach(() => {
    app?.unmount();
    app = undefined;
  });

  /** Pane 2, the cursor on the ETH address (second newest), its detail open. */
  async function openEth(columns = 120, rows = 40) {
    app = renderApp({ columns, rows, stores: richStores() });
    await settle();
    await app.press('2', 'j', KEYS.enter);
    return app;
  }

  it('shows the whole address, the account by name, the assets and the link; y copies the address; esc goes back', async () => {
    const a = await openEth();
    const f = a.frame();
    expect(f).toContain('Address addr-eth');
    expect(f).toContain(`Address         ${ETH}`);
    expect(f).toContain('Account         Ops Hot');
    // The creator by name, as the account detail names its creator (never a raw member id).
    expect(f).toContain('Created by      Dana Whitfield');
    expect(f).toContain('Activated assets (2)');
    expect(f).toContain(`https://etherscan.io/address/${ETH}`);
    expect(f).toMatch(/esc back/);
    await a.press('y', 'a');
    await settle();
    expect(a.rec.copied).toEqual([ETH]);
    await a.press(KEYS.esc);
    expect(a.ui.getState().detail).toBeUndefined();
    expect(a.frame()).toMatch(/Addresses │/);
    expect(a.ui.getState().lists.addresses?.selectedId).toBe('addr-eth-hot');
  });

  it('y on an address not created yet: the title offers the menu, yy copies its id', async () => {
    const stores = richStores();
    stores.workspace.setState(
      (s) => ({ ...s, addresses: s.addresses.map((x) => (x.addressId === 'addr-eth-hot' ? { ...x, address: null } : x)) }),
    );
    app = renderApp({ columns: 120, rows: 40, stores });
    await settle();
    await app.press('2', 'j', KEYS.enter);
    expect(app.frame()).toContain('y copy menu');
    await app.press('y', 'y');
    await settle();
    expect(app.rec.copied).toEqual(['addr-eth-hot']);
  });

  it('fits 80x24, and j scrolls what does not fit', async () => {
    const a = await openEth(80, 24);
    expect(a.lines().length).toBeLessThanOrEqual(23);
    for (const line of a.lines()) expect(displayWidth(line)).toBeLessThanOrEqual(80);
    expect(a.frame()).toMatch(/▼ \d+ more/);
    await a.press('G');
    expect(a.frame()).toContain('etherscan.io/address/');
  });

  it('a transaction detail left open on pane 3 is let go when an address detail opens', async () => {
    app = renderApp({ columns: 120, rows: 40, stores: richStores() });
    await settle();
    await app.press(KEYS.enter);
    expect(app.rec.calls).toContain('open tx-w1-7f3a9c2e5b1d');
    await app.press('2', KEYS.enter);
    expect(app.ui.getState().detail?.pane).toBe('addresses');
    expect(app.rec.calls.at(-1)).toBe('close');
  });

  it(':addr starts on the list, not on the detail of the old view', async () => {
    const a = await openEth();
    await a.press(':');
    await a.type('addr ETH');
    await a.press(KEYS.enter);
    expect(a.ui.getState().detail).toBeUndefined();
    expect(a.frame()).toContain('[network: ETH]');
  });
});
