# The portal's container image (issue 21): a multi-stage build of the standalone production output.
#   docker build -t referral-portal .
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://… -e SESSION_SECRET=… -e API_TOKEN_SECRET=… \
#     -e OPERATOR_API_KEY=… -e FIELD_ENCRYPTION_SECRET=… -e PUBLIC_BASE_URL=https://… referral-portal
# Where no Docker daemon runs, `npm run image:check` runs the same build steps and starts the result.

# 1. Dependencies, for the build only. Native modules such as argon2 are compiled for this base image
#    (their prebuilt binaries need not run on every CPU), hence the build tools here and only here.
FROM node:20-bookworm-slim AS deps
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund

# 2. The standalone build, assembled into /app (scripts/assemble-image.mjs lists what the server needs).
FROM deps AS build
COPY . .
ENV NEXT_TELEMETRY_DISABLED=1 NEXT_OUTPUT=standalone NEXT_SKIP_TYPECHECK=1
RUN node node_modules/next/dist/bin/next build \
 && node scripts/assemble-image.mjs .next /app

# 3. What runs: Node, /app and nothing else, as an unprivileged user.
FROM node:20-bookworm-slim AS run
ENV NODE_ENV=production \
    APP_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    PGLITE_DATA_DIR=/app/.data/pglite
WORKDIR /app
RUN groupadd --system --gid 10001 portal \
 && useradd --system --uid 10001 --gid portal --home-dir /app --shell /usr/sbin/nologin portal
COPY --from=build --chown=portal:portal /app /app
USER portal
EXPOSE 3000
# Liveness for plain Docker; an orchestrator asks /healthz and /readyz itself (deploy/kubernetes).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM lets the requests under way finish (server.mjs, SHUTDOWN_GRACE_SECONDS, default 20).
STOPSIGNAL SIGTERM
CMD ["node", "server.mjs"]
