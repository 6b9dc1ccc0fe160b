# syntax=docker/dockerfile:1
# The product in one image: the server, run as TypeScript by Node 24 (it strips the types; there is
# no compile step), and the built phone web app and back office it hosts. One image serves a single
# node (embedded SQLite in /data) or any node of a cluster (DATABASE_URL and REDIS_URL);
# docs/deploy.md tells how.

ARG NODE_IMAGE=node:24-bookworm-slim

# The two web apps, built with every dependency (Vite is a development dependency).
FROM ${NODE_IMAGE} AS web
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/engine/package.json packages/engine/
COPY packages/protocol/package.json packages/protocol/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/admin/package.json apps/admin/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The server's production dependencies only: none of the web apps', the tests' or the tools'.
# better-sqlite3 and sharp bring prebuilt binaries for linux-x64 and linux-arm64 (glibc).
FROM ${NODE_IMAGE} AS server-dependencies
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/engine/package.json packages/engine/
COPY packages/protocol/package.json packages/protocol/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/admin/package.json apps/admin/
RUN npm ci --omit=dev --workspace=@omp/server --no-audit --no-fund

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    NODE_COMPILE_CACHE=/tmp/node-compile-cache
WORKDIR /app
# NODE_COMPILE_CACHE: Node keeps compiled modules there, so a restarted container starts sooner.
# node_modules/@omp/* are links to packages/ and apps/server: Node strips the types of those .ts
# files because their real path is outside node_modules.
COPY --from=server-dependencies /app/node_modules node_modules
COPY package.json ./
COPY packages/engine/package.json packages/engine/
COPY packages/engine/src packages/engine/src
COPY packages/protocol/package.json packages/protocol/
COPY packages/protocol/src packages/protocol/src
COPY apps/server/package.json apps/server/
COPY apps/server/src apps/server/src
COPY apps/server/assets apps/server/assets
COPY --from=web /app/apps/web/dist apps/web/dist
COPY --from=web /app/apps/admin/dist apps/admin/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
# Alive, not ready: a supervisor restarts a stuck process; a balancer reads /readyz instead.
HEALTHCHECK --interval=10s --timeout=3s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains (readyz 503, sockets told, requests finished, the book handed over) within 20 s:
# give the container more than that (docker stop -t 30, stop_grace_period: 30s).
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/src/server.ts"]
