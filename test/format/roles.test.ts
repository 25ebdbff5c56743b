// The one role table (wire notes §4): what the sandbox enforces and what the console hides. What
// each action needs, and so which roles may do it, is tested in test/domain/actions.test.ts.
import { describe, expect, it } from 'vitest';
import { isRole, ROLES, roleGrants, rolesGranting } from '../../src/format/index.js';

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
