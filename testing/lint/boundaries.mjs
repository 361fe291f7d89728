import path from 'node:path';

// ESLint rule `boundaries/client-imports`: a module that starts with 'use client' runs in the browser, so
// it may import from lib/ only modules that are safe there: pure rules, types, formatting and the
// browser-side report helpers — and those modules, in turn, import only each other. Type-only imports
// are erased and always allowed. Server modules also import 'server-only', which fails the build on any
// path this rule cannot see.

/** Every lib/ folder with domain code (lib/db must import none of them). */
export const LIB_DOMAINS = ['admin', 'alerts', 'api', 'auth', 'catalog', 'forecast', 'ingest', 'mail', 'ops', 'places', 'pwa', 'reference', 'reports', 'reports-client', 'startup', 'users', 'watchlist'];

/** lib modules a client component may import (paths under lib/, without extension). */
const CLIENT_SAFE = [
  /^reports-client\//,
  /^text\//,
  /^catalog\/hunted$/,
  /^reference\/boards$/,
  /^[a-z-]+(\/[a-z-]+)*\/(types|rules)$/, // a domain's (or a channel's: alerts/channels/push/rules) pure rules and types
  /^reports\/params$/,
  /^api\/error-codes$/, // the closed set of error codes the screens compare against
  /^reference\/boards$/, // constants only: the covered boards the screens offer
  /^reference\/precision$/, // pure: a board's precision from its facts
  /^auth\/(user-dto|session-cookie)$/,
  /^(time|routes)$/,
];

/** The import's target as a repository path (lib/x/y), or null for a package. */
function repoPath(spec, filename) {
  if (spec.startsWith('@/')) return spec.slice(2);
  if (!spec.startsWith('.')) return null;
  return path.relative(process.cwd(), path.resolve(path.dirname(filename), spec)).split(path.sep).join('/');
}

const clientImports = {
  meta: {
    type: 'problem',
    docs: { description: "'use client' modules import only browser-safe lib modules" },
    messages: {
      server: "'{{spec}}' is server code and cannot be imported by browser code ('use client' modules and the browser-safe lib modules they use): call the API, or move what the screen needs into a browser-safe module (lib/*/rules, lib/*/types, lib/reports-client).",
      api: "'{{spec}}' is an API route: a 'use client' module calls it over HTTP instead.",
    },
    schema: [],
  },
  create(context) {
    const first = context.sourceCode.ast.body[0];
    const self = repoPath('./' + path.basename(context.filename), context.filename)?.replace(/\.(ts|tsx)$/, '') ?? '';
    const browserSafeLib = self.startsWith('lib/') && !/\.test$/.test(self) && CLIENT_SAFE.some((re) => re.test(self.slice(4)));
    if (!(first?.type === 'ExpressionStatement' && first.directive === 'use client') && !browserSafeLib) return {};
    const check = (node, spec, typeOnly) => {
      if (typeOnly || typeof spec !== 'string') return;
      const target = repoPath(spec, context.filename);
      if (!target) return;
      const clean = target.replace(/\.(ts|tsx)$/, '').replace(/\/index$/, '');
      if (clean.startsWith('app/api/')) context.report({ node, messageId: 'api', data: { spec } });
      else if (clean.startsWith('lib/') && !CLIENT_SAFE.some((re) => re.test(clean.slice(4)))) context.report({ node, messageId: 'server', data: { spec } });
    };
    return {
      ImportDeclaration(node) {
        const typeOnly = node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));
        check(node, node.source.value, typeOnly);
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node, node.source.value, false);
      },
      ExportNamedDeclaration(node) {
        if (node.source) check(node, node.source.value, node.exportKind === 'type');
      },
    };
  },
};

export const boundaries = { rules: { 'client-imports': clientImports } };
