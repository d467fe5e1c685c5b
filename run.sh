#!/usr/bin/env bash
# Installs what is missing (Debian 12), builds Release into build/, and starts the workbench on
# the built-in simulated providers. Without a display it runs the demo suite on the command line
# and prints its summary instead.
#   ./run.sh               set up, build, start
#   ./run.sh --deps-only   only install missing packages (used by test.sh)
set -euo pipefail
cd "$(dirname "$0")"

PACKAGES=(
    build-essential cmake git
    qt6-base-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    qt6-translations-l10n libqt6sql6-sqlite libqt6sql6-psql libsqlite3-dev libqt6opengl6-dev nlohmann-json3-dev libeigen3-dev libgl-dev
    qtkeychain-qt6-dev libxlsxwriter-dev libvalijson-dev libyaml-cpp-dev
    fonts-dejavu-core fonts-wqy-microhei
    openssl libssl-dev libnghttp2-dev pkg-config
)

install_missing() {
    local missing=()
    for p in "${PACKAGES[@]}" "$@"; do
        if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
            missing+=("$p")
        fi
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "Installing missing packages: ${missing[*]}"
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1; then
            sudo=(sudo)
        else
            echo "error: not root and sudo is not available; install these packages: ${missing[*]}" >&2
            exit 1
        fi
    fi
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        "${missing[@]}"
}

if [ "${1:-}" = "--deps-only" ]; then
    shift
    install_missing "$@"
    exit 0
fi

install_missing
jobs=$(nproc 2>/dev/null || echo 2)
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DYS_BUILD_TESTS=OFF
cmake --build build -j "$jobs"
bash tools/check_elf_layout.sh build/app/yardstick build/app/yardstick-cli build/app/yardstick-sim >/dev/null

if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
    exec build/app/yardstick "$@"
fi

echo "No display found (DISPLAY and WAYLAND_DISPLAY are unset): running the demo suite on the command line."
db="${YARDSTICK_DB:-build/demo.sqlite}"
exec build/app/yardstick-cli run --suite demo --db "$db"
