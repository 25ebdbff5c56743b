// One rule for a member id on screen: the name, "(you)" for the key's own member, "(not a member)"
// for an id the read members do not hold, the id short while they are not read. And the same rule
// over a message's words (a server's 409 names a member by id).
import { describe, expect, it } from 'vitest';
import { MemberSchema } from '../../src/contract/index.js';
import { type DirectoryFacts, namesIn, NO_DIRECTORY, personName } from '../../src/domain/index.js';

const ALEX = 'u1wiw3a8f0k2';
const SAM = 'u7sam0000x11';
const members = new Map(
  [
    [ALEX, 'Alex Morgan'],
    [SAM, 'Sam Lee'],
  ].map(([userId, name]) => [
    userId!,
    MemberSchema.parse({ workspaceId: 'ws', userId, status: 'active', createdAt: '1', _embedded: { profile: { userId, name } } }),
  ]),
);
const loaded: DirectoryFacts = { ...NO_DIRECTORY, members, membersState: 'loaded', selfUserId: ALEX };
const loading: DirectoryFacts = { ...NO_DIRECTORY, selfUserId: ALEX };
const forbidden: DirectoryFacts = { ...NO_DIRECTORY, membersState: 'forbidden' };

describe('the rule: personName', () => {
  it.each<[string, DirectoryFacts | undefined, string | null | undefined, string]>([
    ['a member', loaded, SAM, 'Sam Lee'],
    ["the key's own member", loaded, ALEX, 'Alex Morgan (you)'],
    ['an id the members do not hold', loaded, 'zz99stranger', 'zz99stra… (not a member)'],
    ['members not read yet: short', loading, 'zz99stranger', 'zz99stra…'],
    ["members not read yet, the key's own: short and (you)", loading, ALEX, 'u1wiw3a8… (you)'],
    ['members the role may not read: short (the pane says why, once)', forbidden, 'zz99stranger', 'zz99stra…'],
    ['no directory at all: short', undefined, 'zz99stranger', 'zz99stra…'],
    ['no id', loaded, undefined, ''],
    ['a blank id', loaded, '  ', ''],
  ])('%s', (_, dir, id, want) => {
    expect(personName(dir, id)).toBe(want);
  });
});

describe('the rule over a message: namesIn', () => {
  it.each<[string, DirectoryFacts, string, string]>([
    [
      "a 409 naming the key's own member",
      loaded,
      `the server refused (409: transaction tx-9 is already approved by member ${ALEX})`,
      'the server refused (409: transaction tx-9 is already approved by member Alex Morgan (you))',
    ],
    ['a member id standing alone', loaded, `approvals: ${SAM}, ${ALEX}`, 'approvals: Sam Lee, Alex Morgan (you)'],
    ['an id after "member" that no member has', loaded, 'declined by member 9zq4x7p2ww', 'declined by member 9zq4x7p2… (not a member)'],
    ['"user id" too', loaded, 'user id 9zq4x7p2ww may not approve', 'user id 9zq4x7p2… (not a member) may not approve'],
    ['members not read yet: the id short', loading, 'approved by member 9zq4x7p2ww', 'approved by member 9zq4x7p2…'],
    ['words after "member" that are no id stay', loaded, 'no member with that id; member of ws', 'no member with that id; member of ws'],
    ['other ids stay (a transaction id is no member)', loaded, 'transaction 7f3a9c2e5b1d is canceled', 'transaction 7f3a9c2e5b1d is canceled'],
    ['nothing to name', loaded, 'it is now approved', 'it is now approved'],
  ])('%s', (_, dir, text, want) => {
    expect(namesIn(text, dir)).toBe(want);
  });

  it('ASCII: the short id with its ASCII mark', () => {
    expect(namesIn('by member 9zq4x7p2ww', loaded, { ascii: true })).toBe('by member 9zq4x7p2~ (not a member)');
  });
});
