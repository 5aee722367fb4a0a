//! The guard's views kept between hook calls. Building a view reads the environments, access entries and policy
//! layers of a session's projects and parses and merges their policy (compiling and probing every custom pattern);
//! a guarded hook call only looks it up. A view is kept with the two numbers it was built under — the store's
//! [`environments_generation`](crate::store::Store::environments_generation), which grows when an
//! `environment.*` or `policy.*` event commits, and the global policy file's
//! [`generation`](super::GlobalPolicy::generation), which grows when another version of the file is taken into
//! effect — and a lookup under other numbers misses. Both numbers are read before the build starts, so a change
//! committed while a view is being built leaves that view stale on arrival, never kept as current.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use super::GuardView;

/// The most views kept at once (one per set of projects a session sees); past it the cache starts over.
pub const MAX_VIEWS: usize = 256;

/// What a view was built under: the store's environments generation, then the global file's.
pub type Stamp = (u64, u64);

#[derive(Debug, Default)]
struct Kept {
    stamp: Stamp,
    views: HashMap<Vec<i64>, Arc<GuardView>>,
}

/// The views, by the project ids they cover.
#[derive(Debug, Default)]
pub struct GuardViews {
    kept: Mutex<Kept>,
}

impl GuardViews {
    /// The view of `project_ids` built under `stamp`, if one is kept.
    pub fn get(&self, stamp: Stamp, project_ids: &[i64]) -> Option<Arc<GuardView>> {
        let kept = self.lock();
        (kept.stamp == stamp)
            .then(|| kept.views.get(project_ids).cloned())
            .flatten()
    }

    /// Keeps a view built under `stamp`. Views of an older stamp are dropped; a view older than the kept ones
    /// (its build raced a change) is not kept.
    pub fn put(&self, stamp: Stamp, project_ids: &[i64], view: Arc<GuardView>) {
        let mut kept = self.lock();
        if kept.stamp != stamp {
            if stamp.0 < kept.stamp.0 || stamp.1 < kept.stamp.1 {
                return;
            }
            kept.stamp = stamp;
            kept.views.clear();
        }
        if kept.views.len() >= MAX_VIEWS {
            kept.views.clear();
        }
        kept.views.insert(project_ids.to_vec(), view);
    }

    /// How many views are kept (for tests and status).
    pub fn len(&self) -> usize {
        self.lock().views.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> MutexGuard<'_, Kept> {
        self.kept.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view() -> Arc<GuardView> {
        Arc::new(GuardView::default())
    }

    #[test]
    fn a_view_is_found_only_under_the_stamp_it_was_built_under() {
        let views = GuardViews::default();
        let built = view();
        views.put((1, 1), &[7], built.clone());
        assert!(Arc::ptr_eq(&views.get((1, 1), &[7]).unwrap(), &built));
        assert!(views.get((1, 1), &[8]).is_none(), "another set of projects");
        assert!(views.get((2, 1), &[7]).is_none(), "the store changed");
        assert!(views.get((1, 2), &[7]).is_none(), "the global file changed");
    }

    #[test]
    fn a_newer_stamp_drops_the_old_views_and_a_view_that_raced_a_change_is_not_kept() {
        let views = GuardViews::default();
        views.put((1, 1), &[7], view());
        views.put((1, 1), &[8], view());
        assert_eq!(views.len(), 2);
        views.put((2, 1), &[7], view());
        assert_eq!(views.len(), 1, "the views of the old stamp are gone");
        assert!(views.get((2, 1), &[8]).is_none());

        // A build that started before the change finishes after a newer one was kept.
        views.put((1, 1), &[8], view());
        assert!(views.get((1, 1), &[8]).is_none());
        assert!(views.get((2, 1), &[7]).is_some(), "the newer view stays");
    }

    #[test]
    fn the_cache_starts_over_past_its_bound() {
        let views = GuardViews::default();
        for id in 0..MAX_VIEWS as i64 {
            views.put((1, 1), &[id], view());
        }
        assert_eq!(views.len(), MAX_VIEWS);
        views.put((1, 1), &[-1], view());
        assert_eq!(views.len(), 1);
        assert!(views.get((1, 1), &[-1]).is_some());
    }
}
