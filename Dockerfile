# syntax=docker/dockerfile:1
# Hookpost's container image (docs/deploy.md, ADR 037). One image, four commands: `migrate`, `api`, `worker`, `all`
# (deploy/entrypoint.sh). Build from the repository root:  docker build -t hookpost .
#
#   manifests  the workspace's package.json files and the lock file (what both installs start from)
#   deps       every npm dependency (dev ones too: Vite and esbuild build the app)
#   build      `npm run build`: the web app (Vite) and the server compiled by esbuild (ADR 027)
#   prod-deps  production dependencies only (npm packages stay external to the bundle and load from node_modules)
#   runtime    Debian's ffmpeg and fonts, the compiled server, the web build, the migrations; runs as `node`

ARG NODE_IMAGE=node:20-bookworm-slim

# --- manifests ----------------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/tiktok-sandbox/package.json apps/tiktok-sandbox/
COPY packages/shared/package.json packages/shared/
COPY packages/data-dir-lock/package.json packages/data-dir-lock/

# --- deps ---------------------------------------------------------------------------------------------------------
FROM manifests AS deps
RUN npm ci --no-audit --no-fund

# --- build --------------------------------------------------------------------------------------------------------
FROM deps AS build
COPY . .
RUN npm run build

# --- prod-deps ----------------------------------------------------------------------------------------------------
FROM manifests AS prod-deps
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# --- runtime ------------------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
# ffmpeg/ffprobe: upload checks, renders, stock clips. DejaVu: the system fonts CI runs with (.ci/run).
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/data
# package.json files (their "type": "module" makes dist/*.js ESM) and node_modules, production only.
COPY --from=prod-deps /app ./
# The compiled entrypoints and what they read beside their sources through import.meta.url (ADR 027): the migrations,
# the AI prompts and the web build.
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/server/src/db/migrations ./apps/server/src/db/migrations
COPY --from=build /app/apps/server/src/modules/ai/prompts ./apps/server/src/modules/ai/prompts
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY deploy/entrypoint.sh ./deploy/entrypoint.sh
# DATA_DIR: uploads in progress, render scratch, stock clips, (local storage) media. A named volume mounted here
# starts with this owner.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# The API's own check of the database and the job queue (200 when both answer, 503 otherwise). Worker and migrate
# containers have no HTTP server: deploy/compose.yaml turns this off for them.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/app/deploy/entrypoint.sh"]
CMD ["all"]
