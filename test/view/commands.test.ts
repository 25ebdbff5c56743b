// The `:` command line: parsing and completion (running is tested through the App).
import { describe, expect, it } from 'vitest';
import { completeLine, type CompletionSources, parseCommand } from '../../src/view/input/commands.js';
import { txWordCandidates } from '../../src/view/query/tx-words.js';

const sources: CompletionSources = {
  txWord: (word) =>
    txWordCandidates(word, {
      statuses: ['waiting-approval', 'waiting-confirmations', 'completed'],
      types: ['withdrawal', 'deposit'],
      accounts: [],
      assets: [],
    }),
  accountNames: ['Treasury Cold', 'Ops Hot', 'Testnet Lab'],
  networks: ['BTC', 'ETH', 'TRX'],
  profiles: ['ops-prod-eu', 'staging', 'client-acme'],
  addressStatuses: ['enabled', 'disabled'],
};

describe('parseCommand', () => {
  it.each<[string, string | undefined, string[], string]>([
    [
      'tx waiting-approval withdrawal',
      'tx',
      ['waiting-approval', 'withdrawal'],
      'waiting-approval withdrawal',
    ],
    [':tx', 'tx', [], ''],
    ['  account   Treasury Cold ', 'account', ['Treasury', 'Cold'], 'Treasury Cold'],
    ['q', 'quit', [], ''],
    ['QUIT', 'quit', [], ''],
    ['addr ETH', 'addr', ['ETH'], 'ETH'],
    ['launch missiles', undefined, ['missiles'], 'missiles'],
    ['', undefined, [], ''],
  ])('%j', (line, name, args, rest) => {
    const c = parseCommand(line);
    expect(c.spec?.name).toBe(name);
    expect(c.args).toEqual(args);
    expect(c.rest).toBe(rest);
  });
});

describe('completeLine', () => {
  it.each<[string, string, string[]]>([
    [
      '',
      '',
      ['account', 'addr', 'tx', 'balances', 'activity', 'addressbook', 'book', 'members', 'people', 'limits', 'limit']
        .concat(['accounts', 'addresses', 'transactions', 'prices', 'swap', 'ctx', 'help', 'quit']),
    ],
    ['ac', '', ['account', 'activity', 'accounts']],
    ['balances t', 'balances ', ['Testnet Lab', 'Treasury Cold']],
    ['activity transaction-d', 'activity ', ['transaction-declined']],
    ['tx wait', 'tx ', ['waiting-approval', 'waiting-confirmations']],
    ['tx completed with', 'tx completed ', ['withdrawal']],
    [
      'tx ',
      'tx ',
      ['waiting-approval', 'waiting-confirmations', 'completed', 'withdrawal', 'deposit', 'status:', 'type:', 'account:', 'asset:', 'created:']
        .concat(['updated:', 'to:', 'from:', 'address:', 'hash:', 'ext:', 'id:']),
    ],
    ['tx as', 'tx ', ['asset:']],
    ['account t', 'account ', ['Testnet Lab', 'Treasury Cold']],
    ['account treasury c', 'account ', ['Treasury Cold']],
    ['addr e', 'addr ', ['ETH', 'enabled']],
    ['ctx ', 'ctx ', ['ops-prod-eu', 'staging', 'client-acme', '-']],
    ['ctx st', 'ctx ', ['staging']],
    ['ctx OPS', 'ctx ', ['ops-prod-eu']],
    ['swap x', 'swap ', []],
    ['nope x', 'nope ', []],
  ])('%j', (line, head, candidates) => {
    expect(completeLine(line, sources)).toEqual({ head, candidates });
  });
});
