#!/usr/bin/env bash
# tests/bench/remote.sh — remote access's numbers (tests/benches/remote.rs): a new connection + its first RPC over
# loopback TLS against the local socket, a cold `relay session attach` until the full screen, and keystroke echo,
# remote and local.
# Prints Markdown tables for docs/PERFORMANCE.md.
#
#   tests/bench/remote.sh           build the release relay, measure, print the tables
#   PROFILE=debug tests/bench/remote.sh   the same with the debug relay (label such numbers as debug)
#
# Environment: CONNECTS (default 200), ATTACHES (default 30), KEYS (default 500); CARGO_TARGET_DIR is honoured. Not part of tests/run.
set -euo pipefail

cd -- "$(dirname -- "$(readlink -f -- "${BASH_SOURCE[0]}")")/../.."
for var in "${!RELAY_@}"; do
    unset "$var"
done
target=${CARGO_TARGET_DIR:-target}
profile=${PROFILE:-release}
if [[ $profile == release ]]; then
    cargo build --release --locked -p relay
    bin="$target/release/relay"
else
    cargo build --locked -p relay
    bin="$target/debug/relay"
fi
# The client pins the benchmark relayd's certificate here, never in the user's own config dir.
scratch=$(mktemp -d)
trap 'rm -rf -- "$scratch"' EXIT
XDG_CONFIG_HOME="$scratch" RELAY_BIN=$(readlink -f -- "$bin") \
    cargo bench --locked --profile dev -p relay-tests --bench remote
