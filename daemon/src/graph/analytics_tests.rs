//! The analytics in batches against the real FalkorDB server (`testing::falkordb`): on a ledger of generated
//! Claude Code transcripts whose files span several batches, CO_EDITED and Overlap are the same edges the
//! whole-file-set queries of schema 1 gave (one link per pair and direction); a session past the co-edit cap
//! pairs only its newest files, and drops the pairs of a file that leaves them; two files changed in one session
//! — a transcript edit and a watcher patch — are co-edited, and `co_edited` / `file_story` say so.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde_json::json;

use super::client::GraphClient;
use super::graph_name;
use super::project::pass;
use super::queries::run;
use super::schema;
use crate::board::ProjectInput;
use crate::caller::Caller;
use crate::handle::DaemonHandle;
use crate::testing::{falkordb, fixture_with};

const T: std::time::Duration = std::time::Duration::from_secs(60);
const REPO: &str = "/w/batched-app";

/// One Claude Code exchange — a prompt, an `Edit` of `file` and its result — at `at_s` seconds into the day.
fn exchange(n: usize, file: &str, at_s: usize) -> String {
    let ts = format!(
        "2026-08-01T{:02}:{:02}:{:02}.000Z",
        (at_s / 3600) % 24,
        (at_s / 60) % 60,
        at_s % 60
    );
    let user = json!({"type": "user", "uuid": format!("u{n}"), "timestamp": ts, "cwd": REPO, "sessionId": "s",
        "message": {"role": "user", "content": format!("change {n}: rename the handler in {file}")}});
    let call = json!({"type": "assistant", "uuid": format!("a{n}"), "timestamp": ts, "message": {"id": format!("msg_{n}"),
        "role": "assistant", "content": [{"type": "tool_use", "id": format!("toolu_{n}"), "name": "Edit",
        "input": {"file_path": format!("{REPO}/{file}"), "old_string": format!("old_{n}"), "new_string": format!("new_{n}")}}]}});
    let result = json!({"type": "user", "uuid": format!("r{n}"), "timestamp": ts, "message": {"role": "user",
        "content": [{"type": "tool_result", "tool_use_id": format!("toolu_{n}"), "content": "The file has been updated."}]},
        "toolUseResult": {"filePath": format!("{REPO}/{file}"), "structuredPatch": []}});
    format!("{user}\n{call}\n{result}\n")
}

/// A project `slug` at [`REPO`] and a handle whose graph is the shared server.
async fn project(slug: &str) -> (tempfile::TempDir, DaemonHandle) {
    let url = falkordb::shared().to_owned();
    let (dir, handle) = fixture_with(move |config| config.graph_url = url).await;
    handle
        .board()
        .upsert_project(
            ProjectInput {
                slug: slug.to_owned(),
                name: Some("Batched".into()),
                repo_path: Some(REPO.to_owned()),
                ..ProjectInput::default()
            },
            &Caller::socket_peer(),
        )
        .await
        .unwrap();
    (dir, handle)
}

/// Appends `edits` (file, seconds) to the session `session`'s transcript in `dir` and reads it into the ledger.
async fn session(handle: &DaemonHandle, dir: &Path, session: &str, first: usize, edits: &[(String, usize)]) {
    use std::io::Write;
    let path = dir.join(format!("{session}.jsonl"));
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .unwrap();
    for (k, (name, at)) in edits.iter().enumerate() {
        file.write_all(exchange(first + k, name, *at).as_bytes()).unwrap();
    }
    drop(file);
    crate::ledger::read::read_transcript(handle, &path, relay_transcripts::Format::Claude)
        .await
        .unwrap();
}

/// Every CO_EDITED link as (from, to) with its weight, and how many links each pair has.
async fn co_edited(client: &GraphClient, graph: &str) -> (BTreeMap<(String, String), i64>, i64) {
    let answer = client
        .read(
            graph,
            "MATCH (f:File)-[c:CO_EDITED]->(g:File) RETURN f.path, g.path, c.weight",
            Vec::new(),
            T,
        )
        .await
        .unwrap();
    let mut links = BTreeMap::new();
    let mut most = 0;
    for row in &answer.rows {
        let key = (
            row[0].as_str().unwrap().to_owned(),
            row[1].as_str().unwrap().to_owned(),
        );
        let seen = links.entry(key).or_insert((0, 0));
        seen.0 = row[2].as_i64().unwrap();
        seen.1 += 1;
        most = most.max(seen.1);
    }
    (links.into_iter().map(|(k, (w, _))| (k, w)).collect(), most)
}

/// The graph's `Meta.globalDue` and how many files have a rank.
async fn due_and_ranked(client: &GraphClient, graph: &str) -> (serde_json::Value, i64) {
    let due = client
        .read(graph, "MATCH (m:Meta) RETURN m.globalDue", Vec::new(), T)
        .await
        .unwrap();
    let ranked = client
        .read(
            graph,
            "MATCH (f:File) WHERE f.rank IS NOT NULL RETURN count(f)",
            Vec::new(),
            T,
        )
        .await
        .unwrap();
    (
        due.scalar().unwrap().clone(),
        ranked.scalar().unwrap().as_i64().unwrap(),
    )
}

/// Every Overlap as its key, file and the two edits it is between.
async fn overlaps(client: &GraphClient, graph: &str) -> BTreeSet<(String, String, Vec<String>)> {
    let answer = client
        .read(
            graph,
            "MATCH (o:Overlap)-[:ON]->(f:File) MATCH (o)-[:BETWEEN]->(e:Edit)
             WITH o, f, e ORDER BY e.key
             RETURN o.key, f.path, collect(e.key)",
            Vec::new(),
            T,
        )
        .await
        .unwrap();
    answer
        .rows
        .iter()
        .map(|row| {
            let between = row[2]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| e.as_str().unwrap().to_owned());
            (
                row[0].as_str().unwrap().to_owned(),
                row[1].as_str().unwrap().to_owned(),
                between.collect(),
            )
        })
        .collect()
}

/// Schema 1's CO_EDITED and Overlap: one statement each over every file at once (what the batches replace). Its
/// CO_EDITED also merged the reverse link of each row; over every file at once each pair comes as two rows anyway,
/// and that second MERGE made a second link per pair and direction (the duplicate the batched query does not
/// make), so it is left out here.
const WHOLE_CO_EDITED: &str = "UNWIND $files AS path
MATCH (f:File {path: path})<-[:MODIFIED]-(:Edit)<-[:MADE]-(s:Session)-[:MADE]->(:Edit)-[:MODIFIED]->(g:File)
WHERE f <> g
WITH f, g, count(DISTINCT s) AS w
MERGE (f)-[c:CO_EDITED]->(g) SET c.weight = w";
const WHOLE_OVERLAP: &str = "UNWIND $files AS path
MATCH (f:File {path: path})<-[:MODIFIED]-(e1:Edit)<-[:MADE]-(s1:Session),
      (f)<-[:MODIFIED]-(e2:Edit)<-[:MADE]-(s2:Session)
WHERE s1 <> s2 AND e1.key < e2.key AND e1.source = 'transcript' AND e2.source = 'transcript'
  AND e1.at IS NOT NULL AND e2.at IS NOT NULL AND abs(e1.at - e2.at) <= $window
MERGE (o:Overlap {key: e1.key + '|' + e2.key})
SET o.file = f.path
MERGE (o)-[:ON]->(f)
MERGE (o)-[:BETWEEN]->(e1)
MERGE (o)-[:BETWEEN]->(e2)";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn batched_analytics_give_the_whole_file_sets_co_edited_and_overlap_edges_when_files_span_batches() {
    let slug = falkordb::graph_name("b").replace('_', "-").to_lowercase();
    let (dir, handle) = project(&slug).await;
    // 1,200 files (three batches of 500, split by path order, so a session's files fall into several), 60
    // sessions of 30 files each; each session shares 10 files with the next, which ran a minute later: pairs
    // across batches, and overlaps within 5 minutes.
    let files = 1_200;
    assert!(files > 2 * schema::ANALYTICS_BATCH);
    for s in 0..60 {
        let edits: Vec<(String, usize)> = (0..30)
            .map(|k| (format!("src/f{}.rs", (s * 20 + k) % files), 3_600 + s * 60 + k))
            .collect();
        session(&handle, dir.path(), &format!("sess-{s:03}"), s * 30, &edits).await;
    }
    let client = GraphClient::connect(falkordb::shared()).await.unwrap();
    pass(&handle, &client, &BTreeSet::new()).await.unwrap();
    let graph = graph_name(&slug);
    let (batched, most) = co_edited(&client, &graph).await;
    let batched_overlaps = overlaps(&client, &graph).await;
    assert_eq!(most, 1, "one CO_EDITED link per pair and direction");

    // The same records into a second graph, its analytics replaced by schema 1's whole-file-set queries.
    let whole = format!("{graph}_whole");
    let copy = client
        .read(
            &graph,
            "MATCH (s:Session)-[:MADE]->(e:Edit)-[:MODIFIED]->(f:File)
             RETURN collect({s: s.key, e: e.key, f: f.path, at: e.at, source: e.source})",
            Vec::new(),
            T,
        )
        .await
        .unwrap();
    let rows = copy.scalar().unwrap().clone();
    client
        .write(
            &whole,
            "UNWIND $rows AS r
             MERGE (s:Session {key: r.s}) MERGE (f:File {path: r.f})
             MERGE (e:Edit {key: r.e}) SET e.at = r.at, e.source = r.source
             MERGE (s)-[:MADE]->(e) MERGE (e)-[:MODIFIED]->(f)",
            vec![("rows", super::client::param(rows))],
            T,
        )
        .await
        .unwrap();
    let all: Vec<String> = (0..files).map(|n| format!("src/f{n}.rs")).collect();
    for statement in [WHOLE_CO_EDITED, WHOLE_OVERLAP] {
        let mut params = vec![("files", super::client::param(json!(all)))];
        if statement.contains("$window") {
            params.push(("window", super::client::param(schema::OVERLAP_WINDOW_MS.into())));
        }
        client.write(&whole, statement, params, T).await.unwrap();
    }
    let (reference, _) = co_edited(&client, &whole).await;
    let reference_overlaps = overlaps(&client, &whole).await;

    assert!(
        reference.len() > 60 * 30,
        "the fixture co-edits: {}",
        reference.len()
    );
    assert!(
        reference_overlaps.len() > 60,
        "the fixture overlaps: {}",
        reference_overlaps.len()
    );
    assert_eq!(
        batched, reference,
        "CO_EDITED in batches is schema 1's, pair for pair and weight for weight"
    );
    assert_eq!(batched_overlaps, reference_overlaps);
    // A shared file of two sessions is co-edited by both: weight 2.
    assert!(batched.values().any(|w| *w == 2), "{batched:?}");

    // A second pass with nothing new changes nothing.
    pass(&handle, &client, &BTreeSet::new()).await.unwrap();
    assert_eq!(co_edited(&client, &graph).await, (batched, 1));
    client.delete_graph(&graph).await.unwrap();
    client.delete_graph(&whole).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_past_the_co_edit_cap_pairs_only_its_newest_files_and_drops_the_pairs_of_a_file_that_leaves_them()
 {
    let slug = falkordb::graph_name("cap").replace('_', "-").to_lowercase();
    let (dir, handle) = project(&slug).await;
    let cap = usize::try_from(schema::CO_EDIT_SESSION_FILES).unwrap();
    // One session changes cap + 30 files, one a second, oldest first.
    let edits: Vec<(String, usize)> = (0..cap + 30)
        .map(|k| (format!("src/m{k}.rs"), 3_600 + k))
        .collect();
    session(&handle, dir.path(), "sweeper", 0, &edits).await;
    let client = GraphClient::connect(falkordb::shared()).await.unwrap();
    pass(&handle, &client, &BTreeSet::new()).await.unwrap();
    let graph = graph_name(&slug);
    let (links, most) = co_edited(&client, &graph).await;
    assert_eq!(most, 1);
    assert_eq!(links.len(), cap * (cap - 1), "pairs among the newest {cap} only");
    let paired = |links: &BTreeMap<(String, String), i64>, file: &str| {
        links.keys().any(|(f, g)| f == file || g == file)
    };
    assert!(!paired(&links, "src/m0.rs") && !paired(&links, "src/m29.rs"));
    assert!(paired(&links, "src/m30.rs") && paired(&links, &format!("src/m{}.rs", cap + 29)));

    // Ten more files: the ten oldest of the newest leave, with their pairs.
    let more: Vec<(String, usize)> = (cap + 30..cap + 40)
        .map(|k| (format!("src/m{k}.rs"), 3_600 + k))
        .collect();
    session(&handle, dir.path(), "sweeper", cap + 30, &more).await;
    pass(&handle, &client, &BTreeSet::new()).await.unwrap();
    let (links, most) = co_edited(&client, &graph).await;
    assert_eq!(most, 1);
    assert_eq!(links.len(), cap * (cap - 1), "{} links", links.len());
    assert!(!paired(&links, "src/m30.rs") && !paired(&links, "src/m39.rs"));
    assert!(paired(&links, "src/m40.rs") && paired(&links, &format!("src/m{}.rs", cap + 39)));
    let recent = client
        .read(
            &graph,
            "MATCH (s:Session {sessionId: 'sweeper'}) RETURN s.coEdit",
            Vec::new(),
            T,
        )
        .await
        .unwrap();
    let recent = recent.scalar().unwrap().as_array().unwrap();
    assert_eq!(recent.len(), cap);
    assert_eq!(recent[0], json!(format!("src/m{}.rs", cap + 39)), "newest first");
    client.delete_graph(&graph).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_files_changed_in_one_session_by_a_transcript_edit_and_a_watcher_patch_are_co_edited() {
    use crate::store::ledger::{self, NewPatch};
    let slug = falkordb::graph_name("co").replace('_', "-").to_lowercase();
    let (dir, handle) = project(&slug).await;
    // The session's id is its transcript's file stem (relay_transcripts::session_id_from_path), and the lock
    // holder a watcher patch is attributed to is named by that id: then the patch is the same session's.
    session(
        &handle,
        dir.path(),
        "0d5e5a1c-1111-4222-8333-000000000001",
        0,
        &[("src/auth.ts".to_owned(), 3_600)],
    )
    .await;
    let mut tx = handle.store().begin_write().await.unwrap();
    ledger::record_patch(
        &mut tx,
        &NewPatch {
            file: &format!("{REPO}/src/session.ts"),
            kind: "modify",
            at_ms: handle.now_ms(),
            holder: Some(("claude", "0d5e5a1c-1111-4222-8333-000000000001")),
            diff: None,
            keep_text: true,
        },
    )
    .await
    .unwrap();
    // A patch under another session's lock is not this session's change.
    ledger::record_patch(
        &mut tx,
        &NewPatch {
            file: &format!("{REPO}/src/other.ts"),
            kind: "modify",
            at_ms: handle.now_ms(),
            holder: Some(("claude", "someone-else")),
            diff: None,
            keep_text: true,
        },
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    let client = GraphClient::connect(falkordb::shared()).await.unwrap();
    pass(&handle, &client, &BTreeSet::new()).await.unwrap();

    let answer = run(&client, &slug, "co_edited", Some("src/auth.ts"), None)
        .await
        .unwrap();
    let files: Vec<(&str, i64)> = answer
        .rows
        .iter()
        .map(|r| (r["file"].as_str().unwrap(), r["sessions"].as_i64().unwrap()))
        .collect();
    assert_eq!(files, [("src/session.ts", 1)], "{answer:?}");
    let back = run(&client, &slug, "co_edited", Some("src/session.ts"), None)
        .await
        .unwrap();
    assert_eq!(back.rows.len(), 1, "{back:?}");
    assert_eq!(back.rows[0]["file"], json!("src/auth.ts"));
    // The patch is in the file's story, as the session's.
    let story = run(&client, &slug, "file_story", Some("src/session.ts"), None)
        .await
        .unwrap();
    assert!(
        story.rows.iter().any(|r| r["source"] == json!("patch")
            && r["session"] == json!("0d5e5a1c-1111-4222-8333-000000000001")),
        "{story:?}"
    );
    client.delete_graph(&graph_name(&slug)).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_whole_graph_analytics_run_on_a_resend_then_at_most_once_a_minute_and_a_due_run_is_not_lost() {
    let slug = falkordb::graph_name("g").replace('_', "-").to_lowercase();
    let (dir, handle) = project(&slug).await;
    let edits = |from: usize| -> Vec<(String, usize)> {
        (from..from + 3)
            .map(|k| (format!("src/g{k}.rs"), 3_600 + k))
            .collect()
    };
    session(&handle, dir.path(), "ranker", 0, &edits(0)).await;
    let client = GraphClient::connect(falkordb::shared()).await.unwrap();
    let graph = graph_name(&slug);
    let ours =
        |passes: Vec<super::project::ProjectPass>| passes.into_iter().find(|p| p.graph == graph).unwrap();
    let first = ours(pass(&handle, &client, &BTreeSet::new()).await.unwrap());
    assert!(first.resend.is_some() && first.global, "{first:?}");
    assert_eq!(due_and_ranked(&client, &graph).await, (json!(false), 3));

    // New files within the minute: their per-file analytics run, the ranks wait and are marked due.
    session(&handle, dir.path(), "ranker", 3, &edits(3)).await;
    let second = ours(pass(&handle, &client, &BTreeSet::new()).await.unwrap());
    assert!(!second.global, "{second:?}");
    assert_eq!(due_and_ranked(&client, &graph).await, (json!(true), 3));
    let (links, _) = co_edited(&client, &graph).await;
    assert_eq!(links.len(), 6 * 5, "co-edits of the new files are there already");

    // A pass with nothing new inside the minute keeps them due.
    let third = ours(pass(&handle, &client, &BTreeSet::new()).await.unwrap());
    assert!(!third.global);
    assert_eq!(due_and_ranked(&client, &graph).await, (json!(true), 3));

    // Past the minute the next pass runs them, though it sends no edit, and they are no longer due.
    client
        .write(
            &graph,
            "MATCH (m:Meta) SET m.lastGlobalAt = m.lastGlobalAt - $back",
            vec![("back", super::client::param(json!(schema::GLOBAL_EVERY_MS + 1)))],
            T,
        )
        .await
        .unwrap();
    let fourth = ours(pass(&handle, &client, &BTreeSet::new()).await.unwrap());
    assert!(fourth.global, "{fourth:?}");
    assert_eq!(due_and_ranked(&client, &graph).await, (json!(false), 6));
    client.delete_graph(&graph).await.unwrap();
}
