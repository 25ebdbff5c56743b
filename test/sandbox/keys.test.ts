import { describe, expect, it } from 'vitest';
import { generatePrivateJwk } from '../../src/auth/index.js';
import { createKeyRegistry, ipAllowed, normalizeIp, parseAllowList } from '../../src/sandbox/keys.js';

describe('IP allow lists', () => {
  it.each([
    [['127.0.0.1'], '127.0.0.1', true],
    [['127.0.0.1'], '::ffff:127.0.0.1', true],
    [['127.0.0.1'], '127.0.0.2', false],
    [['10.0.0.0/8'], '10.200.3.4', true],
    [['10.0.0.0/8'], '11.0.0.1', false],
    [['192.168.1.0/24', '127.0.0.0/8'], '127.9.9.9', true],
    [['::1'], '::1', true],
    [['fd00::/8'], 'fd12::1', true],
    [['10.0.0.1'], undefined, false],
    [['10.0.0.1'], 'not-an-ip', false],
  ] as const)('%j allows %s: %s', (list, address, allowed) => {
    expect(ipAllowed(parseAllowList(list), address)).toBe(allowed);
  });

  it.each([['localhost'], ['10.0.0.0/33'], ['10.0.0.0/x'], ['1.2.3'], ['']])('refuses the entry %j', (entry) => {
    expect(() => parseAllowList([entry])).toThrow(/allowIps/);
  });

  it('normalizes IPv4-mapped addresses', () => {
    expect(normalizeIp('::FFFF:10.1.2.3')).toBe('10.1.2.3');
    expect(normalizeIp('FE80::1')).toBe('fe80::1');
  });
});

describe('key registry', () => {
  it('keeps only the public half, with defaults', async () => {
    const jwk = await generatePrivateJwk();
    const registry = createKeyRegistry('owner-1');
    const entry = registry.register(jwk, 'view-only');
    expect(entry).toMatchObject({ kid: jwk.kid, role: 'view-only', state: 'active', userId: 'owner-1' });
    expect(entry.jwk).toEqual({ kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, kid: jwk.kid });
    expect(JSON.stringify(registry.list())).not.toContain(jwk.d);
  });

  it('changes states and refuses bad input', async () => {
    const jwk = await generatePrivateJwk();
    const registry = createKeyRegistry('owner-1');
    registry.register(jwk, 'full-access', { state: 'pending', userId: 'u2', allowIps: ['10.0.0.0/8'] });
    expect(registry.setState(jwk.kid, 'revoked').state).toBe('revoked');
    expect(() => registry.setState('nope', 'active')).toThrow(/no key/);
    expect(() => registry.setState(jwk.kid, 'gone' as never)).toThrow(/state must be/);
    expect(() => registry.register(jwk, 'admin' as never)).toThrow(/role must be/);
    expect(() => registry.register({ ...jwk, x: 'bad' }, 'view-only')).toThrow(/x must be/);
    expect(() => registry.register(jwk, 'view-only', { allowIps: ['nope'] })).toThrow(/allowIps/);
  });
});
