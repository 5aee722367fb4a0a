//! The graph's schema as Cypher: the indexes a new graph gets, one batched, parameterized `MERGE` per kind of
//! ledger record (`UNWIND $rows`; rows are data, never query text), and the analytics run after edits arrive.
//!
//! ```text
//! (Agent)-[:RAN]->(Session)-[:HAS_TURN]->(Turn)
//!                      └─[:MADE]->(Edit)-[:MODIFIED]->(File)
//! (Agent)-[:TOUCHED {count,lastAt}]->(File)
//! (Edit)-[:PROMPTED_BY {via}]->(Turn {role:'user'}),  (Edit)-[:EXPLAINED_BY]->(Turn {role:'assistant'})
//! (Edit {source:'patch'})-[:SAME_CHANGE]->(Edit {source:'transcript'})
//! (Session)-[:HELD {count}]->(File)
//! (Contention)-[:ON]->(File), -[:HELD_BY]->(Session), -[:WANTED_BY]->(Session)
//! (Overlap)-[:ON]->(File), -[:BETWEEN]->(Edit)×2          two sessions, same file, within 5 min
//! (Decision)-[:ABOUT]->(File), -[:DURING]->(Session); (Agent)-[:DECIDED]->(Decision)
//! (File)-[:CO_EDITED {weight,pass}]->(File)                File.rank (PageRank), File.community (label propagation)
//! Session.coEdit: the (at most 100) files a session changed last, the files its CO_EDITED pairs are made of
//! (Agent)-[:OVERLAPS_WITH {weight}]->(Agent)               Agent.entanglement (PageRank)
//! (Meta {graph, project, lastIngestAt, lastAnalyticsAt, lastGlobalAt, globalDue, schemaVersion})
//! ```

use crate::store::graph_feed::Kind;

/// The schema's version, kept on `Meta.schemaVersion`.
/// 2: `Session.coEdit` and `CO_EDITED.pass` (the per-session cap on co-edits).
pub const SCHEMA_VERSION: i64 = 2;

/// Two edits of one file by two sessions within this long of each other are an Overlap.
pub const OVERLAP_WINDOW_MS: i64 = 300_000;

/// A new (or wiped) graph's indexes, made before any node so each fills as nodes arrive.
pub const INDEXES: &[&str] = &[
    "CREATE INDEX FOR (n:Agent) ON (n.name)",
    "CREATE INDEX FOR (n:Session) ON (n.key)",
    "CREATE INDEX FOR (n:Turn) ON (n.key)",
    "CREATE INDEX FOR (n:Edit) ON (n.key)",
    "CREATE INDEX FOR (n:File) ON (n.path)",
    "CREATE INDEX FOR (n:Contention) ON (n.key)",
    "CREATE INDEX FOR (n:Decision) ON (n.id)",
    "CREATE INDEX FOR (n:Overlap) ON (n.key)",
    "CREATE INDEX FOR (n:Meta) ON (n.graph)",
    "CALL db.idx.fulltext.createNodeIndex('Turn', 'text')",
];

const TURNS: &str = "UNWIND $rows AS r
MERGE (a:Agent {name: r.agent})
MERGE (s:Session {key: r.session})
SET s.agent = r.agent, s.sessionId = r.sessionId, s.cwd = r.cwd, s.startedAt = r.startedAt, s.lastAt = r.lastAt
MERGE (a)-[:RAN]->(s)
MERGE (t:Turn {key: r.key})
SET t.role = r.role, t.text = r.text, t.chars = r.chars, t.filler = r.filler, t.at = r.at,
    t.synthetic = r.synthetic, t.ordinal = r.ordinal, t.subagent = r.subagent, t.session = r.session
MERGE (s)-[:HAS_TURN]->(t)";

const EDITS: &str = "UNWIND $rows AS r
MERGE (f:File {path: r.file})
MERGE (e:Edit {key: r.key})
SET e.source = r.source, e.kind = r.kind, e.tool = r.tool, e.outcome = r.outcome, e.at = r.at,
    e.synthetic = r.synthetic, e.diffHead = r.diff, e.fromFile = r.fromFile, e.file = r.file,
    e.agent = r.agent, e.session = r.session, e.via = r.via
MERGE (e)-[:MODIFIED]->(f)
FOREACH (_ IN CASE WHEN r.session IS NULL THEN [] ELSE [1] END |
    MERGE (a:Agent {name: r.agent})
    MERGE (s:Session {key: r.session})
    SET s.agent = r.agent, s.sessionId = r.sessionId, s.cwd = r.cwd
    MERGE (a)-[:RAN]->(s)
    MERGE (s)-[:MADE]->(e))
FOREACH (_ IN CASE WHEN r.prompt IS NULL THEN [] ELSE [1] END |
    MERGE (p:Turn {key: r.prompt})
    MERGE (e)-[pb:PROMPTED_BY]->(p)
    SET pb.via = r.via)
FOREACH (_ IN CASE WHEN r.explainedBy IS NULL THEN [] ELSE [1] END |
    MERGE (x:Turn {key: r.explainedBy})
    MERGE (e)-[:EXPLAINED_BY]->(x))
FOREACH (_ IN CASE WHEN r.sameChange IS NULL OR r.source <> 'patch' THEN [] ELSE [1] END |
    MERGE (o:Edit {key: r.sameChange})
    MERGE (e)-[:SAME_CHANGE]->(o))";

const HELD: &str = "UNWIND $rows AS r
MERGE (a:Agent {name: r.agent})
MERGE (s:Session {key: r.session})
SET s.agent = r.agent, s.sessionId = r.sessionId
MERGE (a)-[:RAN]->(s)
MERGE (f:File {path: r.file})
MERGE (s)-[h:HELD]->(f)
SET h.count = r.claims, h.firstAt = r.firstAt, h.lastAt = r.lastAt";

const CONTENTIONS: &str = "UNWIND $rows AS r
MERGE (c:Contention {key: r.key})
SET c.file = r.file, c.bucket = r.bucket, c.attempts = r.attempts, c.intent = r.intent, c.firstAt = r.firstAt,
    c.lastAt = r.lastAt, c.holderAgent = r.holderAgent, c.wantedAgent = r.wantedAgent
MERGE (f:File {path: r.file})
MERGE (c)-[:ON]->(f)
MERGE (h:Session {key: r.holder})
MERGE (c)-[:HELD_BY]->(h)
MERGE (w:Session {key: r.wanted})
MERGE (c)-[:WANTED_BY]->(w)";

const DECISIONS: &str = "UNWIND $rows AS r
MERGE (d:Decision {id: r.id})
SET d.text = r.text, d.decidedBy = r.decidedBy, d.at = r.at, d.superseded = r.superseded
FOREACH (path IN coalesce(r.files, []) |
    MERGE (f:File {path: path})
    MERGE (d)-[:ABOUT]->(f))
FOREACH (_ IN CASE WHEN r.session IS NULL THEN [] ELSE [1] END |
    MERGE (s:Session {key: r.session})
    MERGE (d)-[:DURING]->(s))";

/// The batched MERGE of one kind of record.
pub fn merge(kind: Kind) -> &'static str {
    match kind {
        Kind::Turn => TURNS,
        Kind::Edit => EDITS,
        Kind::Held => HELD,
        Kind::Contention => CONTENTIONS,
        Kind::Decision => DECISIONS,
    }
}

/// Files per batch of the analytics that run over the files a pass touched (`$files`).
pub const ANALYTICS_BATCH: usize = 500;

/// A session that changed more files than this contributes CO_EDITED pairs only among the ones it changed most
/// recently (so a session that rewrote a whole tree adds at most `N × (N − 1)` pairs, not one per pair of files).
pub const CO_EDIT_SESSION_FILES: i64 = 100;

/// Per batch of sessions that got edits (`$sessions`): `Session.coEdit`, the files (paths) the session changed
/// most recently, newest first, at most `$cap` — the files its CO_EDITED pairs are made of. Returns the paths that
/// entered or left it, whose pairs must be counted again.
pub const SESSION_CO_EDIT: &str = "UNWIND $sessions AS key
MATCH (s:Session {key: key}) WITH s
MATCH (s)-[:MADE]->(e:Edit)-[:MODIFIED]->(g:File)
WITH s, g.path AS path, coalesce(max(e.at), -1) AS last
ORDER BY last DESC, path
WITH s, collect(path) AS paths
WITH s, coalesce(s.coEdit, []) AS old, paths[0..$cap] AS recent
SET s.coEdit = recent
RETURN [p IN old WHERE NOT p IN recent] + [p IN recent WHERE NOT p IN old]";

/// Per batch of files (`$files`), each idempotent. Every one starts at each file through the index on
/// `File.path` (`MATCH (f:File {path: path}) WITH f` first: without the `WITH` FalkorDB's planner may scan every
/// Edit for each file instead).
pub const PER_FILES: &[&str] = &[
    // TOUCHED: how often each agent changed each file, and when last.
    "UNWIND $files AS path
     MATCH (f:File {path: path}) WITH f
     MATCH (f)<-[:MODIFIED]-(e:Edit)<-[:MADE]-(:Session)<-[:RAN]-(a:Agent)
     WITH a, f, count(e) AS c, max(e.at) AS l
     MERGE (a)-[t:TOUCHED]->(f) SET t.count = c, t.lastAt = l",
    // CO_EDITED: files changed in the same session (among its `coEdit` files), weighted by how many sessions did
    // it, both directions. A pair with both files in the batch comes as two rows, each writing its own direction;
    // a pair with the other file outside the batch writes both. Each link is stamped with the pass (`$pass`).
    "UNWIND $files AS path
     MATCH (f:File {path: path}) WITH f
     MATCH (f)<-[:MODIFIED]-(:Edit)<-[:MADE]-(s:Session)
     WITH DISTINCT f, s WHERE f.path IN s.coEdit
     UNWIND s.coEdit AS other
     WITH f, s, other WHERE other <> f.path
     MATCH (g:File {path: other})
     WITH f, g, count(DISTINCT s) AS w
     MERGE (f)-[c:CO_EDITED]->(g) SET c.weight = w, c.pass = $pass
     WITH f, g, w WHERE NOT g.path IN $files
     MERGE (g)-[d:CO_EDITED]->(f) SET d.weight = w, d.pass = $pass",
    // Overlap: two sessions' transcript edits of one file within the window.
    "UNWIND $files AS path
     MATCH (f:File {path: path}) WITH f
     MATCH (s1:Session)-[:MADE]->(e1:Edit)-[:MODIFIED]->(f)<-[:MODIFIED]-(e2:Edit)<-[:MADE]-(s2:Session)
     WHERE s1 <> s2 AND e1.key < e2.key AND e1.source = 'transcript' AND e2.source = 'transcript'
       AND e1.at IS NOT NULL AND e2.at IS NOT NULL AND abs(e1.at - e2.at) <= $window
     MERGE (o:Overlap {key: e1.key + '|' + e2.key})
     SET o.file = f.path, o.at = CASE WHEN e1.at < e2.at THEN e2.at ELSE e1.at END
     MERGE (o)-[:ON]->(f)
     MERGE (o)-[:BETWEEN]->(e1)
     MERGE (o)-[:BETWEEN]->(e2)",
];

/// Per batch of files, after every batch of [`PER_FILES`]: a CO_EDITED link of one of them this pass did not
/// write is a pair no session makes any more (a file left a session's `coEdit`). Links written before the
/// schema had `pass` are kept (`relay graph rebuild` counts them again).
pub const STALE_CO_EDITED: &str = "UNWIND $files AS path
MATCH (f:File {path: path}) WITH f
MATCH (f)-[c:CO_EDITED]-(:File)
WHERE c.pass IS NOT NULL AND c.pass <> $pass
DELETE c";

/// The whole-graph analytics ([`GLOBAL`]) run at most this often per graph (and on every re-send): their cost
/// grows with the graph, not with what a pass sent, so running them every 5 s would make each small pass pay for
/// the whole graph. A pass that sends edits within this time of the last run marks them due
/// (`Meta.globalDue`), and the first pass past it runs them, edits or not.
pub const GLOBAL_EVERY_MS: i64 = 60_000;

/// Over the whole graph, after the per-file analytics; each names the relationship type it needs (the algorithms
/// refuse a graph without it), if any; the ones that need a type come after the ones that make it.
pub const GLOBAL: &[(Option<&str>, &str)] = &[
    // OVERLAPS_WITH: agents whose sessions overlapped, weighted by the overlaps.
    (None, "MATCH (a:Agent)-[:RAN]->(:Session)-[:MADE]->(:Edit)<-[:BETWEEN]-(o:Overlap)-[:BETWEEN]->(:Edit)<-[:MADE]-(:Session)<-[:RAN]-(b:Agent)
     WHERE a.name < b.name
     WITH a, b, count(DISTINCT o) AS w
     MERGE (a)-[x:OVERLAPS_WITH]->(b) SET x.weight = w"),
    // DECIDED: the agent of the session a decision was made in.
    (None, "MATCH (a:Agent)-[:RAN]->(:Session)<-[:DURING]-(d:Decision) MERGE (a)-[:DECIDED]->(d)"),
    (Some("CO_EDITED"), "CALL algo.pageRank('File', 'CO_EDITED') YIELD node, score SET node.rank = score"),
    (Some("CO_EDITED"), "CALL algo.labelPropagation({nodeLabels: ['File'], relationshipTypes: ['CO_EDITED']})
     YIELD node, communityId SET node.community = communityId"),
    (Some("OVERLAPS_WITH"), "CALL algo.pageRank('Agent', 'OVERLAPS_WITH') YIELD node, score SET node.entanglement = score"),
];

/// The relationship types the graph has.
pub const RELATIONSHIP_TYPES: &str =
    "CALL db.relationshipTypes() YIELD relationshipType RETURN collect(relationshipType)";

/// The graph's stamp: written after every pass's records, before relay saves its cursor.
pub const STAMP: &str = "MERGE (m:Meta {graph: $graph})
SET m.project = $project, m.lastIngestAt = $stamp, m.schemaVersion = $version,
    m.lastAnalyticsAt = coalesce($analytics, m.lastAnalyticsAt), m.lastGlobalAt = coalesce($global, m.lastGlobalAt),
    m.globalDue = $due";

/// The graph's stamp as last written (nothing when the graph is new or was wiped).
pub const READ_STAMP: &str =
    "MATCH (m:Meta {graph: $graph}) RETURN m.lastIngestAt, m.schemaVersion, m.lastGlobalAt, m.globalDue";
