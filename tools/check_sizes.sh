#!/usr/bin/env bash
# Lists every hand-written source file over MAX_FILE_LINES lines and every function over
# MAX_FUNCTION_LINES lines under app/ ui/ charts/ core/ bench/ (file:line, name, length) and exits
# non-zero if there is any, so a long function fails the test run. Functions and their extents
# come from universal-ctags, which parses C++ better than brace matching would (braces in strings,
# character literals and comments).
#   tools/check_sizes.sh [SOURCE_DIR]
set -euo pipefail
cd "${1:-$(dirname "$0")/..}"

MAX_FILE_LINES=700
MAX_FUNCTION_LINES=100
DIRS=(app ui charts core bench)

# Exclusions, one place. Files: path relative to the source root. Functions: "path name" as
# printed below.
EXCLUDED_FILES=(
    # Generated from the Unicode character database: one big table, not code to read.
    core/tokenize/unicode_classes_table.cpp
)
EXCLUDED_FUNCTIONS=(
)

if ! command -v ctags >/dev/null 2>&1 || ! ctags --version 2>/dev/null | grep -q Universal; then
    echo "error: universal-ctags is needed (apt-get install universal-ctags)" >&2
    exit 2
fi

is_excluded_file() {
    local f
    for f in "${EXCLUDED_FILES[@]}"; do [ "$1" = "$f" ] && return 0; done
    return 1
}

mapfile -t files < <(find "${DIRS[@]}" -type f \( -name '*.cpp' -o -name '*.h' \) | sort)
checked=()
for f in "${files[@]}"; do is_excluded_file "$f" || checked+=("$f"); done

status=0
for f in "${checked[@]}"; do
    n=$(wc -l <"$f")
    if [ "$n" -gt "$MAX_FILE_LINES" ]; then
        echo "$f: file has $n lines (max $MAX_FILE_LINES)"
        status=1
    fi
done

# One line per function definition: "path:line end scope::name".
long_functions=$(
    ctags -x --_xformat='%{input}:%{line} %{end} %{scope}::%{name}' --kinds-C++=f \
        --language-force=C++ "${checked[@]}" |
        awk -v max="$MAX_FUNCTION_LINES" '{
            start = substr($1, index($1, ":") + 1)
            name = $3
            sub(/^::/, "", name)
            gsub(/__anon[0-9a-f]+::/, "", name)
            n = $2 - start + 1
            if (n > max) print $1, name, n
        }'
)
while read -r where name n; do
    [ -z "$where" ] && continue
    skip=0
    for e in "${EXCLUDED_FUNCTIONS[@]}"; do
        [ "$e" = "${where%%:*} $name" ] && skip=1
    done
    [ "$skip" -eq 1 ] && continue
    echo "$where: function $name has $n lines (max $MAX_FUNCTION_LINES)"
    status=1
done <<<"$long_functions"

[ "$status" -eq 0 ] && echo "check_sizes: ${#checked[@]} files, none over $MAX_FILE_LINES lines," \
    "no function over $MAX_FUNCTION_LINES lines"
exit "$status"
