import dns from 'node:dns';
import net from 'node:net';
import { env } from '../../../env.ts';

// A push subscription's endpoint is a URL our server will POST to whenever an alert goes out: whoever
// subscribes chooses it. So (SSRF) it must be a push service on the public internet: https on the default
// port, a host name (push services have names) that is not a local one, and, when the request is made,
// every address the name resolves to must be public (publicOnlyLookup: a name that later points at
// 127.0.0.1 or 10.x is refused at connection time). PUSH_TEST_ORIGINS lets tests name a push service on
// this machine (plain http, loopback), and nothing else.

const LOCAL_NAMES = /(^|\.)(localhost|local|localdomain|internal|intranet|lan|home|corp|home\.arpa)$/i;

/** Why `endpoint` cannot be a push endpoint, or null when it can. */
export function endpointProblem(endpoint: string): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The subscription endpoint is not a URL.';
  }
  if (endpoint.length > 1000) return 'The subscription endpoint is too long.';
  if (env().PUSH_TEST_ORIGINS.includes(url.origin)) return null;
  if (url.protocol !== 'https:') return 'The subscription endpoint must be an https URL of a push service.';
  if (url.username || url.password) return 'The subscription endpoint must not carry credentials.';
  if (url.port && url.port !== '443') return 'The subscription endpoint must use the standard https port.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return 'The subscription endpoint must name a push service, not an address.';
  if (!host.includes('.') || LOCAL_NAMES.test(host)) return 'The subscription endpoint must be a push service on the internet.';
  return null;
}

/** Whether the endpoint's origin is a configured test push service (plain http on this machine allowed). */
export function isTestOrigin(endpoint: string): boolean {
  try {
    return env().PUSH_TEST_ORIGINS.includes(new URL(endpoint).origin);
  } catch {
    return false;
  }
}

// Addresses that are not the public internet: this host, private networks, link-local, carrier-grade NAT,
// benchmarking, multicast and reserved ranges (IPv4 and IPv6, IPv4-mapped IPv6 checked as IPv4).
const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(prefix, bits, 'ipv6');

/** Whether `address` (an IP) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]);
  const family = net.isIP(address);
  if (!family) return false;
  return !blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * dns.lookup for http(s).request that refuses a name resolving to any non-public address, so the check
 * holds for the address actually connected to (a DNS answer cannot change between the check and the use).
 */
export function publicOnlyLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || !addresses.length) {
      const blockedError: NodeJS.ErrnoException = new Error(`${hostname} resolves to ${refused?.address ?? 'nothing'}, which is not a public address`);
      blockedError.code = 'EADDRNOTPUBLIC';
      return callback(blockedError, []);
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}
