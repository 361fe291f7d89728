// Types of scripts/scraper-healthcheck.mjs (plain JavaScript: the healthcheck runs without a TypeScript runner).
export const STALE_MS: number;
export interface HeartbeatVerdict {
  healthy: boolean;
  line: string;
  signal: 'SIGTERM' | 'SIGKILL' | null;
  pid?: number;
}
export function judgeHeartbeat(beat: Record<string, unknown> | null, now?: number): HeartbeatVerdict;
