# syntax=docker/dockerfile:1
# The TB platform server as a container image (docs/production.md › Containers): built from a
# checkout in two stages, the image holding only the release's files and its runtime packages.
#   docker build -t tbplatform:0.1.0 .
#   docker compose up -d          (compose.yaml: this image and PostgreSQL)

# 1. the build: every package, the server compiled to dist/, the UI built and gzipped into dist/ui
FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. the image: as `npm run release` packs it, installed without devDependencies
FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 TB_DATA_DIR=/data TB_SEED_DEMO=false
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /src/dist ./dist
COPY --from=build /src/schemas ./schemas
COPY --from=build /src/bin ./bin
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# docker stop sends SIGTERM: the server stops gracefully (docs/production.md › Restarts); give it
# TB_SHUTDOWN_DELAY + TB_SHUTDOWN_SECONDS (30) + a little: `docker stop -t 45`, compose's stop_grace_period
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=300s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself, not npm: the signals reach the server
CMD ["node", "dist/app/production.js"]
