# The Waymark image: one app process per container (docs/deploy.md). Build: docker build -t waymark .
# Not built in CI (no container runtime there): read against package.json, scripts/start.mjs and
# docs/deploy.md by hand; build and run it once before relying on it.
#
# The build stage installs everything and runs `npm run build` (react-router build → build/); the
# image keeps the production dependencies (tsx among them: server.ts runs as TypeScript) and the
# build. Its start only serves: NODE_ENV=production makes scripts/start.mjs refuse to build.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
# The code is root's and read-only to the app; it runs as `node` and writes only DATA_DIR (and /tmp: tsx's cache).
# server.ts runs server/ through tsx (package.json's "imports" map #contracts/*, #api/*, #shared/* there); build/ is the web app, which bundles app/
# (server/http/app.ts takes only a type from app/, erased at run time), so app/ stays in the build stage.
COPY --from=build /app/package.json /app/package-lock.json /app/server.ts /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/server ./server
COPY --from=build /app/scripts ./scripts
# /data: PGlite's files, uploads and secrets.json without DATABASE_URL; nothing writes it on PostgreSQL + S3.
# /backups: where `npm run backup -- --to /backups/<name>` puts a PGlite backup (the code folder is not writable).
RUN mkdir -p /data /backups && chown node:node /data /backups
USER node
EXPOSE 3000
VOLUME ["/data", "/backups"]
# Liveness only (/healthz answers while the process runs); the load balancer checks /readyz.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# What `npm start` runs, without npm in between: SIGTERM reaches the server, which drains and exits 0.
CMD ["node", "scripts/start.mjs"]
