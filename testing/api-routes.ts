import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// Every route handler under app/api, found by walking the folder (so a new route is covered by the tests
// that use this without anyone remembering to list it).

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface ApiRoute {
  /** The route's folder as a URL pattern, e.g. /api/admin/users/[id]/role. */
  pattern: string;
  /** app/api/…/route.ts, relative to the project. */
  file: string;
  /** The methods the file exports. */
  methods: HttpMethod[];
  /** Its dynamic segments ([id], [...path]) in order; empty for a static route. */
  dynamicSegments: string[];
}

export function listApiRoutes(root = path.resolve('app/api')): ApiRoute[] {
  const found: ApiRoute[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const entry of readdirSync(dir).sort()) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) {
        walk(full, [...segments, entry]);
      } else if (/^route\.(ts|tsx|js)$/.test(entry)) {
        const source = readFileSync(full, 'utf8');
        const methods = HTTP_METHODS.filter((m) => new RegExp(`export\\s+(const|async\\s+function|function)\\s+${m}\\b`).test(source));
        found.push({
          pattern: `/api/${segments.join('/')}`.replace(/\/$/, ''),
          file: path.relative(process.cwd(), full),
          methods,
          dynamicSegments: segments.filter((s) => s.startsWith('[')),
        });
      }
    }
  };
  walk(root, []);
  return found;
}

/**
 * The route's URL with every dynamic segment replaced: `fill(name, index)` gives the (already encoded)
 * text for the segment, e.g. a valid id or a broken percent-encoding.
 */
export function urlOf(route: ApiRoute, fill: (segment: string, index: number) => string): string {
  let index = 0;
  return route.pattern
    .split('/')
    .map((part) => (part.startsWith('[') ? fill(part, index++) : part))
    .join('/');
}
