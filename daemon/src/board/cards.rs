//! The board cards' Plan n/m and Review a/n badges (relaybay §2 "Cards"), each read in one statement for a
//! whole project so the window's board fetch stays one round of reads however many tasks the project has.

use super::{Board, BoardError};
use crate::store::cards as db;
pub use crate::store::cards::{PlanCardRow, ReviewCardRow};

impl Board<'_> {
    /// The plan badges of `project`'s tasks that have plan steps; an unknown project is refused.
    pub async fn plan_cards(&self, project: &str) -> Result<Vec<PlanCardRow>, BoardError> {
        let store = self.handle.store();
        let mut conn = store.read().await?;
        let project_id = self.project_row(&mut conn, project).await?.id;
        Ok(db::plan_cards(&mut conn, project_id).await?)
    }

    /// The plan and review badges of `project`'s tasks, from one read connection; an unknown project is refused.
    pub async fn cards(&self, project: &str) -> Result<(Vec<PlanCardRow>, Vec<ReviewCardRow>), BoardError> {
        let store = self.handle.store();
        let mut conn = store.read().await?;
        let project_id = self.project_row(&mut conn, project).await?.id;
        let plans = db::plan_cards(&mut conn, project_id).await?;
        let reviews = db::review_cards(&mut conn, project_id).await?;
        Ok((plans, reviews))
    }
}

#[cfg(test)]
mod tests {
    use std::net::SocketAddr;

    use relay_core::config::{Config, Flags};

    use crate::handle::DaemonHandle;
    use crate::store::Store;
    use crate::token::Token;

    async fn demo() -> (tempfile::TempDir, DaemonHandle) {
        let dir = tempfile::tempdir().unwrap();
        let flags = Flags {
            home: Some(dir.path().to_path_buf()),
            ..Flags::default()
        };
        let config = Config::load_with(&flags, |_| None).unwrap();
        crate::demo::seed(config.clone(), false).await.unwrap();
        let store = Store::open(&config.data_dir.db()).await.unwrap();
        let (token, _) = Token::load_or_create(&config.data_dir).unwrap();
        let addr: SocketAddr = "127.0.0.1:8765".parse().unwrap();
        (dir, DaemonHandle::new(config, store, token, addr))
    }

    /// The one statement agrees with each task's own plan: every task with steps, and only those, with the
    /// same counts, status and step in progress.
    #[tokio::test]
    async fn plan_cards_match_each_tasks_plan_in_the_demo() {
        let (_dir, handle) = demo().await;
        let board = handle.board();
        let mut seen = 0;
        for project in board.projects().await.unwrap() {
            let cards = board.plan_cards(&project.slug).await.unwrap();
            let snapshot = board.snapshot(&project.slug).await.unwrap();
            for task in &snapshot.tasks {
                let plan = board.plan(&task.key(), false).await.unwrap();
                let card = cards.iter().find(|c| c.key == task.key());
                if plan.steps.is_empty() {
                    assert!(card.is_none(), "{} has no steps but a card: {card:?}", task.key());
                    continue;
                }
                let summary = plan.summary();
                let card = card.unwrap_or_else(|| panic!("{} has steps but no card", task.key()));
                seen += 1;
                assert_eq!(card.status, summary.status, "{}", task.key());
                assert_eq!(card.steps as usize, summary.total, "{}", task.key());
                assert_eq!(card.done as usize, summary.done, "{}", task.key());
                assert_eq!(card.deviations as usize, summary.deviations, "{}", task.key());
                assert_eq!(card.now, summary.now, "{}", task.key());
            }
        }
        assert!(seen >= 2, "the demo has plans");
        let unknown = board.plan_cards("nope").await;
        assert!(unknown.is_err(), "{unknown:?}");
    }

    /// Every task with a checklist has a review badge, in any stage (not only the review queue's), with the
    /// counts its own review shows.
    #[tokio::test]
    async fn review_cards_match_each_tasks_checklist_in_every_stage() {
        use crate::board::{Caller, ReviewStepInput};
        let (_dir, handle) = demo().await;
        let board = handle.board();
        let project = board.projects().await.unwrap().remove(0).slug;
        let snapshot = board.snapshot(&project).await.unwrap();
        // A task outside review and test gets a checklist too.
        let plan = snapshot.tasks.iter().find(|t| t.stage == "plan").unwrap().key();
        let steps = [
            ReviewStepInput {
                title: "One".into(),
                details: None,
            },
            ReviewStepInput {
                title: "Two".into(),
                details: None,
            },
        ];
        board
            .set_review_steps(
                &plan,
                &steps,
                &Caller::mcp_token().with_session(Some("a".into()), None),
            )
            .await
            .unwrap();
        let (_, reviews) = board.cards(&project).await.unwrap();
        let mut seen = Vec::new();
        for task in &snapshot.tasks {
            let review = board.review(&task.key()).await.unwrap();
            let card = reviews.iter().find(|c| c.key == task.key());
            if review.steps.is_empty() {
                assert!(
                    card.is_none(),
                    "{} has no checklist but a card: {card:?}",
                    task.key()
                );
                continue;
            }
            let card = card.unwrap_or_else(|| panic!("{} has a checklist but no card", task.key()));
            assert_eq!(card.steps as usize, review.steps.len(), "{}", task.key());
            assert_eq!(card.accepted as usize, review.accepted(), "{}", task.key());
            assert_eq!(card.rejected as usize, review.rejected(), "{}", task.key());
            seen.push(task.stage.clone());
        }
        assert!(
            seen.contains(&"plan".to_owned()) && seen.contains(&"review".to_owned()),
            "{seen:?}"
        );
    }
}
