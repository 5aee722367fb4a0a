#!/usr/bin/env bash
# tests/bench/tui.sh — the window's numbers in a real terminal: event → frame, key → frame and RSS on a 2,000-task
# board, from the release `relay` in a tmux pane (tests/benches/tui.rs). Prints Markdown tables for
# docs/PERFORMANCE.md.
#
#   tests/bench/tui.sh           build the release relay and the benchmark, measure, print the tables
#
# Environment: WRITES (MCP task_set_stage writes to time, default 200); CARGO_TARGET_DIR is honoured. Needs tmux
# (apt package `tmux`; tests/run installs it). Not part of tests/run: timings never decide a test.
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

command -v tmux >/dev/null || {
    echo "==> FAILED: tmux is not installed (apt-get install tmux)" >&2
    exit 1
}

cd -- "$(dirname -- "$(readlink -f -- "${BASH_SOURCE[0]}")")/../.."
# A developer's relay settings must not leak into the benchmark's daemon or window.
for var in "${!RELAY_@}"; do
    unset "$var"
done

# The benchmark binary finds `relay` beside it (target/release), so both are built with the release profile.
cargo build --release --locked -p relay
cargo bench --locked -p relay-tests --bench tui
