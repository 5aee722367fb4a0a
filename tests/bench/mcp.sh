#!/usr/bin/env bash
# tests/bench/mcp.sh — the MCP benchmark: relayd's /mcp under load, beside a minimal server on the official
# Python SDK, then the official Python client against relayd. Prints a Markdown table for docs/PERFORMANCE.md.
#
#   tests/bench/mcp.sh           build the release relay, measure, print the table
#
# Environment: DURATION (wrk run, default 10s), CONNECTIONS (20), THREADS (2), WARMUP (untimed wrk run before
# each measured one, default 2s), GETS (500), CREATES (300); BENCH_RELAY=/path/to/relay measures that binary
# instead of building one (an older build, to compare in the same sitting).
#
# What runs, all on 127.0.0.1 and each step bounded by a timeout:
#   1. `cargo build --release -p relay`, then `target/release/relay --home $TMP --port 0 daemon start`;
#   2. with curl: the session handshake /mcp needs (none in stateless mode; else initialize once and pass
#      Mcp-Session-Id), then project `bench` and its task `bench-1` through tools/call, and one check that the
#      exact benchmark request answers a successful tool result;
#   3. wrk (keep-alive, THREADS threads, CONNECTIONS connections, DURATION) with tests/bench/mcp_task_get.lua: each
#      request a JSON-RPC tools/call of task_get(bench-1) — p50/p99 latency and calls/s; then the same with one
#      thread and one connection (the one-connection latency);
#   4. the same wrk runs against tests/bench/py_server.py (MCPServer, one task_get tool reading one SQLite row,
#      stateless JSON), and the ratio;
#   5. tests/bench/mcp_client.py (the official Python client, one session, one call at a time): task_get GETS
#      times and task_create CREATES times against relayd (p50, p95), and task_get against the Python server.
# wrk comes from apt and is installed when missing; the Python SDK comes from tests/.venv (created as tests/run
# does when missing).
set -euo pipefail

usage() {
    sed -n '2,24s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
}
case ${1:-} in
    -h | --help)
        usage
        exit 0
        ;;
    '') ;;
    *)
        usage >&2
        exit 2
        ;;
esac

DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-20}
THREADS=${THREADS:-2}
WARMUP=${WARMUP:-2s}
GETS=${GETS:-500}
CREATES=${CREATES:-300}
MCP_SDK=2.3.0
SLUG=bench

script=$(readlink -f -- "${BASH_SOURCE[0]}")
bench_dir=$(dirname -- "$script")
cd -- "$bench_dir/../.."
root=$PWD
PY=$root/tests/.venv/bin/python
# cargo builds into CARGO_TARGET_DIR when it is set.
target_dir=${CARGO_TARGET_DIR:-$root/target}
RELAY=${BENCH_RELAY:-$target_dir/release/relay}

# A developer's relay settings must not leak into the benchmark's daemon.
for var in "${!RELAY_@}"; do
    unset "$var"
done

say() { echo "==> $*" >&2; }
die() {
    echo "==> FAILED: $*" >&2
    exit 1
}

seconds_of() { # "10s" / "2m" / "10" -> seconds
    local d=$1
    case $d in
        *m) echo $((${d%m} * 60)) ;;
        *s) echo "${d%s}" ;;
        *) echo "$d" ;;
    esac
}

# ---------------------------------------------------------------------------------------------------------
# Tools: wrk (apt) and the Python SDK (tests/.venv).

as_root=()
if ((EUID != 0)); then
    as_root=(sudo -n)
fi
if ! command -v wrk >/dev/null 2>&1; then
    say "installing wrk (apt)"
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends wrk >/dev/null
    command -v wrk >/dev/null 2>&1 || die "wrk is still missing after apt-get install wrk"
fi
sdk_check="import importlib.metadata as m, sys; sys.exit(m.version('mcp') != '$MCP_SDK')"
if ! [[ -x $PY ]] || ! "$PY" -c "$sdk_check" 2>/dev/null; then
    say "creating tests/.venv with mcp==$MCP_SDK (as tests/run does)"
    if ! [[ -x $PY ]]; then
        python3 -m venv "$root/tests/.venv" || die "python3 -m venv failed (apt install python3-venv, or run tests/run)"
    fi
    "$PY" -m pip install --quiet --disable-pip-version-check "mcp==$MCP_SDK" || die "pip install mcp==$MCP_SDK failed"
fi

# ---------------------------------------------------------------------------------------------------------
# relayd (release) on a temporary home, and the Python server; both are stopped on exit.

load_start=$(cut -d' ' -f1-3 /proc/loadavg)
if [[ -z ${BENCH_RELAY:-} ]]; then
    say "cargo build --release -p relay"
    timeout 45m cargo build --release --locked -p relay || die "cargo build --release -p relay"
fi
[[ -x $RELAY ]] || die "no relay binary at $RELAY"

TMP=$(mktemp -d -t relay-bench-mcp.XXXXXX)
HOME_DIR=$TMP/home
py_pid=
cleanup() {
    if [[ -n $py_pid ]]; then
        kill "$py_pid" 2>/dev/null || true
        wait "$py_pid" 2>/dev/null || true
    fi
    timeout 20s "$RELAY" --home "$HOME_DIR" daemon stop >/dev/null 2>&1 || true
    rm -rf -- "$TMP"
}
trap cleanup EXIT

mkdir -p -- "$HOME_DIR"
timeout 30s "$RELAY" --home "$HOME_DIR" --port 0 daemon start >&2 || die "relay daemon start"
status_json=$(timeout 10s "$RELAY" --home "$HOME_DIR" daemon status --json) || die "relay daemon status"
read -r addr relayd_pid < <(
    "$PY" -c 'import json, sys; s = json.load(sys.stdin); print(s["http_addr"], s["pid"])' <<<"$status_json"
)
[[ $addr == 127.0.0.1:* ]] || die "relayd listens on $addr, not on 127.0.0.1"
TOKEN=$(<"$HOME_DIR/token")
URL=http://$addr/mcp
say "relayd $("$RELAY" --version) pid $relayd_pid at $URL"

# ---------------------------------------------------------------------------------------------------------
# curl: the handshake, the data, and one check of the exact benchmark request.

session_headers=()
# The JSON-RPC tools/call of tool $1 with JSON arguments $2.
call_body() {
    printf '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"%s","arguments":%s}}' "$1" "$2"
}
# POSTs a JSON-RPC message to $1 (the URL) with the benchmark's headers; the body lands in $TMP/body, the
# headers in $TMP/headers; prints the HTTP status.
post() {
    local url=$1 body=$2
    curl -sS --max-time 10 -o "$TMP/body" -D "$TMP/headers" -w '%{http_code}' -X POST "$url" \
        -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \
        -H 'Accept: application/json, text/event-stream' "${session_headers[@]}" --data-binary "$body"
}
# The JSON-RPC message of the last answer (a JSON body, or the last `data:` line of an event stream).
answer() {
    "$PY" -c '
import json, sys
raw = open(sys.argv[1], encoding="utf-8").read()
if not raw.lstrip().startswith("{"):
    data = [line[5:].strip() for line in raw.splitlines() if line.startswith("data:") and line[5:].strip()]
    raw = data[-1] if data else "{}"
print(json.dumps(json.loads(raw)))
' "$TMP/body"
}
# Calls tool $1 with JSON arguments $2 on relayd and prints the text of its result; fails on any error.
call_tool() {
    local name=$1 arguments=$2 code
    code=$(post "$URL" "$(call_body "$name" "$arguments")")
    [[ $code == 200 ]] || die "tools/call $name answered HTTP $code: $(head -c 500 "$TMP/body")"
    answer | "$PY" -c '
import json, sys
msg = json.load(sys.stdin)
if "result" not in msg:
    sys.exit(f"JSON-RPC error: {msg}")
text = "\n".join(b.get("text", "") for b in msg["result"].get("content", []))
if msg["result"].get("isError"):
    sys.exit(f"tool error: {text}")
print(text)
' || die "tools/call $name $arguments"
}

list='{"jsonrpc":"2.0","id":1,"method":"tools/list"}'
code=$(post "$URL" "$list")
if [[ $code == 200 ]] && answer | grep -q '"tools"'; then
    handshake="none (stateless: tools/call without initialize)"
else
    say "tools/list without a session answered HTTP $code: $(head -c 300 "$TMP/body"); doing initialize"
    init='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25",'
    init+='"capabilities":{},"clientInfo":{"name":"relay-bench","version":"0"}}}'
    code=$(post "$URL" "$init")
    [[ $code == 200 ]] || die "initialize answered HTTP $code: $(head -c 500 "$TMP/body")"
    session=$(tr -d '\r' <"$TMP/headers" | awk -F': ' 'tolower($1) == "mcp-session-id" { print $2 }')
    [[ -n $session ]] || die "initialize answered no Mcp-Session-Id and tools/list without one failed"
    session_headers=(-H "Mcp-Session-Id: $session" -H 'MCP-Protocol-Version: 2025-11-25')
    code=$(post "$URL" '{"jsonrpc":"2.0","method":"notifications/initialized"}')
    [[ $code == 202 || $code == 200 ]] || die "notifications/initialized answered HTTP $code"
    code=$(post "$URL" "$list")
    [[ $code == 200 ]] || die "tools/list in session $session answered HTTP $code: $(head -c 500 "$TMP/body")"
    handshake="initialize once, then Mcp-Session-Id"
fi
say "handshake: $handshake"

call_tool project_upsert "{\"slug\":\"$SLUG\",\"name\":\"Benchmark\"}" >/dev/null
created=$(call_tool task_create "{\"project\":\"$SLUG\",\"title\":\"Benchmark task\"}")
KEY=$(grep -o -m1 -E "\\b$SLUG-[0-9]+\\b" <<<"$created" | head -n1) || true
[[ $KEY == "$SLUG-1" ]] || die "task_create made ${KEY:-no task key} instead of $SLUG-1: $created"
got=$(call_tool task_get "{\"task\":\"$KEY\"}")
say "task_get $KEY answers $(wc -c <<<"$got") bytes of text"

# ---------------------------------------------------------------------------------------------------------
# wrk against relayd, then against the Python server.

lua=$bench_dir/mcp_task_get.lua
wrk_bound=$(($(seconds_of "$DURATION") + $(seconds_of "$WARMUP") + 30))
# Runs the warm-up and the measured wrk run against $1 with $4 threads and $5 connections (THREADS and
# CONNECTIONS when not given); prints the RESULT line's fields.
run_wrk() {
    local url=$1 session=${2:-} threads=${4:-$THREADS} connections=${5:-$CONNECTIONS} out
    MCP_TOKEN=$TOKEN MCP_TASK=$KEY MCP_SESSION=$session MCP_PROTOCOL=${3:-} \
        timeout "$wrk_bound" wrk -t"$threads" -c"$connections" -d"$WARMUP" -s "$lua" "$url" >/dev/null ||
        die "wrk warm-up against $url"
    out=$(MCP_TOKEN=$TOKEN MCP_TASK=$KEY MCP_SESSION=$session MCP_PROTOCOL=${3:-} \
        timeout "$wrk_bound" wrk -t"$threads" -c"$connections" -d"$DURATION" -s "$lua" "$url") ||
        die "wrk against $url"
    echo "$out" >&2
    local result
    result=$(grep '^RESULT ' <<<"$out") || die "wrk printed no RESULT line"
    if grep -q '^FIRST_BAD ' <<<"$out" || ! grep -q ' bad=0$' <<<"$result"; then
        die "wrk against $url got answers that are not successful tool results: $(grep '^FIRST_BAD' <<<"$out")"
    fi
    echo "${result#RESULT }"
}
field() { # field NAME "k=v k=v" -> v
    tr ' ' '\n' <<<"$2" | awk -F= -v k="$1" '$1 == k { print $2 }'
}

session_id=
protocol=
if ((${#session_headers[@]})); then
    session_id=$session
    protocol=2025-11-25
fi
say "wrk relayd: $THREADS threads, $CONNECTIONS connections, $DURATION (after a $WARMUP warm-up)"
relayd_wrk=$(run_wrk "$URL" "$session_id" "$protocol")
say "wrk relayd: 1 thread, 1 connection, $DURATION (after a $WARMUP warm-up)"
relayd_one=$(run_wrk "$URL" "$session_id" "$protocol" 1 1)

say "starting the Python SDK server (tests/bench/py_server.py)"
"$PY" "$bench_dir/py_server.py" --db "$TMP/py.sqlite" --key "$KEY" --token "$TOKEN" \
    --port-file "$TMP/py.port" >"$TMP/py.log" 2>&1 &
py_pid=$!
for _ in $(seq 150); do
    [[ -s $TMP/py.port ]] && break
    kill -0 "$py_pid" 2>/dev/null || die "py_server.py exited: $(cat "$TMP/py.log")"
    sleep 0.1
done
[[ -s $TMP/py.port ]] || die "py_server.py did not listen within 15 s: $(cat "$TMP/py.log")"
PY_URL=http://127.0.0.1:$(<"$TMP/py.port")/mcp
saved_headers=("${session_headers[@]}")
session_headers=()
code=$(post "$PY_URL" "$(call_body task_get "{\"task\":\"$KEY\"}")")
if [[ $code != 200 ]] || ! answer | grep -q '"isError": false'; then
    die "the Python server's task_get($KEY): HTTP $code $(head -c 300 "$TMP/body")"
fi
session_headers=("${saved_headers[@]}")
say "wrk Python server at $PY_URL"
py_wrk=$(run_wrk "$PY_URL")
say "wrk Python server: 1 thread, 1 connection"
py_one=$(run_wrk "$PY_URL" "" "" 1 1)

# ---------------------------------------------------------------------------------------------------------
# The official Python client, one call at a time.

say "Python SDK client: task_get x$GETS, task_create x$CREATES against relayd"
client_relayd=$(timeout 300s "$PY" "$bench_dir/mcp_client.py" --url "$URL" --token "$TOKEN" --task "$KEY" \
    --project "$SLUG" --gets "$GETS" --creates "$CREATES" --timeout 240) || die "mcp_client.py against relayd"
say "Python SDK client: task_get x$GETS against the Python server"
client_py=$(timeout 120s "$PY" "$bench_dir/mcp_client.py" --url "$PY_URL" --token "$TOKEN" --task "$KEY" \
    --gets "$GETS" --timeout 100) || die "mcp_client.py against the Python server"

# What relayd logged meanwhile (it logs at info by default): bytes and ERROR lines.
log_bytes=$(cat "$HOME_DIR"/logs/* 2>/dev/null | wc -c)
log_errors=$(cat "$HOME_DIR"/logs/* 2>/dev/null | grep -c ' ERROR ' || true)
log_mb=$("$PY" -c "import sys; print(f'{int(sys.argv[1]) / 1e6:.1f}')" "$log_bytes")
load_end=$(cut -d' ' -f1-3 /proc/loadavg)

rss_mb() { awk '/^VmRSS:/ { printf "%.1f", $2 / 1024 }' "/proc/$1/status" 2>/dev/null || echo "?"; }
relayd_rss=$(rss_mb "$relayd_pid")
py_rss=$(rss_mb "$py_pid")

# ---------------------------------------------------------------------------------------------------------
# The table.

jq_py() { "$PY" -c "import json, sys; d = json.loads(sys.argv[1]); print($2)" "$1"; }
p50_p95() { jq_py "$1" "'{p50_ms} / {p95_ms} ms'.format(**d['$2'])"; }
ratio() {
    "$PY" -c "import sys; a, b = float(sys.argv[1]), float(sys.argv[2]); print(f'{a / b:.1f}×' if b else '—')" "$1" "$2"
}

r_rps=$(field rps "$relayd_wrk")
r_p50=$(field p50_ms "$relayd_wrk")
r_p99=$(field p99_ms "$relayd_wrk")
p_rps=$(field rps "$py_wrk")
p_p50=$(field p50_ms "$py_wrk")
p_p99=$(field p99_ms "$py_wrk")
r1_p50=$(field p50_ms "$relayd_one")
r1_p99=$(field p99_ms "$relayd_one")
p1_p50=$(field p50_ms "$py_one")
p1_p99=$(field p99_ms "$py_one")
cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)

cat <<EOF

### $(date -u +%Y-%m-%d) — $(nproc) cores, ${cpu:-unknown CPU}, $("$RELAY" --version), release profile

wrk $(wrk --version 2>&1 | awk 'NR == 1 { print $2 }'): keep-alive, $THREADS threads, $CONNECTIONS connections, $DURATION after a $WARMUP warm-up; each
request a JSON-RPC \`tools/call\` of \`task_get($KEY)\` to /mcp with the Bearer token; handshake: $handshake.
Python client: mcp $MCP_SDK, protocol $(jq_py "$client_relayd" 'd["protocol"]'), one session, one call at a time. Load average
(1, 5, 15 min) before the build: $load_start; after the runs: $load_end.

| measure | relayd | Python SDK server | relayd ahead by |
|---|---|---|---|
| wrk \`task_get\` calls/s | $r_rps | $p_rps | $(ratio "$r_rps" "$p_rps") |
| wrk \`task_get\` p50 | $r_p50 ms | $p_p50 ms | $(ratio "$p_p50" "$r_p50") |
| wrk \`task_get\` p99 | $r_p99 ms | $p_p99 ms | $(ratio "$p_p99" "$r_p99") |
| wrk \`task_get\`, 1 connection, p50 | $r1_p50 ms | $p1_p50 ms | $(ratio "$p1_p50" "$r1_p50") |
| wrk \`task_get\`, 1 connection, p99 | $r1_p99 ms | $p1_p99 ms | $(ratio "$p1_p99" "$r1_p99") |
| Python client \`task_get\` ×$GETS p50 / p95 | $(p50_p95 "$client_relayd" task_get) | $(p50_p95 "$client_py" task_get) | — |
| Python client \`task_create\` ×$CREATES p50 / p95 | $(p50_p95 "$client_relayd" task_create) | — | — |
| RSS after the runs | $relayd_rss MB | $py_rss MB | — |
| relayd log written during the runs | $log_mb MB, $log_errors ERROR lines | — | — |
EOF
