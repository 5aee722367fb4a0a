#!/usr/bin/env python3
"""The comparison server of tests/bench/mcp.sh: a minimal MCP server on the official Python SDK (mcp 2.x,
MCPServer, the former FastMCP) with one tool, `task_get(task)`, that reads one row from a SQLite file.

    py_server.py --db FILE --key KEY --token TOKEN --port-file FILE

Streamable HTTP at /mcp on 127.0.0.1 (an ephemeral port, written to --port-file once it listens), stateless with
plain JSON answers (`stateless_http=True, json_response=True`), no access log. Every request must carry
`Authorization: Bearer <token>` (checked in a thin ASGI wrapper, so both servers of the benchmark do the same
work). The database is created with one task row, keyed KEY, if it does not exist. asyncio sets TCP_NODELAY on every
accepted socket (see the listener's proto below).
"""

from __future__ import annotations

import argparse
import hmac
import socket
import sqlite3
from pathlib import Path
from typing import Any

import uvicorn
from mcp.server.mcpserver import MCPServer
from mcp_types import ToolAnnotations

def open_db(path: Path, key: str) -> sqlite3.Connection:
    fresh = not path.exists()
    db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    if fresh:
        db.execute(
            "CREATE TABLE tasks (key TEXT PRIMARY KEY, title TEXT NOT NULL, stage TEXT NOT NULL, "
            "next_step TEXT, waiting_on TEXT, progress TEXT, version INTEGER NOT NULL)"
        )
        db.execute(
            "INSERT INTO tasks VALUES (?, ?, ?, ?, ?, ?, ?)",
            (key, "Benchmark task", "dev", "measure task_get", "agent", "one row read per call", 1),
        )
    return db


def build(db: sqlite3.Connection) -> MCPServer:
    server = MCPServer("relay-bench-py", log_level="WARNING")

    @server.tool(annotations=ToolAnnotations(read_only_hint=True), structured_output=False)
    async def task_get(task: str) -> str:
        """One task by key."""
        row = db.execute(
            "SELECT key, title, stage, next_step, waiting_on, progress, version FROM tasks WHERE key = ?",
            (task,),
        ).fetchone()
        if row is None:
            raise ValueError(f"unknown task `{task}`")
        key, title, stage, next_step, waiting_on, progress, version = row
        return (
            f"## {key} · {title}\n"
            f"stage: {stage} · version {version}\n"
            f"next step: {next_step}\nwaiting on: {waiting_on}\n\nprogress: {progress}\n"
        )

    return server


class BearerOnly:
    """401 for any request without the right `Authorization: Bearer` (lifespan events pass through)."""

    def __init__(self, app: Any, token: str) -> None:
        self.app = app
        self.expected = f"Bearer {token}".encode()

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            presented = dict(scope["headers"]).get(b"authorization", b"")
            if not hmac.compare_digest(presented, self.expected):
                await send(
                    {
                        "type": "http.response.start",
                        "status": 401,
                        "headers": [(b"content-type", b"application/json"), (b"www-authenticate", b"Bearer")],
                    }
                )
                await send({"type": "http.response.body", "body": b'{"error":"missing or wrong token"}'})
                return
        await self.app(scope, receive, send)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", type=Path, required=True)
    parser.add_argument("--key", default="bench-1", help="the key of the one task row")
    parser.add_argument("--token", required=True)
    parser.add_argument("--port-file", type=Path, required=True)
    args = parser.parse_args()

    db = open_db(args.db, args.key)
    app = build(db).streamable_http_app(stateless_http=True, json_response=True, host="127.0.0.1")
    # proto must be IPPROTO_TCP: asyncio sets TCP_NODELAY only on sockets that say so, and an accepted socket
    # inherits the listener's proto (with proto 0, keep-alive answers wait ~40 ms for the delayed ACK).
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(BearerOnly(app, args.token), log_level="warning", access_log=False, lifespan="on")
    server = uvicorn.Server(config)

    # The port file appears once uvicorn has started serving (the SDK's session manager is up by then).
    original_startup = server.startup

    async def startup(sockets: list[socket.socket] | None = None) -> None:
        await original_startup(sockets=sockets)
        tmp = args.port_file.with_suffix(".tmp")
        tmp.write_text(f"{port}\n")
        tmp.replace(args.port_file)

    server.startup = startup  # type: ignore[method-assign]
    server.run(sockets=[sock])


if __name__ == "__main__":
    main()
