// A paste is never a decision (issue 17, items 1 and 2), the whole way: the built program in a
// real pseudo-terminal against a standalone `custody sandbox`, which logs one line per request on
// stderr. On a transaction waiting for approval, the pastes of the issue (bracketed, and the same
// bytes unbracketed in one burst) and a paste at each step of the decline dialog must send no
// decision: the sandbox logs no POST of a decline, approve, cancel or new transaction, and the
// screen says why. Then a person's keys, one at a time and the confirming one after a moment of
// reading, still decline, approve and cancel: one request each, and the server agrees.
// One console for all of it, so the test costs one start.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { disposeAllPtys, type PtySession, spawnCustody, startStandaloneSandbox } from '../helpers/pty.js';
import { expectRestored, sandboxApi } from './helpers.js';

afterEach(disposeAllPtys);

const BRACKETED_PASTE_ON = '\x1b[?2004h';
const BRACKETED_PASTE_OFF = '\x1b[?2004l';

/** `text` as a terminal with bracketed paste on sends a paste of it. */
const paste = (text: string) => `\x1b[200~${text}\x1b[201~`;

/** Generous: the suite runs on two busy cores. */
const WAIT = { timeoutMs: 15_000 };

/** An open action dialog's title. */
const DIALOG = /── (DECLINE|APPROVE|CANCEL) transaction/;
/** The dialog's reason field, empty, with the cursor in it. */
const EMPTY_REASON = /^ {2}> █$/m;

/** The requests that decide or create: a decline, approve or cancel, and a new transaction. */
const DECISION_REQUEST = /\bPOST \/workspaces\/[^/\s]+\/transactions(?:\/([^/\s]+)\/(decline|approve|cancel))?(?=[\s?])/g;

function decisionRequests(stderr: string): Array<{ id: string | undefined; action: string }> {
  return [...stderr.matchAll(DECISION_REQUEST)].map((m) => ({ id: m[1], action: m[2] ?? 'create' }));
}

/** The full transaction id the dialog shows on its "Id" line. */
function dialogId(pty: PtySession): string {
  for (const line of pty.screenText()) {
    const m = /^ Id +(\S+)\s*$/.exec(line);
    if (m) return m[1]!;
  }
  throw new Error(`no Id line in the dialog:\n${pty.screen()}`);
}

const TYPED = 'Type the last 4 characters';

type Action = 'decline' | 'approve' | 'cancel';
const KEY: Record<Action, string> = { decline: 'd', approve: 'a', cancel: 'c' };
const PAST: Record<Action, string> = { decline: 'declined', approve: 'approved', cancel: 'canceled' };

describe('a paste is never a decision', () => {
  const name = 'pastes and bursts send nothing; keys typed one at a time decline, approve and cancel once each';
  it(name, { timeout: 180_000 }, async () => {
    // A slow world: the waiting transactions must still be waiting when the keys arrive.
    const sandbox = await startStandaloneSandbox({
      role: 'transaction-operator',
      args: ['--seed', '5', '--history', '300', '--speed', '0.01'],
    });
    const home = mkdtempSync(join(tmpdir(), 'custody-paste-'));
    try {
      const pty = spawnCustody(
        ['--base-url', sandbox.baseUrl, '--workspace', sandbox.workspaceId, '--key-file', sandbox.keyFile],
        { cols: 120, rows: 40, env: { XDG_STATE_HOME: home, XDG_CONFIG_HOME: home } },
      );
      const decisions = () => decisionRequests(sandbox.stderr());
      await pty.waitForText(/● live/, { timeoutMs: 30_000 });
      expect(pty.output, 'bracketed paste turned on with the screen').toContain(BRACKETED_PASTE_ON);

      // Bunched keys that decide nothing still count: the whole command in one write.
      pty.write(':tx waiting-approval\r');
      await pty.waitForText('[status: waiting-approval]', WAIT);
      await pty.waitForText(/d decline/, WAIT);

      // (a) The paste, bracketed, on the list: no key at all, and said so.
      pty.write(paste('cd /tmp\ryes\r'));
      await pty.waitForText('a paste is not a key here: 12 characters ignored', WAIT);
      expect(pty.screen()).not.toMatch(DIALOG);

      // (b) The same bytes unbracketed in one write (a terminal that does not bracket,
      // synchronize-panes): `c` opens the cancel dialog and ends the burst; the rest is dropped,
      // so "d /tmp" is no reason and the "y" confirms nothing.
      pty.write('cd /tmp\ryes\r');
      await pty.waitForText('11 keys after c dropped: they came in one burst with it', WAIT);
      expect(pty.screen()).toContain('CANCEL transaction');
      expect(pty.screen()).toMatch(EMPTY_REASON);
      await pty.press('esc');
      await pty.waitForNoText(DIALOG, WAIT);

      // (c) `docker ps⏎yes⏎` in one write: the same at `d`.
      pty.write('docker ps\ryes\r');
      await pty.waitForText('13 keys after d dropped: they came in one burst with it', WAIT);
      expect(pty.screen()).toContain('DECLINE transaction');
      expect(pty.screen()).toMatch(EMPTY_REASON);
      await pty.press('esc');
      await pty.waitForNoText(DIALOG, WAIT);

      // (d) Inside the dialog: a paste into the reason is text (its line breaks folded, none of
      // them an Enter); at the confirmation a pasted y is no key, and a burst is refused.
      await pty.press('d');
      await pty.waitForText('DECLINE transaction', WAIT);
      await pty.waitForText(EMPTY_REASON, WAIT);
      pty.write(paste('pasted reason\ryes\r'));
      await pty.waitForText('> pasted reason yes█', WAIT);
      expect(pty.screen(), 'still at the reason').toContain('enter: on to the confirmation');
      await pty.press('enter');
      await pty.waitForText(/y decline|Type the last 4 characters/, WAIT);
      const typed = pty.screen().includes(TYPED);
      const confirmKey = typed ? 'enter' : 'y';
      // Late enough for a typed key to count: the paste is refused for being a paste.
      await pty.decide(paste('y'));
      if (typed) {
        // The typed confirmation is a text field: the paste is its text, and no Enter.
        await pty.waitForText('> y█', WAIT);
        await pty.press('ctrl-u');
        await pty.waitForText(/^ {2}> █$/m, WAIT);
        // Even the right suffix with its Enter, in one write, is a burst.
        pty.write(`${dialogId(pty).slice(-4)}\r`);
      } else {
        await pty.waitForText('a paste is not a key here: 1 character ignored', WAIT);
        pty.write('yy');
      }
      await pty.waitForText(`keys arrived too fast to be typed: press ${confirmKey} again`, WAIT);
      expect(pty.screen(), 'the dialog stays open').toContain('DECLINE transaction');
      await pty.press('esc');
      await pty.waitForNoText(DIALOG, WAIT);

      expect(decisions(), `no decision from a paste or a burst:\n${sandbox.stderr()}`).toEqual([]);

      // A person: keys one at a time with normal gaps, the confirming one after reading the question.
      const api = await sandboxApi(sandbox);
      const done = new Set<string>();

      /** Opens `action`'s dialog on a transaction not decided on yet; its id. */
      async function open(action: Action): Promise<string> {
        for (let attempt = 0; attempt < 6; attempt++) {
          await pty.press(KEY[action]);
          await pty.waitForText(`${action.toUpperCase()} transaction`, WAIT);
          const id = dialogId(pty);
          if (!done.has(id)) return id;
          // The row of one just decided on, not yet gone from the list: the next one.
          await pty.press('esc');
          await pty.waitForNoText(DIALOG, WAIT);
          await pty.press('j');
        }
        throw new Error(`no waiting transaction left to ${action}:\n${pty.screen()}`);
      }

      async function decide(action: Action, reason: string | undefined): Promise<string> {
        const id = await open(action);
        if (reason !== undefined) {
          await pty.waitForText(EMPTY_REASON, WAIT);
          await pty.press(...reason);
          await pty.waitForText(`> ${reason}█`, WAIT);
          await pty.press('enter');
        }
        await pty.waitForText(new RegExp(`y ${action}|${TYPED}`), WAIT);
        if (pty.screen().includes(TYPED)) {
          const suffix = id.slice(-4);
          await pty.press(...suffix);
          await pty.waitForText(`> ${suffix}█`, WAIT);
          await pty.decide('enter');
        } else {
          await pty.decide('y');
        }
        await pty.waitForText(/ enter close/, WAIT);
        await pty.press('enter');
        await pty.waitForText(`${id}: ${PAST[action]}`, WAIT);
        done.add(id);
        return id;
      }

      const declined = await decide('decline', 'e2e paste test');
      expect((await api.transactions.get(declined)).status).toBe('canceled');

      const canceled = await decide('cancel', 'e2e paste test');
      expect((await api.transactions.get(canceled)).status).toBe('canceled');

      // Approving is always the typed confirmation.
      const approvedBy = async (id: string) => (await api.transactions.get(id)).extra?.approvers?.approvedBy ?? [];
      const approving = await open('approve');
      expect(pty.screen()).toContain(TYPED);
      const before = await approvedBy(approving);
      await pty.press('esc');
      await pty.waitForNoText(DIALOG, WAIT);
      const approved = await decide('approve', undefined);
      expect(approved).toBe(approving);
      expect(await approvedBy(approved)).toHaveLength(before.length + 1);

      // Exactly one request each, and nothing else that decides.
      expect(decisions()).toEqual([
        { id: declined, action: 'decline' },
        { id: canceled, action: 'cancel' },
        { id: approved, action: 'approve' },
      ]);
      // One audit line each.
      const audit = readFileSync(join(home, 'custody', 'audit.jsonl'), 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as { action?: string; transactionId?: string });
      expect(audit.map((e) => [e.action, e.transactionId])).toEqual([
        ['decline', declined],
        ['cancel', canceled],
        ['approve', approved],
      ]);

      await pty.press('q');
      expect((await pty.exit).exitCode).toBe(0);
      expectRestored(pty);
      // Bracketed paste is off again after the last time it was turned on.
      const { output } = pty;
      expect(output.lastIndexOf(BRACKETED_PASTE_OFF)).toBeGreaterThan(output.lastIndexOf(BRACKETED_PASTE_ON));
    } finally {
      await sandbox.close();
      rmSync(home, { recursive: true, force: true });
    }
  });
});
