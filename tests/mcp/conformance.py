#!/usr/bin/env python3
"""MCP conformance check of relayd, driven by the official Python MCP SDK (PyPI `mcp`, pinned 2.3.0).

    python tests/mcp/conformance.py --url http://127.0.0.1:PORT/mcp --token TOKEN

One scripted session over streamable HTTP, the way an agent's MCP client talks to relayd: initialize, list the
tools, create a project and a task, move the task through the stages with the working-rules warning, add a report,
read the resources, write a plan with a checkpoint, a review checklist with a screenshot and a comment, and provoke
the domain failures (a version conflict, a bad conformance line, an SVG screenshot, an agent deciding a review step,
a comment over 4,000 characters, an unknown task), which must come back as tool errors (`isError`), not as JSON-RPC
errors; then one call through the SDK's default `Client`, which
negotiates the protocol itself (server/discover, else initialize). Each step prints `ok: <step>`; the first
failing one prints `FAIL: <step>: <what was expected and what came back>` on stderr and the script exits 1
(2 for bad usage or another installed mcp version). The e2e test `tests/tests/e2e/mcp_conformance.rs` runs it
against a fresh relayd (tests/.venv, see tests/run).
"""

from __future__ import annotations

import argparse
import base64
import re
import secrets
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import anyio
import httpx2
import mcp_types as types
from mcp import Client, ClientSession, MCPError
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS, KNOWN_PROTOCOL_VERSIONS

SDK_VERSION = "2.3.0"

# The board tools /mcp lists in its default profile, full (docs/SPEC.md §8; the relaybay MCP contract §3).
READ_TOOLS = {
    "project_list",
    "project_snapshot",
    "task_list",
    "task_get",
    "events_since",
    "rules_get",
    "plan_get",
    "review_get",
    "comments_list",
}
# Write tools that replace a whole list (annotated destructive).
REPLACING_TOOLS = {"plan_set", "review_steps_set"}

WRITE_TOOLS = {
    "plan_set",
    "plan_step_update",
    "review_steps_set",
    "review_step_update",
    "comment_add",
    "comment_ack",
    "attach_file",
    "attachment_caption",
    "project_upsert",
    "task_create",
    "task_update",
    "task_patch",
    "task_set_stage",
    "task_bind_session",
    "task_unbind_session",
    "report_add",
    "decision_add",
}
EXPECTED_TOOLS = READ_TOOLS | WRITE_TOOLS
# Listed only by /mcp?profile=coordinator: an agent working a task never accepts a plan.
COORDINATOR_TOOLS = {"plan_accept"}

REPORT_TO_TEST_WARNING = "Warning (rules): moving to test usually needs a report since the last stage change."
REPORT_SUMMARY = "verified · S · conformance run checked the stage moves"

# The whole session must finish within this (under the e2e harness's 30 s per command), so a hung server fails
# the run naming the step instead of hanging it.
SESSION_TIMEOUT_S = 25.0
HTTP_TIMEOUT_S = 10.0


class StepFailed(Exception):
    """A conformance step did not hold; the message says what was expected and what came back."""


# The step in progress, for the message when the session times out.
current_step = "connect"


@contextmanager
def step(name: str) -> Iterator[None]:
    global current_step
    current_step = name
    started = time.perf_counter()
    try:
        yield
    except StepFailed as failure:
        raise StepFailed(f"{name}: {failure}") from None
    except MCPError as error:
        hint = ""
        if error.error.message == "Server returned an error response":
            hint = " (the SDK's words for a non-2xx HTTP answer without a JSON-RPC body: a wrong --token or --url?)"
        raise StepFailed(f"{name}: JSON-RPC error {error.error.code}: {error.error.message}{hint}") from None
    except httpx2.HTTPError as error:
        raise StepFailed(f"{name}: HTTP failure: {type(error).__name__}: {error}") from None
    print(f"ok: {name} ({(time.perf_counter() - started) * 1000:.1f} ms)", flush=True)


def check(condition: bool, message: str) -> None:
    if not condition:
        raise StepFailed(message)


def text_of(result: types.CallToolResult | types.ReadResourceResult) -> str:
    """Every text block of a tool result or text content of a resource, joined by newlines."""
    if isinstance(result, types.CallToolResult):
        return "\n".join(block.text for block in result.content if isinstance(block, types.TextContent))
    return "\n".join(item.text for item in result.contents if isinstance(item, types.TextResourceContents))


def shorten(text: str, limit: int = 600) -> str:
    return text if len(text) <= limit else text[:limit] + f"… ({len(text)} characters)"


async def call_ok(session: ClientSession, tool: str, arguments: dict[str, Any]) -> str:
    """Calls a tool that must succeed; returns its text."""
    result = await session.call_tool(tool, arguments)
    text = text_of(result)
    check(not result.is_error, f"{tool}({arguments}) failed with a tool error: {shorten(text)}")
    check(text.strip() != "", f"{tool}({arguments}) answered no text (tool results are markdown for the model)")
    return text


async def call_tool_error(session: ClientSession, tool: str, arguments: dict[str, Any]) -> str:
    """Calls a tool that must fail as a tool error (a result with isError, not a JSON-RPC error); returns its text."""
    try:
        result = await session.call_tool(tool, arguments)
    except MCPError as error:
        raise StepFailed(
            f"{tool}({arguments}) must fail as a tool error (a result with isError: true) whose text says "
            f"what to do; it failed as JSON-RPC error {error.error.code} instead: {error.error.message}"
        ) from None
    text = text_of(result)
    check(result.is_error, f"{tool}({arguments}) must fail as a tool error; it succeeded: {shorten(text)}")
    check(text.strip() != "", f"{tool}({arguments}) failed with an empty message")
    return text


async def read_text(session: ClientSession, uri: str) -> str:
    result = await session.read_resource(uri)
    check(len(result.contents) > 0, f"{uri} has no contents")
    text = text_of(result)
    check(text.strip() != "", f"{uri} has no text content: {result.contents!r}")
    return text


async def check_unauthorized(url: str) -> None:
    """Without the token /mcp answers 401 with a Bearer challenge, before any MCP processing."""
    body = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": HANDSHAKE_PROTOCOL_VERSIONS[-1],
            "capabilities": {},
            "clientInfo": {"name": "relay-conformance", "version": "0"},
        },
    }
    headers = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
    async with httpx2.AsyncClient(timeout=HTTP_TIMEOUT_S) as http:
        for label, extra in (("no token", {}), ("a wrong token", {"Authorization": "Bearer not-the-token"})):
            answer = await http.post(url, json=body, headers=headers | extra)
            check(answer.status_code == 401, f"with {label} POST /mcp must answer 401, got {answer.status_code}")
            challenge = answer.headers.get("www-authenticate", "")
            check(
                challenge.lower().startswith("bearer"),
                f"the 401 for {label} must carry WWW-Authenticate: Bearer, got {challenge!r}",
            )


async def conformance(url: str, token: str) -> None:
    with step("no token or a wrong one: 401"):
        await check_unauthorized(url)

    headers = {"Authorization": f"Bearer {token}"}
    async with (
        create_mcp_http_client(headers=headers, timeout=httpx2.Timeout(HTTP_TIMEOUT_S)) as http,
        streamable_http_client(url, http_client=http) as (read_stream, write_stream),
        ClientSession(
            read_stream,
            write_stream,
            read_timeout_seconds=HTTP_TIMEOUT_S,
            client_info=types.Implementation(name="relay-conformance", version=SDK_VERSION),
        ) as session,
    ):
        with step("initialize"):
            init = await session.initialize()
            check(
                init.protocol_version in HANDSHAKE_PROTOCOL_VERSIONS,
                f"negotiated protocol {init.protocol_version!r} is not one the SDK's handshake supports "
                f"{HANDSHAKE_PROTOCOL_VERSIONS}",
            )
            check(bool(init.server_info.name), f"server info has no name: {init.server_info!r}")
            check(init.capabilities.tools is not None, "the server does not announce the tools capability")
            check(init.capabilities.resources is not None, "the server does not announce the resources capability")
            check(bool((init.instructions or "").strip()), "the server sends no instructions (the working contract)")
            print(
                f"   server {init.server_info.name} {init.server_info.version}, protocol {init.protocol_version}",
                flush=True,
            )

        with step("tools/list names every board tool, read tools annotated read-only"):
            listed = (await session.list_tools()).tools
            names = {tool.name for tool in listed}
            missing = sorted(EXPECTED_TOOLS - names)
            check(not missing, f"tools/list lacks {missing}; it lists {sorted(names)}")
            extra = sorted(names & COORDINATOR_TOOLS)
            check(not extra, f"the full profile lists the coordinator's {extra}")
            by_name = {tool.name: tool for tool in listed}
            wrong = []
            for name in sorted(EXPECTED_TOOLS):
                hints = by_name[name].annotations
                read_only = hints.read_only_hint if hints else None
                destructive = hints.destructive_hint if hints else None
                if name in READ_TOOLS and read_only is not True:
                    wrong.append(f"{name} (read tool) has readOnlyHint={read_only}")
                # Replacing a plan or a checklist removes steps and resets the owner's decisions: destructive.
                replaces = name in REPLACING_TOOLS
                if name in WRITE_TOOLS and (read_only is True or destructive is not replaces):
                    wrong.append(f"{name} (write tool) has readOnlyHint={read_only}, destructiveHint={destructive}")
                if by_name[name].input_schema.get("type") != "object":
                    wrong.append(f"{name} has an input schema that is not an object")
            check(not wrong, "; ".join(wrong))

        slug = f"conformance-{secrets.token_hex(4)}"
        with step(f"project_upsert creates {slug}"):
            text = await call_ok(session, "project_upsert", {"slug": slug, "name": "Conformance run"})
            check(slug in text, f"the answer does not name the project {slug}: {shorten(text)}")
            again = await call_ok(session, "project_upsert", {"slug": slug, "name": "Conformance run"})
            check(slug in again, f"repeating project_upsert must answer for {slug}: {shorten(again)}")

        key = f"{slug}-1"
        with step(f"task_create makes {key}"):
            text = await call_ok(
                session,
                "task_create",
                {"project": slug, "title": "Check the MCP surface", "size": "S"},
            )
            check(key in text, f"the first task of {slug} must be {key}; the answer reads: {shorten(text)}")

        with step("task_set_stage dev"):
            text = await call_ok(session, "task_set_stage", {"task": key, "stage": "dev"})
            check("dev" in text, f"the answer does not mention the new stage dev: {shorten(text)}")
            check(
                REPORT_TO_TEST_WARNING not in text,
                f"a move to dev must not carry the report-before-test warning: {shorten(text)}",
            )

        with step("task_set_stage test without a report warns (rules)"):
            text = await call_ok(session, "task_set_stage", {"task": key, "stage": "test"})
            check(
                REPORT_TO_TEST_WARNING in text,
                f"the move to test with no report since the stage change must carry {REPORT_TO_TEST_WARNING!r}; "
                f"the answer reads: {shorten(text)}",
            )

        with step("task_set_stage back to dev"):
            await call_ok(session, "task_set_stage", {"task": key, "stage": "dev"})

        with step("report_add"):
            body = f"{REPORT_SUMMARY}\n\nMoved the task to dev and test through MCP; the rules warned as expected."
            text = await call_ok(session, "report_add", {"task": key, "body": body})
            check(key in text, f"the answer does not name the task {key}: {shorten(text)}")

        with step("task_set_stage test after a report does not warn"):
            text = await call_ok(session, "task_set_stage", {"task": key, "stage": "test"})
            check(
                "Warning (rules)" not in text,
                f"the move to test right after a report must carry no rules warning: {shorten(text)}",
            )

        with step("task_get shows the report; task_list finds the task in test only"):
            text = await call_ok(session, "task_get", {"task": key})
            check(key in text, f"task_get does not name {key}: {shorten(text)}")
            check(REPORT_SUMMARY in text, f"task_get does not show the report {REPORT_SUMMARY!r}: {shorten(text)}")
            in_test = await call_ok(session, "task_list", {"project": slug, "stage": "test"})
            check(key in in_test, f"task_list(stage=test) does not list {key}: {shorten(in_test)}")
            in_dev = await call_ok(session, "task_list", {"project": slug, "stage": "dev"})
            check(key not in in_dev, f"task_list(stage=dev) still lists {key}: {shorten(in_dev)}")

        with step(f"resource relay://project/{slug}"):
            text = await read_text(session, f"relay://project/{slug}")
            check(slug in text, f"the project resource does not name {slug}: {shorten(text)}")
            check(key in text, f"the project resource does not list {key}: {shorten(text)}")
            check(
                text.lstrip().startswith("Rules "),
                f"the project resource (the snapshot) must start with the rules line: {shorten(text)}",
            )
            snapshot = await call_ok(session, "project_snapshot", {"project": slug})
            check(
                snapshot.strip() == text.strip(),
                f"relay://project/{slug} must be the same markdown as project_snapshot; they differ:\n"
                f"resource: {shorten(text)}\nsnapshot: {shorten(snapshot)}",
            )

        with step("resource relay://schema/task"):
            text = await read_text(session, "relay://schema/task")
            fields = ("title", "stage", "next_step", "priority", "tracker_url")
            absent = [field for field in fields if field not in text]
            check(not absent, f"the task schema does not list {absent}: {shorten(text)}")

        with step("task_update with a stale expected_version fails with a version conflict"):
            text = await call_tool_error(
                session,
                "task_update",
                {"task": key, "title": "Overwritten by a stale writer", "expected_version": 1},
            )
            check("version" in text.lower(), f"the conflict message does not mention the version: {shorten(text)}")
            after = await call_ok(session, "task_get", {"task": key})
            check(
                "Overwritten by a stale writer" not in after,
                f"a refused write must change nothing, but task_get shows the new title: {shorten(after)}",
            )

        with step("plan_set, plan_get, and a checkpoint that needs a conformance line"):
            steps = [{"title": "Write the check"}, {"title": "Run it", "details": "Against a fresh relayd."}]
            text = await call_ok(session, "plan_set", {"task": key, "steps": steps, "session": "conformance"})
            check("draft" in text.lower(), f"a new plan is a draft: {shorten(text)}")
            text = await call_tool_error(
                session,
                "plan_step_update",
                {"task": key, "step": 1, "status": "done", "conformance": "fine", "session": "conformance"},
            )
            check("as planned" in text and "deviation" in text, f"the refusal names both forms: {shorten(text)}")
            await call_ok(
                session,
                "plan_step_update",
                {"task": key, "step": 1, "status": "done", "conformance": "as planned", "session": "conformance"},
            )
            text = await call_ok(session, "plan_get", {"task": key})
            check("Write the check" in text and "as planned" in text, f"plan_get shows the checkpoint: {shorten(text)}")
            try:
                await session.call_tool("plan_accept", {"task": key})
                raise StepFailed("plan_accept answered in the full profile; it is the coordinator profile's")
            except MCPError as error:
                check(
                    "/mcp?profile=coordinator" in error.error.message,
                    f"plan_accept outside the coordinator profile names where it is: {error.error.message}",
                )

        with step("review_steps_set, a screenshot, and the owner-only decision refused"):
            steps = [{"title": "Open the report", "details": "It lists the steps."}, {"title": "Read the summary"}]
            text = await call_ok(session, "review_steps_set", {"task": key, "steps": steps, "session": "conformance"})
            png = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4
            text = await call_ok(
                session,
                "attach_file",
                {
                    "task": key,
                    "content_base64": base64.b64encode(png).decode(),
                    "step": 1,
                    "caption": "The report",
                    "filename": "report.png",
                    "session": "conformance",
                },
            )
            attached = re.fullmatch(
                rf"Attached #(\d+) \(PNG, [0-9.]+ KB, report\.png\) to step 1 'Open the report' of {re.escape(key)}\.",
                text.strip(),
            )
            check(
                attached is not None,
                f"attach_file names the screenshot's id, type, size, file name, step and task: {shorten(text)}",
            )
            assert attached is not None
            shot = attached.group(1)
            svg = b'<svg xmlns="http://www.w3.org/2000/svg"></svg>'
            text = await call_tool_error(
                session,
                "attach_file",
                {"task": key, "content_base64": base64.b64encode(svg).decode(), "session": "conformance"},
            )
            check("SVG" in text or "svg" in text, f"an SVG is refused by its bytes: {shorten(text)}")
            text = await call_tool_error(
                session,
                "review_step_update",
                {"task": key, "step": 1, "status": "accepted", "session": "conformance"},
            )
            check("owner" in text, f"accepting a step is the owner's: {shorten(text)}")
            text = await call_ok(session, "review_get", {"task": key})
            check("Open the report" in text and "0 of 2 accepted" in text, f"review_get: {shorten(text)}")
            check(
                f'Screenshots: #{shot} "The report" (image/png' in text,
                f"review_get lists screenshot #{shot} with its caption on step 1: {shorten(text)}",
            )

        with step("comment_add, comments_list, comment_ack"):
            text = await call_ok(
                session, "comment_add", {"task": key, "body": "Ready for a look.", "session": "conformance"}
            )
            added = re.fullmatch(rf"Added comment #(\d+) to {re.escape(key)}\.", text.strip())
            check(added is not None, f"comment_add names the new comment and its task: {shorten(text)}")
            assert added is not None
            comment = int(added.group(1))
            text = await call_ok(session, "comments_list", {"task": key, "session": "conformance"})
            check(
                text.strip() == "No owner comments.",
                f"comments_list lists the owner's comments, not the agent's own #{comment}: {shorten(text)}",
            )
            text = await call_tool_error(
                session, "comment_add", {"task": key, "body": "x" * 4001, "session": "conformance"}
            )
            check(
                text.strip() == "comment is 4001 characters long; the limit is 4000. Shorten it. Nothing changed.",
                f"a comment over 4000 characters is refused with its length and the limit: {shorten(text)}",
            )
            text = await call_tool_error(session, "comment_ack", {"comments": [comment], "session": "conformance"})
            check(
                f"comment #{comment} is a reply by conformance, not an owner comment" in text
                and "Nothing changed." in text,
                f"comment_ack refuses the agent's own comment: {shorten(text)}",
            )
            text = await call_ok(session, "comment_ack", {"task": key, "session": "conformance"})
            check(
                text.strip() == "No unread owner comments among those; nothing changed.",
                f"comment_ack with nothing unread says so: {shorten(text)}",
            )

        unknown = f"{slug}-9999"
        with step("an unknown task is a tool error"):
            text = await call_tool_error(session, "task_get", {"task": unknown})
            check(unknown in text, f"the error does not name {unknown}: {shorten(text)}")

    # The SDK's high-level Client in its default mode ("auto") probes server/discover and talks the per-request
    # protocol (2026-07-28) when the server offers it, else falls back to initialize: either must work.
    with step("the SDK's default Client (mode auto) negotiates and calls task_get"):
        async with (
            create_mcp_http_client(headers=headers, timeout=httpx2.Timeout(HTTP_TIMEOUT_S)) as http,
            Client(streamable_http_client(url, http_client=http), read_timeout_seconds=HTTP_TIMEOUT_S) as client,
        ):
            negotiated = client.session.protocol_version
            check(
                negotiated in KNOWN_PROTOCOL_VERSIONS,
                f"negotiated {negotiated!r}, not a protocol the SDK knows {KNOWN_PROTOCOL_VERSIONS}",
            )
            result = await client.call_tool("task_get", {"task": key})
            text = text_of(result)
            check(not result.is_error and key in text, f"task_get({key}) over {negotiated}: {shorten(text)}")
            print(f"   default client: protocol {negotiated}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True, help="relayd's MCP endpoint, e.g. http://127.0.0.1:8765/mcp")
    parser.add_argument("--token", required=True, help="the Bearer token (the content of <home>/token)")
    args = parser.parse_args()

    from importlib.metadata import version

    installed = version("mcp")
    if installed != SDK_VERSION:
        print(f"FAIL: setup: this check is written for mcp=={SDK_VERSION}, found {installed}", file=sys.stderr)
        return 2

    async def bounded() -> None:
        with anyio.fail_after(SESSION_TIMEOUT_S):
            await conformance(args.url, args.token.strip())

    try:
        anyio.run(bounded)
    except StepFailed as failure:
        print(f"FAIL: {failure}", file=sys.stderr)
        return 1
    except TimeoutError:
        print(
            f"FAIL: {current_step}: no answer; the session did not finish within {SESSION_TIMEOUT_S:.0f} s",
            file=sys.stderr,
        )
        return 1
    except BaseExceptionGroup as group:  # a transport task failed under the SDK's task group
        leaves = []
        stack: list[BaseException] = [group]
        while stack:
            error = stack.pop()
            if isinstance(error, BaseExceptionGroup):
                stack.extend(error.exceptions)
            else:
                leaves.append(error)
        failures = [e for e in leaves if isinstance(e, StepFailed)]
        if failures:
            print(f"FAIL: {failures[0]}", file=sys.stderr)
        else:
            print(f"FAIL: transport: {'; '.join(f'{type(e).__name__}: {e}' for e in leaves)}", file=sys.stderr)
        return 1
    print("conformance: all steps passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
