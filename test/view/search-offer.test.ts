import { describe, expect, it } from 'vitest';
import { searchOffer } from '../../src/view/base/search-offer.js';

describe('searchOffer', () => {
  it.each([
    ['0kylofwu7ea41rkrv700melm', 'transaction id', { transactionId: '0kylofwu7ea41rkrv700melm' }],
    ['  0kylofwu7ea41rkrv700melm ', 'transaction id', { transactionId: '0kylofwu7ea41rkrv700melm' }],
    ['5e1c0d6a9b7f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d', 'blockchain transaction id', { blockchainTxId: '5e1c0d6a9b7f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d' }],
    ['0x5e1c0d6a9b7f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d', 'blockchain transaction id', { blockchainTxId: '0x5e1c0d6a9b7f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d' }],
    ['0x39Aa4d1C7e6A2fC1B0e4E29f3b1d6a9C8e7F9B80', 'address', { address: '0x39Aa4d1C7e6A2fC1B0e4E29f3b1d6a9C8e7F9B80' }],
    ['bc1qgt5x7k3q9zp8n4w2r6y0v3m5l7k9j2h4g6f8d0', 'address', {}],
    ['TBVvH8cXgD7n2Yw9Jk4PqR5sT6uV7wXkeyeoKhf', 'address', {}],
    ['rfyhDjKq9bVn4Mw3Ht7Yp2Xs8Lz6V7dFvZo5', 'address', {}],
    ['EQD4FPq-PRDieyQKkizFTRtSDyucUIqrj0v_zXJmqaDp6_0t', 'address', {}],
  ])('%s: %s', (text, kind, filter) => {
    const offer = searchOffer(text);
    expect(offer?.kind).toBe(kind);
    if (Object.keys(filter).length > 0) expect(offer?.filter).toEqual(filter);
  });

  it.each(['', 'completed', 'Treasury Cold', 'USDT', '!0x39Aa4d1C7e6A2fC1B0e4E29f3b1d6a9C8e7F9B80', '0x39Aa', '123456789012345678901234', 'bc1q'])(
    'no offer for %j',
    (text) => expect(searchOffer(text)).toBeUndefined(),
  );
});
