//! The ledger (migration 0009): sessions, turns and edits read from agents' transcripts, patches the repository
//! watcher saw, lock claims as HELD counts, refused claims in 10 s buckets, the files decisions are about, and how
//! far each transcript has been read. Keys are content-addressed, so writing the same records again changes no
//! row (`INSERT … ON CONFLICT DO NOTHING`, counts only bumped by new claims).

use relay_transcripts::{Edit, SessionInfo, Turn, content_key};
use sqlx::FromRow;

use super::{Db, StoreError, run};

/// A transcript edit and a watcher patch of the same file within this long of each other, in the same session (or
/// a patch with no holder), are one change.
pub const SAME_CHANGE_WINDOW_MS: i64 = 120_000;
/// Refused claims are counted per this long a bucket.
pub const CONTENTION_BUCKET_MS: i64 = 10_000;

/// The ledger's key of an agent's session: `content_key(agent, session id)`.
pub fn session_key(agent: &str, session_id: &str) -> String {
    content_key(&[agent, session_id])
}

/// What one read of a transcript gave, to write in one transaction with the file's new cursor.
#[derive(Debug)]
pub struct Batch<'a> {
    /// relay-transcripts' agent name (`claude`, `codex`, …).
    pub agent: &'a str,
    pub session: &'a SessionInfo,
    pub turns: &'a [Turn],
    pub edits: &'a [Edit],
    pub cursor: Option<&'a CursorUpdate<'a>>,
    /// Whether turn text, diffs and filler words are stored (`graph_text`); off, only their length and times.
    pub keep_text: bool,
    pub now_ms: i64,
}

/// A transcript file's cursor after a read.
#[derive(Debug)]
pub struct CursorUpdate<'a> {
    pub path: &'a str,
    pub format: &'a str,
    pub offset: i64,
    pub size: i64,
    pub mtime_ms: i64,
    /// The parser's state at `offset` (JSON), when the format can resume.
    pub state: Option<&'a str>,
    pub bad_lines: i64,
    pub unknown_lines: i64,
    pub note: Option<&'a str>,
    pub error: Option<&'a str>,
}

/// What a batch added.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Added {
    pub turns: u64,
    pub edits: u64,
    /// Edits linked to a watcher patch of the same change.
    pub same_change: u64,
}

/// Writes a batch. Records already in the ledger are left as they are.
pub async fn write_batch(db: &mut impl Db, batch: &Batch<'_>) -> Result<Added, StoreError> {
    let session_key = session_key(batch.agent, &batch.session.id);
    let mut added = Added::default();
    run(db, async |conn| {
        let last_at = batch
            .turns
            .iter()
            .filter_map(|t| t.at_ms)
            .chain(batch.edits.iter().filter_map(|e| e.at_ms))
            .max();
        sqlx::query(
            "INSERT INTO ledger_session (key, agent, session_id, cwd, agent_version, started_at_ms, last_at_ms)
             VALUES (?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT (key) DO UPDATE SET
                 cwd = coalesce(excluded.cwd, cwd),
                 agent_version = coalesce(excluded.agent_version, agent_version),
                 started_at_ms = coalesce(started_at_ms, excluded.started_at_ms),
                 last_at_ms = max(coalesce(last_at_ms, 0), coalesce(excluded.last_at_ms, 0))",
        )
        .bind(&session_key)
        .bind(batch.agent)
        .bind(&batch.session.id)
        .bind(&batch.session.cwd)
        .bind(&batch.session.agent_version)
        .bind(batch.session.started_at_ms)
        .bind(last_at)
        .execute(&mut *conn)
        .await?;

        for turn in batch.turns {
            let done = sqlx::query(
                "INSERT INTO ledger_turn (key, session_key, role, text, text_chars, filler, at_ms, synthetic_time,
                     ordinal, subagent, recorded_at_ms)
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING",
            )
            .bind(&turn.key)
            .bind(&session_key)
            .bind(turn.role.as_str())
            .bind(batch.keep_text.then_some(turn.text.as_str()))
            .bind(turn.text.chars().count() as i64)
            .bind(turn.filler)
            .bind(turn.at_ms)
            .bind(turn.time == relay_transcripts::TimeSource::Synthetic)
            .bind(turn.ordinal as i64)
            .bind(&turn.subagent)
            .bind(batch.now_ms)
            .execute(&mut *conn)
            .await?;
            added.turns += done.rows_affected();
        }

        for edit in batch.edits {
            let done = sqlx::query(
                "INSERT INTO ledger_edit (key, session_key, source, file, from_file, kind, tool, call_id, outcome,
                     at_ms, synthetic_time, diff, prompt_key, via, explained_by, subagent, recorded_at_ms)
                 VALUES (?, ?, 'transcript', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                 ON CONFLICT (key) DO UPDATE SET outcome = excluded.outcome
                     WHERE outcome = 'unknown' AND excluded.outcome <> 'unknown'",
            )
            .bind(&edit.key)
            .bind(&session_key)
            .bind(&edit.file)
            .bind(&edit.from)
            .bind(edit.kind.as_str())
            .bind(&edit.tool)
            .bind(&edit.call_id)
            .bind(edit.outcome.as_str())
            .bind(edit.at_ms)
            .bind(edit.time == relay_transcripts::TimeSource::Synthetic)
            .bind(edit.diff.as_deref().filter(|_| batch.keep_text))
            .bind(edit.prompt.as_ref().map(|p| p.turn_key.as_str()))
            .bind(
                edit.prompt
                    .as_ref()
                    .and_then(|p| p.via.as_deref())
                    .filter(|_| batch.keep_text),
            )
            .bind(&edit.explained_by)
            .bind(&edit.subagent)
            .bind(batch.now_ms)
            .execute(&mut *conn)
            .await?;
            let new = done.rows_affected() > 0;
            added.edits += u64::from(new);
            if new
                && edit.outcome != relay_transcripts::Outcome::Failed
                && let Some(at_ms) = edit.at_ms
            {
                let patch: Option<String> = sqlx::query_scalar(
                    "UPDATE ledger_edit SET same_change = ?1
                     WHERE key = (SELECT key FROM ledger_edit
                                  WHERE source = 'patch' AND file = ?2 AND same_change IS NULL
                                    AND (session_key IS NULL OR session_key = ?3)
                                    AND at_ms BETWEEN ?4 - ?5 AND ?4 + ?5
                                  ORDER BY abs(at_ms - ?4) LIMIT 1)
                     RETURNING key",
                )
                .bind(&edit.key)
                .bind(&edit.file)
                .bind(&session_key)
                .bind(at_ms)
                .bind(SAME_CHANGE_WINDOW_MS)
                .fetch_optional(&mut *conn)
                .await?;
                if let Some(patch) = patch {
                    sqlx::query("UPDATE ledger_edit SET same_change = ? WHERE key = ?")
                        .bind(&patch)
                        .bind(&edit.key)
                        .execute(&mut *conn)
                        .await?;
                    added.same_change += 1;
                }
            }
        }

        if let Some(cursor) = batch.cursor {
            sqlx::query(
                "INSERT INTO ledger_cursor (path, format, offset, size, mtime_ms, state, session_key, turns, edits,
                     bad_lines, unknown_lines, note, error, updated_at_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
                 ON CONFLICT (path) DO UPDATE SET
                     format = excluded.format, offset = excluded.offset, size = excluded.size,
                     mtime_ms = excluded.mtime_ms, state = excluded.state, session_key = excluded.session_key,
                     turns = turns + excluded.turns, edits = edits + excluded.edits,
                     bad_lines = excluded.bad_lines, unknown_lines = excluded.unknown_lines,
                     note = excluded.note, error = excluded.error, updated_at_ms = excluded.updated_at_ms",
            )
            .bind(cursor.path)
            .bind(cursor.format)
            .bind(cursor.offset)
            .bind(cursor.size)
            .bind(cursor.mtime_ms)
            .bind(cursor.state)
            .bind(&session_key)
            .bind(added.turns as i64)
            .bind(added.edits as i64)
            .bind(cursor.bad_lines)
            .bind(cursor.unknown_lines)
            .bind(cursor.note)
            .bind(cursor.error)
            .bind(batch.now_ms)
            .execute(&mut *conn)
            .await?;
        }
        Ok(added)
    })
    .await
}

/// Records that a file could not be read (or is not readable at all) without touching its offset.
pub async fn cursor_problem(
    db: &mut impl Db,
    path: &str,
    format: &str,
    note: Option<&str>,
    error: Option<&str>,
    now_ms: i64,
) -> Result<(), StoreError> {
    run(db, async |conn| {
        sqlx::query(
            "INSERT INTO ledger_cursor (path, format, offset, size, mtime_ms, note, error, updated_at_ms)
             VALUES (?, ?, 0, 0, 0, ?, ?, ?)
             ON CONFLICT (path) DO UPDATE SET note = excluded.note, error = excluded.error,
                 updated_at_ms = excluded.updated_at_ms",
        )
        .bind(path)
        .bind(format)
        .bind(note)
        .bind(error)
        .bind(now_ms)
        .execute(conn)
        .await
        .map(|_| ())
    })
    .await
}

/// A watcher patch: a file the repository watcher saw change, attributed to the session holding its lock.
#[derive(Debug)]
pub struct NewPatch<'a> {
    pub file: &'a str,
    pub kind: &'a str,
    pub at_ms: i64,
    /// The lock holder (`agent`, session id), when the file was held.
    pub holder: Option<(&'a str, &'a str)>,
    pub diff: Option<&'a str>,
    pub keep_text: bool,
}

/// Writes a watcher patch (keyed by file, time and holder, so the same report twice is one row) and links it to
/// a transcript edit of the same change. Returns the patch's key and the edit it was linked to.
pub async fn record_patch(
    db: &mut impl Db,
    patch: &NewPatch<'_>,
) -> Result<(String, Option<String>), StoreError> {
    let holder_key = patch.holder.map(|(agent, session)| session_key(agent, session));
    let at = patch.at_ms.to_string();
    let key = content_key(&["patch", patch.file, &at, holder_key.as_deref().unwrap_or("")]);
    run(db, async |conn| {
        if let Some((agent, session)) = patch.holder {
            sqlx::query(
                "INSERT INTO ledger_session (key, agent, session_id) VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING",
            )
            .bind(holder_key.as_deref())
            .bind(agent)
            .bind(session)
            .execute(&mut *conn)
            .await?;
        }
        let done = sqlx::query(
            "INSERT INTO ledger_edit (key, session_key, source, file, kind, outcome, at_ms, synthetic_time, diff,
                 recorded_at_ms)
             VALUES (?, ?, 'patch', ?, ?, 'applied', ?, 0, ?, ?) ON CONFLICT (key) DO NOTHING",
        )
        .bind(&key)
        .bind(&holder_key)
        .bind(patch.file)
        .bind(patch.kind)
        .bind(patch.at_ms)
        .bind(patch.diff.filter(|_| patch.keep_text))
        .bind(patch.at_ms)
        .execute(&mut *conn)
        .await?;
        if done.rows_affected() == 0 {
            let linked: Option<Option<String>> =
                sqlx::query_scalar("SELECT same_change FROM ledger_edit WHERE key = ?")
                    .bind(&key)
                    .fetch_optional(&mut *conn)
                    .await?;
            return Ok((key.clone(), linked.flatten()));
        }
        let edit: Option<String> = sqlx::query_scalar(
            "UPDATE ledger_edit SET same_change = ?1
             WHERE key = (SELECT key FROM ledger_edit
                          WHERE source = 'transcript' AND file = ?2 AND same_change IS NULL AND outcome <> 'failed'
                            AND (?3 IS NULL OR session_key = ?3)
                            AND at_ms BETWEEN ?4 - ?5 AND ?4 + ?5
                          ORDER BY abs(at_ms - ?4) LIMIT 1)
             RETURNING key",
        )
        .bind(&key)
        .bind(patch.file)
        .bind(&holder_key)
        .bind(patch.at_ms)
        .bind(SAME_CHANGE_WINDOW_MS)
        .fetch_optional(&mut *conn)
        .await?;
        if let Some(edit) = &edit {
            sqlx::query("UPDATE ledger_edit SET same_change = ? WHERE key = ?")
                .bind(edit)
                .bind(&key)
                .execute(&mut *conn)
                .await?;
        }
        Ok((key.clone(), edit))
    })
    .await
}

/// One lock claim granted (a session claimed a file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claim {
    pub agent: String,
    pub session_id: String,
    pub workspace: String,
    pub file: String,
    pub at_ms: i64,
}

/// One claim refused because another session held the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub workspace: String,
    pub file: String,
    pub holder: (String, String),
    pub wanted: (String, String),
    pub holder_intent: Option<String>,
    pub at_ms: i64,
}

/// Adds claims to the HELD counts.
pub async fn record_claims(db: &mut impl Db, claims: &[Claim]) -> Result<(), StoreError> {
    run(db, async |conn| {
        for claim in claims {
            sqlx::query(
                "INSERT INTO ledger_held (session_key, agent, session_id, workspace, file, claims, first_at_ms, last_at_ms)
                 VALUES (?, ?, ?, ?, ?, 1, ?6, ?6)
                 ON CONFLICT (session_key, workspace, file) DO UPDATE SET claims = claims + 1,
                     first_at_ms = min(first_at_ms, excluded.first_at_ms),
                     last_at_ms = max(last_at_ms, excluded.last_at_ms)",
            )
            .bind(session_key(&claim.agent, &claim.session_id))
            .bind(&claim.agent)
            .bind(&claim.session_id)
            .bind(&claim.workspace)
            .bind(&claim.file)
            .bind(claim.at_ms)
            .execute(&mut *conn)
            .await?;
        }
        Ok(())
    })
    .await
}

/// Adds refused claims to their 10 s contention buckets (a retry storm is one row with its attempts).
pub async fn record_refusals(
    db: &mut impl Db,
    refusals: &[Refusal],
    keep_text: bool,
) -> Result<(), StoreError> {
    run(db, async |conn| {
        for refusal in refusals {
            let holder = session_key(&refusal.holder.0, &refusal.holder.1);
            let wanted = session_key(&refusal.wanted.0, &refusal.wanted.1);
            let bucket = refusal.at_ms.div_euclid(CONTENTION_BUCKET_MS) * CONTENTION_BUCKET_MS;
            let key = content_key(&[&refusal.workspace, &refusal.file, &holder, &wanted, &bucket.to_string()]);
            sqlx::query(
                "INSERT INTO ledger_contention (key, workspace, file, holder_key, wanted_key, bucket_ms, attempts,
                     holder_intent, first_at_ms, last_at_ms)
                 VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?8, ?8)
                 ON CONFLICT (key) DO UPDATE SET attempts = attempts + 1,
                     holder_intent = coalesce(excluded.holder_intent, holder_intent),
                     last_at_ms = max(last_at_ms, excluded.last_at_ms)",
            )
            .bind(&key)
            .bind(&refusal.workspace)
            .bind(&refusal.file)
            .bind(&holder)
            .bind(&wanted)
            .bind(bucket)
            .bind(refusal.holder_intent.as_deref().filter(|_| keep_text))
            .bind(refusal.at_ms)
            .execute(&mut *conn)
            .await?;
        }
        Ok(())
    })
    .await
}

/// The files a decision is about (repeats are one row).
pub async fn record_decision_files(
    db: &mut impl Db,
    decision_id: i64,
    files: &[&str],
    session_key: Option<&str>,
) -> Result<(), StoreError> {
    run(db, async |conn| {
        for file in files {
            sqlx::query(
                "INSERT INTO ledger_decision_file (decision_id, file, session_key) VALUES (?, ?, ?)
                 ON CONFLICT DO NOTHING",
            )
            .bind(decision_id)
            .bind(file)
            .bind(session_key)
            .execute(&mut *conn)
            .await?;
        }
        Ok(())
    })
    .await
}

/// Nulls the text of turns, the diffs and filler of edits and the intents of contentions older than `before_ms`;
/// every row and time stays. Returns the rows changed.
pub async fn expire_text(db: &mut impl Db, before_ms: i64) -> Result<u64, StoreError> {
    run(db, async |conn| {
        let turns = sqlx::query("UPDATE ledger_turn SET text = NULL WHERE text IS NOT NULL AND coalesce(at_ms, recorded_at_ms) < ?")
            .bind(before_ms)
            .execute(&mut *conn)
            .await?
            .rows_affected();
        let edits = sqlx::query(
            "UPDATE ledger_edit SET diff = NULL, via = NULL
             WHERE (diff IS NOT NULL OR via IS NOT NULL) AND coalesce(at_ms, recorded_at_ms) < ?",
        )
        .bind(before_ms)
        .execute(&mut *conn)
        .await?
        .rows_affected();
        let contentions = sqlx::query(
            "UPDATE ledger_contention SET holder_intent = NULL WHERE holder_intent IS NOT NULL AND last_at_ms < ?",
        )
        .bind(before_ms)
        .execute(&mut *conn)
        .await?
        .rows_affected();
        Ok(turns + edits + contentions)
    })
    .await
}

/// A transcript file's cursor.
#[derive(Clone, Debug, FromRow, PartialEq, Eq)]
pub struct CursorRow {
    pub path: String,
    pub format: String,
    pub offset: i64,
    pub size: i64,
    pub mtime_ms: i64,
    pub state: Option<String>,
    pub session_key: Option<String>,
    pub turns: i64,
    pub edits: i64,
    pub bad_lines: i64,
    pub unknown_lines: i64,
    pub note: Option<String>,
    pub error: Option<String>,
    pub updated_at_ms: i64,
}

const CURSOR_COLUMNS: &str =
    "path, format, offset, size, mtime_ms, state, session_key, turns, edits, bad_lines,
    unknown_lines, note, error, updated_at_ms FROM ledger_cursor";

pub async fn cursor(db: &mut impl Db, path: &str) -> Result<Option<CursorRow>, StoreError> {
    run(db, async |conn| {
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT {CURSOR_COLUMNS} WHERE path = ?"
        )))
        .bind(path)
        .fetch_optional(conn)
        .await
    })
    .await
}

pub async fn cursors(db: &mut impl Db) -> Result<Vec<CursorRow>, StoreError> {
    run(db, async |conn| {
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT {CURSOR_COLUMNS} ORDER BY path"
        )))
        .fetch_all(conn)
        .await
    })
    .await
}

/// Row counts of the ledger, for the status line.
#[derive(Clone, Debug, Default, FromRow, PartialEq, Eq, serde::Serialize)]
pub struct Counts {
    pub sessions: i64,
    pub turns: i64,
    pub edits: i64,
    pub edits_linked: i64,
    pub patches: i64,
    pub same_change: i64,
    pub held: i64,
    pub contentions: i64,
    pub files_read: i64,
}

pub async fn counts(db: &mut impl Db) -> Result<Counts, StoreError> {
    run(db, async |conn| {
        sqlx::query_as(
            "SELECT (SELECT count(*) FROM ledger_session) AS sessions,
                    (SELECT count(*) FROM ledger_turn) AS turns,
                    (SELECT count(*) FROM ledger_edit WHERE source = 'transcript') AS edits,
                    (SELECT count(*) FROM ledger_edit WHERE source = 'transcript' AND prompt_key IS NOT NULL)
                        AS edits_linked,
                    (SELECT count(*) FROM ledger_edit WHERE source = 'patch') AS patches,
                    (SELECT count(*) FROM ledger_edit WHERE source = 'patch' AND same_change IS NOT NULL)
                        AS same_change,
                    (SELECT count(*) FROM ledger_held) AS held,
                    (SELECT count(*) FROM ledger_contention) AS contentions,
                    (SELECT count(*) FROM ledger_cursor) AS files_read",
        )
        .fetch_one(conn)
        .await
    })
    .await
}

/// The newest meaningful user prompt of each session since `since_ms` (agent, session id, text, time), for the
/// lock deny's intent cache after a restart. Empty where text is not kept.
pub async fn recent_intents(
    db: &mut impl Db,
    since_ms: i64,
) -> Result<Vec<(String, String, String, i64)>, StoreError> {
    run(db, async |conn| {
        sqlx::query_as(
            "SELECT s.agent, s.session_id, t.text, t.at_ms FROM ledger_turn t JOIN ledger_session s ON s.key = t.session_key
             WHERE t.role = 'user' AND t.filler = 0 AND t.text IS NOT NULL AND t.at_ms >= ?
               AND t.at_ms = (SELECT max(u.at_ms) FROM ledger_turn u
                              WHERE u.session_key = t.session_key AND u.role = 'user' AND u.filler = 0)
             ORDER BY t.at_ms",
        )
        .bind(since_ms)
        .fetch_all(conn)
        .await
    })
    .await
}

/// The ledger's rows as text lines (every column but when relay wrote them), in key order, for tests that compare
/// two states.
pub async fn dump(db: &mut impl Db) -> Result<Vec<String>, StoreError> {
    const TABLES: &[(&str, &str, &str)] = &[
        ("ledger_session", "key, agent, session_id, cwd, agent_version, started_at_ms, last_at_ms", "key"),
        (
            "ledger_turn",
            "key, session_key, role, text, text_chars, filler, at_ms, synthetic_time, ordinal, subagent",
            "key",
        ),
        (
            "ledger_edit",
            "key, session_key, source, file, from_file, kind, tool, call_id, outcome, at_ms, synthetic_time, diff,
             prompt_key, via, explained_by, subagent, same_change",
            "key",
        ),
        (
            "ledger_held",
            "session_key, agent, session_id, workspace, file, claims, first_at_ms, last_at_ms",
            "session_key, workspace, file",
        ),
        (
            "ledger_contention",
            "key, workspace, file, holder_key, wanted_key, bucket_ms, attempts, holder_intent, first_at_ms, last_at_ms",
            "key",
        ),
    ];
    run(db, async |conn| {
        let mut lines = Vec::new();
        for (table, columns, order) in TABLES {
            let rows: Vec<(String,)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
                "SELECT json_array({columns}) FROM {table} ORDER BY {order}"
            )))
            .fetch_all(&mut *conn)
            .await?;
            lines.extend(rows.into_iter().map(|(row,)| format!("{table} {row}")));
        }
        Ok(lines)
    })
    .await
}
