# syntax=docker/dockerfile:1
# NC Bourbon Tracker: one image build, two targets.
#
#   runner (default)  the web app: `node app-server.mjs` (scripts/app-server.mjs: client addresses, security
#                     headers) around Next's standalone output, as user `node`
#   tools             node_modules + tsx + scripts/ + lib/ + prisma/ (migrations and seed-data) for the
#                     one-shot migration (`npx tsx scripts/migrate.ts`: migrations, then the reference
#                     data), the scraper (`node --import tsx scripts/scraper.ts`) and `scripts/create-admin.ts`
#
#   docker build -t nc-bourbon-tracker .                          # web app
#   docker build --target tools -t nc-bourbon-tracker-tools .     # migrate / scraper
#
# docker-compose.yml builds and wires both. lib/ops/deployment.replay.test.ts assembles both targets
# from their COPY lines on the host and runs the compose services' commands in them.

ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS base
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1

# --- deps: every dependency (the build and tsx need the dev ones too) -------------------------------
FROM base AS deps
COPY package.json package-lock.json .npmrc ./
# The committed lock lists every platform's packages: `npm ci` installs exactly it, and refuses a lock that
# does not match package.json. The project's postinstall (prisma generate) needs the schema; the build
# stage runs it.
RUN npm ci --no-audit --no-fund --ignore-scripts

# --- build: Prisma client + standalone Next build, without a database -------------------------------
FROM base AS build
COPY --from=deps /app/node_modules ./node_modules
COPY . .
# scripts/prisma-generate.mjs works offline; where Prisma's binary host is reachable it is not needed.
ENV NEXT_OUTPUT=standalone
RUN npm run build

# --- tools: migrations, reference data, the scraper, create-admin -------------------------------------
FROM base AS tools
ENV NODE_ENV=production
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/generated ./generated
COPY package.json package-lock.json tsconfig.json prisma.config.ts ./
COPY prisma ./prisma
COPY lib ./lib
COPY scripts ./scripts
# The scraper's heartbeat (.data/scraper-heartbeat.json), which its compose healthcheck reads.
RUN mkdir -p .data && chown node:node .data
USER node
CMD ["npx", "tsx", "scripts/migrate.ts"]

# --- runner: the web app (default target) -------------------------------------------------------------
FROM base AS runner
ENV NODE_ENV=production \
    PORT=3000 \
    HOSTNAME=0.0.0.0
RUN mkdir -p .data/images && chown -R node:node .data
COPY --from=build --chown=node:node /app/.next/standalone ./
COPY --from=build --chown=node:node /app/.next/static ./.next/static
COPY --from=build --chown=node:node /app/public ./public
COPY --from=build --chown=node:node /app/scripts/app-server.mjs ./app-server.mjs
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "app-server.mjs"]
