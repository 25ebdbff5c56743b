// Shared checks of the end-to-end tests: the terminal as the user gets it back, what the raw
// stream may hold, and the sandbox's API asked directly.
import { expect } from 'vitest';
import { createSigner, type PrivateJwk } from '../../src/auth/index.js';
import { type ApiClient, createApiClient } from '../../src/client/index.js';
import type { PtySession, StandaloneSandbox } from '../helpers/pty.js';

/** The API of a standalone sandbox, asked with its own key (what the console used), never retried. */
export async function sandboxApi(sandbox: StandaloneSandbox): Promise<ApiClient> {
  return createApiClient({
    baseUrl: sandbox.baseUrl,
    workspaceId: sandbox.workspaceId,
    signer: await createSigner(sandbox.jwk as unknown as PrivateJwk),
    retry: { limit: 0 },
  });
}

/** From the terminal side: normal screen, cursor shown, raw mode off. */
export function expectRestored(pty: PtySession): void {
  expect(pty.isAltScreen(), 'back on the normal screen').toBe(false);
  expect(pty.isCursorVisible(), 'cursor visible').toBe(true);
  expect(pty.isRawMode(), 'raw mode off').toBe(false);
}

/** The SGR parameters that set a foreground or background color (30-38, 40-48, 90-97, 100-107). */
export function colorSgrs(stream: string): string[] {
  const found: string[] = [];
  for (const m of stream.matchAll(/\x1b\[([\d;:]*)m/g)) {
    const params = (m[1] ?? '').split(/[;:]/).map(Number);
    if (params.some((p) => (p >= 30 && p <= 38) || (p >= 40 && p <= 48) || (p >= 90 && p <= 97) || (p >= 100 && p <= 107))) {
      found.push(m[0]);
    }
  }
  return found;
}

/** Characters outside printable ASCII on the screen. */
export function nonAscii(text: string): string[] {
  return [...new Set([...text].filter((c) => c.codePointAt(0)! > 0x7e))];
}

/** Waits for the demo's first transaction rows (the transactions pane is in front at start). */
export async function waitForLiveRows(pty: PtySession): Promise<number> {
  return pty.waitForText(/(withdrawal|deposit) .* (BTC|ETH|USDT|USDC|SOL)/, { timeoutMs: 15_000 });
}
