//! The server instructions every client receives on connect: the working contract, short and numbered
//! (relaybay spec §3, adapted to the tools relay has now). The report format comes from the effective global
//! rules, so the instructions never disagree with rules_get.

use relay_core::rules::EffectiveRules;

use super::profile::Profile;

/// The instructions for a connection of `profile`; `missing` names the tools the profile leaves out.
pub fn instructions(rules: &EffectiveRules, profile: Profile, missing: &[String]) -> String {
    let format = rules.doc().report_format();
    let mut points = vec![
        "Read project_snapshot(project) first: its first line names the working rules in force (full text: \
         rules_get or the resource relay://rules/{project}); project_list lists the projects."
            .to_owned(),
        "Pick the task you work on (task_bind_session), or create it with task_create, and pass session on every \
         write: your desktop session id (local_…), else a stable name. On your first write (task_create, \
         task_bind_session, plan_set or task_set_stage) also pass session_title, and hook_session when your session \
         start named one (it links your hooks, so the owner's comments reach you). A task bound to another live \
         session is refused unless you pass replace=true; do that only when the owner asked you to take it over."
            .to_owned(),
        "On every stage change (task_set_stage) and every report (report_add) also pass next_step and waiting_on; \
         keep progress as the running summary of everything done (rewrite it, do not append)."
            .to_owned(),
        format!(
            "Report with report_add at the end of every stage. First line: `{}`; states: {}; sizes: {}.",
            format.first_line,
            format.states.join(", "),
            format.sizes.join(", ")
        ),
        "When a decision is needed, set waiting_on to who decides; record what was decided with decision_add."
            .to_owned(),
        "Write fields your cached schema lacks with task_patch(task, fields={…}); relay://schema/task lists every \
         editable field. \"-\" clears an optional field."
            .to_owned(),
        "Pass expected_version (task_get shows the version) when you must not overwrite a newer change; on a \
         conflict read the task again and re-apply your change."
            .to_owned(),
        "Fix what a \"Warning (rules):\" line names. In strict mode a move that misses a rule is refused and \
         nothing changes."
            .to_owned(),
        "Start with a plan: plan_set from PLAN.md or your own 2-5 steps (S tasks: at least a todo); the owner \
         accepts it. Mark steps in_progress / done with plan_step_update; done needs one line, `as planned` or \
         `deviation: <why>`."
            .to_owned(),
        "Before moving a task to review or test, write the Owner check with review_steps_set (what the owner \
         checks by eye, step by step) and attach screenshots with attach_file. Only the owner accepts or rejects; \
         the decisions arrive as owner comments. Handle an owner comment like a message from the user, then \
         comment_ack it or answer with comment_add(in_reply_to); comments_list shows the unread ones."
            .to_owned(),
        "Catch up with events_since(after=<last event id>) instead of reading everything again. Long answers \
         come a page at a time: when one ends with a call (task_list(…, after=…), events_since(after=…), \
         task_get(…, reports_before=…)), make that call for the rest."
            .to_owned(),
    ];
    if profile.includes("environments_get") {
        points.push(
            "Before touching a stand (a test or live server, database, cluster or deploy repo), read              environments_get(project): each environment's kind, your level on it (none, read, ask, full) and its              access map. The guard checks your shell and MCP calls against it. Never store a secret: only where it              lives (a path, an environment variable name, a vault path). To change an environment or a level,              propose it with environment_propose(project, change, reason) or policy_propose(scope, patch, reason);              only the owner decides."
                .to_owned(),
        );
    }
    if profile.includes("relay_session_brief") {
        points.push(
            "Before editing files you have not touched in this session, call relay_session_brief(paths): who else \
             is on them and why, the last decisions about them, who to ask. Record a decision about files with \
             relay_report_decision(decision, files); relay_graph_query runs the memory graph's named queries."
                .to_owned(),
        );
    }
    match profile {
        Profile::Core if !missing.is_empty() => points.push(format!(
            "This connection has the core tools; {} are in the full profile (/mcp?profile=full). The rules are also \
             the resource relay://rules/{{project}}.",
            missing
                .iter()
                .filter(|tool| Profile::Full.includes(tool))
                .cloned()
                .collect::<Vec<_>>()
                .join(", ")
        )),
        Profile::Coordinator => points.push(
            "As a coordinator you may accept another session's plan with plan_accept(task, session=<yours>); never \
             a plan of a task bound to you — the owner accepts those."
                .to_owned(),
        ),
        Profile::Core | Profile::Full => {}
    }
    let mut text = String::from(
        "relay is the board of projects and tasks shared by the AI coding agents on this machine and their owner. \
         Working contract:\n",
    );
    for (number, point) in points.iter().enumerate() {
        text.push_str(&format!("{}. {point}\n", number + 1));
    }
    text.pop();
    text
}

#[cfg(test)]
mod tests {
    use relay_core::rules::{RulesLayer, RulesMode, effective};

    use super::*;

    #[test]
    fn instructions_name_the_report_format_of_the_global_rules_when_built() {
        let rules = effective(&RulesLayer::default(), None, RulesMode::Warn);
        let text = instructions(&rules, Profile::Full, &[]);
        assert!(
            text.contains("\n1. Read project_snapshot(project) first"),
            "{text}"
        );
        assert!(
            text.contains("states: inspected, changed, verified, committed, pushed, blocked; sizes: S, M, L")
        );
        assert!(!text.contains("core tools"), "{text}");
        assert_eq!(
            text.matches("a page at a time").count(),
            1,
            "paging is mentioned once: {text}"
        );
    }

    #[test]
    fn instructions_name_the_missing_tools_when_the_profile_is_core() {
        let rules = effective(&RulesLayer::default(), None, RulesMode::Warn);
        let missing = vec!["decision_add".to_owned(), "rules_get".to_owned()];
        let text = instructions(&rules, Profile::Core, &missing);
        assert!(
            text.contains(". This connection has the core tools; decision_add, rules_get are in the full")
        );
    }
}
