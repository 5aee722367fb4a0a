#!/usr/bin/env python3
"""The client half of tests/bench/mcp.sh: the official Python MCP SDK (mcp 2.3.0) calling tools in a loop, one
call at a time on one session, the way an agent's MCP client does, timing each call end to end.

    mcp_client.py --url URL --token TOKEN --task KEY [--project SLUG] [--gets N] [--creates N] [--warmup N]

Initializes once, makes --warmup untimed task_get calls, then --gets timed `task_get(task=KEY)` calls and, when
--project is given, --creates timed `task_create(project=SLUG, title=…)` calls. Every call must succeed (a tool
error stops the run with exit 1). Prints one JSON object: {"task_get": {"n", "p50_ms", "p95_ms", "mean_ms"},
"task_create": {...}}. The whole run is bounded by --timeout seconds.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

import anyio
import httpx2
import mcp_types as types
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client


def percentile(samples: list[float], q: float) -> float:
    """Nearest-rank percentile of `samples` (q in 0..100)."""
    ordered = sorted(samples)
    rank = max(1, round(q / 100 * len(ordered) + 0.5 - 1e-9))
    return ordered[min(rank, len(ordered)) - 1]


def summary(samples_s: list[float]) -> dict[str, Any]:
    ms = [s * 1000 for s in samples_s]
    return {
        "n": len(ms),
        "p50_ms": round(percentile(ms, 50), 3),
        "p95_ms": round(percentile(ms, 95), 3),
        "mean_ms": round(statistics.fmean(ms), 3),
    }


async def timed_calls(session: ClientSession, tool: str, arguments: Any, n: int) -> list[float]:
    samples = []
    for i in range(n):
        args = arguments(i) if callable(arguments) else arguments
        started = time.perf_counter()
        result = await session.call_tool(tool, args)
        elapsed = time.perf_counter() - started
        if result.is_error:
            text = " ".join(b.text for b in result.content if isinstance(b, types.TextContent))
            raise SystemExit(f"mcp_client: {tool}({args}) failed: {text[:500]}")
        samples.append(elapsed)
    return samples


async def bench(args: argparse.Namespace) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {args.token}"}
    out: dict[str, Any] = {}
    async with (
        create_mcp_http_client(headers=headers, timeout=httpx2.Timeout(15.0)) as http,
        streamable_http_client(args.url, http_client=http) as (read_stream, write_stream),
        ClientSession(read_stream, write_stream, read_timeout_seconds=15.0) as session,
    ):
        init = await session.initialize()
        out["protocol"] = init.protocol_version
        out["server"] = f"{init.server_info.name} {init.server_info.version}".strip()
        get_args = {"task": args.task}
        await timed_calls(session, "task_get", get_args, args.warmup)
        out["task_get"] = summary(await timed_calls(session, "task_get", get_args, args.gets))
        if args.project:

            def create_args(i: int) -> dict[str, Any]:
                return {"project": args.project, "title": f"Benchmark task {i + 1}"}

            out["task_create"] = summary(await timed_calls(session, "task_create", create_args, args.creates))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--task", required=True, help="the task key task_get reads")
    parser.add_argument("--project", help="the project task_create writes to (no task_create without it)")
    parser.add_argument("--gets", type=int, default=500)
    parser.add_argument("--creates", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument("--timeout", type=float, default=120.0)
    args = parser.parse_args()

    async def bounded() -> dict[str, Any]:
        with anyio.fail_after(args.timeout):
            return await bench(args)

    try:
        result = anyio.run(bounded)
    except TimeoutError:
        print(f"mcp_client: the run did not finish within {args.timeout:.0f} s", file=sys.stderr)
        return 1
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
