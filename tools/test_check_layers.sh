#!/usr/bin/env bash
# The self-test of tools/check_layers.sh: small trees in a temporary folder, one clean and each
# of the others with one forbidden include, so the check cannot pass by finding nothing.
# Usage: tools/test_check_layers.sh
set -u

here=$(cd "$(dirname "$0")" && pwd)
checker=$here/check_layers.sh
layers=$here/../core/layers.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

# A tree with one header in each of a few rooms, every include allowed.
make_tree() {
    local t=$1
    mkdir -p "$t"/core/{util,domain,provider,sim,workbench} "$t"/charts "$t"/ui "$t"/app/cli
    cp "$layers" "$t"/core/layers.txt
    printf '#pragma once\n' >"$t"/core/util/log.h
    printf '#pragma once\n' >"$t"/core/provider/secrets.h
    printf '#pragma once\n#include "util/log.h"\n' >"$t"/core/domain/suite.h
    printf '#pragma once\n#include "domain/suite.h"\n' >"$t"/core/workbench/workbench.h
    printf '#pragma once\n#include "util/log.h"\n' >"$t"/core/sim/sim_host.h
    printf '#pragma once\n#include "workbench/workbench.h"\n' >"$t"/charts/chart.h
    printf '#pragma once\n#include "charts/chart.h"\n' >"$t"/ui/main_window.h
    printf '#pragma once\n#include "util/log.h"\n' >"$t"/app/cli/cli_commands.h
    printf '#include "ui/main_window.h"\n#include "sim/sim_host.h"\n#include "cli/cli_commands.h"\n#include <QString>\n' >"$t"/app/main.cpp
    printf '#include "util/log.h"\n' >"$t"/core/util/log.cpp
    printf 'add_library(ys_sim STATIC)\ntarget_link_libraries(ys_sim PUBLIC ys_core)\n' \
        >"$t"/core/CMakeLists.txt
}

# expect_pass NAME: the tree NAME passes.
expect_pass() {
    local out
    if ! out=$("$checker" "$tmp/$1" 2>&1); then
        echo "FAIL $1: the check failed on a clean tree:"
        echo "$out"
        failures=$((failures + 1))
    else
        echo "ok   $1"
    fi
}

# expect_fail NAME LINE: the check of the tree NAME fails and prints LINE exactly.
expect_fail() {
    local out rc
    out=$("$checker" "$tmp/$1" 2>&1)
    rc=$?
    if ((rc != 1)) || ! grep -qxF -- "$2" <<<"$out"; then
        echo "FAIL $1: expected exit status 1 and the line"
        echo "    $2"
        echo "  got exit status $rc and:"
        echo "$out" | sed 's/^/    /'
        failures=$((failures + 1))
    else
        echo "ok   $1: $2"
    fi
}

make_tree "$tmp/clean"
expect_pass clean

make_tree "$tmp/upward"
printf '#include "util/log.h"\n#include "provider/secrets.h"\n' >"$tmp/upward/core/util/log.cpp"
expect_fail upward "core/util/log.cpp includes core/provider/secrets.h: util may not include provider"

make_tree "$tmp/core_to_ui"
printf '#pragma once\n#include "ui/main_window.h"\n' >"$tmp/core_to_ui/core/domain/suite.h"
expect_fail core_to_ui "core/domain/suite.h includes ui/main_window.h: core may not include ui"

make_tree "$tmp/ui_to_app"
printf '#pragma once\n#include "cli/cli_commands.h"\n' >"$tmp/ui_to_app/ui/main_window.h"
expect_fail ui_to_app "ui/main_window.h includes app/cli/cli_commands.h: ui may not include app"

make_tree "$tmp/client_to_sim"
printf '#pragma once\n#include "domain/suite.h"\n#include "sim/sim_host.h"\n' \
    >"$tmp/client_to_sim/core/workbench/workbench.h"
expect_fail client_to_sim \
    "core/workbench/workbench.h includes core/sim/sim_host.h: workbench may not include sim (only app/, tests/ and bench/ may)"

make_tree "$tmp/sim_to_provider"
printf '#pragma once\n#include "provider/secrets.h"\n' >"$tmp/sim_to_provider/core/sim/sim_host.h"
expect_fail sim_to_provider \
    "core/sim/sim_host.h includes core/provider/secrets.h: sim may not include provider (see [sim] in core/layers.txt)"

make_tree "$tmp/unlisted"
mkdir -p "$tmp/unlisted/core/extra"
printf '#pragma once\n' >"$tmp/unlisted/core/extra/thing.h"
printf '#pragma once\n#include "extra/thing.h"\n' >"$tmp/unlisted/core/workbench/workbench.h"
expect_fail unlisted \
    "core/workbench/workbench.h includes core/extra/thing.h: core/extra is not a layer of [core] in core/layers.txt"

make_tree "$tmp/ui_to_storage"
mkdir -p "$tmp/ui_to_storage/core/storage"
printf '#pragma once\n' >"$tmp/ui_to_storage/core/storage/database.h"
printf '#pragma once\n#include "charts/chart.h"\n#include "storage/database.h"\n' \
    >"$tmp/ui_to_storage/ui/main_window.h"
expect_fail ui_to_storage \
    "ui/main_window.h includes core/storage/database.h: ui may not include storage (only charts, domain, models, workbench; see [ui] in core/layers.txt)"

make_tree "$tmp/ui_to_run"
mkdir -p "$tmp/ui_to_run/core/run"
printf '#pragma once\n' >"$tmp/ui_to_run/core/run/session_runner.h"
printf '#include "ui/main_window.h"\n#include "run/session_runner.h"\n' \
    >"$tmp/ui_to_run/ui/main_window.cpp"
expect_fail ui_to_run \
    "ui/main_window.cpp includes core/run/session_runner.h: ui may not include run (only charts, domain, models, workbench; see [ui] in core/layers.txt)"

make_tree "$tmp/core_links_sim"
printf 'add_library(ys_core STATIC)\ntarget_link_libraries(ys_core\n    PUBLIC Qt6::Core ys_sim\n    PRIVATE ys_build_options)\n' \
    >"$tmp/core_links_sim/core/CMakeLists.txt"
expect_fail core_links_sim "core/CMakeLists.txt: ys_core may not link ys_sim"

if ((failures)); then
    echo "$failures case(s) failed"
    exit 1
fi
echo "all cases passed"
