//! The activity feed (relaybay §2 "Activity"): the event log newest first, in pages ("load more" passes the
//! previous page's cursor), with a project and a kind filter. Hook status changes (session.status_changed)
//! are shown only when that kind is asked for.

use relay_core::event::EventKind;

use super::{Board, BoardError};
use crate::store::EventRecord;
use crate::store::activity::{self as db, ActivityQuery};

/// Events per page when the caller does not say.
pub const ACTIVITY_PAGE: u32 = 50;

/// One page, newest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActivityPage {
    pub events: Vec<EventRecord>,
    /// Pass as `before` for the next (older) page.
    pub next_before: i64,
    /// Older events match too.
    pub more: bool,
}

impl Board<'_> {
    /// Events older than `before` (from the newest when `None`), at most `limit` (1 to 500).
    pub async fn activity(
        &self,
        before: Option<i64>,
        limit: u32,
        project: Option<&str>,
        kind: Option<&str>,
    ) -> Result<ActivityPage, BoardError> {
        if let Some(kind) = kind
            && EventKind::parse(kind).is_none()
        {
            let known: Vec<&str> = EventKind::ALL.iter().map(|k| k.as_str()).collect();
            return Err(BoardError::Invalid(format!(
                "unknown event kind `{kind}`; known kinds: {}",
                known.join(", ")
            )));
        }
        let store = self.handle.store();
        let mut conn = store.read().await?;
        let slug = match project {
            Some(slug) => Some(self.project_row(&mut conn, slug).await?.slug),
            None => None,
        };
        let limit = limit.clamp(1, super::limits::EVENTS_PAGE);
        let query = ActivityQuery {
            before: before.filter(|id| *id > 0),
            limit,
            project: slug.as_deref(),
            kind,
        };
        let mut events = db::page(&mut conn, &query).await?;
        let more = events.len() > limit as usize;
        events.truncate(limit as usize);
        let next_before = events.last().map_or(query.before.unwrap_or(0), |e| e.id);
        Ok(ActivityPage {
            events,
            next_before,
            more,
        })
    }
}
