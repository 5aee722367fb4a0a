#!/usr/bin/env bash
# tests/bench/runner.sh — the runner's numbers against a release relay, printed as Markdown tables for
# docs/PERFORMANCE.md: keystroke echo through a runner terminal (client → socket → relayd → PTY → back) against a
# direct PTY echo in the same run, the same through a docker session (docker exec), and session-ready for both
# backends (tests/benches/runner.rs); then the runner under load (tests/benches/runner_load.rs): attaching to
# 10,000 lines of scrollback, and 20 sessions × 40 KB/s (relayd's CPU, lines lost, a stalled attachment, RSS).
#
#   tests/bench/runner.sh        build the release relay and the benchmarks, measure, print the tables
#
# Environment: KEYS (keystrokes per case, default 2000), READY (session creations per backend, default 20), SECONDS
# (length of the load, default 60); CARGO_TARGET_DIR is honoured. The docker cases need a running dockerd and the
# image relay-test/busybox:1 (run tests/run once; without them they are left out, saying so); the load needs
# /usr/bin/python3. Not part of tests/run: timings never decide a test.
set -euo pipefail

case ${1:-} in
    -h | --help)
        sed -n '2,13s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
        exit 0
        ;;
    '') ;;
    *)
        sed -n '2,13s/^# \{0,1\}//p' "${BASH_SOURCE[0]}" >&2
        exit 2
        ;;
esac

cd -- "$(dirname -- "$(readlink -f -- "${BASH_SOURCE[0]}")")/../.."
for var in "${!RELAY_@}"; do
    unset "$var"
done
target=${CARGO_TARGET_DIR:-target}
cargo build --release --locked -p relay
# The harness only writes, reads and reads clocks: it is built in the dev profile; what is timed is the release relay.
RELAY_BIN=$(readlink -f -- "$target/release/relay") cargo bench --locked --profile dev -p relay-tests --bench runner --bench runner_load
