//! The Policy screen (`P` on a board or on Stands & access, or the palette): the effective policy of one scope —
//! `global`, a project, or `project/environment` — as a table of value, setting and the layer that set it, with
//! the layer chain and the layers ignored because they do not validate (and why); the agents' pending policy
//! proposals on top to accept (`a`) or reject (`x`), each asking y/n; `f` chooses the scope, `t` writes a preset
//! into policy.json, `/` filters the rows. `E` opens the scope's layer as JSON in the window's editor: Ctrl-T
//! validates it and previews the effective policy after it (the errors with their path and problem, up to five;
//! whether it widens agents' access on live), Ctrl-S saves it. A write that widens agents' access on live is
//! refused until the owner confirms a second time, the question naming what it widens (from the refusal's
//! `relay-widens-bin` metadata). A draft is never lost: leaving an edited text asks (drop it, keep it as a draft
//! that `E` brings back, or go on editing), and a refused save keeps the text with the reason. The screen follows
//! `policy.*` and `environment.*` events live, the selection staying on its row.

use std::collections::HashMap;

use crossterm::event::{KeyCode, KeyEvent};
use relay_core::proto;

use super::app::{Data, Effect, Fetch, Flash, Level, Model, Screen, Write};
use super::editor::Editor;
use super::find::Find;
use super::fit::one_line;
use super::keymap::{Command, Scope};
use crate::client::Client;

/// The longest layer the editor takes, in characters (relay reads policy files up to 1 MiB; a layer a person
/// writes is a few hundred).
pub const LAYER_LIMIT: usize = 100_000;

/// What the screen shows of a scope.
#[derive(Debug, Clone, Default)]
pub struct PolicyData {
    pub policy: proto::Policy,
    /// The pending policy proposals of every scope.
    pub proposals: Vec<proto::PolicyProposal>,
    /// Every project's slug, and the environments of the screen's project: the scopes `f` offers.
    pub slugs: Vec<String>,
    pub environments: Vec<String>,
    /// Every policy layer with who saved it when (`ListPolicyLayers`).
    pub layers: Vec<proto::PolicyLayerInfo>,
}

#[derive(Debug, Default)]
pub struct PolicyState {
    /// `global`, a project's slug or `project/environment`.
    pub scope: String,
    /// The project the screen was opened from: its environments are among the scopes offered, Back goes to its
    /// board.
    pub project: Option<String>,
    pub data: Option<PolicyData>,
    /// The row: the proposals first, then the values.
    pub selected: usize,
    pub find: Find,
    /// The scope's layer being edited.
    pub editor: Option<LayerEditor>,
    /// Texts the owner left in the editor and chose to keep, by scope; `E` brings them back.
    pub drafts: HashMap<String, String>,
}

/// The editor of one scope's layer, with its last check.
#[derive(Debug, Clone)]
pub struct LayerEditor {
    pub scope: String,
    /// The layer as stored when the editor opened: when the stored one changes meanwhile, the editor says so.
    pub base: String,
    /// The text the editor opened with; any other text is unsaved.
    pub original: String,
    pub editor: Editor,
    /// The last validate-and-preview, for the text it checked.
    pub check: Option<Check>,
    /// Why the last save was refused (the text stays).
    pub error: Option<String>,
    /// A line for the owner that is not a refusal (a draft brought back).
    pub note: Option<String>,
    /// The save is on its way.
    pub busy: bool,
    /// Esc with unsaved text: the question is open.
    pub leave_asked: bool,
}

impl LayerEditor {
    /// Whether the text differs from what the editor opened with.
    pub fn changed(&self) -> bool {
        self.editor.text() != self.original
    }
}

#[derive(Debug, Clone)]
pub struct Check {
    /// The text checked: when the editor's text differs, the check is out of date.
    pub text: String,
    pub result: CheckResult,
}

#[derive(Debug, Clone)]
pub enum CheckResult {
    Waiting,
    /// What does not validate: one line each, naming the layer, the path and the problem (relayd gives five at
    /// most), or why the text is not a JSON object.
    Invalid(Vec<String>),
    Valid(Box<proto::PolicyPreview>),
}

/// One row of the screen.
pub enum Row<'a> {
    Proposal(&'a proto::PolicyProposal),
    Value(&'a proto::PolicyValue),
}

impl PolicyState {
    /// The rows the filter shows: the pending proposals, then the values.
    pub fn rows(&self) -> Vec<Row<'_>> {
        let Some(data) = &self.data else {
            return Vec::new();
        };
        let find = &self.find;
        let proposals = data
            .proposals
            .iter()
            .filter(|p| p.status == "pending")
            .filter(|p| {
                find.matches([
                    p.scope.as_str(),
                    p.reason.as_str(),
                    p.patch_json.as_str(),
                    p.proposed_by.as_str(),
                ])
            })
            .map(Row::Proposal);
        let values = data
            .policy
            .values
            .iter()
            .filter(|v| find.matches([v.setting.as_str(), v.value_json.as_str(), v.source.as_str()]))
            .map(Row::Value);
        proposals.chain(values).collect()
    }

    /// How many rows there are, filter or not.
    pub fn total(&self) -> usize {
        self.data.as_ref().map_or(0, |d| {
            d.policy.values.len() + d.proposals.iter().filter(|p| p.status == "pending").count()
        })
    }
}

/// A row's id, for keeping the selection on it.
pub fn id(row: &Row<'_>) -> String {
    match row {
        Row::Proposal(proposal) => format!("proposal:{}", proposal.id),
        Row::Value(value) => format!("value:{}", value.setting),
    }
}

/// The project a scope belongs to (`None` for global).
pub fn scope_project(scope: &str) -> Option<&str> {
    match scope {
        "global" => None,
        scope => Some(scope.split_once('/').map_or(scope, |(project, _)| project)),
    }
}

/// The screen's data: the scope's policy, the pending proposals, the projects and the environments of `project`
/// (the scope's own project when it has one).
pub async fn fetch(
    client: &mut Client,
    scope: &str,
    project: Option<&str>,
) -> Result<PolicyData, tonic::Status> {
    let (mut second, mut third, mut fourth) = (client.clone(), client.clone(), client.clone());
    let (policy, proposals, projects, layers) = tokio::join!(
        client.environments.get_policy(proto::GetPolicyRequest {
            scope: scope.to_owned(),
        }),
        second
            .environments
            .list_policy_proposals(proto::ListPolicyProposalsRequest {}),
        third.board.list_projects(proto::ListProjectsRequest {}),
        fourth
            .environments
            .list_policy_layers(proto::ListPolicyLayersRequest {}),
    );
    let mut data = PolicyData {
        policy: policy?.into_inner(),
        proposals: proposals?.into_inner().proposals,
        slugs: projects?
            .into_inner()
            .projects
            .into_iter()
            .map(|p| p.slug)
            .collect(),
        environments: Vec::new(),
        layers: layers?.into_inner().layers,
    };
    if let Some(project) = scope_project(scope).or(project) {
        let map = client
            .environments
            .get_environment_map(proto::GetEnvironmentMapRequest {
                project: project.to_owned(),
            })
            .await?
            .into_inner();
        data.environments = map
            .environments
            .into_iter()
            .map(|env| format!("{}/{}", map.project, env.name))
            .collect();
    }
    Ok(data)
}

/// Opens the policy of `scope`, remembering `project` (the board it was opened from).
pub(super) fn open(model: &mut Model, scope: String, project: Option<String>, effects: &mut Vec<Effect>) {
    if project.is_some() {
        model.policy.project = project;
    }
    model.open(Screen::Policy(scope), effects);
}

/// The screen moves to another scope: what was shown of the last one goes, the drafts and the project stay.
pub(super) fn switched(model: &mut Model, scope: &str) {
    let state = &mut model.policy;
    *state = PolicyState {
        scope: scope.to_owned(),
        project: state.project.take(),
        drafts: std::mem::take(&mut state.drafts),
        ..PolicyState::default()
    };
}

/// `f` chose a scope: the screen shows it instead (Back still goes where it went).
pub(super) fn pick_scope(model: &mut Model, scope: Option<String>, effects: &mut Vec<Effect>) {
    let Some(scope) = scope else {
        return;
    };
    if model.screen == Screen::Policy(scope.clone()) {
        return;
    }
    model.set_screen(Screen::Policy(scope));
    model.refetch(effects);
}

/// `t` chose a preset: asks before writing it into policy.json.
pub(super) fn pick_preset(model: &mut Model, preset: Option<String>) {
    let Some(preset) = preset else {
        return;
    };
    let question = format!(
        "Write preset {preset} into policy.json ({})? The rest of the file is kept. y writes · any other key \
         leaves the file as it is",
        preset_words(&preset)
    );
    model.confirm = Some((
        question,
        Write::SetPolicyPreset {
            preset,
            confirm: false,
        },
    ));
}

/// What a preset sets, in a few words.
pub fn preset_words(preset: &str) -> &'static str {
    match preset {
        "default" => "local and test full, live read, guard warn",
        "strict" => "local full, test ask, live none, guard block",
        "trusted" => "full everywhere, guard log",
        _ => "a preset relay does not know",
    }
}

pub const PRESETS: [&str; 3] = ["default", "strict", "trusted"];

pub(super) fn loaded(model: &mut Model, data: PolicyData) {
    let state = &mut model.policy;
    let before = state.rows().get(state.selected).map(id);
    state.data = Some(data);
    let ids: Vec<String> = state.rows().iter().map(id).collect();
    state.selected = super::find::reselect(before.as_deref(), &ids, state.selected);
}

/// A proposal's patch in one line (`guard.mode "block", levels {…}`).
pub fn patch_words(patch_json: &str) -> String {
    let Ok(serde_json::Value::Object(patch)) = serde_json::from_str::<serde_json::Value>(patch_json) else {
        return one_line(patch_json, 300);
    };
    let parts: Vec<String> = patch
        .iter()
        .map(|(key, value)| format!("{key} {value}"))
        .collect();
    match parts.is_empty() {
        true => "no change".to_owned(),
        false => one_line(&parts.join(", "), 400),
    }
}

pub(super) fn command(model: &mut Model, command: Command, _effects: &mut Vec<Effect>) {
    let len = model.policy.rows().len();
    match command {
        c if c.is_move() => {
            let page = model.page();
            super::app::step(&mut model.policy.selected, len, command, page);
        }
        Command::AcceptProposal | Command::RejectProposal => {
            decide(model, command == Command::AcceptProposal)
        }
        Command::EditField => edit(model),
        Command::PickScope | Command::PickPreset if model.policy.data.is_none() => {
            model.flash = Some(Flash {
                level: Level::Info,
                lines: vec!["the policy is still loading: try again in a moment".to_owned()],
            });
        }
        Command::PickScope => {
            model.picker = Some(super::picker::Picker::open(
                model,
                super::picker::Target::PolicyScope,
            ));
        }
        Command::PickPreset => {
            model.picker = Some(super::picker::Picker::open(
                model,
                super::picker::Target::PolicyPreset,
            ));
        }
        _ => model.dirty = false,
    }
}

/// `a` / `x` on a proposal: asks y/n first.
fn decide(model: &mut Model, accept: bool) {
    let state = &model.policy;
    let Some(Row::Proposal(proposal)) = state.rows().into_iter().nth(state.selected) else {
        model.flash = Some(Flash {
            level: Level::Info,
            lines: vec![
                "select a policy proposal (they are listed on top) to accept or reject it".to_owned(),
            ],
        });
        return;
    };
    let question = format!(
        "{} policy proposal #{} for {} ({}): {}? y {} · any other key leaves it pending",
        if accept { "Accept" } else { "Reject" },
        proposal.id,
        one_line(&proposal.scope, 120),
        one_line(&proposal.reason, 120),
        patch_words(&proposal.patch_json),
        if accept { "accepts" } else { "rejects" },
    );
    let write = Write::DecidePolicyProposal {
        id: proposal.id,
        accept,
        confirm: false,
    };
    model.confirm = Some((question, write));
}

/// `E`: the scope's layer in the editor (a kept draft comes back instead).
fn edit(model: &mut Model) {
    let state = &mut model.policy;
    let Some(data) = &state.data else {
        model.flash = Some(Flash {
            level: Level::Info,
            lines: vec!["the policy is still loading: try again in a moment".to_owned()],
        });
        return;
    };
    let base = data.policy.layer_json.clone();
    let original = pretty(&base);
    let draft = state.drafts.remove(&state.scope);
    let note = draft
        .as_ref()
        .map(|d| format!("Your draft is back ({} characters).", d.chars().count()));
    let editor = Editor::with_text(draft.as_deref().unwrap_or(&original), LAYER_LIMIT).at_start();
    state.editor = Some(LayerEditor {
        scope: state.scope.clone(),
        base,
        original,
        editor,
        check: None,
        error: None,
        note,
        busy: false,
        leave_asked: false,
    });
}

/// A layer as the editor shows it: pretty JSON (as stored when it is not JSON).
fn pretty(layer: &str) -> String {
    match serde_json::from_str::<serde_json::Value>(layer) {
        Ok(value) => serde_json::to_string_pretty(&value).unwrap_or_else(|_| layer.to_owned()),
        Err(_) => layer.to_owned(),
    }
}

/// Whether the layer editor has the keys.
pub(super) fn editing(model: &Model) -> bool {
    matches!(model.screen, Screen::Policy(_)) && model.policy.editor.is_some()
}

/// What the window can tell of a text before relayd sees it: not JSON (where), or JSON but not an object.
/// An empty text is for relayd to judge (it removes a project or environment layer).
pub fn local_problems(text: &str) -> Option<Vec<String>> {
    if text.trim().is_empty() {
        return None;
    }
    match serde_json::from_str::<serde_json::Value>(text) {
        Ok(serde_json::Value::Object(_)) => None,
        Ok(_) => Some(vec![
            "the layer is JSON but not an object; a layer is an object such as {\"guard\": {\"mode\": \"block\"}}"
                .to_owned(),
        ]),
        Err(err) => Some(vec![format!(
            "line {}, column {}: the text is not JSON ({err})",
            err.line(),
            err.column()
        )]),
    }
}

/// A key while the layer editor is open.
pub(super) fn editor_key(model: &mut Model, key: KeyEvent, effects: &mut Vec<Effect>) {
    let command = model.keymap.lookup(&[Scope::PolicyEditor], &key);
    let Some(state) = model.policy.editor.as_mut() else {
        return;
    };
    if state.leave_asked {
        state.leave_asked = false;
        let scope = state.scope.clone();
        let text = state.editor.text();
        match key.code {
            KeyCode::Char('y' | 'Y') => {
                model.policy.editor = None;
                model.flash = Some(Flash {
                    level: Level::Info,
                    lines: vec![format!(
                        "Left the editor: your changes to the {scope} layer were dropped."
                    )],
                });
            }
            KeyCode::Char('k' | 'K') => {
                model.policy.editor = None;
                let chars = text.chars().count();
                model.policy.drafts.insert(scope.clone(), text);
                model.flash = Some(Flash {
                    level: Level::Info,
                    lines: vec![format!(
                        "Draft kept ({chars} characters): E on the {scope} policy brings it back. Nothing was saved."
                    )],
                });
            }
            // Any other key goes back to the text.
            _ => {}
        }
        return;
    }
    match command {
        Some(Command::Cancel) => {
            if state.changed() {
                state.leave_asked = true;
            } else {
                let scope = state.scope.clone();
                model.policy.editor = None;
                model.policy.drafts.remove(&scope);
            }
        }
        _ if state.busy => model.dirty = false,
        Some(Command::CheckLayer) => check(model, effects),
        Some(Command::Submit) => save(model, effects),
        _ => match state.editor.key_checked(&key) {
            Ok(changed) => {
                model.dirty = changed;
                if changed {
                    state.error = None;
                    state.note = None;
                }
            }
            Err(full) => state.error = Some(full),
        },
    }
}

/// Text pasted into the layer editor: all of it, or nothing and the reason.
pub(super) fn paste(model: &mut Model, text: &str) {
    let Some(state) = model.policy.editor.as_mut() else {
        model.dirty = false;
        return;
    };
    if state.busy || state.leave_asked {
        model.dirty = false;
        return;
    }
    match state.editor.paste_text(text, false) {
        Ok(()) => state.error = None,
        Err(why) => state.error = Some(why),
    }
}

/// Ctrl-T: validate and preview the text (nothing saved). What the window can tell itself is told at once.
fn check(model: &mut Model, effects: &mut Vec<Effect>) {
    let Some(state) = model.policy.editor.as_mut() else {
        return;
    };
    let text = state.editor.text();
    let result = match local_problems(&text) {
        Some(problems) => CheckResult::Invalid(problems),
        None => CheckResult::Waiting,
    };
    let ask = matches!(result, CheckResult::Waiting);
    state.check = Some(Check {
        text: text.clone(),
        result,
    });
    if ask {
        let fetch = Fetch::PolicyPreview {
            scope: state.scope.clone(),
            layer: text,
        };
        model.fetch_once(fetch, effects);
    }
}

/// Ctrl-S: save the text (relayd validates it again). An empty text removes a project or environment layer, which
/// asks first; a text that is not a JSON object is not sent.
fn save(model: &mut Model, effects: &mut Vec<Effect>) {
    let Some(state) = model.policy.editor.as_mut() else {
        return;
    };
    let text = state.editor.text();
    if text.trim().is_empty() && state.scope == "global" {
        state.error = Some(
            "not saved: the global layer is the file policy.json and is not removed from here; write {} for a file \
             that sets nothing"
                .to_owned(),
        );
        return;
    }
    if let Some(problems) = local_problems(&text) {
        state.error = Some(format!("not saved: {}", problems.join("; ")));
        state.check = Some(Check {
            text,
            result: CheckResult::Invalid(problems),
        });
        return;
    }
    let write = Write::SetPolicyLayer {
        scope: state.scope.clone(),
        layer_json: if text.trim().is_empty() {
            String::new()
        } else {
            text
        },
        confirm: false,
    };
    if let Write::SetPolicyLayer {
        layer_json, scope, ..
    } = &write
        && layer_json.is_empty()
    {
        let question = format!(
            "Remove the {scope} layer (the text is empty)? Its values fall back to the layers below it. y removes · \
             any other key goes back to the editor"
        );
        model.confirm = Some((question, write));
        return;
    }
    state.busy = true;
    state.error = None;
    effects.push(Effect::Write(write));
}

/// The answer to a check: shown when it is for the text last checked (an older one is dropped).
pub(super) fn previewed(model: &mut Model, fetch: Fetch, result: Result<Data, String>) {
    let Fetch::PolicyPreview { scope, layer } = fetch else {
        return;
    };
    let Some(check) = model
        .policy
        .editor
        .as_mut()
        .filter(|e| e.scope == scope)
        .and_then(|e| e.check.as_mut())
        .filter(|c| c.text == layer)
    else {
        model.dirty = false;
        return;
    };
    check.result = match result {
        Ok(Data::PolicyPreview(preview)) => CheckResult::Valid(preview),
        Ok(_) => CheckResult::Invalid(vec!["relayd answered something else".to_owned()]),
        Err(message) => CheckResult::Invalid(
            message
                .lines()
                .map(str::trim)
                .filter(|line| !line.is_empty() && *line != "Nothing changed.")
                .map(|line| one_line(line, 400))
                .collect(),
        ),
    };
}

/// A write went through: a saved layer closes its editor (the draft is done with).
pub(super) fn saved(model: &mut Model, write: &Write) {
    if let Write::SetPolicyLayer { scope, .. } = write {
        model.policy.drafts.remove(scope);
        if model.policy.editor.as_ref().is_some_and(|e| e.scope == *scope) {
            model.policy.editor = None;
        }
    }
}

/// A refused save keeps the editor and its text, with the reason. Whether it was the editor's.
pub(super) fn refused(model: &mut Model, write: &Write, message: &str) -> bool {
    let Write::SetPolicyLayer { scope, .. } = write else {
        return false;
    };
    match model.policy.editor.as_mut().filter(|e| e.scope == *scope) {
        Some(state) => {
            state.busy = false;
            state.error = Some(message.to_owned());
            true
        }
        None => false,
    }
}

/// A write refused because it widens agents' access on live: asks a second time, naming what it widens, and
/// sends the confirmed write on y. An editor's text stays meanwhile.
pub(super) fn widens(model: &mut Model, write: Write, widens: &[String]) {
    if let Write::SetPolicyLayer { scope, .. } = &write
        && let Some(state) = model.policy.editor.as_mut().filter(|e| e.scope == *scope)
    {
        state.busy = false;
        state.note = Some("Not saved yet: it widens agents' access on live (see the question).".to_owned());
    }
    if let Write::SetEnvironment { .. } = &write
        && let Some(form) = model.form.as_mut()
    {
        form.busy = false;
        form.note = Some("Not saved yet: it widens agents' access on live (see the question).".to_owned());
    }
    let what: Vec<String> = widens.iter().map(|line| one_line(line, 200)).collect();
    match write.confirmed() {
        Some((confirmed, words)) => {
            let question = format!(
                "This widens agents' access on live: {}. y confirms and {words} · any other key leaves it as it is",
                what.join("; ")
            );
            model.confirm = Some((question, confirmed));
        }
        None => {
            model.flash = Some(Flash {
                level: Level::Error,
                lines: vec![format!(
                    "{}: refused, it widens agents' access on live ({}); nothing changed",
                    write.key(),
                    what.join("; ")
                )],
            });
        }
    }
}
