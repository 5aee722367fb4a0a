#!/usr/bin/env bash
# tests/bench/agents.sh — what relay's hooks cost inside the real agents: the same scripted turn (two edits) in
# Claude Code and Codex with relay's hooks, with the same entries running `true`, and with no hooks, interleaved in
# one run, against a release relay (tests/benches/agents.rs). Prints a Markdown table for docs/PERFORMANCE.md.
#
#   tests/bench/agents.sh        build the release relay and the benchmark, measure, print the table
#
# Environment: RUNS (turns per case, default 20); CARGO_TARGET_DIR is honoured. Needs the agents tests/run
# provisions. Not part of tests/run: timings never decide a test.
set -euo pipefail

case ${1:-} in
    -h | --help)
        sed -n '2,9s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
        exit 0
        ;;
    '') ;;
    *)
        sed -n '2,9s/^# \{0,1\}//p' "${BASH_SOURCE[0]}" >&2
        exit 2
        ;;
esac

cd -- "$(dirname -- "$(readlink -f -- "${BASH_SOURCE[0]}")")/../.."
# A developer's relay settings must not leak into the benchmark's daemon or hooks.
for var in "${!RELAY_@}"; do
    unset "$var"
done
target=${CARGO_TARGET_DIR:-target}
cargo build --release --locked -p relay
# The harness only starts processes and reads clocks: it is built in the dev profile (no release build of the test
# dependencies); what is timed is the agents and the release relay they run as hooks.
RELAY_BIN=$(readlink -f -- "$target/release/relay") cargo bench --locked --profile dev -p relay-tests --bench agents
