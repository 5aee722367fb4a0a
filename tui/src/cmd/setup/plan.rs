//! The plan of one hook file: what it holds now, what it will hold after apply or remove, the diff between them
//! and the plan hash. Nothing here writes; [`super::write`] does, and only a plan it was given.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use super::agents::{AgentSpec, Container, Entry, Nesting};
use super::json::{self, Edit, Node, Out, Style};
use super::marker::{self, EventMarks, Role};

/// What the file should hold of relay's.
#[derive(Clone, Debug)]
pub struct Wanted {
    /// The main entries, one per event, in template order.
    pub main: Vec<Entry>,
    /// The wake-up hook's entry (Claude Code's Stop), and what to do with it.
    pub wake: Option<Entry>,
    pub wake_action: WakeAction,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WakeAction {
    /// `--wake`: add or update it.
    Install,
    /// `--no-wake`: remove it.
    Remove,
    /// Neither: keep one that is there (brought up to date), add none.
    Keep,
}

/// One thing a plan changes, for the summary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    pub event: String,
    pub role: Role,
    pub action: &'static str,
}

/// A file read and checked: its bytes, its text, its tree.
#[derive(Debug)]
pub struct Current {
    /// The path as named (maybe a symlink).
    pub path: PathBuf,
    /// The bytes, `None` when there is no file.
    pub bytes: Option<Vec<u8>>,
    pub text: String,
}

/// Why a file cannot be planned on. The file is never touched when one is returned.
#[derive(Debug, thiserror::Error)]
pub enum PlanError {
    #[error("cannot read {path}: {source}; fix its permissions or pass --claude-home to use another folder")]
    Read { path: PathBuf, source: std::io::Error },
    #[error(
        "{path} is not UTF-8 text (invalid byte at offset {offset}); relay edits only UTF-8 JSON — fix or move the file, nothing was written"
    )]
    NotUtf8 { path: PathBuf, offset: usize },
    #[error("{path} is not valid JSON ({problem}); fix it or move it away, nothing was written")]
    NotJson { path: PathBuf, problem: String },
    #[error(
        "{path}: {problem}, not the documented hook shape; relay changes only files in that shape — fix it by hand, nothing was written"
    )]
    Shape { path: PathBuf, problem: String },
}

/// Reads `path` (through a symlink), refusing what relay will not edit.
pub fn read(path: &Path, spec: &AgentSpec) -> Result<(Current, Option<Node>), PlanError> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => Some(bytes),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => None,
        Err(source) => {
            return Err(PlanError::Read {
                path: path.to_path_buf(),
                source,
            });
        }
    };
    let Some(bytes) = bytes else {
        return Ok((
            Current {
                path: path.to_path_buf(),
                bytes: None,
                text: String::new(),
            },
            None,
        ));
    };
    let text = String::from_utf8(bytes.clone()).map_err(|e| PlanError::NotUtf8 {
        path: path.to_path_buf(),
        offset: e.utf8_error().valid_up_to(),
    })?;
    if text.trim().is_empty() {
        return Err(PlanError::NotJson {
            path: path.to_path_buf(),
            problem: "the file is empty; put {} in it or delete it".to_owned(),
        });
    }
    let text_for_check = text.strip_prefix('\u{feff}').unwrap_or(&text);
    if let Err(err) = serde_json::from_str::<serde_json::Value>(text_for_check) {
        return Err(PlanError::NotJson {
            path: path.to_path_buf(),
            problem: err.to_string(),
        });
    }
    if text.starts_with('\u{feff}') {
        return Err(PlanError::NotJson {
            path: path.to_path_buf(),
            problem: "it starts with a byte-order mark".to_owned(),
        });
    }
    let root = json::parse(&text).map_err(|e| PlanError::NotJson {
        path: path.to_path_buf(),
        problem: e.to_string(),
    })?;
    check_shape(&root, spec).map_err(|problem| PlanError::Shape {
        path: path.to_path_buf(),
        problem,
    })?;
    Ok((
        Current {
            path: path.to_path_buf(),
            bytes: Some(bytes),
            text,
        },
        Some(root),
    ))
}

/// The documented shape, everywhere relay may look: an object root; the events objects; each event an array;
/// groups objects with a string `matcher` and a `hooks` array; handlers objects. Keys relay reads may not repeat.
pub fn check_shape(root: &Node, spec: &AgentSpec) -> Result<(), String> {
    let Some(members) = root.members() else {
        return Err(format!("the file is {}, not an object", root.type_name()));
    };
    no_repeats(members, "the top level")?;
    for (name, events) in containers(root, spec) {
        let Some(event_members) = events.members() else {
            return Err(format!(
                "{name} is {}, not an object of events",
                events.type_name()
            ));
        };
        no_repeats(event_members, &name)?;
        for event in event_members {
            let at = format!("{name}.{}", event.key);
            if spec.container != Container::HooksKey && event.key == "enabled" {
                if !matches!(&event.value.kind, json::Kind::Scalar(raw) if raw == "true" || raw == "false") {
                    return Err(format!("{at} is {}, not a boolean", event.value.type_name()));
                }
                continue;
            }
            let Some(elements) = event.value.elements() else {
                return Err(format!("{at} is {}, not an array", event.value.type_name()));
            };
            for (i, element) in elements.iter().enumerate() {
                let at = format!("{at}[{i}]");
                let Some(fields) = element.members() else {
                    return Err(format!("{at} is {}, not an object", element.type_name()));
                };
                no_repeats(fields, &at)?;
                if spec.nesting(&event.key) == Nesting::Flat {
                    continue;
                }
                if let Some(matcher) = element.get("matcher")
                    && matcher.as_str().is_none()
                {
                    return Err(format!("{at}.matcher is {}, not a string", matcher.type_name()));
                }
                let Some(hooks) = element.get("hooks") else {
                    return Err(format!("{at} has no \"hooks\" array"));
                };
                let Some(handlers) = hooks.elements() else {
                    return Err(format!("{at}.hooks is {}, not an array", hooks.type_name()));
                };
                for (j, handler) in handlers.iter().enumerate() {
                    let Some(fields) = handler.members() else {
                        return Err(format!(
                            "{at}.hooks[{j}] is {}, not an object",
                            handler.type_name()
                        ));
                    };
                    no_repeats(fields, &format!("{at}.hooks[{j}]"))?;
                }
            }
        }
    }
    Ok(())
}

fn no_repeats(members: &[json::Member], at: &str) -> Result<(), String> {
    let mut seen = HashSet::new();
    for member in members {
        if !seen.insert(member.key.as_str()) {
            return Err(format!("{at} has the key {:?} twice", member.key));
        }
    }
    Ok(())
}

/// The events objects with their names for messages: `hooks`, or each named hook.
fn containers<'a>(root: &'a Node, spec: &AgentSpec) -> Vec<(String, &'a Node)> {
    match spec.container {
        Container::HooksKey => root
            .get("hooks")
            .map(|hooks| vec![("hooks".to_owned(), hooks)])
            .unwrap_or_default(),
        Container::Named(_) => root
            .members()
            .unwrap_or_default()
            .iter()
            .map(|member| (member.key.clone(), &member.value))
            .collect(),
    }
}

/// A relay handler found in the file.
#[derive(Clone, Debug)]
pub struct Found {
    pub event: String,
    pub role: Role,
    pub handler: Node,
}

/// Every relay handler in the file, in file order.
pub fn find(root: &Node, spec: &AgentSpec, marks: &BTreeMap<String, EventMarks>, host: &str) -> Vec<Found> {
    let mut found = Vec::new();
    for (_, events) in containers(root, spec) {
        for event in events.members().unwrap_or_default() {
            let Some(event_marks) = marks.get(&event.key) else {
                continue;
            };
            for element in event.value.elements().unwrap_or_default() {
                let handlers: Vec<&Node> = match spec.nesting(&event.key) {
                    Nesting::Flat => vec![element],
                    Nesting::Groups => element
                        .get("hooks")
                        .and_then(Node::elements)
                        .unwrap_or_default()
                        .iter()
                        .collect(),
                };
                for handler in handlers {
                    if let Some(role) = marker::classify(handler, spec.command_key, event_marks, host) {
                        found.push(Found {
                            event: event.key.clone(),
                            role,
                            handler: handler.clone(),
                        });
                    }
                }
            }
        }
    }
    found
}

/// The text after apply (`wanted`) or remove (`wanted` = `None`), and what changed.
pub fn edit(
    current: &Current,
    root: Option<&Node>,
    spec: &AgentSpec,
    marks: &BTreeMap<String, EventMarks>,
    host: &str,
    wanted: Option<&Wanted>,
    prelude: &[(String, Out)],
) -> Result<(String, Vec<Change>), String> {
    let mut changes = Vec::new();
    let mut text = current.text.clone();
    let style = if current.bytes.is_some() {
        Style::detect(&text)
    } else {
        Style::default()
    };
    let mut targets: Vec<(Entry, Role)> = Vec::new();
    if let Some(wanted) = wanted {
        targets.extend(wanted.main.iter().cloned().map(|entry| (entry, Role::Main)));
    }

    let Some(root) = root else {
        // No file: apply writes a new one; remove has nothing to do.
        let Some(wanted) = wanted else {
            return Ok((text, changes));
        };
        if wanted.wake_action == WakeAction::Install
            && let Some(wake) = &wanted.wake
        {
            targets.push((wake.clone(), Role::Wake));
        }
        let entries: Vec<(Entry, Role)> = targets;
        for (entry, role) in &entries {
            changes.push(Change {
                event: entry.event.clone(),
                role: *role,
                action: "add",
            });
        }
        let mut file = prelude.to_vec();
        file.push(container_member(spec, &group_by_event(&entries)));
        let mut out = style.pretty(&Out::Object(file), "");
        out.push_str(style.newline);
        return Ok((out, changes));
    };

    let found = find(root, spec, marks, host);
    if let Some(wanted) = wanted
        && let Some(wake) = &wanted.wake
    {
        let installed = found.iter().any(|f| f.role == Role::Wake);
        match wanted.wake_action {
            WakeAction::Install => targets.push((wake.clone(), Role::Wake)),
            WakeAction::Keep if installed => targets.push((wake.clone(), Role::Wake)),
            WakeAction::Keep | WakeAction::Remove => {}
        }
    }

    // Pass 1: the first relay handler of each wanted (event, role) is brought up to date in place.
    let mut kept: HashSet<usize> = HashSet::new();
    let mut replace_edits = Vec::new();
    for (entry, role) in &targets {
        if let Some(first) = found.iter().find(|f| f.event == entry.event && f.role == *role) {
            kept.insert(first.handler.span.start);
            if first.handler.to_value() != entry.handler.to_value() {
                replace_edits.push(json::replace(&text, &style, &first.handler, &entry.handler));
                changes.push(Change {
                    event: entry.event.clone(),
                    role: *role,
                    action: "update",
                });
            }
        }
    }
    let removed: HashSet<usize> = found
        .iter()
        .map(|f| f.handler.span.start)
        .filter(|start| !kept.contains(start))
        .collect();
    for f in found.iter().filter(|f| removed.contains(&f.handler.span.start)) {
        changes.push(Change {
            event: f.event.clone(),
            role: f.role,
            action: "remove",
        });
    }
    // Removals run on the text as read (their spans are its spans); replacements are disjoint from them.
    let mut edits = removal_edits(root, spec, &removed);
    edits.extend(replace_edits);
    text = json::apply(&text, &edits);

    // Pass 2: what is still missing is appended, on the text as it is now.
    let missing: Vec<(Entry, Role)> = targets
        .iter()
        .filter(|(entry, role)| !found.iter().any(|f| f.event == entry.event && f.role == *role))
        .cloned()
        .collect();
    if !missing.is_empty() {
        let root = json::parse(&text)
            .map_err(|e| format!("relay's own edit broke the JSON ({e}); nothing was written"))?;
        for (entry, role) in &missing {
            changes.push(Change {
                event: entry.event.clone(),
                role: *role,
                action: "add",
            });
        }
        let edits = append_edits(&text, &style, &root, spec, &missing);
        text = json::apply(&text, &edits);
    }
    Ok((text, changes))
}

/// The events and their new entries, in first-seen order.
fn group_by_event(entries: &[(Entry, Role)]) -> Vec<(String, Vec<Out>)> {
    let mut events: Vec<(String, Vec<Out>)> = Vec::new();
    for (entry, _) in entries {
        match events.iter_mut().find(|(event, _)| *event == entry.event) {
            Some((_, list)) => list.push(entry.entry.clone()),
            None => events.push((entry.event.clone(), vec![entry.entry.clone()])),
        }
    }
    events
}

/// The top-level member that holds `events`: `"hooks": {…}` or `"relay": {…}`.
fn container_member(spec: &AgentSpec, events: &[(String, Vec<Out>)]) -> (String, Out) {
    let object = Out::Object(
        events
            .iter()
            .map(|(event, entries)| (event.clone(), Out::Array(entries.clone())))
            .collect(),
    );
    let name = match spec.container {
        Container::HooksKey => "hooks",
        Container::Named(name) => name,
    };
    (name.to_owned(), object)
}

/// Edits that append `missing` entries: to the event's array when it exists, else a new event member in the
/// events object (`hooks`, or the named hook `relay`), else a new events object at the root.
fn append_edits(
    text: &str,
    style: &Style,
    root: &Node,
    spec: &AgentSpec,
    missing: &[(Entry, Role)],
) -> Vec<Edit> {
    let events = group_by_event(missing);
    let own = match spec.container {
        Container::HooksKey => "hooks",
        Container::Named(name) => name,
    };
    let Some(container) = root.get(own) else {
        return json::append_members(text, style, root, &[container_member(spec, &events)])
            .into_iter()
            .collect();
    };
    let mut edits = Vec::new();
    let mut new_members = Vec::new();
    for (event, entries) in events {
        match container.get(&event) {
            Some(array) => edits.extend(json::append_elements(text, style, array, &entries)),
            None => new_members.push((event, Out::Array(entries))),
        }
    }
    if !new_members.is_empty() {
        edits.extend(json::append_members(text, style, container, &new_members));
    }
    edits
}

/// Edits that remove the handlers starting at `removed`, taking with them a group, an event, an events object
/// that only relay's handlers filled (a group with keys besides `matcher` and `hooks` stays).
fn removal_edits(root: &Node, spec: &AgentSpec, removed: &HashSet<usize>) -> Vec<Edit> {
    if removed.is_empty() {
        return Vec::new();
    }
    let root_members = root.members().unwrap_or_default();
    let mut root_gone = vec![false; root_members.len()];
    let mut edits = Vec::new();
    for (r, member) in root_members.iter().enumerate() {
        let is_container = match spec.container {
            Container::HooksKey => member.key == "hooks",
            Container::Named(_) => true,
        };
        let Some(events) = member.value.members().filter(|_| is_container) else {
            continue;
        };
        let mut events_gone = vec![false; events.len()];
        let mut event_edits = Vec::new();
        for (e, event) in events.iter().enumerate() {
            let Some(elements) = event.value.elements() else {
                continue;
            };
            let mut elements_gone = vec![false; elements.len()];
            let mut element_edits = Vec::new();
            for (g, element) in elements.iter().enumerate() {
                match spec.nesting(&event.key) {
                    Nesting::Flat => elements_gone[g] = removed.contains(&element.span.start),
                    Nesting::Groups => {
                        let Some(hooks) = element.get("hooks") else {
                            continue;
                        };
                        let handlers = hooks.elements().unwrap_or_default();
                        let gone: Vec<bool> =
                            handlers.iter().map(|h| removed.contains(&h.span.start)).collect();
                        if !gone.iter().any(|g| *g) {
                            continue;
                        }
                        let only_group_keys = element
                            .members()
                            .unwrap_or_default()
                            .iter()
                            .all(|m| m.key == "matcher" || m.key == "hooks");
                        if gone.iter().all(|g| *g) && only_group_keys {
                            elements_gone[g] = true;
                        } else {
                            let spans: Vec<_> = handlers.iter().map(|h| h.span.clone()).collect();
                            element_edits.extend(json::remove_children(&hooks.span, &spans, &gone));
                        }
                    }
                }
            }
            if !elements_gone.is_empty() && elements_gone.iter().all(|g| *g) {
                events_gone[e] = true;
            } else {
                let spans: Vec<_> = elements.iter().map(|el| el.span.clone()).collect();
                if elements_gone.iter().any(|g| *g) {
                    element_edits.extend(json::remove_children(&event.value.span, &spans, &elements_gone));
                }
                event_edits.extend(element_edits);
            }
        }
        if events_gone.iter().any(|g| *g) && events_gone.iter().all(|g| *g) {
            root_gone[r] = true;
        } else {
            let spans: Vec<_> = events.iter().map(|m| m.span.clone()).collect();
            if events_gone.iter().any(|g| *g) {
                event_edits.extend(json::remove_children(&member.value.span, &spans, &events_gone));
            }
            edits.extend(event_edits);
        }
    }
    if root_gone.iter().any(|g| *g) {
        let spans: Vec<_> = root_members.iter().map(|m| m.span.clone()).collect();
        edits.extend(json::remove_children(&root.span, &spans, &root_gone));
    }
    edits
}

/// The plan hash: the first 12 hex digits of SHA-256 over the current file (or its absence) and the planned
/// text. `--apply --expect HASH` writes only while both still hash to what was shown.
pub fn plan_hash(current: Option<&[u8]>, planned: &str) -> String {
    let mut hasher = Sha256::new();
    match current {
        Some(bytes) => {
            hasher.update(b"file\0");
            hasher.update((bytes.len() as u64).to_be_bytes());
            hasher.update(bytes);
        }
        None => hasher.update(b"none\0"),
    }
    hasher.update(planned.as_bytes());
    hasher
        .finalize()
        .iter()
        .take(6)
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::setup::agents;
    use relay_core::hook::Agent;

    /// The marks of Claude Code's command template.
    fn marks() -> BTreeMap<String, EventMarks> {
        let spec = agents::spec(Agent::Claude);
        let mut marks: BTreeMap<String, EventMarks> = BTreeMap::new();
        for entry in agents::entries(spec, spec.template, "{relay}", "{base}") {
            if let Some((words, _)) = marker::template_mark(&entry.handler, "command", "{relay}") {
                marks
                    .entry(entry.event)
                    .or_default()
                    .commands
                    .push((Role::Main, words));
            }
        }
        marks
    }

    fn remove(text: &str) -> String {
        let spec = agents::spec(Agent::Claude);
        let root = json::parse(text).unwrap_or_else(|e| panic!("{e}"));
        let current = Current {
            path: PathBuf::from("settings.json"),
            bytes: Some(text.as_bytes().to_vec()),
            text: text.to_owned(),
        };
        edit(&current, Some(&root), spec, &marks(), "127.0.0.1", None, &[])
            .unwrap_or_else(|e| panic!("{e}"))
            .0
    }

    #[test]
    fn remove_keeps_a_group_with_user_handlers_or_keys_of_its_own() {
        let ours = r#"{"type": "command", "command": "relay --home /d hook claude stop"}"#;
        let mine = r#"{"type": "command", "command": "./mine.sh"}"#;
        let text = format!(
            "{{\"hooks\": {{\"Stop\": [{{\"hooks\": [{mine}, {ours}]}}, {{\"hooks\": [{ours}], \"note\": 1}}]}}, \"x\": 1}}"
        );
        assert_eq!(
            remove(&text),
            format!(
                "{{\"hooks\": {{\"Stop\": [{{\"hooks\": [{mine}]}}, {{\"hooks\": [], \"note\": 1}}]}}, \"x\": 1}}"
            )
        );
    }

    #[test]
    fn remove_drops_what_only_relay_filled_and_leaves_other_events() {
        let ours = r#"{"hooks": [{"type": "command", "command": "relay --home /d hook claude stop"}]}"#;
        let text = format!("{{\"hooks\": {{\"Stop\": [{ours}]}}, \"x\": 1}}");
        assert_eq!(remove(&text), "{\"x\": 1}");
        let text = format!("{{\"hooks\": {{\"Stop\": [{ours}], \"SubagentStop\": [{ours}]}}}}");
        assert_eq!(
            remove(&text),
            format!("{{\"hooks\": {{\"SubagentStop\": [{ours}]}}}}"),
            "an entry in an event relay does not write is not relay's"
        );
    }

    #[test]
    fn plan_hash_changes_with_the_file_or_the_plan() {
        let a = plan_hash(Some(b"{}"), "x");
        assert_eq!(a.len(), 12);
        assert_ne!(a, plan_hash(Some(b"{} "), "x"));
        assert_ne!(a, plan_hash(Some(b"{}"), "y"));
        assert_ne!(plan_hash(None, "x"), plan_hash(Some(b""), "x"));
    }
}
