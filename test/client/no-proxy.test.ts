// NO_PROXY and the proxy decision: one rule set for HTTP and the WebSocket (pure, table-driven).
import { describe, expect, it } from 'vitest';
import { parseNoProxy } from '../../src/client/no-proxy.js';
import { proxyFor, realtimeUrl } from '../../src/client/index.js';

const direct = (noProxy: string, url: string) => parseNoProxy(noProxy).matches(new URL(url));

describe('NO_PROXY forms', () => {
  it.each([
    // exact host, any case, surrounding blanks and separators
    ['api.example.com', 'https://api.example.com', true],
    ['API.Example.COM', 'https://api.example.com', true],
    ['  api.example.com  ', 'https://api.example.com', true],
    ['other.com, api.example.com', 'https://api.example.com', true],
    ['other.com api.example.com', 'https://api.example.com', true],
    ['other.com,,\tapi.example.com', 'https://api.example.com', true],
    ['other.com', 'https://api.example.com', false],
    ['', 'https://api.example.com', false],
    [' , ', 'https://api.example.com', false],
    // a name covers its subdomains, never a longer name
    ['example.com', 'https://api.example.com', true],
    ['example.com', 'https://example.com', true],
    ['example.com', 'https://badexample.com', false],
    ['.example.com', 'https://api.example.com', true],
    ['.example.com', 'https://example.com', true],
    ['.example.com', 'https://badexample.com', false],
    ['*.example.com', 'https://a.b.example.com', true],
    ['*.example.com', 'https://example.com', true],
    ['*.Example.com', 'https://API.EXAMPLE.COM', true],
    ['*example.com', 'https://badexample.com', false],
    ['example.com.', 'https://api.example.com', true],
    ['api.example.com', 'https://api.example.com./', true],
    ['ex*.com', 'https://example.com', false],
    // ports: the entry's port must be the URL's (or its scheme's default)
    ['api.example.com:8443', 'https://api.example.com:8443', true],
    ['api.example.com:8443', 'https://api.example.com', false],
    ['api.example.com:443', 'https://api.example.com', true],
    ['api.example.com:443', 'wss://api.example.com/ws', true],
    ['api.example.com:80', 'ws://api.example.com/ws', true],
    ['api.example.com:80', 'https://api.example.com', false],
    ['example.com:99999', 'https://example.com', false],
    // everything
    ['*', 'https://api.example.com', true],
    [' * ', 'http://10.1.2.3:8080', true],
    ['localhost, *', 'https://api.example.com', true],
    // IPv4: exact, never as a suffix; CIDR ranges; URL's forms of an address
    ['127.0.0.1', 'http://127.0.0.1:4000', true],
    ['127.0.0.1:4000', 'http://127.0.0.1:4000', true],
    ['127.0.0.1:4001', 'http://127.0.0.1:4000', false],
    ['0.0.1', 'http://127.0.0.1:4000', false],
    ['.0.0.1', 'http://127.0.0.1:4000', false],
    ['127.0.0.2', 'http://127.0.0.1', false],
    ['127.0.0.0/8', 'http://127.9.9.9', true],
    ['10.0.0.0/8', 'http://127.0.0.1', false],
    ['10.0.0.0/8', 'http://ten.example', false],
    ['10.0.0.0/33', 'http://10.0.0.1', false],
    ['127.1', 'http://127.0.0.1', true],
    ['1.2.3.4', 'http://1.2.3.4.example.com', false],
    // IPv6: with or without brackets, with a port, ranges
    ['::1', 'http://[::1]:4000', true],
    ['[::1]', 'http://[::1]:4000', true],
    ['[::1]:4000', 'http://[::1]:4000', true],
    ['[::1]:4001', 'http://[::1]:4000', false],
    ['0:0:0:0:0:0:0:1', 'http://[::1]', true],
    ['fd00::/8', 'http://[fd12::5]', true],
    ['fd00::/8', 'http://[fe80::1]', false],
    ['::1', 'http://127.0.0.1', false],
    // non-ASCII names compare in their punycode form
    ['bücher.example', 'https://xn--bcher-kva.example', true],
    // junk is ignored, not fatal
    ['http://example.com', 'https://example.com', false],
    ['example.com/path', 'https://example.com', false],
    ['[::1', 'http://[::1]', false],
  ])('NO_PROXY=%j for %s → direct: %s', (noProxy, url, expected) => {
    expect(direct(noProxy, url)).toBe(expected);
  });
});

describe('proxyFor: one decision for HTTP and the WebSocket', () => {
  const env = { HTTP_PROXY: 'http://h:1', HTTPS_PROXY: 'http://s:2' };

  it.each([
    ['http://api.example.com', {}, 'h:1'],
    ['https://api.example.com', {}, 's:2'],
    ['https://api.example.com:8443/prefix', {}, 's:2'],
    ['http://api.example.com', { NO_PROXY: 'example.com' }, undefined],
    ['https://api.example.com', { no_proxy: '.EXAMPLE.com' }, undefined],
    ['https://api.example.com:8443', { NO_PROXY: 'api.example.com:8443' }, undefined],
    ['https://api.example.com', { NO_PROXY: 'api.example.com:8443' }, 's:2'],
    ['http://127.0.0.1:4000', { NO_PROXY: '127.0.0.0/8' }, undefined],
    ['http://[::1]:4000', { NO_PROXY: '[::1]:4000' }, undefined],
    ['https://api.example.com', { NO_PROXY: '*' }, undefined],
  ])('%s with %j', (base, extra, host) => {
    const settings = { env: { ...env, ...extra } };
    const http = proxyFor(settings, base);
    const ws = proxyFor(settings, realtimeUrl(base));
    expect(http?.host).toBe(host);
    expect(ws?.host).toBe(host);
  });

  it('an https target uses HTTP_PROXY when only that is set; an http target never uses HTTPS_PROXY', () => {
    expect(proxyFor({ env: { HTTP_PROXY: 'http://h:1' } }, 'wss://a.example/ws')?.from).toBe('HTTP_PROXY');
    expect(proxyFor({ env: { HTTPS_PROXY: 'http://s:2' } }, 'ws://a.example/ws')).toBeUndefined();
    expect(proxyFor({ env: { HTTPS_PROXY: 'http://s:2' } }, 'http://a.example')).toBeUndefined();
  });

  it('lower case wins over upper case, as undici and curl read them', () => {
    const env = { https_proxy: 'http://lower:1', HTTPS_PROXY: 'http://upper:2' };
    expect(proxyFor({ env }, 'wss://a.example/ws')?.host).toBe('lower:1');
  });

  it('an explicit proxy carries every target, NO_PROXY notwithstanding', () => {
    const settings = { proxy: 'http://user:pw@p.example:3128', env: { NO_PROXY: '*', HTTPS_PROXY: 'http://s:2' } };
    for (const target of ['https://a.example', 'wss://a.example/ws', 'ws://127.0.0.1:1/ws']) {
      const route = proxyFor(settings, target);
      expect(route?.host).toBe('p.example:3128');
      expect(route?.from).toBe('the proxy setting');
      expect(route?.url.password).toBe('pw');
    }
  });

  it('the host never holds credentials; a missing scheme means http://, a missing port its default', () => {
    expect(proxyFor({ env: { HTTPS_PROXY: 'proxy.corp:3128' } }, 'https://a.example')).toMatchObject({
      host: 'proxy.corp:3128',
    });
    expect(proxyFor({ env: { HTTPS_PROXY: 'http://u:s3cret@proxy.corp' } }, 'https://a.example')?.host).toBe(
      'proxy.corp:80',
    );
    expect(proxyFor({ env: { HTTPS_PROXY: 'https://proxy.corp' } }, 'https://a.example')?.host).toBe(
      'proxy.corp:443',
    );
  });

  it.each([['socks5://u:s3cret@p:1080'], ['http://'], ['::::s3cret']])(
    'an unusable proxy URL (%s) is a TypeError naming the setting, never the value',
    (value) => {
      const err = (() => {
        try {
          proxyFor({ env: { HTTPS_PROXY: value } }, 'https://a.example');
        } catch (e) {
          return e;
        }
        return undefined;
      })();
      expect(err).toBeInstanceOf(TypeError);
      expect(String(err)).toContain('HTTPS_PROXY');
      expect(String(err)).not.toContain('s3cret');
    },
  );

  it('never reads process.env when an env is given', () => {
    const saved = process.env.HTTPS_PROXY;
    process.env.HTTPS_PROXY = 'http://from-process:1';
    try {
      expect(proxyFor({ env: {} }, 'https://a.example')).toBeUndefined();
      expect(proxyFor({}, 'https://a.example')?.host).toBe('from-process:1');
    } finally {
      if (saved === undefined) delete process.env.HTTPS_PROXY;
      else process.env.HTTPS_PROXY = saved;
    }
  });
});
