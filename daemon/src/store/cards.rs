//! SQL of the board cards' Plan n/m and Review a/n badges (relaybay §2 "Cards"): one statement each for every
//! task of a project that has plan steps or a review checklist; the rows cross from the database thread as one
//! JSON array.

use relay_core::board::{PlanStepStatus, ReviewStepStatus};

use super::{Db, StoreError, run};
use serde::Deserialize;

/// A task's plan as its card shows it.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct PlanCardRow {
    pub key: String,
    /// draft or accepted (a task with steps is never `none`, but the column is passed as is).
    pub status: String,
    pub steps: i64,
    pub done: i64,
    /// Done steps whose conformance line starts with `deviation:`.
    pub deviations: i64,
    /// The title of the first step in progress.
    pub now: Option<String>,
}

/// The plan badges of the tasks of `project_id` that have plan steps, in task number order.
pub async fn plan_cards(db: &mut impl Db, project_id: i64) -> Result<Vec<PlanCardRow>, StoreError> {
    run(db, async |conn| {
        let json: String = sqlx::query_scalar(
            "SELECT coalesce(json_group_array(json_object(
                    'key', c.key, 'status', c.status, 'steps', c.steps, 'done', c.done,
                    'deviations', c.deviations, 'now', c.now)), '[]')
         FROM (SELECT p.slug || '-' || t.number AS key, t.plan_status AS status,
                      count(*) AS steps,
                      sum(s.status = ?2) AS done,
                      sum(s.status = ?2 AND s.conformance LIKE 'deviation:%') AS deviations,
                      (SELECT n.title FROM plan_step n
                        WHERE n.task_id = t.id AND n.status = ?3
                        ORDER BY n.position LIMIT 1) AS now
               FROM task t JOIN project p ON p.id = t.project_id
               JOIN plan_step s ON s.task_id = t.id
               WHERE t.project_id = ?1
               GROUP BY t.id
               ORDER BY t.number) c",
        )
        .bind(project_id)
        .bind(PlanStepStatus::Done.as_str())
        .bind(PlanStepStatus::InProgress.as_str())
        .fetch_one(conn)
        .await?;
        serde_json::from_str(&json).map_err(|err| sqlx::Error::Decode(Box::new(err)))
    })
    .await
}

/// A task's review checklist as its card shows it: `Review accepted/steps`, and how many are rejected.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct ReviewCardRow {
    pub key: String,
    pub steps: i64,
    pub accepted: i64,
    pub rejected: i64,
}

/// The review badges of the tasks of `project_id` that have a review checklist (in any stage), in task number
/// order.
pub async fn review_cards(db: &mut impl Db, project_id: i64) -> Result<Vec<ReviewCardRow>, StoreError> {
    run(db, async |conn| {
        let json: String = sqlx::query_scalar(
            "SELECT coalesce(json_group_array(json_object(
                    'key', c.key, 'steps', c.steps, 'accepted', c.accepted, 'rejected', c.rejected)), '[]')
         FROM (SELECT p.slug || '-' || t.number AS key, count(*) AS steps,
                      sum(s.status = ?2) AS accepted, sum(s.status = ?3) AS rejected
               FROM task t JOIN project p ON p.id = t.project_id
               JOIN review_step s ON s.task_id = t.id
               WHERE t.project_id = ?1
               GROUP BY t.id
               ORDER BY t.number) c",
        )
        .bind(project_id)
        .bind(ReviewStepStatus::Accepted.as_str())
        .bind(ReviewStepStatus::Rejected.as_str())
        .fetch_one(conn)
        .await?;
        serde_json::from_str(&json).map_err(|err| sqlx::Error::Decode(Box::new(err)))
    })
    .await
}
