#!/usr/bin/env bash
# npm test: typecheck, lint, unit + integration (vitest, real database), production build, e2e (Chromium),
# and the deployment replay (docker-compose.yml's services and `npm start` run on the host).
# With DATABASE_URL set, tests create (and drop) their own databases on that server; without it they use
# throwaway embedded PGlite databases, and the replay's Postgres steps are skipped (its demo-mode `npm start` runs).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ]; then
  echo "Chromium is needed for the end-to-end tests and was not found at $CHROMIUM." >&2
  echo "Install it with: sudo apt-get install -y chromium   (or set CHROMIUM_PATH to a Chromium/Chrome binary)" >&2
  exit 1
fi

if ! command -v caddy >/dev/null 2>&1; then
  echo "Caddy is needed for the reverse-proxy end-to-end test (e2e/proxy.spec.ts) and was not found." >&2
  echo "Install it with: sudo apt-get install -y caddy   (bash .ci/run installs it)" >&2
  exit 1
fi

step() { printf '\n\033[1m== %s ==\033[0m\n' "$1"; }

step "typecheck"
npm run --silent typecheck
step "lint"
npm run --silent lint
step "unit and integration tests (vitest)"
npx vitest run
step "production build"
NEXT_SKIP_TYPECHECK=1 npx next build  # typecheck ran above
step "end-to-end tests (Playwright, Chromium)"
npx playwright test
step "deployment replay (npm start, docker compose services, backup and restore)"
npx vitest run --config vitest.replay.config.ts
