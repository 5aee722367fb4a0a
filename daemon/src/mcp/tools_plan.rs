//! The plan tools: plan_get, plan_set, plan_step_update, plan_accept. Each adapts one board call
//! ([`crate::board::plan`]) and renders its answer with [`crate::board::render_plan`].

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::CallToolResult;
use rmcp::schemars::{self, JsonSchema};
use rmcp::{tool, tool_router};
use serde::Deserialize;

use super::error::{Access, failed};
use super::params::{FirstWriter, Writer};
use super::server::RelayMcp;
use super::tools::{ok, written};
use crate::board::{StepChange, StepInput, render_plan};

#[derive(Debug, Deserialize, JsonSchema)]
pub struct PlanGet {
    /// The task key, e.g. `acme-shop-12`.
    pub task: String,
}

// No doc comment: an inlined type's description would only cost tokens.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(inline)]
#[serde(deny_unknown_fields)]
pub struct PlanStepParam {
    /// One short line.
    pub title: String,
    /// What and why (markdown, up to 2000 characters).
    #[serde(default)]
    #[schemars(with = "String")]
    pub details: Option<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct PlanSet {
    /// The task key, e.g. `acme-shop-12`.
    pub task: String,
    /// The whole plan in order; replaces it. A step keeps its status while its title stays; [] removes the plan.
    pub steps: Vec<PlanStepParam>,
    /// Why (kept in the plan's history).
    pub reason: Option<String>,
    #[serde(flatten)]
    pub writer: FirstWriter,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct PlanStepUpdate {
    /// The task key, e.g. `acme-shop-12`.
    pub task: String,
    /// Step number, from 1.
    #[schemars(range(min = 1))]
    pub step: i64,
    /// done needs conformance.
    pub status: Option<String>,
    /// One line: what came out, or why blocked; "-" clears.
    pub outcome: Option<String>,
    /// A report of this task (12, #12, report:12) or an http(s) URL; "-" clears.
    pub link: Option<String>,
    /// For done: exactly `as planned` or `deviation: <why>`.
    pub conformance: Option<String>,
    /// New what and why (markdown, up to 2000 characters); "-" clears.
    pub details: Option<String>,
    #[serde(flatten)]
    pub writer: Writer,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct PlanAccept {
    /// The task key, e.g. `acme-shop-12`.
    pub task: String,
    #[serde(flatten)]
    pub writer: Writer,
}

#[tool_router(router = plan_router, vis = "pub(super)")]
impl RelayMcp {
    /// A task's plan: status, steps with checkpoints, the current step and the bound session's todo.
    #[tool(annotations(read_only_hint = true, open_world_hint = false))]
    async fn plan_get(&self, Parameters(p): Parameters<PlanGet>) -> CallToolResult {
        match self.board().plan(&p.task, false).await {
            Ok(plan) => ok(render_plan::plan(&plan)),
            Err(err) => failed(err, Access::Read),
        }
    }

    /// Writes a task's plan (2-5 steps), replacing the list; the owner accepts it.
    #[tool(annotations(destructive_hint = true, idempotent_hint = true, open_world_hint = false))]
    async fn plan_set(&self, Parameters(p): Parameters<PlanSet>) -> CallToolResult {
        let caller = p.writer.caller();
        let steps = p
            .steps
            .into_iter()
            .map(|s| StepInput {
                title: s.title,
                details: s.details,
            })
            .collect();
        match self.board().set_plan(&p.task, steps, p.reason, &caller).await {
            Ok(outcome) => {
                let line = render_plan::written(&outcome.value, outcome.changed);
                written(line, &outcome)
            }
            Err(err) => failed(err, Access::Write),
        }
    }

    /// Moves one plan step: in_progress when you start it, done with conformance when finished.
    #[tool(annotations(destructive_hint = false, idempotent_hint = true, open_world_hint = false))]
    async fn plan_step_update(&self, Parameters(p): Parameters<PlanStepUpdate>) -> CallToolResult {
        let caller = p.writer.caller();
        let change = StepChange {
            step: p.step,
            status: p.status,
            outcome: p.outcome,
            link: p.link,
            conformance: p.conformance,
            details: p.details,
        };
        match self.board().update_plan_step(&p.task, change, &caller).await {
            Ok(outcome) => {
                let line = render_plan::step_written(&outcome.value, outcome.changed);
                written(line, &outcome)
            }
            Err(err) => failed(err, Access::Write),
        }
    }

    /// Accepts a task's plan; for coordinators only (never the task's own session; the owner accepts in relay).
    #[tool(annotations(destructive_hint = false, idempotent_hint = true, open_world_hint = false))]
    async fn plan_accept(&self, Parameters(p): Parameters<PlanAccept>) -> CallToolResult {
        let caller = p.writer.caller();
        match self.board().accept_plan(&p.task, &caller).await {
            Ok(outcome) => {
                let line = render_plan::accepted(&outcome.value, outcome.changed);
                written(line, &outcome)
            }
            Err(err) => failed(err, Access::Write),
        }
    }
}
