//! The merge rule, one test per clause, and the pipeline's order: what a step sees of the steps before it.

use std::sync::Mutex;

use relay_core::hook::{Agent, Decision, Phase, read_event};
use serde_json::json;

use super::*;
use crate::testing::fixture;

fn context(lines: &[&str]) -> StepAnswer {
    StepAnswer {
        context: lines.iter().map(|l| (*l).to_owned()).collect(),
        deny: None,
        ask: None,
    }
}

fn deny(reason: &str) -> StepAnswer {
    StepAnswer {
        context: vec![format!("context of {reason}")],
        deny: Some(reason.to_owned()),
        ask: None,
    }
}

#[test]
fn the_first_deny_wins_when_several_steps_deny() {
    let decision = merge([context(&["a"]), deny("first"), deny("second")], CONTEXT_BUDGET);
    assert_eq!(
        decision,
        Decision::Deny {
            reason: "first".into()
        }
    );
}

#[test]
fn contexts_are_dropped_when_a_step_denies() {
    let decision = merge([context(&["heads-up"]), deny("held")], CONTEXT_BUDGET);
    assert_eq!(
        decision,
        Decision::Deny {
            reason: "held".into()
        }
    );
}

#[test]
fn contexts_concatenate_in_step_order_when_no_step_denies() {
    let decision = merge(
        [context(&["one"]), StepAnswer::pass(), context(&["two", "three"])],
        CONTEXT_BUDGET,
    );
    assert_eq!(
        decision,
        Decision::Context {
            text: "one\ntwo\nthree".into()
        }
    );
}

#[test]
fn nothing_said_is_allow_when_every_step_passes() {
    assert_eq!(
        merge([StepAnswer::pass(), StepAnswer::pass()], CONTEXT_BUDGET),
        Decision::Allow
    );
}

#[test]
fn lines_past_the_shared_budget_are_cut_and_the_cut_is_said_when_steps_say_too_much() {
    let decision = merge([context(&["12345", "67890"]), context(&["abc"])], 11);
    assert_eq!(
        decision,
        Decision::Context {
            text: "12345\n67890\n(1 more line(s) cut: relay's hook context is limited to 11 characters.)"
                .into()
        }
    );
}

/// A step that records what it saw and answers as told.
#[derive(Debug)]
struct Probe {
    answer: StepAnswer,
    saw: Mutex<Vec<(bool, usize)>>,
}

impl Probe {
    fn new(answer: StepAnswer) -> Probe {
        Probe {
            answer,
            saw: Mutex::new(Vec::new()),
        }
    }

    fn saw(&self) -> Vec<(bool, usize)> {
        self.saw.lock().unwrap().clone()
    }
}

impl Step for Probe {
    fn name(&self) -> &'static str {
        "probe"
    }

    fn run<'a>(&'a self, call: &'a HookCall<'a>) -> StepFuture<'a> {
        Box::pin(async move {
            self.saw
                .lock()
                .unwrap()
                .push((call.denied(), call.context_left()));
            self.answer.clone()
        })
    }
}

fn event() -> HookEvent {
    let body = json!({
        "session_id": "cc-1", "cwd": "/w", "hook_event_name": "PreToolUse",
        "tool_name": "Bash", "tool_input": {"command": "ls"},
    });
    read_event(Agent::Claude, Phase::PreTool, body.to_string().as_bytes()).unwrap()
}

#[tokio::test]
async fn a_later_step_sees_the_earlier_deny_and_the_budget_left_when_the_pipeline_runs() {
    let (_dir, handle) = fixture().await;
    let first = Probe::new(context(&["0123456789"]));
    let second = Probe::new(deny("held"));
    let third = Probe::new(context(&["late"]));
    let steps: [&(dyn Step + Sync); 3] = [&first, &second, &third];

    let decision = handle.run_steps(&steps, &event()).await;

    assert_eq!(
        decision,
        Decision::Deny {
            reason: "held".into()
        }
    );
    assert_eq!(first.saw(), vec![(false, CONTEXT_BUDGET)]);
    // Ten characters and the line break.
    assert_eq!(second.saw(), vec![(false, CONTEXT_BUDGET - 11)]);
    assert_eq!(
        third.saw(),
        vec![(true, CONTEXT_BUDGET - 11 - "context of held".len() - 1)]
    );
}

#[test]
fn the_pipeline_runs_the_guard_then_the_locks_then_the_snapshot_then_the_brief_then_claude_code_then_the_ledger()
 {
    // The guard first: a call it refuses claims no lock and needs no snapshot; the memory graph's brief after the
    // locks (a refused edit gets none); Claude Code's step comes last.
    let names: Vec<&str> = STEPS.iter().map(|step| step.name()).collect();
    assert_eq!(names, ["guard", "locks", "undo", "brief", "claude", "ledger"]);
}
