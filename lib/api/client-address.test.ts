import { describe, expect, it } from 'vitest';
import { bareAddress, clientAddress, CLIENT_ADDRESS_HEADER as SERVER_HEADER, securityHeaders, trustedProxyHops } from '../../scripts/app-server.mjs';
import { CLIENT_ADDRESS_HEADER } from './handler.ts';

// The client's address as the app's server works it out (scripts/app-server.mjs); e2e/client-address.spec.ts
// runs it for real, through Caddy too.

describe('clientAddress', () => {
  it('is the connection’s own address without a proxy, whatever the headers say', () => {
    expect(clientAddress('10.1.2.3', undefined, 0)).toBe('10.1.2.3');
    expect(clientAddress('10.1.2.3', '9.9.9.9', 0)).toBe('10.1.2.3');
    expect(clientAddress('::ffff:10.1.2.3', '9.9.9.9, 8.8.8.8', 0)).toBe('10.1.2.3');
  });

  it('behind one proxy, is the address that proxy wrote last, never one the client wrote before it', () => {
    const proxy = '172.18.0.5';
    expect(clientAddress(proxy, '203.0.113.7', 1)).toBe('203.0.113.7');
    expect(clientAddress(proxy, '9.9.9.9, 203.0.113.7', 1)).toBe('203.0.113.7'); // the client's forged entry is left of it
    expect(clientAddress(proxy, '1.1.1.1,2.2.2.2 , 203.0.113.7', 1)).toBe('203.0.113.7');
  });

  it('behind two proxies (a CDN before nginx), skips both of theirs', () => {
    expect(clientAddress('172.18.0.5', '9.9.9.9, 198.51.100.4, 104.16.0.1', 2)).toBe('198.51.100.4');
  });

  it('falls back to the connection when the chain is short or not an address', () => {
    expect(clientAddress('10.1.2.3', undefined, 1)).toBe('10.1.2.3'); // reached without the proxy
    expect(clientAddress('10.1.2.3', 'not-an-address', 1)).toBe('10.1.2.3');
    expect(clientAddress('10.1.2.3', 'unknown, <script>', 1)).toBe('10.1.2.3');
    expect(clientAddress(undefined, undefined, 0)).toBe('unknown');
  });

  it('reads the forms proxies write', () => {
    expect(bareAddress('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(bareAddress('203.0.113.7:5000')).toBe('203.0.113.7');
    expect(bareAddress('2001:DB8::1')).toBe('2001:db8::1');
    expect(bareAddress('example.com')).toBe('');
  });
});

describe('TRUSTED_PROXY_HOPS', () => {
  it('is 0 (the connection) unless set, and a whole number up to 5', () => {
    expect(trustedProxyHops(undefined)).toBe(0);
    expect(trustedProxyHops('')).toBe(0);
    expect(trustedProxyHops('1')).toBe(1);
    for (const bad of ['-1', '6', '1.5', 'one']) expect(() => trustedProxyHops(bad)).toThrow(/TRUSTED_PROXY_HOPS/);
  });
});

describe('the header between the server and the route handlers', () => {
  it('has the same name on both sides', () => {
    expect(SERVER_HEADER).toBe(CLIENT_ADDRESS_HEADER);
  });
});

describe('securityHeaders', () => {
  it('forbids framing and sniffing, keeps the referrer on the site, and lets only nonce-bearing scripts run', () => {
    const h = securityHeaders({ nonce: 'abc123' });
    expect(h['X-Frame-Options']).toBe('DENY');
    expect(h['X-Content-Type-Options']).toBe('nosniff');
    expect(h['Referrer-Policy']).toBe('same-origin');
    expect(h['Content-Security-Policy']).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(h['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(h['Content-Security-Policy']).toContain("object-src 'none'");
    expect(h['Content-Security-Policy']).not.toContain('unsafe-eval');
    expect(h['Content-Security-Policy']).not.toContain('upgrade-insecure-requests');
    expect(securityHeaders({ nonce: 'n', dev: true })['Content-Security-Policy']).toContain("'unsafe-eval'");
    expect(securityHeaders({ nonce: 'n', https: true })['Content-Security-Policy']).toContain('upgrade-insecure-requests');
  });
});
