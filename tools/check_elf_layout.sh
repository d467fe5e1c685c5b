#!/usr/bin/env bash
# Checks that each program's GNU_RELRO range starts inside one of its loaded segments: a range
# that starts in an unmapped page makes the loader refuse the program with "cannot apply
# additional memory protection after relocation: Cannot allocate memory".
# Usage: check_elf_layout.sh FILE...
set -u
status=0
checked=0
for f in "$@"; do
    [ -f "$f" ] || continue
    headers=$(readelf -lW "$f" 2>/dev/null) || continue
    relro=$(awk '$1 == "GNU_RELRO" { print $3 }' <<<"$headers")
    [ -n "$relro" ] || continue
    checked=$((checked + 1))
    start=$((relro & ~0xfff))
    inside=0
    while read -r vaddr memsz; do
        lo=$((vaddr & ~0xfff))
        hi=$((vaddr + memsz))
        if ((start >= lo && start < hi)); then inside=1; fi
    done < <(awk '$1 == "LOAD" { print $3, $6 }' <<<"$headers")
    if ((inside == 0)); then
        printf '%s: GNU_RELRO starts at %s, in a page no LOAD segment maps\n' "$f" "$relro"  >&2
        status=1
    fi
done
echo "check_elf_layout: $checked programs checked"
exit $status
