//! The sessions list (relaybay §2 "Sessions"): a project's sessions — those its hooks placed in it by working
//! directory and those bound to one of its tasks now — or all of them, newest activity first, up to 200.

use super::{Board, BoardError};
use crate::store::sessions as db;
pub use crate::store::sessions::{SESSIONS_MAX, SessionListRow};

impl Board<'_> {
    /// The sessions of `project` (all when `None`); an unknown project is refused with the known ones.
    pub async fn sessions(&self, project: Option<&str>) -> Result<Vec<SessionListRow>, BoardError> {
        let store = self.handle.store();
        let mut conn = store.read().await?;
        let project_id = match project {
            Some(slug) => Some(self.project_row(&mut conn, slug).await?.id),
            None => None,
        };
        Ok(db::list(&mut conn, project_id).await?)
    }
}

#[cfg(test)]
#[path = "sessions_tests.rs"]
mod tests;
