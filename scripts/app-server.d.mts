// Types of scripts/app-server.mjs (plain JavaScript: the image runs it without a TypeScript runner).
export const CLIENT_ADDRESS_HEADER: string;
export function bareAddress(value: string | undefined): string;
export function clientAddress(peer: string | undefined, forwardedFor: string | string[] | undefined, hops: number): string;
export function trustedProxyHops(value: string | undefined): number;
export function securityHeaders(options: { nonce: string; dev?: boolean; https?: boolean }): Record<string, string>;
