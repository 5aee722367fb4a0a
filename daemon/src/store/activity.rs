//! SQL of the activity feed (relaybay §2 "Activity"): the event log newest first, in pages, filtered by
//! project (the event's indexed `project` column) and by kind. Without a kind, hook status changes are left out.

use super::{Db, StoreError, run};

use super::EventRecord;

/// What one page asks for.
#[derive(Clone, Debug, Default)]
pub struct ActivityQuery<'a> {
    /// Events with smaller ids than this one; `None`: from the newest.
    pub before: Option<i64>,
    pub limit: u32,
    pub project: Option<&'a str>,
    pub kind: Option<&'a str>,
}

/// The event kind a feed without a kind filter leaves out.
pub const HIDDEN_KIND: &str = "session.status_changed";

/// Up to `limit + 1` events, newest first: the extra one tells whether more follow.
pub async fn page(db: &mut impl Db, query: &ActivityQuery<'_>) -> Result<Vec<EventRecord>, StoreError> {
    run(db, async |conn| {
    let json: String = sqlx::query_scalar(
        "SELECT coalesce(json_group_array(json_object('id', id, 'kind', kind, 'at_ms', at_ms,
                                                     'subject', subject, 'project', project, 'data', data)), '[]')
           FROM (SELECT * FROM event
                 WHERE id < ?1
                   AND (?2 IS NULL OR project = ?2)
                   AND (CASE WHEN ?3 IS NULL THEN kind <> ?4 ELSE kind = ?3 END)
                 ORDER BY id DESC LIMIT ?5)",
    )
    .bind(query.before.unwrap_or(i64::MAX))
    .bind(query.project)
    .bind(query.kind)
    .bind(HIDDEN_KIND)
    .bind(i64::from(query.limit) + 1)
    .fetch_one(conn)
    .await?;
    let mut events: Vec<EventRecord> =
        serde_json::from_str(&json).map_err(|err| sqlx::Error::Decode(Box::new(err)))?;
    events.sort_by_key(|e| std::cmp::Reverse(e.id));
    Ok(events)
})
    .await
}
