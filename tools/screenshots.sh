#!/usr/bin/env bash
# Writes a PNG of every page of the workbench and of every chart tab, in English and in Chinese:
# OUTDIR/en/*.png and OUTDIR/zh_CN/*.png. Builds what is missing (Release, into build/ unless
# BUILD_DIR says otherwise), runs the demo suite against the simulator into a temporary database
# (or uses the database given), then opens the window on the offscreen platform.
#   tools/screenshots.sh OUTDIR [--db FILE]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

if [ $# -lt 1 ] || [ "$1" = "-h" ] || [ "$1" = "--help" ]; then
    echo "usage: tools/screenshots.sh OUTDIR [--db FILE]" >&2
    exit 2
fi
out=$(mkdir -p "$1" && cd "$1" && pwd)
shift
db=
if [ "${1:-}" = "--db" ]; then
    db=$(realpath "${2:?--db needs a file}")
fi

# A font with Chinese glyphs, or the zh_CN pictures show empty boxes.
"$root/run.sh" --deps-only fonts-wqy-microhei

build="${BUILD_DIR:-$root/build}"
if [ ! -x "$build/app/yardstick-screenshots" ] || [ ! -x "$build/app/yardstick-cli" ]; then
    cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DYS_BUILD_TESTS=OFF >/dev/null
fi
cmake --build "$build" -j "$(nproc 2>/dev/null || echo 2)" \
    --target yardstick-screenshots yardstick-cli

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -z "$db" ]; then
    db="$tmp/demo.sqlite"
    echo "Running the demo suite into $db (about a minute and a half)"
    YS_LOG_FILE="$tmp/cli.log" "$build/app/yardstick-cli" run --suite demo --db "$db" >/dev/null
fi
rm -rf "$out/en" "$out/zh_CN"
QT_QPA_PLATFORM=offscreen YS_LOG_FILE="$tmp/gui.log" \
    "$build/app/yardstick-screenshots" --db "$db" "$out"
echo "Pictures in $out/en and $out/zh_CN"
