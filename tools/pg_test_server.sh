#!/usr/bin/env bash
# A throw-away PostgreSQL server for the tests: `start DIR` makes a cluster in DIR (initdb), starts
# it on a free port of 127.0.0.1 only and prints the environment the tests read
# (YS_TEST_PG_URL, YS_TEST_PG_PASSWORD); `stop DIR` stops it and removes DIR. Run as root, the
# server runs as the user nobody (PostgreSQL refuses to run as root).
set -euo pipefail

cmd=${1:-}
dir=${2:-}
if [[ -z "$cmd" || -z "$dir" ]]; then
    echo "usage: $0 start|stop DIR" >&2
    exit 2
fi
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
if [[ -z "$bin" ]]; then
    echo "$0: no PostgreSQL server is installed (Debian package postgresql-15)" >&2
    exit 1
fi
as_owner() {
    if [[ $(id -u) -eq 0 ]]; then
        runuser -u nobody -- "$@"
    else
        "$@"
    fi
}

case "$cmd" in
start)
    mkdir -p "$dir"
    [[ $(id -u) -eq 0 ]] && chown nobody: "$dir"
    password=ys-test-$RANDOM$RANDOM
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    as_owner bash -c "umask 077; printf '%s\n' '$password' > '$dir/pwfile'"
    as_owner "$bin/initdb" -D "$dir/data" -U ys --pwfile="$dir/pwfile" --auth-local=trust \
        --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 > "$dir/initdb.log" 2>&1 ||
        { cat "$dir/initdb.log" >&2; exit 1; }
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories='$dir' -c max_connections=200 -c fsync=off" \
        start > /dev/null || { cat "$dir/server.log" >&2; exit 1; }
    as_owner "$bin/psql" -h "$dir" -p "$port" -U ys -d postgres -q \
        -c "CREATE DATABASE yardstick" > /dev/null
    {
        echo "YS_TEST_PG_URL=postgresql://ys@127.0.0.1:$port/yardstick"
        echo "YS_TEST_PG_PASSWORD=$password"
        echo "YS_TEST_PG_PORT=$port"
    } | tee "$dir/env"
    ;;
stop)
    if [[ -d "$dir/data" ]]; then
        as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop > /dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
*)
    echo "usage: $0 start|stop DIR" >&2
    exit 2
    ;;
esac
