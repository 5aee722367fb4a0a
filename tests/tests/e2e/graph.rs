//! `relay graph …` through the real binary against a real relayd without a graph: every command says plainly how
//! to turn it on, and enable refuses a URL that is not FalkorDB's or a server that does not answer, writing
//! nothing. (With a real FalkorDB, enable, the live switch, rebuild, stats and the queries are relayd's own tests:
//! graph::tests, against the suite's FalkorDB server.)

use relay_tests::{TestDaemon, run};
use serde_json::Value;

#[tokio::test]
async fn without_a_graph_every_graph_command_says_how_to_turn_it_on_and_enable_refuses_what_does_not_answer()
{
    let daemon = TestDaemon::start().await;
    let config = daemon.home().config();
    let before = std::fs::read_to_string(&config).unwrap_or_default();

    let status = run(daemon.relay().args(["graph", "status"])).await;
    status.assert_success();
    assert!(status.stdout.starts_with("graph: off"), "{status}");
    assert!(
        status.stdout.contains("relay graph enable falkor://HOST:PORT"),
        "{status}"
    );
    let json = run(daemon.relay().args(["graph", "status", "--json"])).await;
    json.assert_success();
    let json: Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(json["enabled"], Value::Bool(false), "{json}");
    assert_eq!(json["url_source"], "default", "{json}");

    for args in [
        &["graph", "query", "file_story", "src/a.ts"][..],
        &["graph", "stats"],
        &["graph", "rebuild"],
    ] {
        let output = run(daemon.relay().args(args)).await;
        output.assert_code(1);
        assert!(
            output.stderr.contains("the memory graph is off") && output.stderr.contains("relay graph enable"),
            "{args:?}: {output}"
        );
    }

    let bad = run(daemon.relay().args(["graph", "enable", "http://db:6379"])).await;
    bad.assert_code(2);
    assert!(bad.stderr.contains("is not a FalkorDB URL"), "{bad}");
    let down = run(daemon.relay().args(["graph", "enable", "falkor://127.0.0.1:1"])).await;
    down.assert_code(1);
    assert!(down.stderr.contains("unreachable"), "{down}");
    assert_eq!(
        std::fs::read_to_string(&config).unwrap_or_default(),
        before,
        "a refused enable writes nothing"
    );

    let doctor = run(daemon.relay().args(["doctor"])).await;
    let line = doctor
        .stdout
        .lines()
        .find(|l| l.contains(" graph "))
        .unwrap_or_else(|| panic!("no graph line: {doctor}"));
    assert!(
        line.starts_with("[ok]") && line.contains("off") && line.contains("relay graph enable"),
        "{line}"
    );
}
