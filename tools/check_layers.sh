#!/usr/bin/env bash
# Checks the include lines of core/, charts/, ui/ and app/ against the layers of core/layers.txt
# (ui/ also against its own list, [ui])
# and prints one line per include that reaches upwards, naming both files; also that ys_core,
# ys_charts and ys_ui do not link the simulator (ys_sim, ys_demo). Exit status 0 when all is
# well, 1 when something is not, 2 when the layer file cannot be read.
# Usage: tools/check_layers.sh [SOURCE_ROOT]   (default: the tree this script is in)
set -u

root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
layers_file=$root/core/layers.txt
if [[ ! -r $layers_file ]]; then
    echo "check_layers: cannot read $layers_file" >&2
    exit 2
fi

declare -A top_rank core_rank sim_allowed ui_allowed
section=
n_top=0
n_core=0
while read -r word _; do
    [[ -z $word || $word == \#* ]] && continue
    case $word in
    \[*\]) section=$word ;;
    *)
        case $section in
        '[top]') top_rank[$word]=$((n_top++)) ;;
        '[core]') core_rank[$word]=$((n_core++)) ;;
        '[sim]') sim_allowed[$word]=1 ;;
        '[ui]') ui_allowed[$word]=1 ;;
        *)
            echo "check_layers: $layers_file: \"$word\" is outside a section" >&2
            exit 2
            ;;
        esac
        ;;
    esac
done <"$layers_file"

# Sets room to the room of file $1: "sim" for the simulator, "core/<folder>" inside core/, else
# its top folder. (Globals instead of $(...) keep the loop free of forks.)
set_room() {
    case $1 in
    core/sim/*) room=sim ;;
    core/*/*)
        room=${1#core/}
        room=core/${room%%/*}
        ;;
    core/*) room=core/ ;;
    *) room=${1%%/*} ;;
    esac
}

# Sets target to the file an include names, relative to the root, found as the compiler would
# with the project's include directories (the including folder, core/, the root, app/); empty
# when it is none of the project's (a Qt, system or generated header).
set_target() {
    local from_dir=$1 name=$2 dir
    target=
    for dir in "$from_dir" core . app; do
        if [[ -f $dir/$name ]]; then
            target=$dir/$name
            target=${target#./}
            while [[ $target == */../* ]]; do
                target=$(realpath -m --relative-to=. "$target")
            done
            return
        fi
    done
}

# Sets why to the reason the room $1 may not include the room $2; empty when it may.
set_why() {
    local from=$1 to=$2
    why=
    [[ $from == "$to" ]] && return
    local from_top=${from%%/*} to_top=${to%%/*}
    if [[ $to == sim ]]; then
        [[ $from_top == app ]] || why="${from#core/} may not include sim (only app/, tests/ and bench/ may)"
        return
    fi
    if [[ $from == sim ]]; then
        if [[ $to_top != core ]]; then
            why="sim may not include $to_top"
        elif [[ -z ${sim_allowed[${to#core/}]+x} ]]; then
            why="sim may not include ${to#core/} (see [sim] in core/layers.txt)"
        fi
        return
    fi
    if [[ -z ${top_rank[$from_top]+x} || -z ${top_rank[$to_top]+x} ]]; then
        why="$from_top or $to_top is not a layer of [top] in core/layers.txt"
        return
    fi
    if ((top_rank[$to_top] > top_rank[$from_top])); then
        why="$from_top may not include $to_top"
        return
    fi
    if [[ $from_top == ui && $to_top != ui ]]; then
        local folder=${to#core/}
        [[ $to_top == core ]] || folder=$to_top
        if [[ -z ${ui_allowed[$folder]+x} ]]; then
            local allowed
            allowed=$(printf '%s\n' "${!ui_allowed[@]}" | sort | paste -sd, - | sed 's/,/, /g')
            why="ui may not include ${folder%/} (only $allowed; see [ui] in core/layers.txt)"
        fi
        return
    fi
    if [[ $from_top == core && $to_top == core ]]; then
        local a=${from#core/} b=${to#core/}
        if [[ -z ${core_rank[$a]+x} ]]; then
            why="core/$a is not a layer of [core] in core/layers.txt"
        elif [[ -z ${core_rank[$b]+x} ]]; then
            why="core/$b is not a layer of [core] in core/layers.txt"
        elif ((core_rank[$b] > core_rank[$a])); then
            why="$a may not include $b"
        fi
    fi
}

status=0
checked=0
cd "$root" || exit 2
# Every quoted include of the checked folders, as "file:line:name".
while IFS=: read -r file _ name; do
    set_target "${file%/*}" "$name"
    [[ -z $target ]] && continue
    checked=$((checked + 1))
    set_room "$file"
    from=$room
    set_room "$target"
    set_why "$from" "$room"
    if [[ -n $why ]]; then
        echo "$file includes $target: $why"
        status=1
    fi
done < <(find core charts ui app -type f \( -name '*.h' -o -name '*.cpp' \) 2>/dev/null | sort |
    xargs -r grep -Hn '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' |
    sed 's/^\([^:]*:[0-9]*:\)[^"]*"\([^"]*\)".*/\1\2/')

# The client libraries never link the simulator: no target_link_libraries() of ys_core,
# ys_charts or ys_ui names ys_sim or ys_demo.
for lists in core/CMakeLists.txt charts/CMakeLists.txt ui/CMakeLists.txt; do
    [[ -f $lists ]] || continue
    bad=$(tr '\n' ' ' <"$lists" |
        grep -o 'target_link_libraries([[:space:]]*ys_\(core\|charts\|ui\)[[:space:]][^)]*)' |
        grep -o '^target_link_libraries([[:space:]]*ys_[a-z]*\|ys_sim\|ys_demo' | sort -u)
    if grep -q 'ys_sim\|ys_demo' <<<"$bad"; then
        client=$(grep -o 'ys_\(core\|charts\|ui\)$' <<<"$bad" | head -1)
        echo "$lists: ${client:-a client library} may not link $(grep -o 'ys_sim\|ys_demo' <<<"$bad" | sort -u | tr '\n' ' ' | sed 's/ $//')"
        status=1
    fi
done

if ((status == 0)); then
    echo "check_layers: $checked project includes follow core/layers.txt"
fi
exit $status
