//! The Policy screen (`P`, issue 17): opened from a board on its project's policy, the values with their layer,
//! the chain and the ignored layers, the proposals on top decided with both confirmations, `/` filtering the
//! table, the selection kept when a proposal arrives, the scope and preset pickers, and the layer's editor — its
//! check with the errors naming path and problem, the preview saying what it widens, the save asking a second
//! time, a refused save keeping the text, and Esc from an edited text asking — drawn at 80×24 and 200×50.

use crossterm::event::KeyCode;
use relay_core::proto;

use super::{ch, ctrl, key, screen};
use crate::ui::app::{Action, Data, Effect, Fetch, Model, Screen, Write, update};
use crate::ui::policy::PolicyData;

const SIZES: [(u16, u16); 2] = [(80, 24), (200, 50)];

fn value(setting: &str, value_json: &str, source: &str) -> proto::PolicyValue {
    proto::PolicyValue {
        setting: setting.into(),
        value_json: value_json.into(),
        source: source.into(),
    }
}

fn proposal(id: i64, scope: &str, patch: &str, reason: &str) -> proto::PolicyProposal {
    proto::PolicyProposal {
        id,
        scope: scope.into(),
        patch_json: patch.into(),
        reason: reason.into(),
        proposed_by: "worker-1".into(),
        proposed_at_ms: 1_800_000_000_000,
        status: "pending".into(),
        error: None,
    }
}

fn data(proposals: Vec<proto::PolicyProposal>) -> PolicyData {
    PolicyData {
        policy: proto::Policy {
            scope: "acme".into(),
            chain: vec!["preset:default".into(), "global".into(), "project:acme".into()],
            lines: Vec::new(),
            ignored: vec![
                "environment:acme/staging: guard.mode: 'loud' is not one of ['off', 'log', 'warn', 'block']"
                    .into(),
            ],
            global_broken: None,
            layer_json: r#"{"guard":{"mode":"block"}}"#.into(),
            preset: "default".into(),
            values: vec![
                value("guard.mode", r#""block""#, "project:acme"),
                value("levels.live.default", r#""read""#, "preset:default"),
                value("levels.live.ssh", r#""ask""#, "global"),
                value("levels.test.default", r#""full""#, "preset:default"),
                value(
                    "guard.disable[]",
                    r#""a-very-long-rule-identifier-that-goes-on-and-on-past-any-narrow-column-of-the-table""#,
                    "global",
                ),
            ],
        },
        proposals,
        slugs: vec!["acme".into(), "api".into()],
        environments: vec!["acme/live".into(), "acme/staging".into()],
        layers: vec![
            proto::PolicyLayerInfo {
                scope: "global".into(),
                changed_at_ms: Some(1_800_000_000_000 - 7_200_000),
                settings: vec!["levels".into()],
                path: Some("/home/owner/.config/relay/policy.json".into()),
                ..proto::PolicyLayerInfo::default()
            },
            proto::PolicyLayerInfo {
                scope: "acme".into(),
                changed_at_ms: Some(1_800_000_000_000 - 180_000),
                changed_by: "owner".into(),
                settings: vec!["guard".into()],
                ..proto::PolicyLayerInfo::default()
            },
            proto::PolicyLayerInfo {
                scope: "api".into(),
                changed_at_ms: Some(1_800_000_000_000 - 86_400_000 * 3),
                changed_by: "owner".into(),
                settings: vec!["levels".into()],
                ..proto::PolicyLayerInfo::default()
            },
        ],
    }
}

fn fetch(scope: &str) -> Fetch {
    Fetch::Policy {
        scope: scope.into(),
        project: Some("acme".into()),
    }
}

fn loaded(scope: &str, data: PolicyData) -> Action {
    Action::Loaded {
        fetch: fetch(scope),
        result: Ok(Data::Policy(Box::new(data))),
    }
}

fn restart() -> proto::PolicyProposal {
    proposal(
        3,
        "acme/live",
        r#"{"levels":{"live":{"ssh":"full"}}}"#,
        "restarts need ssh on the live box",
    )
}

/// A board, then `P`: the project's policy with one proposal.
fn policy_model() -> Model {
    let mut model = Model::new(Screen::Board("acme".into()));
    model.now_ms = 1_800_000_000_000;
    update(
        &mut model,
        Action::Snapshot {
            lagged: false,
            last_event_id: 5,
        },
    );
    update(
        &mut model,
        super::board_answer("acme", proto::ProjectBoard::default()),
    );
    assert_eq!(
        update(&mut model, ch('P')),
        vec![Effect::Fetch(fetch("acme"))],
        "P on a board asks for its project's policy"
    );
    update(&mut model, loaded("acme", data(vec![restart()])));
    model
}

fn snapshot(name: &str, model: &Model) {
    for (width, height) in SIZES {
        let drawn = screen(model, width, height);
        for line in drawn.lines() {
            assert!(
                unicode_width::UnicodeWidthStr::width(line) <= usize::from(width),
                "{name} at {width}×{height}: a line runs past the edge: {line:?}"
            );
        }
        insta::assert_snapshot!(format!("policy_{name}_{width}x{height}"), drawn);
    }
}

fn typed(model: &mut Model, text: &str) {
    for c in text.chars() {
        match c {
            '\n' => update(model, key(KeyCode::Enter)),
            c => update(model, ch(c)),
        };
    }
}

/// The editor's cursor to the end of its text.
fn to_end(model: &mut Model) {
    for _ in 0..50 {
        update(model, key(KeyCode::Down));
    }
    update(model, key(KeyCode::End));
}

/// The editor's text now.
fn text(model: &Model) -> String {
    model.policy.editor.as_ref().unwrap().editor.text()
}

#[test]
fn the_policy_screen_shows_values_with_their_layer_the_chain_and_ignored_layers() {
    let model = policy_model();
    assert_eq!(model.screen, Screen::Policy("acme".into()));
    let text = screen(&model, 200, 50);
    for words in [
        "Policy · acme · preset default · 1 pending · 5 values",
        "preset:default → global → project:acme",
        "environment:acme/staging: guard.mode: 'loud' is not one of",
        "proposal #3",
        r#"levels {"live":{"ssh":"full"}}"#,
        "acme/live",
        "by worker-1 — restarts need ssh on the live box",
        r#""block""#,
        "guard.mode",
        "project:acme",
    ] {
        assert!(text.contains(words), "{words:?} missing:\n{text}");
    }
    snapshot("values", &model);
}

#[test]
fn the_selection_stays_on_its_row_when_a_proposal_arrives() {
    let mut model = policy_model();
    // On levels.live.ssh (the proposal, then two values above it).
    for _ in 0..3 {
        update(&mut model, ch('j'));
    }
    let on = |model: &Model| crate::ui::policy::id(&model.policy.rows()[model.policy.selected]);
    assert_eq!(on(&model), "value:levels.live.ssh");
    // An agent proposes: the screen follows the event, and the answer puts a row on top.
    let event = proto::Event {
        id: 9,
        kind: "policy.proposed".into(),
        subject: "acme".into(),
        project: Some("acme".into()),
        ..Default::default()
    };
    assert!(update(&mut model, Action::Event(event)).contains(&Effect::Fetch(fetch("acme"))));
    let newer = proposal(4, "global", r#"{"guard":{"mode":"log"}}"#, "too many asks");
    update(&mut model, loaded("acme", data(vec![newer, restart()])));
    assert_eq!(
        on(&model),
        "value:levels.live.ssh",
        "the selection stays on its value"
    );
    assert_eq!(model.policy.selected, 4);
}

#[test]
fn slash_filters_the_policy_table_and_esc_clears_it() {
    let mut model = policy_model();
    update(&mut model, ch('/'));
    typed(&mut model, "live");
    update(&mut model, key(KeyCode::Enter));
    let ids: Vec<String> = model.policy.rows().iter().map(crate::ui::policy::id).collect();
    assert_eq!(
        ids,
        ["proposal:3", "value:levels.live.default", "value:levels.live.ssh"],
        "the rows whose setting, value, layer, scope or reason hold the text"
    );
    let drawn = screen(&model, 80, 24);
    assert!(drawn.contains("/live  3 of 6 rows"), "{drawn}");
    snapshot("filtered", &model);
    update(&mut model, key(KeyCode::Esc));
    assert_eq!(model.policy.rows().len(), 6);
    assert_eq!(
        model.screen,
        Screen::Policy("acme".into()),
        "Esc cleared the filter first"
    );
}

#[test]
fn accepting_a_policy_proposal_asks_and_asks_again_naming_what_it_widens() {
    let mut model = policy_model();
    assert!(update(&mut model, ch('a')).is_empty(), "y/n first");
    let question = model.confirm.as_ref().unwrap().0.clone();
    assert!(
        question.starts_with("Accept policy proposal #3 for acme/live (restarts need ssh on the live box)"),
        "{question}"
    );
    assert!(
        update(&mut model, ch('n')).is_empty(),
        "any other key leaves it pending"
    );
    update(&mut model, ch('a'));
    let first = Write::DecidePolicyProposal {
        id: 3,
        accept: true,
        confirm: false,
    };
    assert_eq!(update(&mut model, ch('y')), vec![Effect::Write(first.clone())]);
    update(
        &mut model,
        Action::Widens {
            write: first,
            widens: vec!["levels.live.ssh rises to full on acme/live".into()],
        },
    );
    let question = model.confirm.as_ref().unwrap().0.clone();
    assert_eq!(
        question,
        "This widens agents' access on live: levels.live.ssh rises to full on acme/live. y confirms and accepts \
         policy proposal #3 · any other key leaves it as it is"
    );
    let confirmed = Write::DecidePolicyProposal {
        id: 3,
        accept: true,
        confirm: true,
    };
    assert_eq!(update(&mut model, ch('y')), vec![Effect::Write(confirmed)]);
    // Rejecting asks once.
    update(&mut model, ch('x'));
    let reject = Write::DecidePolicyProposal {
        id: 3,
        accept: false,
        confirm: false,
    };
    assert_eq!(update(&mut model, ch('y')), vec![Effect::Write(reject)]);
    // On a value row there is nothing to decide: it says what to select.
    update(&mut model, ch('G'));
    assert!(update(&mut model, ch('a')).is_empty());
    assert!(model.confirm.is_none());
    assert!(model.flash.as_ref().unwrap().lines[0].contains("select a policy proposal"));
}

#[test]
fn the_layer_check_shows_errors_naming_path_and_problem() {
    let mut model = policy_model();
    update(&mut model, ch('E'));
    assert_eq!(text(&model), "{\n  \"guard\": {\n    \"mode\": \"block\"\n  }\n}");
    // Not JSON: told at once, nothing sent.
    update(&mut model, ch('x'));
    assert!(update(&mut model, ctrl('t')).is_empty());
    let drawn = screen(&model, 200, 50);
    assert!(drawn.contains("Does not validate:"), "{drawn}");
    assert!(
        drawn.contains("line 1, column 1: the text is not JSON"),
        "{drawn}"
    );
    update(&mut model, key(KeyCode::Backspace));
    // relayd's errors: a line each with the layer, the path and the problem.
    let layer = text(&model);
    let preview = Fetch::PolicyPreview {
        scope: "acme".into(),
        layer: layer.clone(),
    };
    assert_eq!(
        update(&mut model, ctrl('t')),
        vec![Effect::Fetch(preview.clone())]
    );
    assert!(screen(&model, 80, 24).contains("checking…"));
    let errors = "project:acme: guard.mode: 'loud' is not one of ['off', 'log', 'warn', 'block']\n\
                  project:acme: levels.live.ssh: 'fully' is not one of ['none', 'read', 'ask', 'full']\n\
                  Nothing changed.";
    update(
        &mut model,
        Action::Loaded {
            fetch: preview,
            result: Err(errors.into()),
        },
    );
    let drawn = screen(&model, 200, 50);
    assert!(
        drawn.contains("• project:acme: guard.mode: 'loud' is not one of ['off', 'log', 'warn', 'block']"),
        "{drawn}"
    );
    assert!(
        drawn.contains("levels.live.ssh: 'fully' is not one of"),
        "{drawn}"
    );
    assert!(!drawn.contains("Nothing changed."), "{drawn}");
    snapshot("editor_errors", &model);
    // An answer for an older text is dropped.
    update(&mut model, ch(' '));
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::PolicyPreview {
                scope: "acme".into(),
                layer: "{}".into(),
            },
            result: Err("stale".into()),
        },
    );
    assert!(!screen(&model, 200, 50).contains("stale"));
    assert!(screen(&model, 200, 50).contains("The text changed since this check"));
}

#[test]
fn the_preview_says_what_it_widens_and_saving_asks_a_second_time() {
    let mut model = policy_model();
    update(&mut model, ch('E'));
    let layer = text(&model);
    let preview = Fetch::PolicyPreview {
        scope: "acme".into(),
        layer: layer.clone(),
    };
    update(&mut model, ctrl('t'));
    let answer = proto::PolicyPreview {
        scope: "acme".into(),
        chain: vec!["preset:default".into(), "global".into(), "project:acme".into()],
        lines: Vec::new(),
        widened: vec!["guard.mode weakens to log".into()],
        values: vec![
            value("guard.mode", r#""log""#, "project:acme"),
            value("levels.live.default", r#""read""#, "preset:default"),
        ],
    };
    update(
        &mut model,
        Action::Loaded {
            fetch: preview,
            result: Ok(Data::PolicyPreview(Box::new(answer))),
        },
    );
    let drawn = screen(&model, 200, 50);
    for words in [
        "Valid, and it widens agents' access on live (saving asks a second time):",
        "• guard.mode weakens to log",
        r#"* "log"  guard.mode  project:acme"#,
        r#"  "read"  levels.live.default  preset:default"#,
    ] {
        assert!(drawn.contains(words), "{words:?} missing:\n{drawn}");
    }
    snapshot("editor_preview", &model);
    let first = Write::SetPolicyLayer {
        scope: "acme".into(),
        layer_json: layer.clone(),
        confirm: false,
    };
    assert_eq!(update(&mut model, ctrl('s')), vec![Effect::Write(first.clone())]);
    assert!(model.policy.editor.as_ref().unwrap().busy);
    update(
        &mut model,
        Action::Widens {
            write: first,
            widens: vec!["guard.mode weakens to log".into()],
        },
    );
    let question = model.confirm.as_ref().unwrap().0.clone();
    assert_eq!(
        question,
        "This widens agents' access on live: guard.mode weakens to log. y confirms and saves the layer of acme \
         · any other key leaves it as it is"
    );
    // No: the editor keeps the text.
    update(&mut model, ch('n'));
    assert_eq!(text(&model), layer);
    update(&mut model, ctrl('s'));
    update(
        &mut model,
        Action::Widens {
            write: Write::SetPolicyLayer {
                scope: "acme".into(),
                layer_json: layer.clone(),
                confirm: false,
            },
            widens: vec!["guard.mode weakens to log".into()],
        },
    );
    let confirmed = Write::SetPolicyLayer {
        scope: "acme".into(),
        layer_json: layer,
        confirm: true,
    };
    assert_eq!(
        update(&mut model, ch('y')),
        vec![Effect::Write(confirmed.clone())]
    );
    let effects = update(
        &mut model,
        Action::Wrote {
            write: confirmed,
            result: Ok(crate::ui::app::Outcome {
                summary: "Saved the acme policy.".into(),
                ..Default::default()
            }),
        },
    );
    assert!(model.policy.editor.is_none(), "saved: the editor closes");
    assert!(effects.contains(&Effect::Fetch(fetch("acme"))));
    assert_eq!(model.flash.as_ref().unwrap().lines[0], "Saved the acme policy.");
}

#[test]
fn a_refused_save_keeps_the_text_with_the_reason() {
    let mut model = policy_model();
    update(&mut model, ch('E'));
    to_end(&mut model);
    update(&mut model, key(KeyCode::Enter));
    let layer = text(&model);
    let write = Write::SetPolicyLayer {
        scope: "acme".into(),
        layer_json: layer.clone(),
        confirm: false,
    };
    assert_eq!(update(&mut model, ctrl('s')), vec![Effect::Write(write.clone())]);
    update(
        &mut model,
        Action::Wrote {
            write,
            result: Err(
                "project:acme: custom.commands[0].pattern: back-references are not allowed\nNothing \
                         changed."
                    .into(),
            ),
        },
    );
    let editor = model.policy.editor.as_ref().expect("the editor stays open");
    assert!(!editor.busy);
    assert_eq!(editor.editor.text(), layer, "the text is kept");
    assert!(
        screen(&model, 200, 50)
            .contains("Refused: project:acme: custom.commands[0].pattern: back-references"),
        "{}",
        screen(&model, 200, 50)
    );
    // A text that is not an object is not sent.
    to_end(&mut model);
    for _ in 0..200 {
        update(&mut model, key(KeyCode::Backspace));
    }
    typed(&mut model, "[1]");
    assert!(update(&mut model, ctrl('s')).is_empty());
    assert!(
        model
            .policy
            .editor
            .as_ref()
            .unwrap()
            .error
            .as_ref()
            .unwrap()
            .contains("not an object"),
        "{:?}",
        model.policy.editor.as_ref().unwrap().error
    );
}

#[test]
fn an_emptied_layer_asks_before_it_is_removed() {
    let mut model = policy_model();
    update(&mut model, ch('E'));
    to_end(&mut model);
    for _ in 0..200 {
        update(&mut model, key(KeyCode::Backspace));
    }
    assert_eq!(text(&model), "");
    assert!(update(&mut model, ctrl('s')).is_empty(), "asks first");
    let question = model.confirm.as_ref().unwrap().0.clone();
    assert!(
        question.starts_with("Remove the acme layer (the text is empty)?"),
        "{question}"
    );
    let remove = Write::SetPolicyLayer {
        scope: "acme".into(),
        layer_json: String::new(),
        confirm: false,
    };
    assert_eq!(update(&mut model, ch('y')), vec![Effect::Write(remove)]);
}

#[test]
fn esc_from_an_edited_draft_asks_and_never_loses_it() {
    let mut model = policy_model();
    update(&mut model, ch('E'));
    // Unchanged: Esc leaves at once.
    update(&mut model, key(KeyCode::Esc));
    assert!(model.policy.editor.is_none());
    update(&mut model, ch('E'));
    to_end(&mut model);
    typed(&mut model, "\n// edited");
    let edited = text(&model);
    update(&mut model, key(KeyCode::Esc));
    assert!(model.policy.editor.as_ref().unwrap().leave_asked);
    snapshot("editor_leave", &model);
    // Any other key goes back to the text, untouched.
    update(&mut model, ch('n'));
    assert!(!model.policy.editor.as_ref().unwrap().leave_asked);
    assert_eq!(text(&model), edited);
    // k keeps it as a draft; E brings it back, saying so; quitting meanwhile asks.
    update(&mut model, key(KeyCode::Esc));
    update(&mut model, ch('k'));
    assert!(model.policy.editor.is_none());
    assert!(model.flash.as_ref().unwrap().lines[0].starts_with("Draft kept"));
    update(&mut model, ch('q'));
    assert!(
        model.quit_asked && !model.quit,
        "a kept draft is named before quitting"
    );
    update(&mut model, ch('n'));
    update(&mut model, ch('E'));
    assert_eq!(text(&model), edited);
    assert!(screen(&model, 200, 50).contains("Your draft is back"));
    // y drops it, saying so.
    update(&mut model, ctrl('c'));
    assert!(
        model.policy.editor.as_ref().unwrap().leave_asked,
        "Ctrl-C asks too"
    );
    update(&mut model, ch('y'));
    assert!(model.policy.editor.is_none());
    assert!(model.flash.as_ref().unwrap().lines[0].contains("were dropped"));
    update(&mut model, ch('E'));
    assert_ne!(text(&model), edited, "dropped means the stored layer again");
}

#[test]
fn the_scope_and_preset_pickers_choose_what_is_shown_and_written() {
    let mut model = policy_model();
    update(&mut model, ch('f'));
    let picker = model.picker.as_ref().unwrap();
    let values: Vec<Option<String>> = picker.choices.iter().map(|(_, v)| v.clone()).collect();
    assert_eq!(
        values,
        ["global", "acme", "api", "acme/live", "acme/staging"].map(|s| Some(s.to_owned()))
    );
    typed(&mut model, "live");
    assert_eq!(
        update(&mut model, key(KeyCode::Enter)),
        vec![Effect::Fetch(fetch("acme/live"))]
    );
    assert_eq!(model.screen, Screen::Policy("acme/live".into()));
    let mut live = data(Vec::new());
    live.policy.scope = "acme/live".into();
    update(&mut model, loaded("acme/live", live));
    update(&mut model, ch('t'));
    typed(&mut model, "strict");
    assert!(update(&mut model, key(KeyCode::Enter)).is_empty(), "asks first");
    let question = model.confirm.as_ref().unwrap().0.clone();
    assert!(
        question.starts_with(
            "Write preset strict into policy.json (local full, test ask, live none, guard block)?"
        ),
        "{question}"
    );
    let write = Write::SetPolicyPreset {
        preset: "strict".into(),
        confirm: false,
    };
    assert_eq!(update(&mut model, ch('y')), vec![Effect::Write(write)]);
    // Back goes to the board it came from.
    update(&mut model, key(KeyCode::Esc));
    assert_eq!(model.screen, Screen::Board("acme".into()));
}

#[test]
fn p_on_stands_and_access_opens_the_selected_environments_policy() {
    let mut model = policy_model();
    update(&mut model, key(KeyCode::Esc));
    update(&mut model, ch('A'));
    let map = proto::EnvironmentMap {
        project: "acme".into(),
        environments: vec![proto::Environment {
            name: "live".into(),
            kind: "live".into(),
            ..Default::default()
        }],
        ..Default::default()
    };
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Environments("acme".into()),
            result: Ok(Data::Environments(Box::new(map))),
        },
    );
    assert_eq!(
        update(&mut model, ch('P')),
        vec![Effect::Fetch(fetch("acme/live"))]
    );
}

#[test]
fn the_widening_list_is_read_from_the_refusals_metadata_not_its_words() {
    let mut status = tonic::Status::failed_precondition("any words at all");
    status.metadata_mut().insert_bin(
        proto::WIDENS_METADATA,
        tonic::metadata::MetadataValue::from_bytes(br#"["guard.mode weakens to off"]"#),
    );
    assert_eq!(
        crate::ui::worker::widens(&status),
        Some(vec!["guard.mode weakens to off".to_owned()])
    );
    let words_only = tonic::Status::failed_precondition("this widens agents' access on live: guard.mode");
    assert_eq!(
        crate::ui::worker::widens(&words_only),
        None,
        "words alone are not that refusal"
    );
    let mut other = tonic::Status::invalid_argument("bad");
    other.metadata_mut().insert_bin(
        proto::WIDENS_METADATA,
        tonic::metadata::MetadataValue::from_bytes(br#"["x"]"#),
    );
    assert_eq!(
        crate::ui::worker::widens(&other),
        None,
        "only FAILED_PRECONDITION"
    );
}

fn inbox_with_proposals(proposals: Result<crate::ui::inbox::Proposals, String>) -> Model {
    let mut model = Model::new(Screen::Inbox);
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Inbox,
            result: Ok(Data::Inbox(Box::default())),
        },
    );
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Proposals,
            result: proposals.map(|p| Data::Proposals(Box::new(p))),
        },
    );
    model
}

fn pending() -> crate::ui::inbox::Proposals {
    crate::ui::inbox::Proposals {
        environment: vec![proto::EnvironmentProposal {
            id: 7,
            project: "acme".into(),
            environment: "live".into(),
            change_json: r#"{"environment":"live","level":"full"}"#.into(),
            reason: "restarts need ssh".into(),
            proposed_by: "worker-1".into(),
            status: "pending".into(),
            ..Default::default()
        }],
        policy: vec![restart(), {
            let mut decided = proposal(5, "global", "{}", "old");
            decided.status = "rejected".into();
            decided
        }],
    }
}

#[test]
fn the_inbox_lists_the_agents_proposals_and_enter_opens_where_they_are_decided() {
    let mut model = inbox_with_proposals(Ok(pending()));
    let drawn = screen(&model, 200, 50);
    for words in [
        "Needs you · 2",
        "Proposed by agents (1)",
        r#"acme/live  #7 level "full"  — restarts need ssh · by worker-1"#,
        "Policy proposals (1)",
        r#"acme/live  #3 levels {"live":{"ssh":"full"}}  — restarts need ssh on the live box · by worker-1"#,
    ] {
        assert!(drawn.contains(words), "{words:?} missing:\n{drawn}");
    }
    assert!(
        !drawn.contains("#5"),
        "a decided proposal is not listed:\n{drawn}"
    );
    snapshot("inbox", &model);
    // Enter on the environment proposal: the project's Stands & access.
    assert_eq!(
        update(&mut model, key(KeyCode::Enter)),
        vec![Effect::Fetch(Fetch::Environments("acme".into()))]
    );
    update(&mut model, key(KeyCode::Esc));
    assert_eq!(model.screen, Screen::Inbox);
    // Enter on the policy proposal: the Policy screen of its scope.
    update(&mut model, ch('j'));
    assert_eq!(
        update(&mut model, key(KeyCode::Enter)),
        vec![Effect::Fetch(fetch("acme/live"))]
    );
    // A proposal event makes the inbox due (fetched with its proposals).
    let proposed = proto::Event {
        id: 30,
        kind: "environment.proposed".into(),
        subject: "acme/live".into(),
        project: Some("acme".into()),
        ..Default::default()
    };
    assert!(crate::ui::app::changes_inbox(&proposed));
}

#[test]
fn the_inbox_says_when_the_proposals_cannot_be_read() {
    let model = inbox_with_proposals(Err("relayd is offline; the window reconnects by itself".into()));
    let drawn = screen(&model, 120, 30);
    assert!(
        drawn.contains("the agents' proposals could not be read: relayd is offline"),
        "{drawn}"
    );
}

#[test]
fn an_emptied_global_layer_is_not_sent_and_says_what_to_write() {
    let mut model = policy_model();
    update(&mut model, ch('f'));
    typed(&mut model, "global");
    update(&mut model, key(KeyCode::Enter));
    assert_eq!(model.screen, Screen::Policy("global".into()));
    let mut global = data(Vec::new());
    global.policy.scope = "global".into();
    update(&mut model, loaded("global", global));
    update(&mut model, ch('E'));
    to_end(&mut model);
    for _ in 0..200 {
        update(&mut model, key(KeyCode::Backspace));
    }
    assert!(update(&mut model, ctrl('s')).is_empty());
    assert!(model.confirm.is_none());
    let error = model.policy.editor.as_ref().unwrap().error.clone().unwrap();
    assert!(error.contains("write {} for a file that sets nothing"), "{error}");
}

#[test]
fn a_broken_policy_json_is_said_above_the_values() {
    let mut model = policy_model();
    let mut broken = data(Vec::new());
    broken.policy.global_broken =
        Some("policy.json: guard.mode: 'loud' is not one of ['off', 'log', 'warn', 'block']".into());
    update(&mut model, loaded("acme", broken));
    let drawn = screen(&model, 200, 50);
    assert!(
        drawn.contains(
            "policy.json  broken, the last valid version is in effect: policy.json: guard.mode: 'loud' is not one of"
        ),
        "{drawn}"
    );
}

#[test]
fn the_palette_on_a_board_opens_the_policy_as_p_does() {
    let mut model = Model::new(Screen::Board("acme".into()));
    update(
        &mut model,
        super::board_answer("acme", proto::ProjectBoard::default()),
    );
    model.in_flight.clear();
    update(&mut model, ch(':'));
    model.in_flight.clear();
    typed(&mut model, "effective policy");
    let effects = update(&mut model, key(KeyCode::Enter));
    assert!(effects.contains(&Effect::Fetch(fetch("acme"))), "{effects:?}");
    assert_eq!(model.screen, Screen::Policy("acme".into()));
}
