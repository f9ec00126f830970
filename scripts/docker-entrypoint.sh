#!/bin/sh
# Chooses the role of the production image: api, worker or migrate; anything else runs as a command.
set -eu
tsx=/app/node_modules/.bin/tsx
case "${1:-api}" in
  api) exec "$tsx" api/main.ts ;;
  worker) exec "$tsx" activities/worker.ts ;;
  migrate) exec "$tsx" scripts/migrate.ts ;;
  *) exec "$@" ;;
esac
