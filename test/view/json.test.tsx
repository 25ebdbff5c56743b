// J on a finished history row: the store holds it slim (store/slim.ts), the pane promises the
// raw JSON of the whole record, so it asks the live engine for it and says so until it arrives.
// J on every list pane, balances (6) and activity (7) among them: the JSON view finds the record
// where its resource says it is held, the same lookup the keys use.
import { afterEach, describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import { applyTransactions, isSlim } from '../../src/store/index.js';
import { slimTransaction } from '../../src/store/slim.js';
import { createUiStore } from '../../src/store/ui.js';
import { createViewModel } from '../../src/view/model/model.js';
import { paneKey, RESOURCES } from '../../src/view/resources/registry.js';
import { KEYS, loadedStores, NOW, type Rendered, recordingActions, renderApp, settle } from './helpers.js';

let app: Rendered | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

describe('J on a slim row', () => {
  it('shows loading, asks for the whole record once, then shows it', async () => {
    const a = (app = renderApp({ columns: 120, rows: 30 }));
    await settle();
    await a.press('j', 'y', 'y'); // the second row: a finished deposit
    const id = a.rec.copied[0]!;
    const whole = a.stores.transactions.getState().byId.get(id)!;
    const slim = slimTransaction({ ...whole, embedded: undefined } as Transaction);
    expect(isSlim(slim)).toBe(true);
    a.stores.transactions.setState((s) => ({ ...s, byId: new Map(s.byId).set(id, slim) }));
    await settle();

    await a.press('J');
    expect(a.mode()).toBe('json');
    expect(a.frame()).toContain('loading the whole record…');
    expect(a.frame()).not.toContain('"transactionId"');
    expect(a.rec.calls.filter((c) => c === `load ${id}`)).toHaveLength(1);

    // The engine's answer: the whole record replaces the slim one.
    a.stores.transactions.setState((s) => applyTransactions(s, [whole], { now: 1, live: false }));
    await settle();
    expect(a.frame()).toContain(`"transactionId": "${id}"`);
    expect(a.frame()).not.toContain('loading the whole record');
    await a.press(KEYS.esc);
    expect(a.mode()).toBe('normal');
  });

  it('a whole record shows at once, without a read', async () => {
    const a = (app = renderApp({ columns: 120, rows: 30 }));
    await settle();
    await a.press('j', 'J');
    expect(a.frame()).toContain('"transactionId"');
    expect(a.rec.calls.some((c) => c.startsWith('load '))).toBe(false);
  });
});

describe('J on every list pane: the resource says where its record is held', () => {
  /** The pane on screen, its JSON's title and whether the record's id is among its lines. */
  const shown = (frame: string) => /JSON (\S+) (\S+) {2}J or esc closes/.exec(frame);

  it.each(RESOURCES.map((r) => [r.id, paneKey(r.id)!] as const))('%s (key %s)', async (pane, key) => {
    const a = (app = renderApp({ columns: 160, rows: 30 }));
    await settle();
    await a.press(key);
    await settle();
    await a.press('J');
    expect(a.mode()).toBe('json');
    const f = a.frame();
    const title = shown(f);
    expect(title?.[1]).toBe(pane);
    expect(f).not.toContain('the record is no longer loaded');
    // The record itself: its id is one of its fields.
    expect(f).toContain(`"${title?.[2]}"`);
  });

  it('6 and 7: a balance and an activity as they are held', async () => {
    const a = (app = renderApp({ columns: 160, rows: 30 }));
    await settle();
    await a.press('6', 'J');
    expect(a.frame()).toContain('"balanceId"');
    await a.press(KEYS.esc, '7');
    await settle();
    await a.press('J');
    expect(a.frame()).toContain('"activityId"');
    expect(a.frame()).not.toContain('the record is no longer loaded');
  });

  it('a record that left the store says so', async () => {
    const a = (app = renderApp({ columns: 160, rows: 30 }));
    await settle();
    await a.press('7');
    await settle();
    await a.press('J');
    a.stores.activity.setState((s) => ({ ...s, rows: [], byId: new Map() }));
    await settle();
    expect(a.frame()).toContain('the record is no longer loaded');
  });
});

describe('the JSON lookup of every resource (registry-driven)', () => {
  const vm = () => {
    const stores = loadedStores();
    const actions = recordingActions({ calls: [], copied: [], quits: 0 }, {}, stores, { store: stores.activity, now: () => NOW });
    return createViewModel(stores, { ui: createUiStore() }, actions, {
      ascii: false,
      color: false,
      now: () => NOW,
      copy: () => Promise.reject(new Error('no clipboard')),
      quit: () => {},
    });
  };

  it.each(RESOURCES.map((r) => [r.id, r] as const))('%s: find(id) is the row the list shows, and unknown ids are none', async (_id, resource) => {
    const v = vm();
    // The activity feed is read on demand: its first page, as the pane would ask for it.
    v.actions.readActivity();
    await settle();
    const list = resource.rows(v);
    expect(list.ids.length).toBeGreaterThan(0);
    for (const id of list.ids) {
      const record = resource.find(v, id);
      expect(record).toBe(list.get(id));
      expect(resource.recordId(record)).toBe(id);
    }
    expect(resource.find(v, 'no-such-id')).toBeUndefined();
  });
});
