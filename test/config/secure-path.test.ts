// The StrictModes rule of secure-path.ts, table-driven over a file system held in a table (so any
// owner, group and mode can be tried, whoever runs the test). The same rule through the real
// functions and real files is in keyfile.test.ts, file.test.ts, audit.test.ts,
// test/commands/debug-log.test.ts and test/commands/doctor.test.ts.
import { describe, expect, it } from 'vitest';
import {
  type Accounts,
  ConfigError,
  inspectPath,
  parseAccounts,
  type PathStats,
  pathError,
  type SecurePathOptions,
} from '../../src/config/index.js';

interface Entry {
  type: 'dir' | 'file' | 'link';
  mode?: number;
  uid?: number;
  gid?: number;
  target?: string;
}
type Tree = Record<string, Entry | undefined>;

const ALICE = 1000;
const BOB = 1001;
const STAFF = 1003;

const ACCOUNTS: Accounts = {
  users: [
    { name: 'root', uid: 0, gid: 0 },
    { name: 'alice', uid: ALICE, gid: ALICE },
    { name: 'bob', uid: BOB, gid: BOB },
  ],
  groups: [
    { name: 'root', gid: 0, members: [] },
    { name: 'alice', gid: ALICE, members: [] },
    { name: 'bob', gid: BOB, members: [] },
    { name: 'staff', gid: STAFF, members: ['alice', 'bob'] },
  ],
};

const HOME = '/home/alice';
const KEY = '/home/alice/.config/custody/key.jwk';

/** A machine where alice's key is as it should be; each case changes a few entries. */
const BASE: Tree = {
  '/': { type: 'dir', mode: 0o755, uid: 0 },
  '/home': { type: 'dir', mode: 0o755, uid: 0 },
  [HOME]: { type: 'dir', mode: 0o750 },
  '/home/alice/.config': { type: 'dir', mode: 0o700 },
  '/home/alice/.config/custody': { type: 'dir', mode: 0o700 },
  [KEY]: { type: 'file', mode: 0o600 },
  '/tmp': { type: 'dir', mode: 0o1777, uid: 0 },
  '/srv': { type: 'dir', mode: 0o755, uid: 0 },
  '/srv/shared': { type: 'dir', mode: 0o755, uid: 0 },
  '/srv/shared/config': { type: 'dir', mode: 0o700 },
  '/srv/shared/config/custody': { type: 'dir', mode: 0o700 },
  '/srv/shared/config/custody/key.jwk': { type: 'file', mode: 0o600 },
};

const TYPE_BITS = { dir: 0o040000, file: 0o100000, link: 0o120000 };

function fakeFs(tree: Tree): Pick<SecurePathOptions, 'lstat' | 'readlink'> {
  const errno = (code: string, p: string) => Object.assign(new Error(`${code}: ${p}`), { code });
  let ino = 1;
  const inodes = new Map<string, number>();
  return {
    lstat: async (p: string): Promise<PathStats> => {
      const e = tree[p];
      if (e === undefined) throw errno('ENOENT', p);
      if (!inodes.has(p)) inodes.set(p, ino++);
      return {
        mode: TYPE_BITS[e.type] | (e.mode ?? 0o777),
        uid: e.uid ?? ALICE,
        gid: e.gid ?? (e.uid === 0 ? 0 : ALICE),
        dev: 1,
        ino: inodes.get(p)!,
        isFile: () => e.type === 'file',
        isDirectory: () => e.type === 'dir',
        isSymbolicLink: () => e.type === 'link',
      };
    },
    readlink: async (p: string) => {
      const e = tree[p];
      if (e?.type !== 'link') throw errno('EINVAL', p);
      return e.target!;
    },
  };
}

function alice(tree: Tree, accounts: Accounts = ACCOUNTS): SecurePathOptions {
  return { uid: ALICE, gid: ALICE, user: 'alice', home: HOME, accounts: async () => accounts, ...fakeFs(tree) };
}

/** `[path at fault, what the message says, the fix]` of each problem found. */
type Expected = Array<[string, RegExp, string]>;

interface Case {
  name: string;
  change: Tree;
  file?: string;
  accounts?: Accounts;
  problems: Expected;
}

const withGroup = (name: string, gid: number, members: string[]): Accounts => ({
  users: ACCOUNTS.users,
  groups: [...ACCOUNTS.groups.filter((g) => g.gid !== gid), { name, gid, members }],
});

const cases: Case[] = [
  { name: 'all yours: 0600 in 0700 folders', change: {}, problems: [] },
  {
    name: 'folders above the home are not checked (as OpenSSH stops at the home)',
    change: { '/home': { type: 'dir', mode: 0o777, uid: BOB }, '/': { type: 'dir', mode: 0o777, uid: BOB } },
    problems: [],
  },
  {
    name: 'the file owned by another user, mode 0600',
    change: { [KEY]: { type: 'file', mode: 0o600, uid: BOB, gid: BOB } },
    problems: [[KEY, /key\.jwk is owned by uid 1001 \(bob\), not by you \(alice\) or root/, `chown alice ${KEY}`]],
  },
  { name: 'the file owned by root', change: { [KEY]: { type: 'file', mode: 0o600, uid: 0 } }, problems: [] },
  {
    name: 'a folder on the way owned by another user',
    change: { '/home/alice/.config': { type: 'dir', mode: 0o700, uid: BOB } },
    problems: [
      [
        '/home/alice/.config',
        /^the folder \/home\/alice\/\.config \(on the way to .*key\.jwk\) is owned by uid 1001 \(bob\).*can swap what is in it/,
        'chown alice /home/alice/.config',
      ],
    ],
  },
  {
    name: 'the home itself owned by another user',
    change: { [HOME]: { type: 'dir', mode: 0o755, uid: BOB } },
    problems: [[HOME, /the folder \/home\/alice .* is owned by uid 1001/, 'chown alice /home/alice']],
  },
  { name: 'root-owned folders are fine', change: { '/home/alice/.config': { type: 'dir', mode: 0o755, uid: 0 } }, problems: [] },
  {
    name: 'group-writable file, the group is the private group of the user',
    change: { [KEY]: { type: 'file', mode: 0o660 } },
    problems: [],
  },
  {
    name: 'group-writable file, a shared group',
    change: { [KEY]: { type: 'file', mode: 0o664, gid: STAFF } },
    problems: [[KEY, /is writable by its group staff \(mode 0664\), which is not your private group/, `chmod g-w ${KEY}`]],
  },
  {
    name: 'group-writable file, the user’s group has another member',
    change: { [KEY]: { type: 'file', mode: 0o660 } },
    accounts: withGroup('alice', ALICE, ['bob']),
    problems: [[KEY, /writable by its group alice/, `chmod g-w ${KEY}`]],
  },
  {
    name: 'group-writable file, another user has the group as primary group',
    change: { [KEY]: { type: 'file', mode: 0o660 } },
    accounts: { users: [...ACCOUNTS.users, { name: 'eve', uid: 1666, gid: ALICE }], groups: ACCOUNTS.groups },
    problems: [[KEY, /writable by its group alice/, `chmod g-w ${KEY}`]],
  },
  {
    name: 'group-writable file, the group of the user’s gid is not named as the user',
    change: { [KEY]: { type: 'file', mode: 0o660 } },
    accounts: withGroup('users', ALICE, []),
    problems: [[KEY, /writable by its group users/, `chmod g-w ${KEY}`]],
  },
  {
    name: 'group-writable folder, private group',
    change: { '/home/alice/.config': { type: 'dir', mode: 0o770 } },
    problems: [],
  },
  {
    name: 'group-writable folder, shared group',
    change: { '/home/alice/.config': { type: 'dir', mode: 0o775, gid: STAFF } },
    problems: [
      [
        '/home/alice/.config',
        /the folder \/home\/alice\/\.config .* is writable by its group staff \(mode 0775\) and not sticky/,
        'chmod g-w /home/alice/.config',
      ],
    ],
  },
  {
    name: 'world-writable folder without the sticky bit',
    change: { '/home/alice/.config': { type: 'dir', mode: 0o777 } },
    problems: [
      [
        '/home/alice/.config',
        /\.config .* is writable by others \(mode 0777\) and not sticky: anyone on this machine can swap/,
        'chmod go-w /home/alice/.config',
      ],
    ],
  },
  {
    name: 'world-writable folder with the sticky bit',
    change: { '/home/alice/.config': { type: 'dir', mode: 0o1777 } },
    problems: [],
  },
  {
    name: 'world-writable file in a sticky folder: sticky is for folders only',
    file: '/tmp/key.jwk',
    change: { '/tmp/key.jwk': { type: 'file', mode: 0o602 } },
    problems: [['/tmp/key.jwk', /^\/tmp\/key\.jwk is writable by others \(mode 0602\): anyone/, 'chmod o-w /tmp/key.jwk']],
  },
  {
    name: 'a path outside the home is walked up to /',
    file: '/srv/shared/config/custody/key.jwk',
    change: { '/': { type: 'dir', mode: 0o777, uid: 0 } },
    problems: [['/', /the folder \/ .* is writable by others \(mode 0777\) and not sticky/, 'chmod go-w /']],
  },
  {
    name: 'a path outside the home: / owned by another user',
    file: '/tmp/key.jwk',
    change: { '/': { type: 'dir', mode: 0o755, uid: BOB }, '/tmp/key.jwk': { type: 'file', mode: 0o600 } },
    problems: [['/', /the folder \/ .* is owned by uid 1001/, 'chown alice /']],
  },
  {
    name: 'a symlinked parent folder is resolved and its target checked',
    change: {
      '/home/alice/.config': { type: 'link', target: '/srv/shared/config' },
      '/srv/shared': { type: 'dir', mode: 0o777, uid: 0 },
    },
    problems: [['/srv/shared', /the folder \/srv\/shared .* writable by others \(mode 0777\) and not sticky/, 'chmod go-w /srv/shared']],
  },
  {
    name: 'a symlinked parent folder with a safe target',
    change: { '/home/alice/.config': { type: 'link', target: '/srv/shared/config' } },
    problems: [],
  },
  {
    name: 'a relative link with .. is resolved as the kernel does',
    change: {
      '/home/alice/.config': { type: 'link', target: '../../srv/./shared/config' },
      '/srv/shared': { type: 'dir', mode: 0o775, uid: 0, gid: STAFF },
    },
    problems: [['/srv/shared', /\/srv\/shared .* writable by its group staff/, 'chmod g-w /srv/shared']],
  },
  {
    name: 'the folder holding a link is checked though the target is elsewhere',
    file: '/srv/links/cfg/custody/key.jwk',
    change: {
      '/srv/links': { type: 'dir', mode: 0o777, uid: 0 },
      '/srv/links/cfg': { type: 'link', target: '/home/alice/.config' },
    },
    problems: [['/srv/links', /the folder \/srv\/links .* writable by others/, 'chmod go-w /srv/links']],
  },
  {
    name: 'a missing file: the folders that exist are checked',
    file: '/home/alice/.local/state/custody/audit.jsonl',
    change: { [HOME]: { type: 'dir', mode: 0o757 } },
    problems: [[HOME, /the folder \/home\/alice .* writable by others \(mode 0757\)/, 'chmod o-w /home/alice']],
  },
  {
    name: 'several problems: each named, the file first',
    change: {
      [KEY]: { type: 'file', mode: 0o600, uid: BOB },
      '/home/alice/.config': { type: 'dir', mode: 0o777, uid: BOB },
    },
    problems: [
      [KEY, /owned by uid 1001/, `chown alice ${KEY}`],
      ['/home/alice/.config', /owned by uid 1001/, 'chown alice /home/alice/.config'],
      ['/home/alice/.config', /writable by others/, 'chmod go-w /home/alice/.config'],
    ],
  },
];

describe('inspectPath: the StrictModes rule', () => {
  it.each(cases)('$name', async ({ change, file = KEY, accounts, problems }) => {
    const report = await inspectPath(file, alice({ ...BASE, ...change }, accounts));
    expect(report.problems.map((p) => [p.path, p.message, p.fix])).toEqual(
      problems.map(([at, message, fix]) => [at, expect.stringMatching(message), fix]),
    );
  });

  it('resolves a symlinked parent folder to the file it finally names', async () => {
    const tree = { ...BASE, '/home/alice/.config': { type: 'link', target: '/srv/shared/config' } } as Tree;
    const report = await inspectPath(KEY, alice(tree));
    expect(report).toMatchObject({ real: '/srv/shared/config/custody/key.jwk', exists: true, link: false });
  });

  it('says when the path itself is a symlink, and checks where it leads', async () => {
    const link = '/home/alice/.config/custody/config.json';
    const tree: Tree = { ...BASE, [link]: { type: 'link', target: 'key.jwk' }, [KEY]: { type: 'file', mode: 0o666 } };
    const report = await inspectPath(link, alice(tree));
    expect(report.link).toBe(true);
    expect(report.real).toBe(KEY);
    expect(report.problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/^\/home\/alice\/\.config\/custody\/config\.json \(→ .*key\.jwk\) is writable by others \(mode 0666\)/),
    ]);
  });

  it('a missing file is no problem in itself', async () => {
    const report = await inspectPath('/home/alice/.config/custody/audit.jsonl', alice(BASE));
    expect(report).toMatchObject({ exists: false, link: false, problems: [] });
    expect(report.stats).toBeUndefined();
  });

  it('a symlink loop is an error naming the path', async () => {
    const tree: Tree = {
      ...BASE,
      '/home/alice/.config': { type: 'link', target: '/home/alice/loop' },
      '/home/alice/loop': { type: 'link', target: '/home/alice/.config' },
    };
    const error = await inspectPath(KEY, alice(tree)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toMatch(/key\.jwk: too many symlinks on the way/);
  });

  it('a file in place of a folder is an error naming it', async () => {
    const tree: Tree = { ...BASE, '/home/alice/.config/custody': { type: 'file', mode: 0o600 } };
    await expect(inspectPath(KEY, alice(tree))).rejects.toThrow(/\/home\/alice\/\.config\/custody is not a folder/);
  });

  it('reads the group database only when a group-writable entry is met', async () => {
    let reads = 0;
    const opts = {
      ...alice(BASE),
      accounts: async () => {
        reads++;
        return ACCOUNTS;
      },
    };
    await inspectPath(KEY, opts);
    expect(reads).toBe(0);
  });

  it('pathError: every problem in the message, every fix in one command line', () => {
    const error = pathError(KEY, [
      { path: KEY, message: 'a is wrong', fix: 'chmod g-w a' },
      { path: '/x', message: 'x is wrong', fix: 'chmod go-w /x' },
      { path: '/x', message: 'x is wrong too', fix: 'chmod go-w /x' },
    ]);
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toBe('a is wrong; x is wrong; x is wrong too');
    expect(error.fix).toBe('chmod g-w a && chmod go-w /x');
    expect(error.path).toBe(KEY);
  });

  it('quotes a path with spaces in the fix', async () => {
    const file = '/home/alice/my keys/key.jwk';
    const tree: Tree = { ...BASE, '/home/alice/my keys': { type: 'dir', mode: 0o777 }, [file]: { type: 'file', mode: 0o600 } };
    const report = await inspectPath(file, alice(tree));
    expect(report.problems.map((p) => p.fix)).toEqual(["chmod go-w '/home/alice/my keys'"]);
  });
});

describe('parseAccounts', () => {
  it('reads /etc/passwd and /etc/group, skipping comments and broken lines', () => {
    const passwd = '# users\nroot:x:0:0:root:/root:/bin/sh\nalice:x:1000:1000::/home/alice:/bin/sh\nbroken\nbad:x:y:1\n';
    const group = 'root:x:0:\nalice:x:1000:\nstaff:x:50:alice,bob\nbroken:x\n';
    expect(parseAccounts(passwd, group)).toEqual({
      users: [
        { name: 'root', uid: 0, gid: 0 },
        { name: 'alice', uid: 1000, gid: 1000 },
      ],
      groups: [
        { name: 'root', gid: 0, members: [] },
        { name: 'alice', gid: 1000, members: [] },
        { name: 'staff', gid: 50, members: ['alice', 'bob'] },
      ],
    });
  });
});
