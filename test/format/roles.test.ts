// The one role table (wire notes §4): what the sandbox enforces and what the console hides.
import { describe, expect, it } from 'vitest';
import {
  ACTION_PERMISSION,
  isRole,
  type Permission,
  ROLES,
  type RoleAction,
  roleAllows,
  roleGrants,
  rolesGranting,
} from '../../src/format/index.js';

describe('roleGrants: the permission table of wire notes §4', () => {
  it.each([
    ['view-only', [true, true, false]],
    ['transaction-operator', [true, true, true]],
    ['full-access', [true, true, true]],
    ['mpc-hot-signer', [true, false, false]],
  ] as const)('%s: core, read, write = %j', (role, expected) => {
    expect([roleGrants(role, 'core'), roleGrants(role, 'read'), roleGrants(role, 'write')]).toEqual(expected);
  });

  it('lists exactly the four documented roles', () => {
    expect(ROLES).toEqual(['view-only', 'transaction-operator', 'full-access', 'mpc-hot-signer']);
  });

  it('grants nothing to a role it does not know (the server refuses what it cannot place)', () => {
    expect(roleGrants('added-next-year' as never, 'core')).toBe(false);
    expect(roleGrants('toString' as never, 'core')).toBe(false);
  });
});

describe('roleAllows: the console hides what a role may not do', () => {
  const actions = Object.keys(ACTION_PERMISSION) as RoleAction[];

  it.each([
    ['view-only', false],
    ['transaction-operator', true],
    ['full-access', true],
    ['mpc-hot-signer', false],
  ] as const)('%s may decline, approve, cancel and create: %s', (role, may) => {
    for (const action of actions) expect(roleAllows(role, action)).toBe(may);
  });

  it.each([undefined, 'added-next-year', 'constructor', ''])(
    'an unknown or absent role (%j) is let through: the server decides',
    (role) => {
      for (const action of actions) expect(roleAllows(role, action)).toBe(true);
    },
  );

  it('every action needs the write permission', () => {
    expect(new Set(Object.values(ACTION_PERMISSION))).toEqual(new Set<Permission>(['write']));
  });
});

describe('isRole and rolesGranting', () => {
  it.each([
    ['view-only', true],
    ['full-access', true],
    ['Full-Access', false],
    ['hasOwnProperty', false],
    [undefined, false],
    [3, false],
  ])('isRole(%j) = %s', (value, expected) => {
    expect(isRole(value)).toBe(expected);
  });

  it.each([
    ['core', ['view-only', 'transaction-operator', 'full-access', 'mpc-hot-signer']],
    ['read', ['view-only', 'transaction-operator', 'full-access']],
    ['write', ['transaction-operator', 'full-access']],
  ] as const)('%s is granted to %j', (permission, roles) => {
    expect(rolesGranting(permission)).toEqual(roles);
  });
});
