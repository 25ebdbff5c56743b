// `:ctx` through the real App: the list of profiles (move, Enter switches, esc/q/ctrl-c close),
// `:ctx NAME` and `:ctx -` straight away, what is refused and said, and Tab completing a name. The
// switch itself is the terminal layer's: here a fake that records what it was asked.
import { afterEach, describe, expect, it } from 'vitest';
import type { ProfileSwitch } from '../../src/view/model/model.js';
import { KEYS, type Rendered, renderApp } from './helpers.js';

let app: Rendered | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

interface Fake extends ProfileSwitch {
  readonly asked: string[];
}

/** Three profiles, prod-eu in use, none before it; switchTo answers `answer` (undefined: under way). */
function fakeProfiles(answer?: string): Fake {
  const asked: string[] = [];
  return {
    list: [
      { name: 'dev', host: '127.0.0.1:4010', workspaceId: 'ws-dev', production: false },
      { name: 'prod-eu', host: 'custody.example.com', workspaceId: 'ws-prod', production: true },
      { name: 'staging', host: 'staging.example.com', workspaceId: 'ws-stg', production: false },
    ],
    current: 'prod-eu',
    asked,
    switchTo: (name) => {
      asked.push(name);
      return Promise.resolve(answer);
    },
  };
}

async function open(profiles: Fake): Promise<Rendered> {
  app = renderApp({ profiles, columns: 120, rows: 30 });
  await app.press();
  return app;
}

async function run(a: Rendered, line: string): Promise<void> {
  await a.press(':');
  await a.type(line);
  await a.press(KEYS.enter);
}

const statusLine = (a: Rendered) => a.lines().at(-2) ?? '';
const footer = (a: Rendered) => a.lines().at(-1) ?? '';

describe(':ctx, the list', () => {
  it('opens on the profile in use: title, rows, the footer says enter switch / esc close', async () => {
    const a = await open(fakeProfiles());
    await run(a, 'ctx');
    expect(a.mode()).toBe('profiles');
    expect(a.ui.getState().profilesCursor).toBe(1);
    expect(a.frame()).toContain('Profiles');
    for (const name of ['dev', 'prod-eu', 'staging']) expect(a.frame()).toContain(name);
    expect(a.frame()).toContain('PRODUCTION');
    expect(footer(a)).toMatch(/enter\s+switch/);
    expect(footer(a)).toMatch(/esc\s+close/);
  });

  it('j then Enter switches to staging once and closes the list', async () => {
    const profiles = fakeProfiles();
    const a = await open(profiles);
    await run(a, 'ctx');
    await a.press('j', KEYS.enter);
    expect(profiles.asked).toEqual(['staging']);
    expect(a.mode()).toBe('normal');
    expect(statusLine(a)).toContain('switching to profile staging…');
  });

  it('k at the top stays at the top', async () => {
    const a = await open(fakeProfiles());
    await run(a, 'ctx');
    await a.press('k', 'k', 'k');
    expect(a.ui.getState().profilesCursor).toBe(0);
    await a.press('j', 'j', 'j', 'j');
    expect(a.ui.getState().profilesCursor).toBe(2);
  });

  it.each([
    ['esc', KEYS.esc],
    ['q', 'q'],
  ])('%s closes it without a switch', async (_, key) => {
    const profiles = fakeProfiles();
    const a = await open(profiles);
    await run(a, 'ctx');
    await a.press('j', key);
    expect(a.mode()).toBe('normal');
    expect(profiles.asked).toEqual([]);
    expect(a.rec.quits).toBe(0);
  });

  it('ctrl-c closes it and says so; a second ctrl-c quits', async () => {
    const profiles = fakeProfiles();
    const a = await open(profiles);
    await run(a, 'ctx');
    await a.press(KEYS.ctrlC);
    expect(a.mode()).toBe('normal');
    expect(a.rec.quits).toBe(0);
    expect(statusLine(a)).toContain('ctrl-c left the list of profiles');
    expect(profiles.asked).toEqual([]);
    await a.press(KEYS.ctrlC);
    expect(a.rec.quits).toBe(1);
  });
});

describe(':ctx NAME', () => {
  it.each<[string, string, readonly string[], string]>([
    ['a name switches at once', 'ctx staging', ['staging'], 'switching to profile staging…'],
    ['the profile in use: said, no switch', 'ctx prod-eu', [], 'already on profile prod-eu'],
    ['a typo: the nearest suggested, no switch', 'ctx stagng', [], 'did you mean staging?'],
    ['- with no profile before: said, no switch', 'ctx -', [], 'no profile to go back to'],
  ])('%s', async (_, line, asked, said) => {
    const profiles = fakeProfiles();
    const a = await open(profiles);
    await run(a, line);
    expect(profiles.asked).toEqual(asked);
    expect(statusLine(a)).toContain(said);
    expect(a.mode()).toBe('normal');
  });

  it('a switch that cannot happen says why, as an error, and the console stays', async () => {
    const profiles = fakeProfiles('the key will not open');
    const a = await open(profiles);
    await run(a, 'ctx staging');
    await a.press();
    expect(profiles.asked).toEqual(['staging']);
    expect(statusLine(a)).toContain('stayed on prod-eu: the key will not open');
    expect(a.stores.session.getState().notices.at(-1)).toMatchObject({ level: 'error', text: 'stayed on prod-eu: the key will not open' });
  });

  it('Tab after :ctx st completes to staging', async () => {
    const a = await open(fakeProfiles());
    await a.press(':');
    await a.type('ctx st');
    await a.press(KEYS.tab);
    expect(a.ui.getState().input.trimEnd()).toBe('ctx staging');
  });

  it('without profiles to switch between, :ctx says so', async () => {
    app = renderApp({ columns: 120, rows: 30 });
    await app.press();
    await run(app, 'ctx');
    expect(app.mode()).toBe('normal');
    expect(statusLine(app)).toContain('cannot switch profiles');
  });
});

describe("ctrl-c in y's copy menu", () => {
  it('closes the menu without quitting; a second ctrl-c quits', async () => {
    const a = await open(fakeProfiles());
    await a.press('y');
    expect(a.mode()).toBe('copy');
    await a.press(KEYS.ctrlC);
    expect(a.mode()).toBe('normal');
    expect(a.rec.quits).toBe(0);
    expect(a.rec.copied).toEqual([]);
    expect(statusLine(a)).toContain('ctrl-c left the copy menu');
    await a.press(KEYS.ctrlC);
    expect(a.rec.quits).toBe(1);
  });
});
