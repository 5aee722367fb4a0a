-- wrk script of tests/bench/mcp.sh: every request is one JSON-RPC `tools/call` of `task_get` POSTed to the MCP
-- endpoint on a keep-alive connection.
--
-- Environment: MCP_TOKEN (Bearer token, required), MCP_TASK (task key, required), MCP_SESSION (an Mcp-Session-Id
-- when the server wants one), MCP_PROTOCOL (an MCP-Protocol-Version header, optional).
--
-- Each thread counts the answers that are not a successful tool result (HTTP status other than 200, a JSON-RPC
-- error, or `"isError":true`); done() prints them with the latency percentiles on one line that mcp.sh parses:
--   RESULT requests=N duration_s=S rps=R p50_ms=A p90_ms=B p99_ms=C max_ms=D socket_errors=E bad=F

local token = os.getenv("MCP_TOKEN") or error("MCP_TOKEN is not set")
local task = os.getenv("MCP_TASK") or error("MCP_TASK is not set")
local session = os.getenv("MCP_SESSION")
local protocol = os.getenv("MCP_PROTOCOL")

wrk.method = "POST"
wrk.body = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"task_get","arguments":{"task":"'
    .. task .. '"}}}'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/json, text/event-stream"
wrk.headers["Authorization"] = "Bearer " .. token
if session and session ~= "" then
    wrk.headers["Mcp-Session-Id"] = session
end
if protocol and protocol ~= "" then
    wrk.headers["MCP-Protocol-Version"] = protocol
end

local threads = {}

function setup(thread)
    table.insert(threads, thread)
end

bad = 0
first_bad = nil

function response(status, headers, body)
    local ok = status == 200
        and body:find('"result"', 1, true) ~= nil
        and body:find('"isError":true', 1, true) == nil
    if not ok then
        bad = bad + 1
        if first_bad == nil then
            first_bad = status .. " " .. body:sub(1, 300):gsub("[\r\n]", " ")
        end
    end
end

function done(summary, latency, requests)
    local total_bad = 0
    local sample = nil
    for _, thread in ipairs(threads) do
        total_bad = total_bad + (thread:get("bad") or 0)
        sample = sample or thread:get("first_bad")
    end
    local e = summary.errors
    local socket_errors = e.connect + e.read + e.write + e.timeout
    local seconds = summary.duration / 1e6
    io.write(string.format(
        "RESULT requests=%d duration_s=%.2f rps=%.0f p50_ms=%.3f p90_ms=%.3f p99_ms=%.3f max_ms=%.3f socket_errors=%d bad=%d\n",
        summary.requests, seconds, summary.requests / seconds,
        latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000,
        latency.max / 1000, socket_errors, total_bad))
    if sample then
        io.write("FIRST_BAD " .. sample .. "\n")
    end
end
