import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { endpointProblem, isPublicAddress, publicOnlyLookup } from './endpoint.ts';

// The endpoint of a subscription is a URL our server POSTs to: only public https push services are
// accepted, and at connection time every address the name resolves to must be public.

describe('endpointProblem', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:def',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://web.push.apple.com/QGz9',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    'https://fcm.googleapis.com:443/fcm/send/x',
  ])('accepts the push service endpoint %s', (endpoint) => {
    expect(endpointProblem(endpoint)).toBeNull();
  });

  it.each([
    ['not a URL', 'push service', /not a URL/],
    ['plain http', 'http://fcm.googleapis.com/fcm/send/x', /https/],
    ['another scheme', 'ftp://fcm.googleapis.com/x', /https/],
    ['credentials', 'https://user:pw@fcm.googleapis.com/x', /credentials/],
    ['another port', 'https://fcm.googleapis.com:8443/x', /standard https port/],
    ['a private address', 'https://10.0.0.5/push', /not an address/],
    ['loopback', 'https://127.0.0.1/push', /not an address/],
    ['an IPv6 address', 'https://[::1]/push', /not an address/],
    ['the metadata address', 'https://169.254.169.254/latest', /not an address/],
    ['localhost', 'https://localhost/push', /internet/],
    ['a local name', 'https://printer.local/push', /internet/],
    ['an internal name', 'https://push.corp.internal/x', /internet/],
    ['a single-label name', 'https://intranet/x', /internet/],
    ['too long', `https://fcm.googleapis.com/${'x'.repeat(1000)}`, /too long/],
  ])('refuses %s', (_label, endpoint, why) => {
    expect(endpointProblem(endpoint)).toMatch(why);
  });
});

describe('isPublicAddress', () => {
  it.each(['8.8.8.8', '142.250.72.14', '2607:f8b0:4004:c07::5f'])('%s is public', (a) => expect(isPublicAddress(a)).toBe(true));
  it.each(['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'not-an-ip'])(
    '%s is not',
    (a) => expect(isPublicAddress(a)).toBe(false),
  );
});

describe('publicOnlyLookup', () => {
  it('refuses a name that resolves to this machine, before any connection is made', async () => {
    let connections = 0;
    const server = http.createServer((_req, res) => res.end('reached'));
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const error = await new Promise<NodeJS.ErrnoException>((resolve) => {
      const req = http.request(`http://localhost:${port}/`, { method: 'POST', lookup: publicOnlyLookup }, () => resolve(new Error('answered') as NodeJS.ErrnoException));
      req.on('error', resolve);
      req.end();
    });
    server.close();
    expect(error.code).toBe('EADDRNOTPUBLIC');
    expect(error.message).toMatch(/localhost resolves to (127\.0\.0\.1|::1), which is not a public address/);
    expect(connections).toBe(0);
  });
});
