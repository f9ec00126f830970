# One image for every production role; the command picks it: `api` (default), `worker` or `migrate`.
# Build:  docker build -t athletics-platform .
# Run:    see docker-compose.yml and the README's "Production" section.

FROM node:22-bookworm-slim AS base
WORKDIR /app
# Native modules (argon2, the Temporal core bridge) ship prebuilt binaries for glibc x64/arm64, so no compiler is
# needed; ca-certificates lets the app reach SMTP and Temporal over TLS.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates tini \
  && rm -rf /var/lib/apt/lists/*

# Build stage: every dependency (Vite and the React toolchain are dev dependencies) to build the UI.
FROM base AS build
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN node_modules/.bin/vite build --config ui/vite.config.ts

# Runtime stage: production dependencies (tsx runs the TypeScript sources), the sources and the built UI.
FROM base AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/.data
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY domain ./domain
COPY form-engine ./form-engine
COPY migrations ./migrations
COPY api ./api
COPY workflows ./workflows
COPY activities ./activities
COPY scripts ./scripts
COPY tsconfig.json ./
COPY --from=build /app/dist/ui ./dist/ui
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
ENTRYPOINT ["/usr/bin/tini", "--", "/app/scripts/docker-entrypoint.sh"]
CMD ["api"]
