//! Environments, the access map and policy layers as relayd serves them (relaybay §7): the rules of every write
//! (name rules, references only — the secret detectors run on every text —, test secrets, `sign_in_allowed` off on
//! live), who may write (the owner only, from the typed [`Caller`]; agents propose), the second confirmation for
//! every change that widens agents' access on live ([`widen`]), the agents' proposals decided once, the effective
//! policy of a scope, and the guard's view of a session's environments.
//!
//! The pure parts live in relay-core (`policy`, `guard`); the SQL in `store::environment`; the global layer, the
//! file `policy.json`, in [`global`].

pub mod global;
pub mod views;
pub mod widen;

use std::collections::BTreeMap;
use std::sync::Arc;

use relay_core::event::payload;
use relay_core::guard::{AccessKind, GuardEnvironment};
use relay_core::policy::secrets::{self, SecretFound};
use relay_core::policy::{
    Capability, EffectivePolicy, EnvKind, LayerSource, Level, LevelSource, PolicyErrors, PolicyLayer,
    effective,
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::board::BoardError;
use crate::caller::{Caller, OwnerOnly};
use crate::handle::DaemonHandle;
use crate::store::board::ProjectRow;
use crate::store::environment::{self as db, AccessRow, EnvironmentFields, EnvironmentRow};
use crate::store::{Db, StoreError};

pub use global::GlobalPolicy;
pub use views::GuardViews;
pub use widen::EnvLevels;

/// The most test secrets one access entry holds.
pub const MAX_TEST_SECRETS: usize = 20;
/// The longest text of any one field.
pub const MAX_FIELD: usize = 2_000;

/// The fields each access kind has (`other` takes any lowercase names).
pub fn access_fields(kind: AccessKind) -> &'static [&'static str] {
    match kind {
        AccessKind::Ssh => &["alias", "host", "port", "user", "key_path_ref"],
        AccessKind::Kubectl => &["context", "namespace"],
        AccessKind::Db => &[
            "type",
            "host",
            "port",
            "port_forward",
            "database",
            "user",
            "password_ref",
        ],
        AccessKind::Gitops => &["repo", "path", "branch"],
        AccessKind::Logs | AccessKind::Monitoring => &["url"],
        AccessKind::Other => &[],
    }
}

/// Why an environment or policy operation did nothing. Each message names the input and says what to do.
#[derive(Debug, thiserror::Error)]
pub enum EnvError {
    #[error(transparent)]
    Board(#[from] BoardError),
    #[error("project {project} has no environment {name:?}; its environments: {known}. Nothing changed.")]
    UnknownEnvironment {
        project: String,
        name: String,
        known: String,
    },
    #[error("{0} Nothing changed.")]
    Invalid(String),
    #[error("{found}; {advice}. Nothing changed.", advice = SecretFound::ADVICE)]
    Secret { found: SecretFound },
    #[error(transparent)]
    OwnerOnly(#[from] OwnerOnly),
    #[error(
        "this widens agents' access on live: {}. Confirm it to apply (relay: --confirm). Nothing changed.",
        .0.join("; ")
    )]
    NeedsConfirmation(Vec<String>),
    #[error("{errors}\nNothing changed.")]
    Policy { errors: PolicyErrors },
    #[error("proposal #{id} was already {status}; a proposal is decided once. Nothing changed.")]
    Decided { id: i64, status: String },
    #[error("no {what} proposal #{id}; list the pending ones with `relay env proposals`. Nothing changed.")]
    UnknownProposal { what: &'static str, id: i64 },
    /// The database refused what the service let through (a CHECK or trigger): its words.
    #[error("{0}. Nothing changed.")]
    Refused(String),
    #[error(transparent)]
    Store(StoreError),
}

impl From<StoreError> for EnvError {
    fn from(err: StoreError) -> EnvError {
        // The database's own refusals (RAISE(ABORT, …), CHECK) are the caller's fault, not a server error.
        if let StoreError::Sql {
            source: sqlx::Error::Database(db),
            ..
        } = &err
        {
            let message = db.message().to_owned();
            if message.contains("test secrets") || message.contains("already decided") {
                return EnvError::Refused(message);
            }
            if message.contains("UNIQUE") && message.contains("environment") {
                return EnvError::Refused(
                    "an environment of that name (in any case) already exists in the project".into(),
                );
            }
            if message.contains("CHECK") {
                return EnvError::Refused(format!("the database refused the values ({message})"));
            }
        }
        EnvError::Store(err)
    }
}

impl EnvError {
    /// Whether the caller's input was at fault (as opposed to the store failing).
    pub fn is_caller_error(&self) -> bool {
        match self {
            EnvError::Store(_) => false,
            EnvError::Board(err) => err.is_caller_error(),
            _ => true,
        }
    }
}

/// A field of an access entry as written: a string, or a test secret `{"value": …, "test": true}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum FieldValue {
    Text(String),
    TestSecret { value: String, test: bool },
}

/// An access entry to add (or, with `id`, to replace).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AccessInput {
    #[serde(default)]
    pub id: Option<i64>,
    pub kind: String,
    #[serde(default)]
    pub fields: BTreeMap<String, FieldValue>,
}

/// A change to an environment (an owner write or an agent's proposal): the environment it names and any of its
/// fields; absent fields stay. A text `""` clears it; `level: "default"` clears the level, an override
/// `"default"` removes it. A new environment needs `kind`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnvChange {
    pub environment: String,
    #[serde(default)]
    pub rename: Option<String>,
    #[serde(default)]
    pub kind: Option<String>,
    #[serde(default)]
    pub base_url: Option<String>,
    #[serde(default)]
    pub notes: Option<String>,
    #[serde(default)]
    pub sign_in_allowed: Option<bool>,
    #[serde(default)]
    pub login_state_path: Option<String>,
    #[serde(default)]
    pub level: Option<String>,
    #[serde(default)]
    pub overrides: BTreeMap<String, String>,
    #[serde(default)]
    pub access: Vec<AccessInput>,
}

/// A level and where it comes from (`(default)`, `(policy: project:acme)`, or empty when the environment sets it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LevelView {
    pub level: Level,
    pub source: String,
}

/// An access entry as shown: its string fields, and its test secrets by name only (unless exposed to agents).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AccessView {
    pub id: i64,
    pub kind: String,
    pub fields: BTreeMap<String, String>,
    pub test_secrets: Vec<String>,
    /// The test secrets' values: only for an owner's view, or when the policy exposes them to agents.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub test_secret_values: BTreeMap<String, String>,
    pub changed_at_ms: i64,
    pub changed_by: String,
}

/// One environment of the map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EnvView {
    pub name: String,
    pub kind: EnvKind,
    pub base_url: Option<String>,
    /// The effective default level with its source.
    pub level: LevelView,
    /// The environment's own level, if it sets one.
    pub own_level: Option<Level>,
    pub overrides: BTreeMap<Capability, Level>,
    /// Each capability's effective level with its source.
    pub capabilities: BTreeMap<Capability, LevelView>,
    /// The guard mode of the environment's effective policy.
    pub guard_mode: String,
    pub sign_in_allowed: bool,
    pub login_state_path: Option<String>,
    pub notes: Option<String>,
    pub access: Vec<AccessView>,
    pub changed_at_ms: i64,
    pub changed_by: String,
}

/// A project's whole map (environments_get, `relay env list`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EnvMap {
    pub project: String,
    pub preset: String,
    pub guard_mode: String,
    pub environments: Vec<EnvView>,
    pub proposals: Vec<db::EnvProposalRow>,
}

/// The effective policy of a scope (policy_get, `relay policy show`).
#[derive(Clone, Debug, Serialize)]
pub struct PolicyView {
    pub scope: String,
    pub chain: Vec<String>,
    /// One line per value: `- guard.mode = "warn" (preset:default)`.
    pub lines: Vec<String>,
    /// Broken layers left out, with their errors.
    pub ignored: Vec<String>,
    /// The global file's break, when it is broken now (the last valid version is in effect).
    pub global_broken: Option<String>,
    #[serde(skip)]
    pub policy: EffectivePolicy,
}

/// One policy layer in the owner's list ([`Environments::layers`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayerInfo {
    /// `global`, `<project>` or `<project>/<environment>`.
    pub scope: String,
    /// When it was saved (the global file: its modification time; `None` when there is no file).
    pub changed_at_ms: Option<i64>,
    /// Who saved it (empty for the global file, which anyone with the file may edit).
    pub changed_by: String,
    /// The settings it sets (its top-level keys).
    pub settings: Vec<String>,
    /// Why it does not validate (then it is left out), or the global file's break.
    pub errors: Vec<String>,
    /// The global file's path.
    pub path: Option<String>,
}

/// A layer's top-level keys, in order.
fn settings_of(layer: &Value) -> Vec<String> {
    layer
        .as_object()
        .map(|map| map.keys().cloned().collect())
        .unwrap_or_default()
}

/// What saving a layer would do (`relay policy preview`): the effective policy after it, and what it widens.
#[derive(Clone, Debug, Serialize)]
pub struct PolicyPreview {
    pub scope: String,
    pub chain: Vec<String>,
    pub lines: Vec<String>,
    /// The same values, one each with its setting and layer.
    pub values: Vec<relay_core::policy::PolicyValue>,
    /// What saving it would widen on live (then it needs the second confirmation).
    pub widened: Vec<String>,
}

/// A layer compared with the one in effect.
struct LayerChange {
    after: EffectivePolicy,
    widened: Vec<String>,
    project: Option<ProjectRow>,
    environment: Option<EnvironmentRow>,
}

/// A policy scope: the global file, a project's layer or an environment's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scope {
    Global,
    Project(String),
    Environment(String, String),
}

impl Scope {
    /// `global`, `<project>` or `<project>/<environment>`.
    pub fn parse(text: &str) -> Result<Scope, EnvError> {
        let text = text.trim();
        match text.split_once('/') {
            _ if text == "global" => Ok(Scope::Global),
            None if !text.is_empty() => Ok(Scope::Project(text.to_owned())),
            Some((project, env)) if !project.is_empty() && !env.is_empty() => {
                Ok(Scope::Environment(project.to_owned(), env.to_owned()))
            }
            _ => Err(EnvError::Invalid(format!(
                "scope {text:?} is not `global`, `<project>` or `<project>/<environment>`."
            ))),
        }
    }
}

impl Scope {
    /// The layer source this scope's own layer is validated as.
    pub fn source(&self) -> LayerSource {
        match self {
            Scope::Global => LayerSource::Global,
            Scope::Project(slug) => LayerSource::Project(slug.clone()),
            Scope::Environment(slug, name) => LayerSource::Environment {
                project: slug.clone(),
                environment: name.clone(),
            },
        }
    }
}

impl std::fmt::Display for Scope {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Scope::Global => f.write_str("global"),
            Scope::Project(project) => f.write_str(project),
            Scope::Environment(project, env) => write!(f, "{project}/{env}"),
        }
    }
}

/// The service, over one daemon handle.
#[derive(Clone, Copy, Debug)]
pub struct Environments<'h> {
    handle: &'h DaemonHandle,
}

impl DaemonHandle {
    pub fn environments(&self) -> Environments<'_> {
        Environments { handle: self }
    }
}

fn owner_only_environments() -> String {
    "only the owner changes environments, access entries and levels (relay env …); an agent proposes a change \
     with environment_propose. Nothing changed."
        .to_owned()
}

fn owner_only_policy() -> String {
    "only the owner changes policy layers and decides proposals (relay policy …); an agent proposes a change with \
     policy_propose. Nothing changed."
        .to_owned()
}

/// Name rules: letters, digits, spaces, dots, dashes, underscores; 1–80 characters.
fn check_name(name: &str) -> Result<String, EnvError> {
    let name = name.trim();
    let valid = !name.is_empty()
        && name.chars().count() <= 80
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, ' ' | '.' | '-' | '_'));
    match valid {
        true => Ok(name.to_owned()),
        false => Err(EnvError::Invalid(format!(
            "environment name {name:?} is not valid: use 1–80 letters, digits, spaces, dots, dashes or underscores."
        ))),
    }
}

fn check_url(what: &str, url: &str) -> Result<(), EnvError> {
    let lower = url.to_ascii_lowercase();
    let rest = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"));
    match rest {
        Some(host) if !host.is_empty() && !url.contains(char::is_whitespace) => Ok(()),
        _ => Err(EnvError::Invalid(format!(
            "{what} {url:?} is not an http:// or https:// URL."
        ))),
    }
}

fn parse_kind(kind: &str) -> Result<EnvKind, EnvError> {
    EnvKind::parse(kind.trim())
        .ok_or_else(|| EnvError::Invalid(format!("kind {kind:?} is not one of local, test, live.")))
}

fn parse_level(what: &str, level: &str) -> Result<Level, EnvError> {
    Level::parse(level.trim()).ok_or_else(|| {
        EnvError::Invalid(format!(
            "{what} {level:?} is not one of none, read, ask, full (or default)."
        ))
    })
}

fn overrides_of(row: &EnvironmentRow) -> BTreeMap<Capability, Level> {
    let map: BTreeMap<String, String> = serde_json::from_str(&row.overrides).unwrap_or_default();
    map.iter()
        .filter_map(|(cap, level)| Some((Capability::parse(cap)?, Level::parse(level)?)))
        .collect()
}

fn levels_of(row: &EnvironmentRow) -> EnvLevels {
    EnvLevels {
        kind: EnvKind::parse(&row.kind).unwrap_or(EnvKind::Live),
        level: row.level.as_deref().and_then(Level::parse),
        overrides: overrides_of(row),
    }
}

/// An access entry's stored fields: strings, and test secrets.
fn fields_of(row: &AccessRow) -> (BTreeMap<String, String>, BTreeMap<String, String>) {
    let map: BTreeMap<String, FieldValue> = serde_json::from_str(&row.fields).unwrap_or_default();
    let mut text = BTreeMap::new();
    let mut tests = BTreeMap::new();
    for (name, value) in map {
        match value {
            FieldValue::Text(value) => {
                text.insert(name, value);
            }
            FieldValue::TestSecret { value, .. } => {
                tests.insert(name, value);
            }
        }
    }
    (text, tests)
}

fn level_view((level, source): (Level, LevelSource)) -> LevelView {
    LevelView {
        level,
        source: source.to_string(),
    }
}

/// A validated write: the environment's columns, the access entries `(id to replace, kind, fields JSON)`, and the
/// names of the fields it changes (for the event; never their values).
type Prepared = (EnvironmentFields, Vec<(Option<i64>, String, String)>, Vec<String>);

/// The policy layers stored for a project: its own, and each environment's by id.
struct StoredLayers {
    project: Option<String>,
    environments: BTreeMap<i64, String>,
}

impl Environments<'_> {
    /// The layers below a project's as [`effective`] takes them: the `config` layer (`guard_mode` and
    /// `[permission_defaults]` of `config.toml`, when set), then the global file (when there is one).
    fn global_input(&self) -> Vec<(LayerSource, Result<PolicyLayer, PolicyErrors>)> {
        let config = self
            .handle
            .config()
            .legacy_policy()
            .layer()
            .map(|layer| (LayerSource::Config, Ok(layer)));
        let global = self
            .handle
            .global_policy()
            .current()
            .map(|loaded| (LayerSource::Global, Ok(loaded.layer)));
        config.into_iter().chain(global).collect()
    }

    async fn stored_layers(&self, conn: &mut impl Db, project_id: i64) -> Result<StoredLayers, EnvError> {
        let mut layers = StoredLayers {
            project: None,
            environments: BTreeMap::new(),
        };
        for row in db::policy_layers_of(conn, &[project_id]).await? {
            match row.environment_id {
                None => layers.project = Some(row.body),
                Some(env) => {
                    layers.environments.insert(env, row.body);
                }
            }
        }
        Ok(layers)
    }

    /// The effective policy: global ⊕ the project's layer (when given) ⊕ the environment's (when given).
    fn policy_of(
        &self,
        project: Option<(&str, Option<&str>)>,
        env: Option<(&str, Option<&str>)>,
    ) -> EffectivePolicy {
        let mut inputs = self.global_input();
        if let Some((slug, Some(body))) = project {
            let source = LayerSource::Project(slug.to_owned());
            inputs.push((source.clone(), PolicyLayer::parse(body, &source)));
        }
        if let (Some((slug, _)), Some((name, Some(body)))) = (project, env) {
            let source = LayerSource::Environment {
                project: slug.to_owned(),
                environment: name.to_owned(),
            };
            inputs.push((source.clone(), PolicyLayer::parse(body, &source)));
        }
        let policy = effective(inputs);
        for ignored in &policy.ignored {
            if self
                .handle
                .first_warning(&format!("policy-layer:{}:{}", ignored.source, ignored.errors))
            {
                tracing::warn!(layer = %ignored.source, problem = %ignored.errors, "a stored policy layer does not validate; it is ignored");
            }
        }
        policy
    }

    async fn environment_row(
        &self,
        conn: &mut impl Db,
        project: &ProjectRow,
        name: &str,
    ) -> Result<EnvironmentRow, EnvError> {
        if let Some(row) = db::environment_by_name(&mut *conn, project.id, name.trim()).await? {
            return Ok(row);
        }
        let known: Vec<String> = db::environments(conn, project.id)
            .await?
            .into_iter()
            .map(|e| e.name)
            .collect();
        Err(EnvError::UnknownEnvironment {
            project: project.slug.clone(),
            name: name.trim().to_owned(),
            known: if known.is_empty() {
                "none yet".into()
            } else {
                known.join(", ")
            },
        })
    }

    /// The project's map: every environment with its effective levels and sources, access entries (test secrets
    /// by name only, unless `owner` or the policy exposes them), and the pending proposals.
    pub async fn map(&self, caller: &Caller, project: &str) -> Result<EnvMap, EnvError> {
        let mut conn = self.handle.store().read().await?;
        let project = self.handle.board().project_row(&mut conn, project).await?;
        let layers = self.stored_layers(&mut conn, project.id).await?;
        let project_policy = self.policy_of(Some((&project.slug, layers.project.as_deref())), None);
        let rows = db::environments(&mut conn, project.id).await?;
        let ids: Vec<i64> = rows.iter().map(|row| row.id).collect();
        let access = db::access_entries_of(&mut conn, &ids).await?;
        let mut environments = Vec::new();
        for row in &rows {
            let policy = self.policy_of(
                Some((&project.slug, layers.project.as_deref())),
                Some((&row.name, layers.environments.get(&row.id).map(String::as_str))),
            );
            let levels = levels_of(row);
            let show_values = caller.is_owner() || policy.expose_test_secrets.value;
            let entries = access
                .iter()
                .filter(|entry| entry.environment_id == row.id)
                .map(|entry| {
                    let (fields, tests) = fields_of(entry);
                    AccessView {
                        id: entry.id,
                        kind: entry.kind.clone(),
                        fields,
                        test_secrets: tests.keys().cloned().collect(),
                        test_secret_values: if show_values { tests } else { BTreeMap::new() },
                        changed_at_ms: entry.changed_at_ms,
                        changed_by: entry.changed_by.clone(),
                    }
                })
                .collect();
            let default = match levels.level {
                Some(level) => (level, LevelSource::Environment),
                None => {
                    let from = policy.default_level(levels.kind);
                    (from.value, LevelSource::Policy(from.source))
                }
            };
            environments.push(EnvView {
                name: row.name.clone(),
                kind: levels.kind,
                base_url: row.base_url.clone(),
                level: level_view(default),
                own_level: levels.level,
                overrides: levels.overrides.clone(),
                capabilities: Capability::ALL
                    .into_iter()
                    .map(|cap| {
                        let resolved = policy.resolve_level(
                            levels.kind,
                            cap,
                            levels.overrides.get(&cap).copied(),
                            levels.level,
                        );
                        (cap, level_view(resolved))
                    })
                    .collect(),
                guard_mode: policy.guard_mode.value.to_string(),
                sign_in_allowed: row.sign_in_allowed,
                login_state_path: row.login_state_path.clone(),
                notes: row.notes.clone(),
                access: entries,
                changed_at_ms: row.changed_at_ms,
                changed_by: row.changed_by.clone(),
            });
        }
        let proposals = db::pending_env_proposals(&mut conn, Some(project.id)).await?;
        Ok(EnvMap {
            project: project.slug.clone(),
            preset: project_policy.preset.as_str().to_owned(),
            guard_mode: project_policy.guard_mode.value.to_string(),
            environments,
            proposals,
        })
    }

    /// The secret checks of one write: every text against the detectors of `policy`.
    fn check_secrets<'a>(
        &self,
        texts: impl IntoIterator<Item = (&'a str, &'a str)>,
        policy: &EffectivePolicy,
    ) -> Result<(), EnvError> {
        let mut slow = |pattern: &relay_core::policy::pattern::SafePattern| {
            tracing::warn!(
                pattern = pattern.id(),
                "a secrets.allow pattern went over its time budget; it did not allow"
            );
        };
        secrets::check_fields(texts, policy, &mut slow).map_err(|found| EnvError::Secret { found })
    }

    /// Validates `change` against the environment as stored (`None` for a new one): the written row's fields and
    /// the access entries' stored JSON, secrets checked with `policy`. `proposal` refuses test secrets.
    fn prepare(
        &self,
        change: &EnvChange,
        before: Option<&EnvironmentRow>,
        before_access: &[AccessRow],
        policy: &EffectivePolicy,
        proposal: bool,
    ) -> Result<Prepared, EnvError> {
        let mut changed = Vec::new();
        let name = check_name(change.rename.as_deref().unwrap_or(&change.environment))?;
        if change.rename.is_some() {
            changed.push("name".to_owned());
        }
        let kind = match (&change.kind, before) {
            (Some(kind), _) => {
                changed.push("kind".into());
                parse_kind(kind)?
            }
            (None, Some(row)) => parse_kind(&row.kind)?,
            (None, None) => {
                return Err(EnvError::Invalid(format!(
                    "environment {name:?} is new: give its kind (local, test or live)."
                )));
            }
        };
        let text = |given: &Option<String>,
                    stored: Option<&Option<String>>,
                    what: &str,
                    changed: &mut Vec<String>| {
            match given {
                Some(value) => {
                    changed.push(what.to_owned());
                    let value = value.trim();
                    (!value.is_empty()).then(|| value.to_owned())
                }
                None => stored.cloned().flatten(),
            }
        };
        let base_url = text(
            &change.base_url,
            before.map(|b| &b.base_url),
            "base_url",
            &mut changed,
        );
        if let Some(url) = &base_url {
            check_url("base_url", url)?;
        }
        let notes = text(&change.notes, before.map(|b| &b.notes), "notes", &mut changed);
        let login_state_path = text(
            &change.login_state_path,
            before.map(|b| &b.login_state_path),
            "login_state_path",
            &mut changed,
        );
        for (what, value) in [
            ("notes", &notes),
            ("login_state_path", &login_state_path),
            ("base_url", &base_url),
        ] {
            if let Some(value) = value
                && value.chars().count() > MAX_FIELD
            {
                return Err(EnvError::Invalid(format!(
                    "{what} is over {MAX_FIELD} characters; shorten it."
                )));
            }
        }
        // Live never signs in: the flag is forced off (the database refuses it too).
        let sign_in_allowed = kind != EnvKind::Live
            && change
                .sign_in_allowed
                .or(before
                    .filter(|b| b.kind == kind.as_str())
                    .map(|b| b.sign_in_allowed))
                .unwrap_or(true);
        if change.sign_in_allowed.is_some() {
            changed.push("sign_in_allowed".into());
        }
        let level = match change.level.as_deref().map(str::trim) {
            Some("default") | Some("") => {
                changed.push("level".into());
                None
            }
            Some(level) => {
                changed.push("level".into());
                Some(parse_level("level", level)?.as_str().to_owned())
            }
            None => before.and_then(|b| b.level.clone()),
        };
        let mut overrides: BTreeMap<String, String> = before
            .map(|b| serde_json::from_str(&b.overrides).unwrap_or_default())
            .unwrap_or_default();
        for (cap, level) in &change.overrides {
            let Some(capability) = Capability::parse(cap.trim()) else {
                return Err(EnvError::Invalid(format!(
                    "override {cap:?} is not a capability; use sign_in, ssh, kubectl, db or deploy."
                )));
            };
            changed.push(format!("overrides.{capability}"));
            match level.trim() {
                "default" => {
                    overrides.remove(capability.as_str());
                }
                level => {
                    let level = parse_level(&format!("override {capability}"), level)?;
                    overrides.insert(capability.as_str().to_owned(), level.as_str().to_owned());
                }
            }
        }
        self.check_secrets(
            [
                ("name", name.as_str()),
                ("base_url", base_url.as_deref().unwrap_or("")),
                ("notes", notes.as_deref().unwrap_or("")),
                ("login_state_path", login_state_path.as_deref().unwrap_or("")),
            ],
            policy,
        )?;
        let mut entries = Vec::new();
        for entry in &change.access {
            changed.push(format!("access.{}", entry.kind));
            entries.push(self.prepare_access(entry, kind, before_access, policy, proposal)?);
        }
        // An environment with test secrets cannot become live.
        if kind == EnvKind::Live {
            let kept = before_access
                .iter()
                .filter(|row| !entries.iter().any(|(id, _, _)| *id == Some(row.id)))
                .any(|row| !fields_of(row).1.is_empty());
            let added = entries.iter().any(|(_, _, json)| json.contains("\"test\":true"));
            if kept || added {
                return Err(EnvError::Invalid(format!(
                    "environment {name:?} has test secrets and cannot be live: remove them first (they are never kept on live)."
                )));
            }
        }
        let overrides =
            serde_json::to_string(&overrides).map_err(|err| EnvError::Invalid(err.to_string()))?;
        Ok((
            EnvironmentFields {
                name,
                kind: kind.as_str().to_owned(),
                base_url,
                sign_in_allowed,
                login_state_path,
                notes,
                level,
                overrides,
            },
            entries,
            changed,
        ))
    }

    /// One access entry: its kind, lowercase field names (the kind's own, any for `other`), URLs for logs and
    /// monitoring, references only, test secrets where the policy allows them. Gives `(id, kind, fields JSON)`.
    fn prepare_access(
        &self,
        entry: &AccessInput,
        env_kind: EnvKind,
        before: &[AccessRow],
        policy: &EffectivePolicy,
        proposal: bool,
    ) -> Result<(Option<i64>, String, String), EnvError> {
        let Some(kind) = AccessKind::parse(entry.kind.trim()) else {
            return Err(EnvError::Invalid(format!(
                "access kind {:?} is not one of ssh, kubectl, db, gitops, logs, monitoring, other.",
                entry.kind
            )));
        };
        if let Some(id) = entry.id
            && !before.iter().any(|row| row.id == id)
        {
            return Err(EnvError::Invalid(format!(
                "access entry #{id} is not one of this environment's entries."
            )));
        }
        let known = access_fields(kind);
        let mut out: Map<String, Value> = Map::new();
        let mut tests = 0;
        for (name, value) in &entry.fields {
            let valid_name = !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
                && name.len() <= 40;
            if !valid_name {
                return Err(EnvError::Invalid(format!(
                    "access field name {name:?} is not valid: use lowercase letters, digits and underscores."
                )));
            }
            match value {
                FieldValue::Text(text) => {
                    if kind != AccessKind::Other && !known.contains(&name.as_str()) {
                        return Err(EnvError::Invalid(format!(
                            "a {} entry has no field {name:?}; its fields: {}.",
                            kind.as_str(),
                            known.join(", ")
                        )));
                    }
                    if text.chars().count() > MAX_FIELD {
                        return Err(EnvError::Invalid(format!(
                            "{name} is over {MAX_FIELD} characters; shorten it."
                        )));
                    }
                    if name == "url" && !text.trim().is_empty() {
                        check_url(name, text.trim())?;
                    }
                    self.check_secrets([(name.as_str(), text.as_str())], policy)?;
                    out.insert(name.clone(), Value::String(text.trim().to_owned()));
                }
                FieldValue::TestSecret { value, test } => {
                    if !*test {
                        return Err(EnvError::Invalid(format!(
                            "field {name:?} is an object but not a test secret ({{\"value\": …, \"test\": true}})."
                        )));
                    }
                    if proposal {
                        return Err(EnvError::Invalid(format!(
                            "field {name:?} is a test secret: test secrets are entered by the owner only, never proposed."
                        )));
                    }
                    if env_kind == EnvKind::Live {
                        return Err(EnvError::Invalid(format!(
                            "field {name:?} is a test secret: they are never stored on a live environment."
                        )));
                    }
                    if !policy.test_secrets_allowed(env_kind) {
                        return Err(EnvError::Invalid(format!(
                            "field {name:?} is a test secret, which the policy does not allow on {env_kind} environments \
                             (secrets.test_secrets.{env_kind})."
                        )));
                    }
                    tests += 1;
                    out.insert(name.clone(), serde_json::json!({"value": value, "test": true}));
                }
            }
        }
        if tests > MAX_TEST_SECRETS {
            return Err(EnvError::Invalid(format!(
                "the entry holds {tests} test secrets; the limit is {MAX_TEST_SECRETS}."
            )));
        }
        let json = Value::Object(out).to_string();
        Ok((entry.id, kind.as_str().to_owned(), json))
    }

    /// Writes `change` (owner only): creates or updates the environment and adds or replaces the access entries
    /// given. A change that widens agents' access on live needs `confirm`. Gives the widening it confirmed.
    pub async fn apply(
        &self,
        caller: &Caller,
        project: &str,
        change: &EnvChange,
        confirm: bool,
    ) -> Result<Vec<String>, EnvError> {
        caller.require_owner(owner_only_environments)?;
        let mut tx = self.handle.store().begin_write().await?;
        let project = self.handle.board().project_row(&mut tx, project).await?;
        let widened = self
            .apply_in(&mut tx, caller, &project, change, confirm, false)
            .await?;
        tx.commit().await?;
        Ok(widened)
    }

    async fn apply_in(
        &self,
        tx: &mut crate::store::WriteTx<'_>,
        caller: &Caller,
        project: &ProjectRow,
        change: &EnvChange,
        confirm: bool,
        proposal: bool,
    ) -> Result<Vec<String>, EnvError> {
        let layers = self.stored_layers(&mut *tx, project.id).await?;
        let project_policy = self.policy_of(Some((&project.slug, layers.project.as_deref())), None);
        let before = db::environment_by_name(&mut *tx, project.id, change.environment.trim()).await?;
        let before_access = match &before {
            Some(row) => db::access_entries(&mut *tx, row.id).await?,
            None => Vec::new(),
        };
        let env_layer = before
            .as_ref()
            .and_then(|row| layers.environments.get(&row.id))
            .map(String::as_str);
        let before_policy = match &before {
            Some(row) => self.policy_of(
                Some((&project.slug, layers.project.as_deref())),
                Some((&row.name, env_layer)),
            ),
            None => project_policy.clone(),
        };
        let (fields, entries, changed) =
            self.prepare(change, before.as_ref(), &before_access, &before_policy, proposal)?;
        let after_policy = self.policy_of(
            Some((&project.slug, layers.project.as_deref())),
            Some((&fields.name, env_layer)),
        );
        let after_levels = EnvLevels {
            kind: parse_kind(&fields.kind)?,
            level: fields.level.as_deref().and_then(Level::parse),
            overrides: serde_json::from_str::<BTreeMap<String, String>>(&fields.overrides)
                .unwrap_or_default()
                .iter()
                .filter_map(|(c, l)| Some((Capability::parse(c)?, Level::parse(l)?)))
                .collect(),
        };
        let before_levels = before.as_ref().map(levels_of);
        let widened = widen::environment_widens(
            before_levels.as_ref().map(|levels| (levels, &before_policy)),
            &after_levels,
            &after_policy,
            &project_policy,
        );
        if !widened.is_empty() && !confirm {
            return Err(EnvError::NeedsConfirmation(widened));
        }
        let by = caller.label();
        let now = self.handle.now_ms();
        let (id, action) = match &before {
            Some(row) => {
                db::update_environment(&mut *tx, row.id, &fields, &by, now).await?;
                (row.id, "updated")
            }
            None => (
                db::insert_environment(&mut *tx, project.id, &fields, &by, now).await?,
                "created",
            ),
        };
        for (entry_id, kind, json) in &entries {
            match entry_id {
                Some(entry_id) => db::update_access(&mut *tx, *entry_id, kind, json, &by, now).await?,
                None => {
                    db::insert_access(&mut *tx, id, kind, json, &by, now).await?;
                }
            }
        }
        if !proposal {
            tx.emit(
                &format!("{}/{}", project.slug, fields.name),
                &payload::EnvironmentChanged {
                    project: project.slug.clone(),
                    environment: fields.name.clone(),
                    action: action.to_owned(),
                    changed,
                    widened: widened.clone(),
                    actor: by,
                },
            )
            .await?;
        }
        Ok(widened)
    }

    /// Removes an environment with its access entries and its policy layer (owner only).
    pub async fn remove(&self, caller: &Caller, project: &str, name: &str) -> Result<(), EnvError> {
        caller.require_owner(owner_only_environments)?;
        let mut tx = self.handle.store().begin_write().await?;
        let project = self.handle.board().project_row(&mut tx, project).await?;
        let row = self.environment_row(&mut tx, &project, name).await?;
        db::delete_environment(&mut tx, row.id).await?;
        tx.emit(
            &format!("{}/{}", project.slug, row.name),
            &payload::EnvironmentRemoved {
                project: project.slug.clone(),
                environment: row.name.clone(),
                actor: caller.label(),
            },
        )
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Removes one access entry of an environment (owner only).
    pub async fn remove_access(
        &self,
        caller: &Caller,
        project: &str,
        name: &str,
        id: i64,
    ) -> Result<(), EnvError> {
        caller.require_owner(owner_only_environments)?;
        let mut tx = self.handle.store().begin_write().await?;
        let project = self.handle.board().project_row(&mut tx, project).await?;
        let row = self.environment_row(&mut tx, &project, name).await?;
        let entry = db::access_entry(&mut tx, id)
            .await?
            .filter(|entry| entry.environment_id == row.id);
        let Some(entry) = entry else {
            return Err(EnvError::Invalid(format!(
                "environment {} has no access entry #{id}; `relay env show {} {}` lists them.",
                row.name, project.slug, row.name
            )));
        };
        db::delete_access(&mut tx, entry.id).await?;
        tx.emit(
            &format!("{}/{}", project.slug, row.name),
            &payload::EnvironmentChanged {
                project: project.slug.clone(),
                environment: row.name.clone(),
                action: "access_removed".into(),
                changed: vec![format!("access.{}", entry.kind)],
                widened: Vec::new(),
                actor: caller.label(),
            },
        )
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Records an agent's (or anyone's) proposal; nothing changes. Validated like a write, secrets included.
    pub async fn propose(
        &self,
        caller: &Caller,
        project: &str,
        change: &EnvChange,
        reason: &str,
    ) -> Result<i64, EnvError> {
        let reason = reason.trim();
        if reason.is_empty() {
            return Err(EnvError::Invalid(
                "the reason is empty; say why the change is needed.".into(),
            ));
        }
        let mut tx = self.handle.store().begin_write().await?;
        let project = self.handle.board().project_row(&mut tx, project).await?;
        let layers = self.stored_layers(&mut tx, project.id).await?;
        let project_policy = self.policy_of(Some((&project.slug, layers.project.as_deref())), None);
        let before = db::environment_by_name(&mut tx, project.id, change.environment.trim()).await?;
        let before_access = match &before {
            Some(row) => db::access_entries(&mut tx, row.id).await?,
            None => Vec::new(),
        };
        // Proposals are checked with the project's policy.
        self.prepare(change, before.as_ref(), &before_access, &project_policy, true)?;
        self.check_secrets([("reason", reason)], &project_policy)?;
        let json = serde_json::to_string(change).map_err(|err| EnvError::Invalid(err.to_string()))?;
        let name = change.environment.trim().to_owned();
        let by = caller.label();
        let id = db::insert_env_proposal(
            &mut tx,
            project.id,
            &name,
            &json,
            reason,
            &by,
            self.handle.now_ms(),
        )
        .await?;
        tx.emit(
            &format!("{}/{}", project.slug, name),
            &payload::EnvironmentProposed {
                project: project.slug.clone(),
                environment: name,
                proposal: id,
                reason: reason.to_owned(),
                actor: by,
            },
        )
        .await?;
        tx.commit().await?;
        Ok(id)
    }

    /// The owner accepts (applying the change in one transaction, with the same confirmation for raising live) or
    /// rejects a pending environment proposal; decided once.
    pub async fn decide(
        &self,
        caller: &Caller,
        id: i64,
        accept: bool,
        confirm: bool,
    ) -> Result<Vec<String>, EnvError> {
        caller.require_owner(owner_only_policy)?;
        let mut tx = self.handle.store().begin_write().await?;
        let Some(proposal) = db::env_proposal(&mut tx, id).await? else {
            return Err(EnvError::UnknownProposal {
                what: "environment",
                id,
            });
        };
        if proposal.status != "pending" {
            return Err(EnvError::Decided {
                id,
                status: proposal.status,
            });
        }
        let project = self
            .handle
            .board()
            .project_row(&mut tx, &proposal.project)
            .await?;
        let by = caller.label();
        let now = self.handle.now_ms();
        let subject = format!("{}/{}", project.slug, proposal.environment);
        let widened = if accept {
            let change: EnvChange = serde_json::from_str(&proposal.change)
                .map_err(|err| EnvError::Invalid(format!("proposal #{id} cannot be read: {err}.")))?;
            let widened = self
                .apply_in(&mut tx, caller, &project, &change, confirm, true)
                .await?;
            tx.emit(
                &subject,
                &payload::EnvironmentProposalAccepted {
                    project: project.slug.clone(),
                    environment: proposal.environment.clone(),
                    proposal: id,
                    widened: widened.clone(),
                    actor: by.clone(),
                },
            )
            .await?;
            widened
        } else {
            tx.emit(
                &subject,
                &payload::EnvironmentProposalRejected {
                    project: project.slug.clone(),
                    environment: proposal.environment.clone(),
                    proposal: id,
                    actor: by.clone(),
                },
            )
            .await?;
            Vec::new()
        };
        let status = if accept { "accepted" } else { "rejected" };
        if !db::decide_env_proposal(&mut tx, id, status, &by, now).await? {
            return Err(EnvError::Decided {
                id,
                status: "decided".into(),
            });
        }
        tx.commit().await?;
        Ok(widened)
    }

    /// The layer JSON stored for `scope` (the global file's document for `global`), `{}` when none.
    async fn layer_json(
        &self,
        conn: &mut impl Db,
        scope: &Scope,
    ) -> Result<(Value, Option<ProjectRow>, Option<EnvironmentRow>), EnvError> {
        match scope {
            Scope::Global => {
                let raw = self.handle.global_policy().current().map(|loaded| loaded.raw);
                Ok((raw.unwrap_or_else(|| Value::Object(Map::new())), None, None))
            }
            Scope::Project(slug) => {
                let project = self.handle.board().project_row(&mut *conn, slug).await?;
                let body = db::policy_layer(conn, project.id, None)
                    .await?
                    .map(|row| row.body);
                Ok((parse_body(body), Some(project), None))
            }
            Scope::Environment(slug, name) => {
                let project = self.handle.board().project_row(&mut *conn, slug).await?;
                let env = self.environment_row(&mut *conn, &project, name).await?;
                let body = db::policy_layer(conn, project.id, Some(env.id))
                    .await?
                    .map(|row| row.body);
                Ok((parse_body(body), Some(project), Some(env)))
            }
        }
    }

    /// The effective policy of a scope: the layer chain, one line per value with its layer, the ignored layers.
    pub async fn effective(&self, scope: &Scope) -> Result<PolicyView, EnvError> {
        let mut conn = self.handle.store().read().await?;
        let policy = self.effective_in(&mut conn, scope, None).await?;
        Ok(PolicyView {
            scope: scope.to_string(),
            chain: policy.chain.iter().map(ToString::to_string).collect(),
            lines: policy.lines(),
            ignored: policy
                .ignored
                .iter()
                .map(|layer| layer.errors.to_string())
                .collect(),
            global_broken: self.handle.global_policy().broken(),
            policy,
        })
    }

    /// The effective policy of `scope`, with `replace` standing in for the scope's own layer when given (a
    /// preview: `Some(None)` removes it).
    async fn effective_in(
        &self,
        conn: &mut impl Db,
        scope: &Scope,
        replace: Option<Option<&Value>>,
    ) -> Result<EffectivePolicy, EnvError> {
        let layer = |value: &Value, source: &LayerSource| PolicyLayer::from_value(value, source);
        let mut inputs = self.global_input();
        match scope {
            Scope::Global => {
                match replace {
                    Some(Some(value)) => {
                        inputs.retain(|(source, _)| !source.is_global());
                        inputs.push((LayerSource::Global, layer(value, &LayerSource::Global)))
                    }
                    Some(None) => inputs.retain(|(source, _)| !source.is_global()),
                    None => {}
                }
                return Ok(effective(inputs));
            }
            Scope::Project(slug) | Scope::Environment(slug, _) => {
                let project = self.handle.board().project_row(&mut *conn, slug).await?;
                let layers = self.stored_layers(&mut *conn, project.id).await?;
                let source = LayerSource::Project(project.slug.clone());
                let project_body = match (scope, replace) {
                    (Scope::Project(_), Some(value)) => value.cloned(),
                    _ => layers
                        .project
                        .as_deref()
                        .map(|body| parse_body(Some(body.to_owned()))),
                };
                if let Some(value) = project_body {
                    inputs.push((source, layer(&value, &LayerSource::Project(project.slug.clone()))));
                }
                if let Scope::Environment(_, name) = scope {
                    let env = self.environment_row(&mut *conn, &project, name).await?;
                    let source = LayerSource::Environment {
                        project: project.slug.clone(),
                        environment: env.name.clone(),
                    };
                    let body = match replace {
                        Some(value) => value.cloned(),
                        None => layers
                            .environments
                            .get(&env.id)
                            .map(|body| parse_body(Some(body.clone()))),
                    };
                    if let Some(value) = body {
                        inputs.push((source.clone(), layer(&value, &source)));
                    }
                }
            }
        }
        Ok(effective(inputs))
    }

    /// Saves (or, with `None`, removes) the layer of `scope` (owner only): validated; a change that widens agents'
    /// access on live needs `confirm`. The global file is written after the database work, atomically.
    pub async fn set_layer(
        &self,
        caller: &Caller,
        scope: &Scope,
        layer: Option<&Value>,
        confirm: bool,
    ) -> Result<Vec<String>, EnvError> {
        caller.require_owner(owner_only_policy)?;
        let mut tx = self.handle.store().begin_write().await?;
        let widened = self.set_layer_in(&mut tx, caller, scope, layer, confirm).await?;
        tx.commit().await?;
        if let (Scope::Global, Some(value)) = (scope, layer) {
            self.handle
                .global_policy()
                .write(value)
                .map_err(EnvError::Invalid)?;
        }
        Ok(widened)
    }

    async fn set_layer_in(
        &self,
        tx: &mut crate::store::WriteTx<'_>,
        caller: &Caller,
        scope: &Scope,
        layer: Option<&Value>,
        confirm: bool,
    ) -> Result<Vec<String>, EnvError> {
        let change = self.layer_change(&mut *tx, scope, layer).await?;
        let (widened, project, env) = (change.widened, change.project, change.environment);
        if !widened.is_empty() && !confirm {
            return Err(EnvError::NeedsConfirmation(widened));
        }
        let by = caller.label();
        let now = self.handle.now_ms();
        if let Some(project) = &project {
            let env_id = env.as_ref().map(|env| env.id);
            match layer {
                Some(value) => {
                    db::set_policy_layer(&mut *tx, project.id, env_id, &value.to_string(), &by, now).await?
                }
                None => {
                    db::delete_policy_layer(&mut *tx, project.id, env_id).await?;
                }
            }
        }
        tx.emit(
            &scope.to_string(),
            &payload::PolicyUpdated {
                scope: scope.to_string(),
                project: project.map(|p| p.slug),
                widened: widened.clone(),
                removed: layer.is_none(),
                actor: by,
            },
        )
        .await?;
        Ok(widened)
    }

    /// Validates `layer` for `scope` (`None`: the layer removed) and compares the effective policy before and
    /// after: what it would widen on live. An environment layer of a local or test environment widens nothing
    /// now; it is compared when the environment becomes live.
    async fn layer_change(
        &self,
        conn: &mut impl Db,
        scope: &Scope,
        layer: Option<&Value>,
    ) -> Result<LayerChange, EnvError> {
        if let Some(value) = layer {
            PolicyLayer::from_value(value, &scope.source()).map_err(|errors| EnvError::Policy { errors })?;
        }
        if matches!(scope, Scope::Global) && layer.is_none() {
            return Err(EnvError::Invalid(
                "the global layer is the file policy.json; edit it, or remove the file by hand.".into(),
            ));
        }
        let before = self.effective_in(&mut *conn, scope, None).await?;
        let after = self.effective_in(&mut *conn, scope, Some(layer)).await?;
        let (_, project, environment) = self.layer_json(&mut *conn, scope).await?;
        let env_is_live = environment.as_ref().is_none_or(|env| env.kind == "live");
        let widened = match env_is_live {
            true => widen::policy_widens(&before, &after),
            false => Vec::new(),
        };
        Ok(LayerChange {
            after,
            widened,
            project,
            environment,
        })
    }

    /// Validate and preview: the effective policy `scope` would have with `layer` as its own layer (`None`:
    /// removed) and what saving it would widen on live. Nothing is saved; anyone may ask.
    pub async fn preview_layer(
        &self,
        scope: &Scope,
        layer: Option<&Value>,
    ) -> Result<PolicyPreview, EnvError> {
        let mut conn = self.handle.store().read().await?;
        let change = self.layer_change(&mut conn, scope, layer).await?;
        Ok(PolicyPreview {
            scope: scope.to_string(),
            chain: change.after.chain.iter().map(ToString::to_string).collect(),
            lines: change.after.lines(),
            values: change.after.values(),
            widened: change.widened,
        })
    }

    /// Every policy layer there is, for the owner's list: the global file (its path, modification time and
    /// settings, or its break), then every project's and environment's stored layer with who saved it when, the
    /// settings it sets and, for one that does not validate (left out of every effective policy), its errors.
    pub async fn layers(&self) -> Result<Vec<LayerInfo>, EnvError> {
        let global = self.handle.global_policy();
        let path = global.path().to_path_buf();
        let modified = std::fs::metadata(&path)
            .ok()
            .and_then(|meta| meta.modified().ok())
            .and_then(|at| at.duration_since(std::time::UNIX_EPOCH).ok())
            .and_then(|at| i64::try_from(at.as_millis()).ok());
        let mut out = vec![LayerInfo {
            scope: "global".to_owned(),
            changed_at_ms: modified,
            changed_by: String::new(),
            settings: global
                .current()
                .map(|loaded| settings_of(&loaded.raw))
                .unwrap_or_default(),
            errors: global.broken().into_iter().collect(),
            path: Some(path.display().to_string()),
        }];
        let mut conn = self.handle.store().read().await?;
        for row in db::all_policy_layers(&mut conn).await? {
            let (scope, source) = match &row.environment {
                Some(name) => (
                    format!("{}/{name}", row.project),
                    LayerSource::Environment {
                        project: row.project.clone(),
                        environment: name.clone(),
                    },
                ),
                None => (row.project.clone(), LayerSource::Project(row.project.clone())),
            };
            let errors = match PolicyLayer::parse(&row.body, &source) {
                Ok(_) => Vec::new(),
                Err(errors) => vec![errors.to_string()],
            };
            out.push(LayerInfo {
                scope,
                changed_at_ms: Some(row.changed_at_ms),
                changed_by: row.changed_by,
                settings: settings_of(&parse_body(Some(row.body))),
                errors,
                path: None,
            });
        }
        Ok(out)
    }

    /// The layer stored for `scope` as JSON (the global file's document for `global`), `{}` when none.
    pub async fn layer(&self, scope: &Scope) -> Result<Value, EnvError> {
        let mut conn = self.handle.store().read().await?;
        Ok(self.layer_json(&mut conn, scope).await?.0)
    }

    /// The preset picker (owner only): writes `preset` into `policy.json`, keeping the rest of the file; refused
    /// while the file is broken rather than overwriting it. A preset that widens access on live needs `confirm`.
    pub async fn set_preset(
        &self,
        caller: &Caller,
        preset: &str,
        confirm: bool,
    ) -> Result<Vec<String>, EnvError> {
        caller.require_owner(owner_only_policy)?;
        let Some(preset) = relay_core::policy::Preset::parse(preset.trim()) else {
            return Err(EnvError::Invalid(format!(
                "preset {preset:?} is not one of default, strict, trusted."
            )));
        };
        if let Some(broken) = self.handle.global_policy().broken() {
            return Err(EnvError::Invalid(format!(
                "policy.json is broken now, so the preset is not written into it; fix the file first: {broken}"
            )));
        }
        let mut document = match self.handle.global_policy().current() {
            Some(loaded) => loaded.raw,
            None => Value::Object(Map::new()),
        };
        if let Value::Object(object) = &mut document {
            object.insert("preset".to_owned(), Value::String(preset.as_str().to_owned()));
        }
        self.set_layer(caller, &Scope::Global, Some(&document), confirm)
            .await
    }

    /// Records a policy proposal: `patch` merged into the scope's layer (objects key by key, `null` removes a
    /// key) must validate; nothing changes.
    pub async fn propose_policy(
        &self,
        caller: &Caller,
        scope: &Scope,
        patch: &Value,
        reason: &str,
    ) -> Result<i64, EnvError> {
        let reason = reason.trim();
        if reason.is_empty() {
            return Err(EnvError::Invalid(
                "the reason is empty; say why the change is needed.".into(),
            ));
        }
        if !patch.is_object() {
            return Err(EnvError::Invalid("the patch is not a JSON object.".into()));
        }
        let mut tx = self.handle.store().begin_write().await?;
        let (current, project, _) = self.layer_json(&mut tx, scope).await?;
        let merged = merge_patch(current, patch);
        let source = match scope {
            Scope::Global => LayerSource::Global,
            Scope::Project(slug) => LayerSource::Project(slug.clone()),
            Scope::Environment(slug, name) => LayerSource::Environment {
                project: slug.clone(),
                environment: name.clone(),
            },
        };
        PolicyLayer::from_value(&merged, &source).map_err(|errors| EnvError::Policy { errors })?;
        let by = caller.label();
        let id = db::insert_policy_proposal(
            &mut tx,
            &scope.to_string(),
            project.as_ref().map(|p| p.id),
            &patch.to_string(),
            reason,
            &by,
            self.handle.now_ms(),
        )
        .await?;
        tx.emit(
            &scope.to_string(),
            &payload::PolicyProposed {
                scope: scope.to_string(),
                project: project.map(|p| p.slug),
                proposal: id,
                reason: reason.to_owned(),
                actor: by,
            },
        )
        .await?;
        tx.commit().await?;
        Ok(id)
    }

    /// The owner accepts (validated again, with the live confirmation) or rejects a policy proposal. When the
    /// global file cannot be written after the commit, the proposal goes back to pending and the error is given.
    pub async fn decide_policy(
        &self,
        caller: &Caller,
        id: i64,
        accept: bool,
        confirm: bool,
    ) -> Result<Vec<String>, EnvError> {
        caller.require_owner(owner_only_policy)?;
        let mut tx = self.handle.store().begin_write().await?;
        let Some(proposal) = db::policy_proposal(&mut tx, id).await? else {
            return Err(EnvError::UnknownProposal { what: "policy", id });
        };
        if proposal.status != "pending" {
            return Err(EnvError::Decided {
                id,
                status: proposal.status,
            });
        }
        let scope = Scope::parse(&proposal.scope)?;
        let by = caller.label();
        let now = self.handle.now_ms();
        let (current, project, _) = self.layer_json(&mut tx, &scope).await?;
        let project_slug = project.map(|p| p.slug);
        if !accept {
            db::decide_policy_proposal(&mut tx, id, "rejected", &by, now).await?;
            tx.emit(
                &proposal.scope,
                &payload::PolicyProposalRejected {
                    scope: proposal.scope.clone(),
                    project: project_slug,
                    proposal: id,
                    actor: by,
                },
            )
            .await?;
            tx.commit().await?;
            return Ok(Vec::new());
        }
        if matches!(scope, Scope::Global)
            && let Some(broken) = self.handle.global_policy().broken()
        {
            return Err(EnvError::Invalid(format!(
                "policy.json is broken now, so it is not overwritten by a proposal: {broken}"
            )));
        }
        let patch: Value = serde_json::from_str(&proposal.patch).unwrap_or(Value::Object(Map::new()));
        let merged = merge_patch(current, &patch);
        let widened = self
            .set_layer_in(&mut tx, caller, &scope, Some(&merged), confirm)
            .await?;
        db::decide_policy_proposal(&mut tx, id, "accepted", &by, now).await?;
        tx.emit(
            &proposal.scope,
            &payload::PolicyProposalAccepted {
                scope: proposal.scope.clone(),
                project: project_slug.clone(),
                proposal: id,
                widened: widened.clone(),
                actor: by,
            },
        )
        .await?;
        tx.commit().await?;
        if matches!(scope, Scope::Global)
            && let Err(error) = self.handle.global_policy().write(&merged)
        {
            let mut tx = self.handle.store().begin_write().await?;
            db::reopen_policy_proposal(&mut tx, id, &error).await?;
            tx.emit(
                &proposal.scope,
                &payload::PolicyProposalReopened {
                    scope: proposal.scope.clone(),
                    project: project_slug,
                    proposal: id,
                    error: error.clone(),
                },
            )
            .await?;
            tx.commit().await?;
            return Err(EnvError::Invalid(format!(
                "{error}; proposal #{id} is pending again."
            )));
        }
        Ok(widened)
    }

    /// Pending policy proposals.
    pub async fn policy_proposals(&self) -> Result<Vec<db::PolicyProposalRow>, EnvError> {
        let mut conn = self.handle.store().read().await?;
        Ok(db::pending_policy_proposals(&mut conn).await?)
    }

    /// Pending environment proposals of every project.
    pub async fn env_proposals(&self) -> Result<Vec<db::EnvProposalRow>, EnvError> {
        let mut conn = self.handle.store().read().await?;
        Ok(db::pending_env_proposals(&mut conn, None).await?)
    }

    /// The guard's view of the environments of `project_ids` (a session's project and its bound tasks'), each
    /// with its effective policy, and the stored test secret values the journal masks: the kept one while no
    /// environment, access entry or policy layer changed and the global file was not taken in again
    /// ([`views`]), else built and kept.
    pub async fn guard_view(&self, project_ids: &[i64]) -> Result<Arc<GuardView>, EnvError> {
        // Read before the build, so a change committed during it makes this view stale, never current.
        let stamp = (
            self.handle.store().environments_generation(),
            self.handle.global_policy().generation(),
        );
        if let Some(view) = self.handle.guard_views().get(stamp, project_ids) {
            return Ok(view);
        }
        let view = Arc::new(self.build_guard_view(project_ids).await?);
        self.handle.guard_views().put(stamp, project_ids, view.clone());
        Ok(view)
    }

    /// The guard's view built from the store and the policy layers.
    pub async fn build_guard_view(&self, project_ids: &[i64]) -> Result<GuardView, EnvError> {
        let mut conn = self.handle.store().read().await?;
        let rows = db::environments_of(&mut conn, project_ids).await?;
        if rows.is_empty() {
            return Ok(GuardView::default());
        }
        let ids: Vec<i64> = rows.iter().map(|row| row.id).collect();
        let access = db::access_entries_of(&mut conn, &ids).await?;
        let layers = db::policy_layers_of(&mut conn, project_ids).await?;
        let mut view = GuardView::default();
        for row in &rows {
            let project_layer = layers
                .iter()
                .find(|layer| layer.project_id == row.project_id && layer.environment_id.is_none())
                .map(|layer| layer.body.as_str());
            let env_layer = layers
                .iter()
                .find(|layer| layer.environment_id == Some(row.id))
                .map(|layer| layer.body.as_str());
            let policy = self.policy_of(Some((&row.project, project_layer)), Some((&row.name, env_layer)));
            let levels = levels_of(row);
            let entries: Vec<(AccessKind, BTreeMap<String, String>)> = access
                .iter()
                .filter(|entry| entry.environment_id == row.id)
                .filter_map(|entry| {
                    let (fields, tests) = fields_of(entry);
                    view.test_values.extend(tests.into_values());
                    Some((AccessKind::parse(&entry.kind)?, fields))
                })
                .collect();
            view.environments.push(GuardEnvironment::new(
                &row.project,
                &row.name,
                levels.kind,
                &policy,
                levels.level,
                &levels.overrides,
                row.base_url.as_deref(),
                entries.iter().map(|(kind, fields)| (*kind, fields)),
            ));
        }
        Ok(view)
    }
}

/// What the guard step needs of the store.
#[derive(Clone, Debug, Default)]
pub struct GuardView {
    pub environments: Vec<GuardEnvironment>,
    /// Every stored test secret value (masked in the journal whatever its length).
    pub test_values: Vec<String>,
}

fn parse_body(body: Option<String>) -> Value {
    body.and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_else(|| Value::Object(Map::new()))
}

/// `patch` merged into `current`: objects key by key, any other value replaces, `null` removes a key.
pub fn merge_patch(current: Value, patch: &Value) -> Value {
    match (current, patch) {
        (Value::Object(mut base), Value::Object(patch)) => {
            for (key, value) in patch {
                if value.is_null() {
                    base.remove(key);
                    continue;
                }
                let old = base.remove(key).unwrap_or(Value::Null);
                base.insert(key.clone(), merge_patch(old, value));
            }
            Value::Object(base)
        }
        (_, Value::Object(_)) => merge_patch(Value::Object(Map::new()), patch),
        (_, patch) => patch.clone(),
    }
}

#[cfg(test)]
mod tests;
