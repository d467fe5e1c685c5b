#!/usr/bin/env bash
# Installs the peer clients of tests/tst_sim_peers: Node.js and npm from Debian when missing (sudo
# when not root), then the pinned official SDKs from package-lock.json into DEST (outside the
# source tree, so node_modules is never committed).
#   tests/peers/install.sh build-test/peers
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dest="${1:?usage: $0 DEST_DIR (for example build-test/peers)}"

missing=()
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
    echo "Installing missing packages: ${missing[*]}"
    sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1; then
            sudo=(sudo)
        else
            echo "error: not root and sudo is not available; install: ${missing[*]}" >&2
            exit 1
        fi
    fi
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        "${missing[@]}"
fi

mkdir -p "$dest"
cp "$here/package.json" "$here/package-lock.json" "$here"/*.mjs "$dest/"
cd "$dest"
# npm ci starts from scratch every time; skip it when the installed tree matches the lock file.
if [ -f node_modules/.yardstick-lock ] && cmp -s package-lock.json node_modules/.yardstick-lock; then
    echo "peer clients up to date in $dest"
    exit 0
fi
npm ci --no-audit --no-fund --loglevel=error
cp package-lock.json node_modules/.yardstick-lock
echo "peer clients installed in $dest (node $(node --version))"
