//! `relay policy show|set|rm|preview|preset|propose|proposals|accept|reject`: policy as data for the owner and for
//! scripts. relayd validates every layer (the schema and the checks it cannot express, patterns included) and asks
//! for the second confirmation when a change widens agents' access on live; this reads the file, sends it and
//! prints the answer.

use std::io::Read;
use std::path::Path;

use clap::Subcommand;
use relay_core::proto::{
    self, DecideProposalRequest, GetPolicyRequest, ListPolicyProposalsRequest, PreviewPolicyLayerRequest,
    ProposePolicyRequest, SetPolicyLayerRequest, SetPolicyPresetRequest,
};
use serde_json::{Value, json};

use super::format::{self, emit, print_json};
use crate::cli::OutputArgs;
use crate::client::{Context, daemon_client};
use crate::error::CliError;

/// The largest policy file relay reads.
const MAX_FILE: u64 = 1 << 20;

#[derive(Subcommand, Debug)]
pub enum PolicyCommand {
    /// Show the effective policy of a scope: the layer chain, one line per value with the layer that set it,
    /// layers ignored because they do not validate, a broken policy.json, and the scope's own layer
    Show {
        /// global (the default), a project's slug, or PROJECT/ENVIRONMENT
        #[arg(default_value = "global")]
        scope: String,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// List every policy layer: policy.json, then each project's and environment's stored layer with who saved
    /// it when and the settings it sets; a layer that does not validate says why
    Layers {
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Save a scope's whole layer from FILE (`-` reads stdin): validated first; a layer that widens agents' access
    /// on live is refused, saying what it widens, until repeated with --confirm
    Set {
        /// global (written to policy.json), a project's slug, or PROJECT/ENVIRONMENT
        scope: String,
        /// The layer, a JSON object; `-` reads it from stdin
        file: String,
        /// Confirm a layer that widens agents' access on live
        #[arg(long)]
        confirm: bool,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Remove a project's or an environment's layer (the global one is the file policy.json)
    Rm {
        /// A project's slug, or PROJECT/ENVIRONMENT
        scope: String,
        /// Confirm a removal that widens agents' access on live
        #[arg(long)]
        confirm: bool,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Validate a layer and show the effective policy it would make and whether it widens agents' access on live;
    /// nothing is saved
    Preview {
        /// global, a project's slug, or PROJECT/ENVIRONMENT
        scope: String,
        /// The layer, a JSON object; `-` reads it from stdin
        file: String,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Write a preset into policy.json, keeping the rest of the file: default (local and test full, live read,
    /// guard warn), strict (local full, test ask, live none, guard block) or trusted (full everywhere, guard log)
    Preset {
        #[arg(value_parser = ["default", "strict", "trusted"])]
        name: String,
        /// Confirm a preset that widens agents' access on live
        #[arg(long)]
        confirm: bool,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Propose a change to a scope's layer: a JSON patch (objects merge key by key, null removes a key) recorded
    /// for the owner; nothing changes now
    Propose {
        /// global, a project's slug, or PROJECT/ENVIRONMENT
        scope: String,
        /// The patch, a JSON object; `-` reads it from stdin
        file: String,
        /// Why the change is needed (shown to the owner)
        #[arg(long, value_name = "TEXT")]
        reason: String,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// List the pending policy proposals
    Proposals {
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Accept a pending policy proposal: the merged layer is validated again and saved
    Accept {
        /// The proposal's id (`3` or `#3`), as `relay policy proposals` lists it
        #[arg(value_parser = parse_id)]
        id: i64,
        /// Confirm a change that widens agents' access on live
        #[arg(long)]
        confirm: bool,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Reject a pending policy proposal
    Reject {
        /// The proposal's id (`3` or `#3`)
        #[arg(value_parser = parse_id)]
        id: i64,
        #[command(flatten)]
        output: OutputArgs,
    },
}

fn parse_id(text: &str) -> Result<i64, String> {
    text.trim()
        .trim_start_matches('#')
        .parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| format!("expected a proposal id such as 3 or #3, got {text:?}"))
}

/// The JSON object in `file` (`-`: stdin), checked here only for being JSON so the error names the file; relayd
/// validates the rest.
fn read_document(file: &str) -> Result<String, CliError> {
    let (name, text) = if file == "-" {
        let mut text = String::new();
        std::io::stdin()
            .take(MAX_FILE + 1)
            .read_to_string(&mut text)
            .map_err(|err| CliError::Failed(format!("cannot read the layer from stdin: {err}")))?;
        ("stdin".to_owned(), text)
    } else {
        let path = Path::new(file);
        let size = std::fs::metadata(path)
            .map_err(|err| {
                CliError::Usage(format!(
                    "cannot read {file}: {err}; give a JSON file, or - for stdin"
                ))
            })?
            .len();
        if size > MAX_FILE {
            return Err(CliError::Usage(format!(
                "{file} is {size} bytes; a policy layer is at most {MAX_FILE} bytes"
            )));
        }
        let text = std::fs::read_to_string(path).map_err(|err| {
            CliError::Usage(format!(
                "cannot read {file}: {err}; give a JSON file, or - for stdin"
            ))
        })?;
        (file.to_owned(), text)
    };
    if u64::try_from(text.len()).unwrap_or(u64::MAX) > MAX_FILE {
        return Err(CliError::Usage(format!(
            "{name} holds more than {MAX_FILE} bytes; a policy layer is at most that"
        )));
    }
    if text.trim().is_empty() {
        return Err(CliError::Usage(format!(
            "{name} is empty; give a JSON object (to remove a project or environment layer: relay policy rm SCOPE). Nothing changed."
        )));
    }
    match serde_json::from_str::<Value>(&text) {
        Ok(Value::Object(_)) => Ok(text),
        Ok(_) => Err(CliError::Usage(format!(
            "{name} is JSON but not an object; a policy layer is an object such as {{\"guard\": {{\"mode\": \"block\"}}}}. Nothing changed."
        ))),
        Err(err) => Err(CliError::Usage(format!(
            "{name} is not valid JSON ({err}); fix it and run the command again. Nothing changed."
        ))),
    }
}

pub async fn run(ctx: &Context, command: PolicyCommand) -> Result<(), CliError> {
    match command {
        PolicyCommand::Show { scope, output } => show(ctx, scope, output).await,
        PolicyCommand::Layers { output } => layers(ctx, output).await,
        PolicyCommand::Set {
            scope,
            file,
            confirm,
            output,
        } => {
            let layer = read_document(&file)?;
            set(ctx, scope, layer, confirm, output).await
        }
        PolicyCommand::Rm {
            scope,
            confirm,
            output,
        } => set(ctx, scope, String::new(), confirm, output).await,
        PolicyCommand::Preview { scope, file, output } => {
            let layer = read_document(&file)?;
            preview(ctx, scope, layer, output).await
        }
        PolicyCommand::Preset {
            name,
            confirm,
            output,
        } => {
            let answer = daemon_client(ctx)
                .await?
                .environments
                .set_policy_preset(SetPolicyPresetRequest {
                    preset: name.clone(),
                    confirm,
                })
                .await?
                .into_inner();
            written(
                &answer,
                &format!("preset {name} written into policy.json"),
                output,
            )
        }
        PolicyCommand::Propose {
            scope,
            file,
            reason,
            output,
        } => {
            let patch = read_document(&file)?;
            let answer = daemon_client(ctx)
                .await?
                .environments
                .propose_policy(ProposePolicyRequest {
                    scope: scope.clone(),
                    patch_json: patch,
                    reason,
                })
                .await?
                .into_inner();
            if output.json {
                return print_json(&json!({ "id": answer.id }));
            }
            emit(&format!(
                "proposed #{} for {scope}; nothing changed until the owner accepts it (relay policy accept {})",
                answer.id, answer.id
            ))
            .map(drop)
        }
        PolicyCommand::Proposals { output } => proposals(ctx, output).await,
        PolicyCommand::Accept { id, confirm, output } => decide(ctx, id, true, confirm, output).await,
        PolicyCommand::Reject { id, output } => decide(ctx, id, false, false, output).await,
    }
}

async fn show(ctx: &Context, scope: String, output: OutputArgs) -> Result<(), CliError> {
    let policy = daemon_client(ctx)
        .await?
        .environments
        .get_policy(GetPolicyRequest { scope })
        .await?
        .into_inner();
    if output.json {
        let mut value = format::to_json(&policy);
        if let Some(object) = value.as_object_mut() {
            let layer = serde_json::from_str(&policy.layer_json).unwrap_or(Value::Null);
            object.remove("layer_json");
            object.insert("layer".to_owned(), layer);
        }
        return print_json(&value);
    }
    let mut text = format!("policy of {} · preset {}\n", policy.scope, policy.preset);
    text.push_str(&format!("layers: {}\n", policy.chain.join(" → ")));
    for line in &policy.lines {
        text.push_str(line);
        text.push('\n');
    }
    for ignored in &policy.ignored {
        text.push_str(&format!("ignored (does not validate): {ignored}\n"));
    }
    if let Some(broken) = &policy.global_broken {
        text.push_str(&format!(
            "policy.json is broken; the last valid version stays in effect until it is fixed:\n{broken}\n"
        ));
    }
    text.push_str(&format!("this scope's own layer: {}", policy.layer_json));
    emit(&text).map(drop)
}

async fn layers(ctx: &Context, output: OutputArgs) -> Result<(), CliError> {
    let answer = daemon_client(ctx)
        .await?
        .environments
        .list_policy_layers(proto::ListPolicyLayersRequest {})
        .await?
        .into_inner();
    if output.json {
        return print_json(&format::to_json(&answer));
    }
    let now = relay_core::time::now_ms();
    emit(&layer_lines(&answer.layers, now).join("\n")).map(drop)
}

/// `relay policy layers`: a line a layer (`acme/live  saved by owner 2 h ago · levels, guard`), a broken one's
/// errors below it.
fn layer_lines(layers: &[proto::PolicyLayerInfo], now: i64) -> Vec<String> {
    let width = layers.iter().map(|l| l.scope.chars().count()).max().unwrap_or(0);
    let mut lines = Vec::new();
    for layer in layers {
        let when = layer
            .changed_at_ms
            .map(|at| relay_core::display::human_age(now - at));
        let saved = match (layer.path.as_deref(), when) {
            (Some(path), Some(when)) => format!("{path}, changed {when}"),
            (Some(path), None) => format!("{path} (no file: the preset and config.toml decide)"),
            (None, Some(when)) => format!("saved by {} {when}", layer.changed_by),
            (None, None) => format!("saved by {}", layer.changed_by),
        };
        let settings = match layer.settings.is_empty() {
            true => "sets nothing".to_owned(),
            false => layer.settings.join(", "),
        };
        lines.push(format!("{:<width$}  {saved} · {settings}", layer.scope));
        let why = match layer.path {
            Some(_) => "! broken, the last valid version stays in effect:",
            None => "! left out, it does not validate:",
        };
        for error in &layer.errors {
            lines.push(format!("{:<width$}  {why} {error}", ""));
        }
    }
    if layers.len() <= 1 {
        lines.push(
            "no project or environment has a layer of its own (relay policy set SCOPE FILE)".to_owned(),
        );
    }
    lines
}

#[cfg(test)]
mod layer_tests {
    use super::*;

    #[test]
    fn each_layer_says_who_saved_it_when_and_what_it_sets_and_a_broken_one_why() {
        let now = 10_000_000;
        let layers = [
            proto::PolicyLayerInfo {
                scope: "global".into(),
                changed_at_ms: Some(now - 7_200_000),
                settings: vec!["preset".into(), "guard".into()],
                path: Some("/home/me/.config/relay/policy.json".into()),
                ..Default::default()
            },
            proto::PolicyLayerInfo {
                scope: "acme".into(),
                changed_at_ms: Some(now - 180_000),
                changed_by: "owner".into(),
                settings: vec!["levels".into()],
                ..Default::default()
            },
            proto::PolicyLayerInfo {
                scope: "acme/live".into(),
                changed_at_ms: Some(now - 5_000),
                changed_by: "owner".into(),
                errors: vec!["project:acme/live: guard.mode: 'loud' is not one of …".into()],
                ..Default::default()
            },
        ];
        assert_eq!(
            layer_lines(&layers, now),
            [
                "global     /home/me/.config/relay/policy.json, changed 2 h ago · preset, guard",
                "acme       saved by owner 3 min ago · levels",
                "acme/live  saved by owner 5 s ago · sets nothing",
                "           ! left out, it does not validate: project:acme/live: guard.mode: 'loud' is not one of …",
            ]
        );
        let alone = layer_lines(&layers[..1], now);
        assert!(
            alone[1].starts_with("no project or environment has a layer of its own"),
            "{alone:?}"
        );
    }
}

async fn set(
    ctx: &Context,
    scope: String,
    layer: String,
    confirm: bool,
    output: OutputArgs,
) -> Result<(), CliError> {
    let removed = layer.is_empty();
    let answer = daemon_client(ctx)
        .await?
        .environments
        .set_policy_layer(SetPolicyLayerRequest {
            scope,
            layer_json: layer,
            confirm,
        })
        .await?
        .into_inner();
    let what = match removed {
        true => format!("removed the layer of {}", answer.scope),
        false => format!("saved the layer of {}", answer.scope),
    };
    written(&answer, &what, output)
}

fn written(answer: &proto::PolicyWrite, what: &str, output: OutputArgs) -> Result<(), CliError> {
    for line in &answer.widened {
        eprintln!("relay: confirmed: this widens agents' access on live: {line}");
    }
    if output.json {
        return print_json(&format::to_json(answer));
    }
    emit(what).map(drop)
}

async fn preview(ctx: &Context, scope: String, layer: String, output: OutputArgs) -> Result<(), CliError> {
    let preview = daemon_client(ctx)
        .await?
        .environments
        .preview_policy_layer(PreviewPolicyLayerRequest {
            scope,
            layer_json: layer,
        })
        .await?
        .into_inner();
    if output.json {
        return print_json(&format::to_json(&preview));
    }
    let mut text = format!(
        "valid; the effective policy of {} with it (nothing saved):\n",
        preview.scope
    );
    text.push_str(&format!("layers: {}\n", preview.chain.join(" → ")));
    for line in &preview.lines {
        text.push_str(line);
        text.push('\n');
    }
    match preview.widened.is_empty() {
        true => text.push_str("it does not widen agents' access on live"),
        false => {
            text.push_str("it widens agents' access on live (saving it needs --confirm):");
            for line in &preview.widened {
                text.push_str(&format!("\n  - {line}"));
            }
        }
    }
    emit(&text).map(drop)
}

async fn proposals(ctx: &Context, output: OutputArgs) -> Result<(), CliError> {
    let answer = daemon_client(ctx)
        .await?
        .environments
        .list_policy_proposals(ListPolicyProposalsRequest {})
        .await?
        .into_inner();
    if output.json {
        return print_json(&format::to_json(&answer));
    }
    if answer.proposals.is_empty() {
        return emit("no pending policy proposals").map(drop);
    }
    for proposal in &answer.proposals {
        let mut line = format!(
            "#{} {}: {} — {} (by {}, {})",
            proposal.id,
            proposal.scope,
            proposal.patch_json,
            format::first_line(&proposal.reason),
            proposal.proposed_by,
            format::utc(proposal.proposed_at_ms)
        );
        if let Some(error) = &proposal.error {
            line.push_str(&format!(" [reopened: {error}]"));
        }
        if !emit(&line)? {
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
        .decide_policy_proposal(DecideProposalRequest { id, accept, confirm })
        .await?
        .into_inner();
    for line in &answer.widened {
        eprintln!("relay: confirmed: this widens agents' access on live: {line}");
    }
    if output.json {
        return print_json(&format::to_json(&answer));
    }
    emit(&format!("policy proposal #{} {}", answer.id, answer.status)).map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_layer_file_must_be_a_json_object_and_the_error_names_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("layer.json");
        std::fs::write(&path, "{\"guard\": {\"mode\": \"block\"}}").unwrap();
        let file = path.display().to_string();
        assert!(read_document(&file).unwrap().contains("block"));
        for (text, words) in [
            ("", "is empty"),
            ("[1]", "not an object"),
            ("{\"guard\": ", "is not valid JSON"),
        ] {
            std::fs::write(&path, text).unwrap();
            let err = read_document(&file).unwrap_err().to_string();
            assert!(err.starts_with(&file) && err.contains(words), "{text}: {err}");
        }
        let err = read_document(&dir.path().join("none.json").display().to_string()).unwrap_err();
        assert!(matches!(err, CliError::Usage(_)), "{err}");
    }
}
