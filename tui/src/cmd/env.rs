//! `relay env list|show|set|rm|access|propose|proposals|accept|reject`: a project's environments (stands), their
//! access map and the agents' proposals, for the owner and for scripts. Every rule is relayd's
//! (`daemon/src/environments/`): who may write, the secret checks, the second confirmation for widening access on
//! live; this sends the request and prints the answer.

use clap::{Args, Subcommand};
use relay_core::proto::{
    self, AccessField, AccessInput, CapabilityOverride, DecideProposalRequest, EnvironmentChange,
    GetEnvironmentMapRequest, ListEnvironmentProposalsRequest, ProposeEnvironmentRequest,
    RemoveAccessEntryRequest, RemoveEnvironmentRequest, SetEnvironmentRequest,
};
use serde_json::{Value, json};

use super::format::{self, emit, print_json};
use crate::cli::OutputArgs;
use crate::client::{Context, daemon_client};
use crate::error::CliError;

const LEVELS: [&str; 5] = ["none", "read", "ask", "full", "default"];

#[derive(Subcommand, Debug)]
pub enum EnvCommand {
    /// List a project's environments (kind, the agents' level and where it comes from, base URL, access
    /// entries), then its pending proposals
    List {
        /// The project's slug, e.g. acme-shop
        project: String,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Show one environment: each capability's level with its source, the guard mode, sign-in, notes and its
    /// access entries (test secrets by name)
    Show {
        /// The project's slug
        project: String,
        /// The environment's name, e.g. live
        environment: String,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Create an environment (give --kind), or change the given fields of one
    ///
    /// A change that widens agents' access on live (a level above read raised, an environment made live with
    /// more than the policy gives live) is refused until repeated with --confirm.
    Set(EnvSetArgs),
    /// Remove an environment with its access entries and its policy layer
    Rm {
        /// The project's slug
        project: String,
        /// The environment's name
        environment: String,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// An environment's access entries (ssh, kubectl, db, gitops, logs, monitoring, other): add, change or remove
    /// one. They hold references only: where a secret lives, never the secret
    Access {
        #[command(subcommand)]
        action: AccessCommand,
    },
    /// Propose a change to an environment: recorded for the owner to accept or reject; nothing changes now
    Propose(EnvProposeArgs),
    /// List the pending environment proposals (of every project unless --project)
    Proposals {
        /// Only this project's
        #[arg(long, short, value_name = "SLUG")]
        project: Option<String>,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Accept a pending environment proposal: its change is applied in one write
    Accept {
        /// The proposal's id (`3` or `#3`), as `relay env proposals` lists it
        #[arg(value_parser = parse_id)]
        id: i64,
        /// Confirm a change that widens agents' access on live
        #[arg(long)]
        confirm: bool,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Reject a pending environment proposal
    Reject {
        /// The proposal's id (`3` or `#3`)
        #[arg(value_parser = parse_id)]
        id: i64,
        #[command(flatten)]
        output: OutputArgs,
    },
}

/// The fields of an environment a write or a proposal may give.
#[derive(Args, Debug, Clone, Default)]
pub struct EnvFieldArgs {
    /// The kind: local, test or live (needed for a new environment)
    #[arg(long, value_parser = ["local", "test", "live"])]
    pub kind: Option<String>,
    /// Its URL (http:// or https://); `-` clears it
    #[arg(long, value_name = "URL")]
    pub base_url: Option<String>,
    /// Notes for agents (references only, never a secret); `-` clears them
    #[arg(long, value_name = "TEXT")]
    pub notes: Option<String>,
    /// Whether an agent may sign in and remember the login (always off on live)
    #[arg(long, value_name = "BOOL")]
    pub sign_in: Option<bool>,
    /// Where the saved login state lives; `-` clears it
    #[arg(long, value_name = "PATH")]
    pub login_state_path: Option<String>,
    /// The agents' level: none, read, ask or full; default clears it (the policy's)
    #[arg(long, value_parser = LEVELS)]
    pub level: Option<String>,
    /// One capability's level: CAPABILITY=LEVEL, capability sign_in, ssh, kubectl, db or deploy, level none, read,
    /// ask, full, or default to remove the override (repeatable)
    #[arg(long = "override", value_name = "CAP=LEVEL", value_parser = parse_pair)]
    pub overrides: Vec<(String, String)>,
}

#[derive(Args, Debug)]
pub struct EnvSetArgs {
    /// The project's slug
    pub project: String,
    /// The environment's name (letters, digits, spaces, dots, dashes, underscores)
    pub environment: String,
    #[command(flatten)]
    pub fields: EnvFieldArgs,
    /// Give the environment a new name
    #[arg(long, value_name = "NAME")]
    pub rename: Option<String>,
    /// Confirm a change that widens agents' access on live
    #[arg(long)]
    pub confirm: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args, Debug)]
pub struct EnvProposeArgs {
    /// The project's slug
    pub project: String,
    /// The environment's name (a new one needs --kind)
    pub environment: String,
    /// Why the change is needed (shown to the owner)
    #[arg(long, value_name = "TEXT")]
    pub reason: String,
    #[command(flatten)]
    pub fields: EnvFieldArgs,
    /// An access entry to add: KIND:FIELD=VALUE,FIELD=VALUE… (e.g. ssh:alias=prod-app,user=deploy); repeatable
    #[arg(long = "access", value_name = "KIND:FIELDS", value_parser = parse_access)]
    pub access: Vec<(String, Vec<(String, String)>)>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Subcommand, Debug)]
pub enum AccessCommand {
    /// Add an access entry: its kind and FIELD=VALUE pairs (ssh: alias, host, port, user, key_path_ref; kubectl:
    /// context, namespace; db: type, host, port, port_forward, database, user, password_ref; gitops: repo, path,
    /// branch; logs and monitoring: url; other: any lowercase names)
    Add {
        /// The project's slug
        project: String,
        /// The environment's name
        environment: String,
        /// ssh, kubectl, db, gitops, logs, monitoring or other
        #[arg(value_parser = ["ssh", "kubectl", "db", "gitops", "logs", "monitoring", "other"])]
        kind: String,
        /// FIELD=VALUE (repeatable); a secret's place holds a reference ($DB_PASSWORD, ~/.ssh/key, vault://…)
        #[arg(value_name = "FIELD=VALUE", value_parser = parse_pair)]
        fields: Vec<(String, String)>,
        /// A harmless test value NAME=VALUE, where the policy allows them for the kind (never on live; repeatable)
        #[arg(long = "test-secret", value_name = "NAME=VALUE", value_parser = parse_pair)]
        test_secrets: Vec<(String, String)>,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Change an access entry: the fields given are set (`FIELD=-` removes one), the others are kept
    Set {
        /// The project's slug
        project: String,
        /// The environment's name
        environment: String,
        /// The entry's id (`2` or `#2`), as `relay env show` lists it
        #[arg(value_parser = parse_id)]
        id: i64,
        /// FIELD=VALUE (repeatable); `FIELD=-` removes the field
        #[arg(value_name = "FIELD=VALUE", value_parser = parse_pair)]
        fields: Vec<(String, String)>,
        /// A test value NAME=VALUE (`NAME=-` removes it; repeatable)
        #[arg(long = "test-secret", value_name = "NAME=VALUE", value_parser = parse_pair)]
        test_secrets: Vec<(String, String)>,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Remove an access entry
    Rm {
        /// The project's slug
        project: String,
        /// The environment's name
        environment: String,
        /// The entry's id (`2` or `#2`)
        #[arg(value_parser = parse_id)]
        id: i64,
        #[command(flatten)]
        output: OutputArgs,
    },
}

/// `NAME=VALUE`, split at the first `=`.
fn parse_pair(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() => Ok((name.trim().to_owned(), value.to_owned())),
        _ => Err(format!(
            "expected NAME=VALUE (e.g. host=app.acme.com), got {text:?}"
        )),
    }
}

/// `KIND:FIELD=VALUE,FIELD=VALUE…`.
fn parse_access(text: &str) -> Result<(String, Vec<(String, String)>), String> {
    let Some((kind, rest)) = text.split_once(':') else {
        return Err(format!(
            "expected KIND:FIELD=VALUE,… (e.g. ssh:alias=prod-app,user=deploy), got {text:?}"
        ));
    };
    let fields = rest
        .split(',')
        .filter(|pair| !pair.trim().is_empty())
        .map(parse_pair)
        .collect::<Result<Vec<_>, _>>()?;
    Ok((kind.trim().to_owned(), fields))
}

/// A proposal's or an entry's id: `3` or `#3`, positive.
fn parse_id(text: &str) -> Result<i64, String> {
    text.trim()
        .trim_start_matches('#')
        .parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| format!("expected an id such as 3 or #3, got {text:?}"))
}

/// `-` clears a text: the service takes `""` for that.
fn text(value: Option<String>) -> Option<String> {
    value.map(|value| match relay_core::board::clears(&value) {
        true => String::new(),
        false => value,
    })
}

fn change_of(environment: String, fields: EnvFieldArgs) -> EnvironmentChange {
    EnvironmentChange {
        environment,
        rename: None,
        kind: fields.kind,
        base_url: text(fields.base_url),
        notes: text(fields.notes),
        sign_in_allowed: fields.sign_in,
        login_state_path: text(fields.login_state_path),
        level: fields.level,
        overrides: fields
            .overrides
            .into_iter()
            .map(|(capability, level)| CapabilityOverride { capability, level })
            .collect(),
        access: Vec::new(),
    }
}

fn field(name: String, value: String, test: bool) -> AccessField {
    AccessField { name, value, test }
}

pub async fn run(ctx: &Context, command: EnvCommand) -> Result<(), CliError> {
    match command {
        EnvCommand::List { project, output } => list(ctx, project, output).await,
        EnvCommand::Show {
            project,
            environment,
            output,
        } => show(ctx, project, environment, output).await,
        EnvCommand::Set(args) => {
            let mut change = change_of(args.environment, args.fields);
            change.rename = args.rename;
            set(ctx, args.project, change, args.confirm, args.output).await
        }
        EnvCommand::Rm {
            project,
            environment,
            output,
        } => {
            let answer = daemon_client(ctx)
                .await?
                .environments
                .remove_environment(RemoveEnvironmentRequest { project, environment })
                .await?
                .into_inner();
            if output.json {
                return print_json(&format::to_json(&answer));
            }
            emit(&format!(
                "removed environment {} of {} with its access entries and policy layer",
                answer.environment, answer.project
            ))
            .map(drop)
        }
        EnvCommand::Access { action } => access(ctx, action).await,
        EnvCommand::Propose(args) => propose(ctx, args).await,
        EnvCommand::Proposals { project, output } => proposals(ctx, project, output).await,
        EnvCommand::Accept { id, confirm, output } => decide(ctx, id, true, confirm, output).await,
        EnvCommand::Reject { id, output } => decide(ctx, id, false, false, output).await,
    }
}

async fn map(ctx: &Context, project: String) -> Result<proto::EnvironmentMap, CliError> {
    Ok(daemon_client(ctx)
        .await?
        .environments
        .get_environment_map(GetEnvironmentMapRequest { project })
        .await?
        .into_inner())
}

/// `read (default)`, `full (policy: project:acme)`, `none` (set by the environment).
fn sourced(level: Option<&proto::SourcedLevel>) -> String {
    match level {
        Some(level) if level.source.is_empty() => level.level.clone(),
        Some(level) => format!("{} {}", level.level, level.source),
        None => "?".to_owned(),
    }
}

/// One entry's fields: `alias=prod-app user=deploy`, test secrets by name.
fn entry_fields(entry: &proto::AccessEntry) -> String {
    let mut parts: Vec<String> = entry
        .fields
        .iter()
        .filter(|f| !f.test)
        .map(|f| format!("{}={}", f.name, f.value))
        .collect();
    let tests: Vec<&str> = entry
        .fields
        .iter()
        .filter(|f| f.test)
        .map(|f| f.name.as_str())
        .collect();
    if !tests.is_empty() {
        parts.push(format!("test secrets: {}", tests.join(", ")));
    }
    parts.join(" ")
}

/// The change a proposal carries, in one line.
fn change_line(change_json: &str) -> String {
    let Ok(Value::Object(change)) = serde_json::from_str::<Value>(change_json) else {
        return change_json.to_owned();
    };
    let parts: Vec<String> = change
        .iter()
        .filter(|(key, value)| {
            key.as_str() != "environment"
                && !value.is_null()
                && value.as_array().is_none_or(|list| !list.is_empty())
                && value.as_object().is_none_or(|map| !map.is_empty())
        })
        .map(|(key, value)| format!("{key} {value}"))
        .collect();
    match parts.is_empty() {
        true => "no change".to_owned(),
        false => parts.join(", "),
    }
}

fn proposal_line(proposal: &proto::EnvironmentProposal) -> String {
    format!(
        "#{} {} {}: {} — {} (by {}, {})",
        proposal.id,
        proposal.project,
        proposal.environment,
        change_line(&proposal.change_json),
        format::first_line(&proposal.reason),
        proposal.proposed_by,
        format::utc(proposal.proposed_at_ms)
    )
}

async fn list(ctx: &Context, project: String, output: OutputArgs) -> Result<(), CliError> {
    let map = map(ctx, project).await?;
    if output.json {
        return print_json(&format::to_json(&map));
    }
    let mut text = format!(
        "{} · policy preset {} · guard {}\n",
        map.project, map.preset, map.guard_mode
    );
    if map.environments.is_empty() {
        text.push_str(&format!(
            "no environments yet; add one with `relay env set {} live --kind live --base-url https://…`\n",
            map.project
        ));
    }
    let width = map
        .environments
        .iter()
        .map(|env| env.name.chars().count())
        .max()
        .unwrap_or(0);
    for env in &map.environments {
        let mut line = format!(
            "  {:<width$}  {:<5}  agents: {}",
            env.name,
            env.kind,
            sourced(env.level.as_ref())
        );
        if let Some(url) = &env.base_url {
            line.push_str(&format!("  {url}"));
        }
        match env.access.len() {
            0 => {}
            1 => line.push_str("  1 access entry"),
            n => line.push_str(&format!("  {n} access entries")),
        }
        text.push_str(&line);
        text.push('\n');
    }
    if !map.proposals.is_empty() {
        text.push_str("\nproposals (relay env accept ID / relay env reject ID)\n");
        for proposal in &map.proposals {
            text.push_str(&format!("  {}\n", proposal_line(proposal)));
        }
    }
    emit(text.trim_end()).map(drop)
}

async fn show(
    ctx: &Context,
    project: String,
    environment: String,
    output: OutputArgs,
) -> Result<(), CliError> {
    let map = map(ctx, project).await?;
    let wanted = environment.trim().to_lowercase();
    let Some(env) = map
        .environments
        .iter()
        .find(|env| env.name.to_lowercase() == wanted)
    else {
        let known: Vec<&str> = map.environments.iter().map(|env| env.name.as_str()).collect();
        return Err(CliError::NotFound(format!(
            "project {} has no environment {environment:?}; its environments: {}",
            map.project,
            if known.is_empty() {
                "none yet".to_owned()
            } else {
                known.join(", ")
            }
        )));
    };
    if output.json {
        return print_json(&format::to_json(env));
    }
    let mut text = format!("{} {} ({})\n", map.project, env.name, env.kind);
    let mut row = |name: &str, value: String| text.push_str(&format!("  {name:<12} {value}\n"));
    if let Some(url) = &env.base_url {
        row("base url", url.clone());
    }
    row("agents", sourced(env.level.as_ref()));
    for capability in &env.capabilities {
        let mut value = sourced(capability.level.as_ref());
        if capability.r#override.is_some() {
            value.push_str(" (override)");
        }
        row(&capability.capability, value);
    }
    row("guard", env.guard_mode.clone());
    row(
        "sign-in",
        if env.sign_in_allowed { "allowed" } else { "off" }.to_owned(),
    );
    if let Some(path) = &env.login_state_path {
        row("login state", path.clone());
    }
    if let Some(notes) = &env.notes {
        row("notes", notes.clone());
    }
    row(
        "changed",
        format!("{} by {}", format::utc(env.changed_at_ms), env.changed_by),
    );
    if !env.access.is_empty() {
        text.push_str("access\n");
        for entry in &env.access {
            text.push_str(&format!(
                "  #{} {} {}  ({} by {})\n",
                entry.id,
                entry.kind,
                entry_fields(entry),
                format::utc(entry.changed_at_ms),
                entry.changed_by
            ));
        }
    }
    let proposals: Vec<&proto::EnvironmentProposal> = map
        .proposals
        .iter()
        .filter(|p| p.environment.to_lowercase() == wanted)
        .collect();
    if !proposals.is_empty() {
        text.push_str("proposals\n");
        for proposal in proposals {
            text.push_str(&format!("  {}\n", proposal_line(proposal)));
        }
    }
    emit(text.trim_end()).map(drop)
}

/// What a confirmed write widened, on stderr (the person confirming reads it again).
fn print_widened(widened: &[String]) {
    for line in widened {
        eprintln!("relay: confirmed: this widens agents' access on live: {line}");
    }
}

async fn set(
    ctx: &Context,
    project: String,
    change: EnvironmentChange,
    confirm: bool,
    output: OutputArgs,
) -> Result<(), CliError> {
    let answer = daemon_client(ctx)
        .await?
        .environments
        .set_environment(SetEnvironmentRequest {
            project,
            change: Some(change),
            confirm,
        })
        .await?
        .into_inner();
    print_widened(&answer.widened);
    if output.json {
        return print_json(&format::to_json(&answer));
    }
    emit(&format!(
        "saved environment {} of {}",
        answer.environment, answer.project
    ))
    .map(drop)
}

async fn access(ctx: &Context, command: AccessCommand) -> Result<(), CliError> {
    match command {
        AccessCommand::Add {
            project,
            environment,
            kind,
            fields,
            test_secrets,
            output,
        } => {
            let mut all: Vec<AccessField> = fields
                .into_iter()
                .map(|(name, value)| field(name, value, false))
                .collect();
            all.extend(
                test_secrets
                    .into_iter()
                    .map(|(name, value)| field(name, value, true)),
            );
            let mut change = change_of(environment, EnvFieldArgs::default());
            change.access.push(AccessInput {
                id: None,
                kind,
                fields: all,
            });
            set(ctx, project, change, false, output).await
        }
        AccessCommand::Set {
            project,
            environment,
            id,
            fields,
            test_secrets,
            output,
        } => {
            // The entry as stored (the owner sees its test secrets), with the given fields set or removed: the
            // service replaces an entry's fields with exactly the ones sent.
            let map = map(ctx, project.clone()).await?;
            let entry = map
                .environments
                .iter()
                .filter(|env| env.name.eq_ignore_ascii_case(environment.trim()))
                .flat_map(|env| &env.access)
                .find(|entry| entry.id == id)
                .ok_or_else(|| {
                    CliError::NotFound(format!(
                        "environment {environment} of {project} has no access entry #{id}; `relay env show {project} {environment}` lists them"
                    ))
                })?;
            let mut merged = entry.fields.clone();
            for (test, (name, value)) in fields
                .into_iter()
                .map(|pair| (false, pair))
                .chain(test_secrets.into_iter().map(|pair| (true, pair)))
            {
                merged.retain(|f| f.name != name);
                if !relay_core::board::clears(&value) {
                    merged.push(field(name, value, test));
                }
            }
            let mut change = change_of(environment, EnvFieldArgs::default());
            change.access.push(AccessInput {
                id: Some(id),
                kind: entry.kind.clone(),
                fields: merged,
            });
            set(ctx, project, change, false, output).await
        }
        AccessCommand::Rm {
            project,
            environment,
            id,
            output,
        } => {
            let answer = daemon_client(ctx)
                .await?
                .environments
                .remove_access_entry(RemoveAccessEntryRequest {
                    project,
                    environment,
                    id,
                })
                .await?
                .into_inner();
            if output.json {
                return print_json(&format::to_json(&answer));
            }
            emit(&format!(
                "removed access entry #{id} of {} {}",
                answer.project, answer.environment
            ))
            .map(drop)
        }
    }
}

async fn propose(ctx: &Context, args: EnvProposeArgs) -> Result<(), CliError> {
    let mut change = change_of(args.environment, args.fields);
    change.access = args
        .access
        .into_iter()
        .map(|(kind, fields)| AccessInput {
            id: None,
            kind,
            fields: fields
                .into_iter()
                .map(|(name, value)| field(name, value, false))
                .collect(),
        })
        .collect();
    let environment = change.environment.clone();
    let answer = daemon_client(ctx)
        .await?
        .environments
        .propose_environment(ProposeEnvironmentRequest {
            project: args.project.clone(),
            change: Some(change),
            reason: args.reason,
        })
        .await?
        .into_inner();
    if args.output.json {
        return print_json(&json!({ "id": answer.id }));
    }
    emit(&format!(
        "proposed #{} for {} {environment}; nothing changed until the owner accepts it (relay env accept {})",
        answer.id, args.project, answer.id
    ))
    .map(drop)
}

async fn proposals(ctx: &Context, project: Option<String>, output: OutputArgs) -> Result<(), CliError> {
    let answer = daemon_client(ctx)
        .await?
        .environments
        .list_environment_proposals(ListEnvironmentProposalsRequest { project })
        .await?
        .into_inner();
    if output.json {
        return print_json(&format::to_json(&answer));
    }
    if answer.proposals.is_empty() {
        return emit("no pending environment proposals").map(drop);
    }
    for proposal in &answer.proposals {
        if !emit(&proposal_line(proposal))? {
            break;
        }
    }
    Ok(())
}

async fn decide(
    ctx: &Context,
    id: i64,
    accept: bool,
    confirm: bool,
    output: OutputArgs,
) -> Result<(), CliError> {
    let answer = daemon_client(ctx)
        .await?
        .environments
        .decide_environment_proposal(DecideProposalRequest { id, accept, confirm })
        .await?
        .into_inner();
    print_widened(&answer.widened);
    if output.json {
        return print_json(&format::to_json(&answer));
    }
    emit(&format!("environment proposal #{} {}", answer.id, answer.status)).map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_access_entries_and_ids_are_parsed_or_refused_in_words() {
        assert_eq!(parse_pair("host=a=b"), Ok(("host".into(), "a=b".into())));
        assert!(parse_pair("=x").unwrap_err().contains("expected NAME=VALUE"));
        assert_eq!(
            parse_access("ssh:alias=prod-app, user=deploy"),
            Ok((
                "ssh".into(),
                vec![
                    ("alias".into(), "prod-app".into()),
                    ("user".into(), "deploy".into())
                ]
            ))
        );
        assert!(
            parse_access("alias=prod")
                .unwrap_err()
                .contains("KIND:FIELD=VALUE")
        );
        assert_eq!(parse_id("#3"), Ok(3));
        assert!(parse_id("0").unwrap_err().contains("such as 3 or #3"));
    }

    #[test]
    fn a_proposal_reads_as_its_change_in_one_line() {
        let line = change_line(r#"{"environment":"live","level":"full","overrides":{},"access":[]}"#);
        assert_eq!(line, r#"level "full""#);
        assert_eq!(change_line(r#"{"environment":"live"}"#), "no change");
    }
}
