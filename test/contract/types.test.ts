import { describe, expectTypeOf, it } from 'vitest';
import type {
  ClientMessage,
  Decimal,
  ServerFrame,
  Transaction,
  TransactionList,
  TransactionStatus,
  TransactionsQuery,
  WireTransaction,
} from '../../src/contract/index.js';

// Checked by `tsc --noEmit` (vitest runs them as no-ops): the inferred types are the ones the
// other rooms rely on.

describe('inferred types', () => {
  it('keeps statuses open but literal-aware', () => {
    expectTypeOf<'completed'>().toExtend<TransactionStatus>();
    expectTypeOf<'anything-new'>().toExtend<TransactionStatus>();
    expectTypeOf<Transaction['status']>().toEqualTypeOf<TransactionStatus>();
  });
  it('types money as text', () => {
    expectTypeOf<Decimal>().toEqualTypeOf<string>();
    expectTypeOf<NonNullable<NonNullable<Transaction['params']>['amount']>>().toEqualTypeOf<string>();
  });
  it('has one `embedded` field after parsing, `_embedded` on the wire', () => {
    expectTypeOf<Transaction>().toHaveProperty('embedded');
    expectTypeOf<WireTransaction>().toHaveProperty('_embedded');
    expectTypeOf<WireTransaction['transactionId']>().toEqualTypeOf<string>();
    expectTypeOf<TransactionList['transactions']>().toEqualTypeOf<Transaction[]>();
  });
  it('narrows frames and messages by their discriminant', () => {
    expectTypeOf<Extract<ServerFrame, { ok: true }>['body']>().toEqualTypeOf<TransactionList>();
    expectTypeOf<Extract<ClientMessage, { method: 'UNSUBSCRIBE' }>['uri']>().toEqualTypeOf<string>();
  });
  it('gives parsed query values their types', () => {
    expectTypeOf<TransactionsQuery['includeEvents']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<TransactionsQuery['transactionStatuses']>().toEqualTypeOf<TransactionStatus[] | undefined>();
  });
});
