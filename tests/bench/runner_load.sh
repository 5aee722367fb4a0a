#!/usr/bin/env bash
# tests/bench/runner_load.sh — the runner under load against a release relay (tests/benches/runner_load.rs):
# attaching to a session holding 10,000 lines of scrollback (cold and as a switch), and 20 sessions each printing
# 40 KB/s (relayd's CPU, lines lost for clients that keep up, a stalled attachment, RSS with full scrollback).
# Prints Markdown tables for docs/PERFORMANCE.md.
#
#   tests/bench/runner_load.sh   build the release relay and the benchmark, measure, print the tables
#
# Environment: SECONDS (length of the load, default 60; at 40 KB/s the scrollback is full after ~25 s);
# CARGO_TARGET_DIR is honoured. Needs /usr/bin/python3 (the sessions' program). Not part of tests/run.
set -euo pipefail

case ${1:-} in
    -h | --help)
        sed -n '2,10s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
        exit 0
        ;;
    '') ;;
    *)
        sed -n '2,10s/^# \{0,1\}//p' "${BASH_SOURCE[0]}" >&2
        exit 2
        ;;
esac

cd -- "$(dirname -- "$(readlink -f -- "${BASH_SOURCE[0]}")")/../.."
for var in "${!RELAY_@}"; do
    unset "$var"
done
target=${CARGO_TARGET_DIR:-target}
cargo build --release --locked -p relay
# The harness only reads and counts: it is built in the dev profile; what is measured is the release relay.
RELAY_BIN=$(readlink -f -- "$target/release/relay") cargo bench --locked --profile dev -p relay-tests --bench runner_load
