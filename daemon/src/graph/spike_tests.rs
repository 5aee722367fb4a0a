//! The spike: every Cypher feature the memory graph relies on, run against the real FalkorDB server
//! (`testing::falkordb`), so a server or client upgrade that drops one fails here first, by name.

use std::time::Duration;

use serde_json::json;

use super::client::{Params, param};
use super::{GraphClient, GraphError};
use crate::testing::falkordb;

const T: Duration = Duration::from_secs(10);

async fn client() -> GraphClient {
    GraphClient::connect(falkordb::shared()).await.unwrap()
}

fn rows(list: &[(&str, &str)]) -> Vec<std::collections::BTreeMap<String, String>> {
    list.iter()
        .map(|(key, text)| {
            [
                ("key".to_owned(), (*key).to_owned()),
                ("text".to_owned(), (*text).to_owned()),
            ]
            .into_iter()
            .collect()
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn merge_with_parameters_in_unwind_batches_is_idempotent_when_replayed() {
    let client = client().await;
    let graph = falkordb::graph_name("spike_merge");
    let batch = rows(&[
        ("a", "switch the login to JWT"),
        ("b", "it's \"quoted\" \\ and\nnew-lined"),
        ("c", "ü ✓"),
    ]);
    let cypher = "UNWIND $rows AS r MERGE (t:Turn {key: r.key}) SET t.text = r.text RETURN count(t)";
    for _ in 0..2 {
        let params = with(Vec::new(), "rows", &batch);
        let answer = client.write(&graph, cypher, params, T).await.unwrap();
        assert_eq!(answer.scalar(), Some(&json!(3)));
    }
    let answer = client
        .read(
            &graph,
            "MATCH (t:Turn) RETURN t.key, t.text ORDER BY t.key",
            Vec::new(),
            T,
        )
        .await
        .unwrap();
    assert_eq!(
        answer.rows,
        vec![
            vec![json!("a"), json!("switch the login to JWT")],
            vec![json!("b"), json!("it's \"quoted\" \\ and\nnew-lined")],
            vec![json!("c"), json!("ü ✓")],
        ],
        "a replayed MERGE adds nothing and every character survives the parameter encoding"
    );
    client.delete_graph(&graph).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cypher_looking_string_stays_data_when_passed_as_a_parameter() {
    let client = client().await;
    let graph = falkordb::graph_name("spike_injection");
    client
        .write(&graph, "CREATE (:Keep {n: 1})", Vec::new(), T)
        .await
        .unwrap();
    let hostile = "x'}) MATCH (n) DETACH DELETE n //";
    let params = with(Vec::new(), "text", hostile);
    client
        .write(&graph, "MERGE (t:Turn {key: 'h'}) SET t.text = $text", params, T)
        .await
        .unwrap();
    let answer = client
        .read(
            &graph,
            "MATCH (k:Keep) MATCH (t:Turn) RETURN count(k), t.text",
            Vec::new(),
            T,
        )
        .await
        .unwrap();
    assert_eq!(answer.rows, vec![vec![json!(1), json!(hostile)]]);
    client.delete_graph(&graph).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn full_text_index_finds_a_prompt_by_a_word_of_it() {
    let client = client().await;
    let graph = falkordb::graph_name("spike_fulltext");
    let batch = rows(&[
        ("a", "switch the login flow to JWT tokens"),
        ("b", "fix the flaky billing test"),
    ]);
    // The index first, as the projector makes it with a new graph: an index made over existing nodes fills in
    // the background.
    client
        .write(
            &graph,
            "CALL db.idx.fulltext.createNodeIndex('Turn', 'text')",
            Vec::new(),
            T,
        )
        .await
        .unwrap();
    client
        .write(
            &graph,
            "UNWIND $rows AS r MERGE (t:Turn {key: r.key}) SET t.text = r.text",
            with(Vec::new(), "rows", &batch),
            T,
        )
        .await
        .unwrap();
    // FalkorDB builds a new index in the background: ask again until it is up (bounded), then judge.
    let mut answer = None;
    for _ in 0..50 {
        let found = client
            .read(
                &graph,
                "CALL db.idx.fulltext.queryNodes('Turn', $q) YIELD node, score RETURN node.key, score ORDER BY score DESC",
                with(Vec::new(), "q", "jwt"),
                T,
            )
            .await
            .unwrap();
        let done = !found.rows.is_empty();
        answer = Some(found);
        if done {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let answer = answer.unwrap();
    assert_eq!(answer.rows.len(), 1, "{answer:?}");
    assert_eq!(answer.rows[0][0], json!("a"));
    client.delete_graph(&graph).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn page_rank_and_label_propagation_run_over_co_edited_files() {
    let client = client().await;
    let graph = falkordb::graph_name("spike_algo");
    // Two clusters: a → b → c → a (auth) and x → y → z → x (billing); c is the most pointed-at.
    let edges = [
        ("a", "b"),
        ("b", "c"),
        ("c", "a"),
        ("a", "c"),
        ("x", "y"),
        ("y", "z"),
        ("z", "x"),
    ];
    let pairs: Vec<Vec<String>> = edges
        .iter()
        .map(|(from, to)| vec![(*from).to_owned(), (*to).to_owned()])
        .collect();
    client
        .write(
            &graph,
            "UNWIND $pairs AS p MERGE (f:File {path: p[0]}) MERGE (g:File {path: p[1]})
             MERGE (f)-[e:CO_EDITED]->(g) SET e.weight = 1",
            with(Vec::new(), "pairs", &pairs),
            T,
        )
        .await
        .unwrap();
    let ranks = client
        .read(
            &graph,
            "CALL algo.pageRank('File', 'CO_EDITED') YIELD node, score RETURN node.path, score ORDER BY score DESC",
            Vec::new(),
            T,
        )
        .await
        .unwrap();
    assert_eq!(ranks.rows.len(), 6, "{ranks:?}");
    assert_eq!(ranks.rows[0][0], json!("c"), "{ranks:?}");
    let communities = client
        .read(
            &graph,
            "CALL algo.labelPropagation({nodeLabels: ['File'], relationshipTypes: ['CO_EDITED']})
             YIELD node, communityId RETURN node.path, communityId ORDER BY node.path",
            Vec::new(),
            T,
        )
        .await
        .unwrap();
    let of = |path: &str| {
        communities
            .rows
            .iter()
            .find(|row| row[0] == json!(path))
            .map(|row| row[1].clone())
            .unwrap()
    };
    assert_eq!(of("x"), of("y"), "{communities:?}");
    assert_eq!(of("y"), of("z"), "{communities:?}");
    assert_eq!(of("a"), of("b"), "{communities:?}");
    assert_ne!(of("a"), of("x"), "{communities:?}");
    client.delete_graph(&graph).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_query_past_its_timeout_is_stopped_and_says_so() {
    let client = client().await;
    let graph = falkordb::graph_name("spike_timeout");
    client
        .write(&graph, "CREATE (:Seed)", Vec::new(), T)
        .await
        .unwrap();
    let err = client
        .read(
            &graph,
            "UNWIND range(1, 100000000) AS x WITH x WHERE x % 7 = 3 RETURN count(x)",
            Vec::new(),
            Duration::from_millis(1),
        )
        .await
        .unwrap_err();
    assert!(matches!(err, GraphError::TimedOut { .. }), "{err:?}");
    let message = err.to_string();
    assert!(
        message.contains("did not answer within 1ms") && message.contains("UNWIND range"),
        "{message}"
    );
    client.delete_graph(&graph).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_only_query_that_writes_is_refused_by_the_server() {
    let client = client().await;
    let graph = falkordb::graph_name("spike_ro");
    client
        .write(&graph, "CREATE (:Seed)", Vec::new(), T)
        .await
        .unwrap();
    let err = client
        .read(&graph, "CREATE (:Nope)", Vec::new(), T)
        .await
        .unwrap_err();
    assert!(matches!(err, GraphError::Query { .. }), "{err:?}");
    assert!(err.to_string().contains("CREATE (:Nope)"), "{err}");
    client.delete_graph(&graph).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_is_not_there_is_unreachable_with_its_address() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let err = GraphClient::connect(&format!("falkor://127.0.0.1:{port}"))
        .await
        .unwrap_err();
    assert!(matches!(err, GraphError::Unreachable { .. }), "{err:?}");
    assert!(err.to_string().contains(&format!("127.0.0.1:{port}")), "{err}");
}

fn with<'a>(mut params: Params<'a>, name: &'a str, value: impl serde::Serialize) -> Params<'a> {
    params.push((name, param(serde_json::to_value(value).unwrap())));
    params
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_of_a_graph_that_was_never_made_says_it_does_not_exist_yet() {
    let client = client().await;
    let graph = falkordb::graph_name("spike_missing");
    let err = client
        .read(&graph, "MATCH (n) RETURN count(n)", Vec::new(), T)
        .await
        .unwrap_err();
    assert!(matches!(err, GraphError::Missing { .. }), "{err:?}");
    assert!(
        err.to_string().contains(&graph) && err.to_string().contains("relay graph rebuild"),
        "{err}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_stops_is_unreachable_and_a_new_client_works_once_it_is_back() {
    let server = falkordb::Private::start();
    let client = GraphClient::connect(&server.url()).await.unwrap();
    client
        .write("g", "CREATE (:Before)", Vec::new(), T)
        .await
        .unwrap();
    server.stop();
    let err = client
        .write("g", "CREATE (:During)", Vec::new(), T)
        .await
        .unwrap_err();
    assert!(matches!(err, GraphError::Unreachable { .. }), "{err:?}");
    assert!(err.to_string().contains(&server.port().to_string()), "{err}");
    server.start_again();
    let client = GraphClient::connect(&server.url()).await.unwrap();
    let answer = client
        .write("g", "MATCH (n) RETURN count(n)", Vec::new(), T)
        .await
        .unwrap();
    assert_eq!(
        answer.scalar(),
        Some(&json!(0)),
        "the server keeps no data (no snapshots in tests)"
    );
}
