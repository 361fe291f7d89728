// Types of scripts/app-server.mjs (plain JavaScript: the image runs it without a TypeScript runner).
export const CLIENT_ADDRESS_HEADER: string;
export function bareAddress(value: string | undefined): string;
export function clientAddress(peer: string | undefined, forwardedFor: string | string[] | undefined, hops: number): string;
export function trustedProxyHops(value: string | undefined): number;
export function securityHeaders(options: { nonce: string; dev?: boolean; https?: boolean }): Record<string, string>;
export const ACCEPTS_GZIP_HEADER: string;
export const BODY_ENCODING_HEADER: string;
export function acceptsGzip(acceptEncoding: string | string[] | undefined): boolean;
export function passEncodedBodies(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse): void;
export const SERVICE_WORKER_PATH: string;
export function serviceWorkerNotCached(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse): void;
