// The header's context as drawn (ink-testing-library): the profile, PRODUCTION in the danger colour
// and, with NO_COLOR, still in words; the host; at 80 and 120 columns, on every pane.
import chalk from 'chalk';
import { afterEach, describe, expect, it } from 'vitest';
import { loadedStores, type Rendered, renderApp, settle } from './helpers.js';

let app: Rendered | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

async function open(columns: number, color: boolean): Promise<Rendered> {
  const stores = loadedStores();
  stores.session.setState({
    setup: { origin: 'profile', profile: 'ops-prod-eu', tone: 'production', host: 'api.prod.example.com' },
  });
  app = renderApp({ stores, columns, rows: 24, color });
  await settle();
  return app;
}

/** Red and bold, as the theme's danger token draws it. */
const RED_PRODUCTION = /\u001b\[31m(\u001b\[1m)?PRODUCTION|\u001b\[1m\u001b\[31mPRODUCTION/;

describe('the header names the setup and the server', () => {
  // At 80 the host is cut in its middle (to 16 columns) so the count of approvals stays.
  it.each([
    [80, 'api.prod…ample.com'],
    [120, 'api.prod.example.com'],
  ])('at %i columns, on every pane: %s', async (columns, host) => {
    const a = await open(columns, false);
    for (const pane of ['1', '2', '3', '4', '5']) {
      await a.press(pane);
      const header = a.lines()[0]!;
      // The title "custody" comes first when there is room for it.
      expect(header.replace(/^ custody {2}/, ' ').startsWith(` ops-prod-eu PRODUCTION  ${host}  `)).toBe(true);
      expect(header).toContain('awaiting approval');
      expect([...header].length).toBeLessThanOrEqual(columns);
    }
  });

  it('PRODUCTION in the danger colour; with color off, in words and no colour', async () => {
    const level = chalk.level;
    chalk.level = 3;
    try {
      const colored = await open(80, true);
      expect(colored.frame().split('\n')[0]).toMatch(RED_PRODUCTION);
      colored.unmount();
      const plain = await open(80, false);
      const header = plain.frame().split('\n')[0]!;
      expect(header).toContain('PRODUCTION');
      expect(header).not.toMatch(/\u001b\[3\dm/);
    } finally {
      chalk.level = level;
    }
  });

  it('a profile without a tone: its name and host, no PRODUCTION', async () => {
    const stores = loadedStores();
    stores.session.setState({ setup: { origin: 'profile', profile: 'staging', host: 'staging.example.com' } });
    app = renderApp({ stores, columns: 80, rows: 24 });
    await settle();
    expect(app.lines()[0]).toMatch(/^ staging {2}staging\.example\.com {2}● live/);
    expect(app.lines()[0]).not.toContain('PRODUCTION');
  });
});
