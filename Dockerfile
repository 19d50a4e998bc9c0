# syntax=docker/dockerfile:1
# The product as one image: a build stage (dev dependencies, a toolchain in case a native module has no
# prebuilt binary) and a slim runtime stage that runs as the unprivileged `node` user.
ARG NODE_VERSION=22

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# Web app (Vite, prerendered pages, precompressed files) and the API bundle into dist/; then only the runtime
# dependencies stay (the bundle keeps its packages external).
RUN node scripts/build.mjs && npm prune --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# DATA_DIR holds the SQLite file and uploads when PostgreSQL and an object store are not configured.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Liveness: the process answers and its database too. The load balancer uses GET /api/ready (Redis and the
# object store as well) to decide where to send traffic.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Started directly (no npm, no shell), so SIGTERM reaches the server and in-flight requests finish.
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "dist/api/server.mjs"]
