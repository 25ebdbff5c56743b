// One list of terminal statuses: contract/enums.ts holds it (the sandbox and the schemas use it);
// format may import nothing of ours, so format/status.ts derives its own from its status kinds.
// This test is what ties the two: it fails the moment they differ.
import { describe, expect, it } from 'vitest';
import * as contract from '../../src/contract/index.js';
import * as format from '../../src/format/index.js';

const sorted = (list: readonly string[]) => [...list].sort();

describe('the terminal statuses of format and contract', () => {
  it('are the same list', () => {
    expect(sorted(format.TERMINAL_TRANSACTION_STATUSES)).toEqual(sorted(contract.TERMINAL_STATUSES));
  });

  it('come from the same known statuses', () => {
    expect(sorted(format.TRANSACTION_STATUSES)).toEqual(sorted(contract.TRANSACTION_STATUSES));
  });

  it.each([...contract.TRANSACTION_STATUSES, 'something-new', ''].map((s) => [s]))('%j: both say the same', (status) => {
    expect(format.isTerminalTransactionStatus(status)).toBe(contract.isTerminalStatus(status));
  });
});
