#!/usr/bin/env bash
# Tokenizer benchmark: builds bench_tokenizer (Release) and runs it and the reference tiktoken
# (npm package "tiktoken", run with Node) on the same English and Chinese texts in one run,
# printing MB/s for both, the ratio, the time to count a 200K-token prompt and load times.
# Exits non-zero when Yardstick is under 3x the reference or a 200K count takes 100 ms or more.
#   bench/run_tokenizer.sh [BUILD_DIR]      (default: build-bench beside the sources)
set -euo pipefail
src="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$src/build-bench}"
mkdir -p "$build"
build="$(cd "$build" && pwd)"
. "$src/bench/bench_lib.sh"

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    echo "Installing nodejs and npm (Debian packages)"
    sudo=()
    [ "$(id -u)" -ne 0 ] && sudo=(sudo)
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        nodejs npm
fi

# The reference goes into the build tree, never into the sources.
ref="$build/reference"
if [ ! -f "$ref/node_modules/tiktoken/package.json" ]; then
    mkdir -p "$ref"
    [ -f "$ref/package.json" ] || echo '{"name":"ys-bench-reference","private":true}' > "$ref/package.json"
    (cd "$ref" && npm install --no-audit --no-fund --silent tiktoken@1.0.22)
fi

bench_cmake "$src" "$build" bench_tokenizer >/dev/null

bench="$build/bench/tokenizer/bench_tokenizer"
"$bench" --write-texts "$build/texts"
echo "Texts: $(wc -c <"$build/texts/english.txt") bytes English, $(wc -c <"$build/texts/chinese.txt") bytes Chinese"
echo "Reference: tiktoken $(node -p "require('$ref/node_modules/tiktoken/package.json').version") on Node $(node --version)"
# The reference runs before and after Yardstick and its faster run counts, so a burst of load
# on the machine cannot make the ratio look better than it is.
node "$src/bench/tokenizer/reference.mjs" "$ref/node_modules" "$build/texts" >"$build/reference.jsonl"
node -e '
for (const l of require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n")) {
  const r = JSON.parse(l);
  if (r.text === "english") console.log(`reference load ${r.encoding}: ${r.load_ms.toFixed(1)} ms`);
}' "$build/reference.jsonl"
echo
"$bench" --texts "$build/texts" --save "$build/yardstick.json"
node "$src/bench/tokenizer/reference.mjs" "$ref/node_modules" "$build/texts" >>"$build/reference.jsonl"
"$bench" --report "$build/yardstick.json" --reference "$build/reference.jsonl"
