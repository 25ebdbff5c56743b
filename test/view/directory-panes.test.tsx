// The address book, members and limits panes (8, 9, 0): rows and sorts as pure tables, then each
// pane opened, filtered, Enter's detail and J's JSON; a list the role may not read says why.
import { afterEach, describe, expect, it } from 'vitest';
import { withReferenceState } from '../../src/store/index.js';
import { bookRows } from '../../src/view/resources/book/resource.js';
import { limitRows } from '../../src/view/resources/limits/resource.js';
import { memberRows } from '../../src/view/resources/members/resource.js';
import { paneKey } from '../../src/view/resources/registry.js';
import { fixtures, KEYS, loadedStores, type Rendered, renderApp } from './helpers.js';

const name = (r: { name?: string }) => r.name ?? '';

describe('directory rows', () => {
  it.each([
    ['name', '', 0, ['Kraken hot', 'Retired cold storage']],
    ['network', '', 1, ['Retired cold storage', 'Kraken hot']],
    ['filter by address', '0x1111', 0, ['Kraken hot']],
    ['inverted filter', '!kraken', 0, ['Retired cold storage']],
  ])('book: %s', (_n, filter, sort, want) => {
    const text = (r: (typeof fixtures.book)[number]) => `${r.name} ${r.networkId} ${r.address}`.toLowerCase();
    expect(bookRows(fixtures.book, filter, sort, text).map(name)).toEqual(want);
  });

  it.each([
    ['by name', '', ['alice', 'bob', 'k3f9']],
    ['filtered', 'bo', ['bob']],
  ])('members: %s', (_n, filter, want) => {
    const label = (m: (typeof fixtures.members)[number]) => m.embedded?.profile?.name ?? m.userId;
    expect(memberRows(fixtures.members, filter, 0, (m) => label(m).toLowerCase(), label).map((m) => m.userId)).toEqual(want);
  });

  it('limits: a limit without a threshold sorts first', () => {
    const any = { ...fixtures.limits[0]!, limitId: 'lim-0', transactionParams: {} };
    expect(limitRows([fixtures.limits[0]!, any], '', 0, () => '').map((l) => l.limitId)).toEqual(['lim-0', 'lim-1']);
  });

  it('the tenth pane is key 0', () => {
    expect([paneKey('addressbook'), paneKey('members'), paneKey('limits')]).toEqual(['8', '9', '0']);
  });
});

describe('directory panes', () => {
  let app: Rendered | undefined;
  afterEach(() => app?.unmount());

  it('8: the address book, filtered, Enter shows the record whole, J its JSON', async () => {
    app = renderApp();
    await app.press('8');
    expect(app.frame()).toContain('Kraken hot');
    expect(app.frame()).toContain('Retired cold storage');
    await app.press('/');
    await app.type('kraken');
    await app.press(KEYS.enter);
    expect(app.frame()).not.toContain('Retired cold storage');
    await app.press(KEYS.enter);
    expect(app.frame()).toContain('0x1111111254EEB25477B68FB85ED929F73A960582');
    expect(app.frame()).toMatch(/Network +Ethereum/);
    await app.press('J');
    expect(app.frame()).toContain('"recordId": "rec-kraken-eth"');
  });

  it('9: members with names; Enter shows the member', async () => {
    app = renderApp();
    await app.press('9');
    expect(app.frame()).toContain('Alice Moreau');
    await app.press('/');
    await app.type('bob');
    await app.press(KEYS.enter, KEYS.enter);
    expect(app.frame()).toMatch(/User id +bob/);
  });

  it('0: limits, the rule in words with its approvers by name', async () => {
    app = renderApp();
    await app.press('0');
    expect(app.frame()).toContain('$100,000.00');
    await app.press(KEYS.enter);
    expect(app.frame()).toMatch(/Needs +2 of 3 approvers/);
    expect(app.frame()).toContain('Alice Moreau');
    await app.press('J');
    expect(app.frame()).toContain('"limitId": "lim-1"');
  });

  it(':book and :limits jump there', async () => {
    app = renderApp();
    await app.press(':');
    await app.type('limits');
    await app.press(KEYS.enter);
    expect(app.ui.getState().pane).toBe('limits');
    await app.press(':');
    await app.type('book kraken');
    await app.press(KEYS.enter);
    expect(app.ui.getState().pane).toBe('addressbook');
    expect(app.frame()).not.toContain('Retired cold storage');
  });

  it('a list the role may not read says why', async () => {
    const stores = loadedStores();
    stores.directory.setState({ ...withReferenceState(stores.directory.getState(), 'limits', 'forbidden'), limits: new Map() });
    app = renderApp({ stores });
    await app.press('0');
    expect(app.frame()).toContain("the key's role may not read the transaction limits");
  });
});
