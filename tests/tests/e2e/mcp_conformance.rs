//! The MCP surface through the official Python SDK: `tests/mcp/conformance.py` (PyPI `mcp==2.3.0` in
//! `tests/.venv`, which tests/run provisions) drives one scripted session against a fresh relayd — initialize,
//! the tool list, a project and a task through the stages with the rules warning, a report, the resources, and
//! the domain failures as tool errors. The script prints one `ok:` line per step and `FAIL: <step>: …` for the
//! first one that does not hold.

use std::path::{Path, PathBuf};
use std::process::Command;

use relay_tests::{TestDaemon, run};

/// `tests/` (this package's folder).
fn tests_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The venv's interpreter. A missing venv fails the test instead of skipping it: CI provisions it.
fn venv_python() -> PathBuf {
    let python = tests_dir().join(".venv/bin/python");
    assert!(
        python.is_file(),
        "{} does not exist: run tests/run to provision tests/.venv (it installs the Python MCP SDK, mcp==2.3.0)",
        python.display()
    );
    python
}

#[tokio::test]
async fn official_python_sdk_session_passes_every_conformance_step() {
    let python = venv_python();
    let daemon = TestDaemon::start().await;
    let url = format!("http://{}/mcp", daemon.http_addr());
    let mut command = Command::new(python);
    command
        .arg(tests_dir().join("mcp/conformance.py"))
        .args(["--url", &url, "--token", &daemon.token()])
        .env("PYTHONDONTWRITEBYTECODE", "1");
    let output = run(&mut command).await;
    assert_eq!(
        output.code,
        Some(0),
        "the MCP conformance script failed (exit 2 means tests/.venv holds another mcp version: run tests/run \
         to provision tests/.venv)\n{output}\n--- relayd log ---\n{}",
        daemon.log_text()
    );
    assert!(
        output.stdout.contains("conformance: all steps passed"),
        "{output}"
    );
}
