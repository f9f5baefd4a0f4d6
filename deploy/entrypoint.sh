#!/bin/sh
# The container image's entrypoint (deploy/Dockerfile): runs one of the server's compiled entrypoints exactly as
# `npm run start:prod` and the multi-process test do — `node --enable-source-maps apps/server/dist/<name>.js`
# (scripts/lib/build-node.mjs, productionNodeArgs; deploy/deploy.test.ts keeps the two in step).
#
#   migrate   apply the database migrations and exit (run it once, before api and worker, on every upgrade)
#   api       the HTTP API and the web app (several may run, behind the reverse proxy)
#   worker    the job workers: publishing, renders, automation, stats, mail (several may run)
#   all       API and worker in one process (start.js, what `npm run start:prod` runs)
#
# HOOKPOST_DRY_RUN=1 prints the command instead of running it.
set -eu

root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
cd "$root"

usage() {
  echo "usage: entrypoint.sh migrate|api|worker|all" >&2
  exit 64
}

[ $# -eq 1 ] || usage
case "$1" in
  migrate | api | worker) entry=$1 ;;
  all) entry=start ;;
  *) usage ;;
esac

set -- node --enable-source-maps "apps/server/dist/$entry.js"
if [ "${HOOKPOST_DRY_RUN:-}" = 1 ]; then
  echo "$*"
  exit 0
fi
# exec: node receives SIGTERM itself and shuts down cleanly (running uploads and renders get their grace period).
exec "$@"
