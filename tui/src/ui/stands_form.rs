//! The Stands & access forms (`n`, `E`, `d`, `c` on the Stands & access screen): an environment or an access entry
//! as `field: value` lines in the window's form editor, read here into the change relayd takes. A line the window
//! can judge (an unknown field, a kind or level relay does not have, a yes/no that is neither) is refused naming its
//! line and field, and nothing is sent; relayd judges the rest (names, secrets in the values, test secrets on live)
//! and its words are shown in the form, the text kept. A change that widens agents' access on live asks a second
//! time, naming what it widens. A test secret's value is never drawn: an entry opened for editing shows it as
//! `(kept)`, which keeps the stored value; deleting asks first.

use relay_core::proto;

use super::app::{Effect, Flash, Level, Model, Write};
use super::editor::Editor;
use super::form::{Form, FormKind};
use super::picker::{Picker, Target};

/// An environment change as a write carries it. The message holds no float, so its equality is total (prost
/// derives `PartialEq` only for it).
#[derive(Debug, Clone, PartialEq)]
pub struct EnvChange(pub proto::EnvironmentChange);

impl Eq for EnvChange {}

/// What stands in for a test secret's value in a form: the stored value is kept.
pub const KEPT: &str = "(kept)";

/// The capabilities an override names, in the order relay lists them.
pub const CAPABILITIES: [&str; 5] = ["sign_in", "ssh", "kubectl", "db", "deploy"];
const LEVELS: [&str; 5] = ["none", "read", "ask", "full", "default"];
const KINDS: [&str; 3] = ["local", "test", "live"];
const ACCESS_KINDS: [&str; 7] = ["ssh", "kubectl", "db", "gitops", "logs", "monitoring", "other"];
const FIELDS: [&str; 8] = [
    "name",
    "kind",
    "base_url",
    "level",
    "overrides",
    "sign_in_allowed",
    "login_state_path",
    "notes",
];

/// A form of the Stands & access screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StandForm {
    /// A new environment (`name` none) or an existing one; `overrides` are the capabilities it overrides now (one
    /// left out of the form's list is removed).
    Environment {
        project: String,
        name: Option<String>,
        overrides: Vec<String>,
        prefill: String,
    },
    /// A new access entry (`id` none) or an existing one of `environment`; `kept` holds its test secrets' stored
    /// values by field name, for `(kept)`.
    Access {
        project: String,
        environment: String,
        id: Option<i64>,
        kept: Vec<(String, String)>,
        prefill: String,
    },
}

impl StandForm {
    pub fn prefill(&self) -> &str {
        match self {
            StandForm::Environment { prefill, .. } | StandForm::Access { prefill, .. } => prefill,
        }
    }

    /// The name its draft is kept under.
    pub fn draft_key(&self) -> String {
        match self {
            StandForm::Environment { project, name, .. } => {
                format!("{project} environment {}", name.as_deref().unwrap_or("(new)"))
            }
            StandForm::Access {
                project,
                environment,
                id,
                ..
            } => match id {
                Some(id) => format!("{project}/{environment} access #{id}"),
                None => format!("{project}/{environment} new access entry"),
            },
        }
    }

    /// The form's title and the line above its text.
    pub fn words(&self) -> (String, String) {
        match self {
            StandForm::Environment {
                project, name: None, ..
            } => (
                format!(" New environment in {project} "),
                "field: value, one a line; name and kind (local, test or live) needed".to_owned(),
            ),
            StandForm::Environment { name: Some(name), .. } => (
                format!(" Environment {name} "),
                "field: value, one a line; empty clears, level default = the policy's".to_owned(),
            ),
            StandForm::Access {
                environment,
                id: None,
                ..
            } => (
                format!(" New access entry of {environment} "),
                "kind: first, then name: value; test NAME: value is a test secret".to_owned(),
            ),
            StandForm::Access {
                environment,
                id: Some(id),
                ..
            } => (
                format!(" Access entry #{id} of {environment} "),
                format!("{KEPT} keeps a test secret's value; empty the text to delete the entry"),
            ),
        }
    }
}

/// The Stands & access form `form` as the window opens it: the owner's draft of it, else its prefilled text.
fn open(model: &mut Model, form: StandForm) {
    let draft = model.drafts.get(&form.draft_key()).cloned();
    let note = draft
        .as_ref()
        .map(|d| format!("Your draft is back ({} characters).", d.chars()));
    let editor = draft.unwrap_or_else(|| Editor::with_text(form.prefill(), 20_000).at_start());
    model.form = Some(Form {
        kind: FormKind::Stand(form),
        editor,
        error: None,
        note,
        busy: false,
    });
}

/// `n`: a new environment of the screen's project.
pub(super) fn new_environment(model: &mut Model) {
    let project = model.environments.slug.clone();
    let prefill = "name: \nkind: test\nbase_url: \nlevel: default\noverrides: \nsign_in_allowed: no\nnotes: "
        .to_owned();
    open(
        model,
        StandForm::Environment {
            project,
            name: None,
            overrides: Vec::new(),
            prefill,
        },
    );
}

/// `E`: the selected environment's fields.
pub(super) fn edit_environment(model: &mut Model, env: &proto::Environment) {
    let project = model.environments.slug.clone();
    let overrides: Vec<&proto::CapabilityLevel> = env
        .capabilities
        .iter()
        .filter(|c| c.r#override.is_some())
        .collect();
    let listed: Vec<String> = overrides
        .iter()
        .map(|c| format!("{}={}", c.capability, c.r#override.as_deref().unwrap_or_default()))
        .collect();
    let prefill = [
        format!("name: {}", env.name),
        format!("kind: {}", env.kind),
        format!("base_url: {}", env.base_url.as_deref().unwrap_or_default()),
        format!("level: {}", env.own_level.as_deref().unwrap_or("default")),
        format!("overrides: {}", listed.join(", ")),
        format!(
            "sign_in_allowed: {}",
            if env.sign_in_allowed { "yes" } else { "no" }
        ),
        format!(
            "login_state_path: {}",
            env.login_state_path.as_deref().unwrap_or_default()
        ),
        format!("notes: {}", one_row(env.notes.as_deref().unwrap_or_default())),
    ]
    .join("\n");
    open(
        model,
        StandForm::Environment {
            project,
            name: Some(env.name.clone()),
            overrides: overrides.iter().map(|c| c.capability.clone()).collect(),
            prefill,
        },
    );
}

/// `d`: asks before deleting the selected environment with its entries.
pub(super) fn delete_environment(model: &mut Model, env: &proto::Environment) {
    let entries = match env.access.len() {
        0 => "no access entries".to_owned(),
        1 => "its access entry".to_owned(),
        n => format!("its {n} access entries"),
    };
    let question = format!(
        "Delete environment {} ({}) of {} and {entries}? Agents lose what it tells them. y deletes · any other key \
         keeps it",
        env.name, env.kind, model.environments.slug
    );
    model.confirm = Some((
        question,
        Write::RemoveEnvironment {
            project: model.environments.slug.clone(),
            environment: env.name.clone(),
        },
    ));
}

/// `c`: a picker of the environment's access entries (and a new one); Enter opens its form.
pub(super) fn pick_access(model: &mut Model, env: &proto::Environment) {
    let mut choices = vec![("new access entry".to_owned(), Some("new".to_owned()))];
    choices.extend(env.access.iter().map(|entry| {
        let fields: Vec<String> = entry
            .fields
            .iter()
            .map(|f| match f.test {
                true => format!("{}=••• (test secret)", super::fit::one_line(&f.name, 40)),
                false => format!(
                    "{}={}",
                    super::fit::one_line(&f.name, 40),
                    super::fit::one_line(&f.value, 60)
                ),
            })
            .collect();
        (
            format!("#{} {:<10} {}", entry.id, entry.kind, fields.join(" ")),
            Some(entry.id.to_string()),
        )
    }));
    model.picker = Some(Picker {
        target: Target::AccessEntry,
        choices,
        query: String::new(),
        selected: 0,
    });
}

/// The picker chose an entry (its id) or `new`.
pub(super) fn picked_access(model: &mut Model, value: Option<String>) {
    let state = &model.environments;
    let Some(super::environments::Row::Environment(env)) = state.rows().into_iter().nth(state.selected)
    else {
        return;
    };
    let (project, environment) = (state.slug.clone(), env.name.clone());
    let entry = value
        .as_deref()
        .and_then(|v| v.parse::<i64>().ok())
        .and_then(|id| env.access.iter().find(|e| e.id == id))
        .cloned();
    let form = match entry {
        None => StandForm::Access {
            project,
            environment,
            id: None,
            kept: Vec::new(),
            prefill: "kind: ssh\nalias: ".to_owned(),
        },
        Some(entry) => {
            let mut lines = vec![format!("kind: {}", entry.kind)];
            lines.extend(entry.fields.iter().map(|f| match f.test {
                // The value is never drawn: `(kept)` keeps it.
                true => format!("test {}: {KEPT}", f.name),
                false => format!("{}: {}", f.name, one_row(&f.value)),
            }));
            StandForm::Access {
                project,
                environment,
                id: Some(entry.id),
                kept: entry
                    .fields
                    .iter()
                    .filter(|f| f.test)
                    .map(|f| (f.name.clone(), f.value.clone()))
                    .collect(),
                prefill: lines.join("\n"),
            }
        }
    };
    open(model, form);
}

/// A stored value on one form line: its line breaks written `\n`, so saving it back loses none.
fn one_row(value: &str) -> String {
    value.replace('\r', "").replace('\n', "\\n")
}

/// A form line's value as stored: `\n` is a line break again.
fn unrow(value: &str) -> String {
    value.replace("\\n", "\n")
}

/// The `field: value` lines of a form's text, numbered from 1; blank lines and `#` comments skipped. A line
/// without a colon is an error naming it.
fn lines(text: &str) -> Result<Vec<(usize, String, String)>, String> {
    let mut out = Vec::new();
    for (at, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((field, value)) = line.split_once(':') else {
            return Err(format!(
                "line {}: write it as field: value (\"{}\" has no colon)",
                at + 1,
                super::fit::one_line(line, 60)
            ));
        };
        out.push((at + 1, field.trim().to_owned(), value.trim().to_owned()));
    }
    Ok(out)
}

fn one_of(at: usize, field: &str, value: &str, allowed: &[&str]) -> Result<String, String> {
    let lower = value.to_lowercase();
    match allowed.contains(&lower.as_str()) {
        true => Ok(lower),
        false => Err(format!(
            "line {at}, {field}: \"{}\" is not one of {}",
            super::fit::one_line(value, 40),
            allowed.join(", ")
        )),
    }
}

/// An environment form's text as the change relayd takes. `name` is the environment edited (none: a new one);
/// `overrides` the capabilities it overrides now.
pub fn environment_change(
    text: &str,
    name: Option<&str>,
    overrides: &[String],
) -> Result<proto::EnvironmentChange, String> {
    let mut change = proto::EnvironmentChange::default();
    let mut new_name = None;
    let mut listed: Vec<String> = Vec::new();
    for (at, field, value) in lines(text)? {
        match field.as_str() {
            "name" => new_name = Some(value),
            "kind" => change.kind = Some(one_of(at, "kind", &value, &KINDS)?),
            "base_url" => change.base_url = Some(value),
            "notes" => change.notes = Some(unrow(&value)),
            "login_state_path" => change.login_state_path = Some(value),
            "level" => change.level = Some(one_of(at, "level", &value, &LEVELS)?),
            "sign_in_allowed" => {
                change.sign_in_allowed = Some(match value.to_lowercase().as_str() {
                    "yes" | "true" | "on" => true,
                    "no" | "false" | "off" | "" => false,
                    _ => {
                        return Err(format!(
                            "line {at}, sign_in_allowed: \"{}\" is neither yes nor no",
                            super::fit::one_line(&value, 40)
                        ));
                    }
                });
            }
            "overrides" => {
                for item in value.split(',').map(str::trim).filter(|i| !i.is_empty()) {
                    let Some((capability, level)) = item.split_once('=') else {
                        return Err(format!(
                            "line {at}, overrides: write capability=level, as ssh=none, db=ask (\"{}\")",
                            super::fit::one_line(item, 40)
                        ));
                    };
                    let capability = one_of(at, "overrides", capability.trim(), &CAPABILITIES)?;
                    let level = one_of(at, "overrides", level.trim(), &LEVELS)?;
                    if listed.contains(&capability) {
                        return Err(format!("line {at}, overrides: {capability} is given twice"));
                    }
                    listed.push(capability.clone());
                    change
                        .overrides
                        .push(proto::CapabilityOverride { capability, level });
                }
            }
            other => {
                return Err(format!(
                    "line {at}: \"{}\" is not a field of an environment; the fields: {}",
                    super::fit::one_line(other, 40),
                    FIELDS.join(", ")
                ));
            }
        }
    }
    // An override taken out of the list is removed.
    for capability in overrides.iter().filter(|c| !listed.contains(c)) {
        change.overrides.push(proto::CapabilityOverride {
            capability: capability.clone(),
            level: "default".to_owned(),
        });
    }
    let new_name = new_name.filter(|n| !n.is_empty());
    match (name, new_name) {
        (None, None) => return Err("name: give the new environment a name (as live or staging)".to_owned()),
        (None, Some(new)) => {
            if change.kind.is_none() {
                return Err("kind: a new environment needs one (local, test or live)".to_owned());
            }
            change.environment = new;
        }
        (Some(old), new) => {
            change.environment = old.to_owned();
            change.rename = new.filter(|n| n != old);
        }
    }
    Ok(change)
}

/// An access form's text as the entry relayd takes: `kind:` and `name: value` lines, `test name: value` a test
/// secret, `(kept)` its stored value.
pub fn access_input(
    text: &str,
    id: Option<i64>,
    kept: &[(String, String)],
) -> Result<proto::AccessInput, String> {
    let mut input = proto::AccessInput {
        id,
        ..Default::default()
    };
    let mut kind = None;
    for (at, field, value) in lines(text)? {
        if field == "kind" {
            kind = Some(one_of(at, "kind", &value, &ACCESS_KINDS)?);
            continue;
        }
        let (name, test) = match field.strip_prefix("test ") {
            Some(name) => (name.trim().to_owned(), true),
            None => (field.clone(), false),
        };
        if name.is_empty() {
            return Err(format!("line {at}: the field has no name (write name: value)"));
        }
        if input.fields.iter().any(|f| f.name == name) {
            return Err(format!("line {at}, {name}: the field is given twice"));
        }
        let value = match (test, value == KEPT) {
            (true, true) => match kept.iter().find(|(n, _)| *n == name) {
                Some((_, stored)) => stored.clone(),
                None => {
                    return Err(format!(
                        "line {at}, {name}: {KEPT} keeps a stored test secret, and this entry has none of that name; type its value"
                    ));
                }
            },
            _ => value,
        };
        let value = if test { value } else { unrow(&value) };
        input.fields.push(proto::AccessField { name, value, test });
    }
    input.kind = kind.ok_or_else(|| format!("kind: the entry needs one ({})", ACCESS_KINDS.join(", ")))?;
    Ok(input)
}

/// Ctrl-S in a Stands & access form: the write, or the reason nothing is sent (in the form, the text kept).
pub(super) fn submit(model: &mut Model, effects: &mut Vec<Effect>) {
    let Some(form) = model.form.as_mut() else {
        return;
    };
    let FormKind::Stand(stand) = &form.kind else {
        return;
    };
    let text = form.editor.text();
    let write = match stand {
        StandForm::Environment {
            project,
            name,
            overrides,
            ..
        } => environment_change(&text, name.as_deref(), overrides).map(|change| Write::SetEnvironment {
            project: project.clone(),
            change: EnvChange(change),
            confirm: false,
        }),
        StandForm::Access {
            project,
            environment,
            id: Some(id),
            ..
        } if form.editor.is_blank() => {
            let question = format!(
                "Delete access entry #{id} of {environment} (the text is empty)? y deletes · any other key goes back \
                 to the form"
            );
            let write = Write::RemoveAccessEntry {
                project: project.clone(),
                environment: environment.clone(),
                id: *id,
            };
            model.confirm = Some((question, write));
            return;
        }
        StandForm::Access {
            project,
            environment,
            id,
            kept,
            ..
        } => access_input(&text, *id, kept).map(|input| Write::SetEnvironment {
            project: project.clone(),
            change: EnvChange(proto::EnvironmentChange {
                environment: environment.clone(),
                access: vec![input],
                ..Default::default()
            }),
            confirm: false,
        }),
    };
    match write {
        Ok(write) => {
            form.busy = true;
            form.error = None;
            effects.push(Effect::Write(write));
        }
        Err(why) => form.error = Some(why),
    }
}

/// Draws the values of the `test NAME: value` rows of a form's editor as `•`, so a test secret typed in is not
/// shown on screen (the text itself is unchanged; `(kept)` stays readable). A row is masked from its first colon on
/// when it starts with `test ` (spaces in the value included); a value long enough to wrap shows its wrapped rest.
pub fn mask_test_secrets(area: ratatui::layout::Rect, buf: &mut ratatui::buffer::Buffer) {
    for y in area.top()..area.bottom() {
        let row: String = (area.left()..area.right())
            .map(|x| buf[(x, y)].symbol().to_owned())
            .collect();
        if !row.starts_with("test ") || row.contains(KEPT) {
            continue;
        }
        let Some(colon) = row.chars().position(|c| c == ':') else {
            continue;
        };
        let values = row.trim_end().chars().count().saturating_sub(colon + 2);
        let from = area
            .left()
            .saturating_add(u16::try_from(colon + 2).unwrap_or(u16::MAX));
        for x in (from..area.right()).take(values) {
            buf[(x, y)].set_symbol("•");
        }
    }
}

/// The field a refusal names: `line 4, level: …` (the window's), `notes looks like it contains a secret value …`
/// or `access[0].password: …` (relayd's, by the field's name), `kind: …`.
pub fn named_field(error: &str) -> Option<String> {
    let rest = match error.strip_prefix("line ") {
        Some(rest) => rest.split_once(", ")?.1,
        None => error,
    };
    let word: String = rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '[' | ']'))
        .collect();
    let name = word.rsplit('.').next().unwrap_or(&word).trim_end_matches(']');
    (!name.is_empty() && !name.contains('[')).then(|| name.to_owned())
}

/// Draws the editor rows that hold `field` (`field:` or `test field:` at a line's start) in `style`, so a refusal's
/// field is marked next to where it is typed.
pub fn mark_field(
    area: ratatui::layout::Rect,
    buf: &mut ratatui::buffer::Buffer,
    field: &str,
    style: ratatui::style::Style,
) {
    let plain = format!("{field}:");
    let test = format!("test {field}:");
    for y in area.top()..area.bottom() {
        let row: String = (area.left()..area.right())
            .map(|x| buf[(x, y)].symbol().to_owned())
            .collect();
        if row.starts_with(&plain) || row.starts_with(&test) {
            buf.set_style(ratatui::layout::Rect::new(area.x, y, area.width, 1), style);
        }
    }
}

/// A row key that needs an environment row says which.
pub(super) fn needs_environment(model: &mut Model, what: &str) {
    model.flash = Some(Flash {
        level: Level::Info,
        lines: vec![format!("select an environment (below the proposals) to {what}")],
    });
}
