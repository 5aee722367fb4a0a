//! `relay setup`: connects an agent's hooks to relay by editing the agent's user-level hook file — Claude Code's
//! `~/.claude/settings.json` by default, Cursor's, Codex's, Copilot's or Antigravity's with `--agent`.
//!
//! The work is split so a TUI can run the same steps: [`Setup::resolve`] (what to write for this data directory and
//! relay binary), [`Setup::plan`] (the file now, the file after, the diff and the plan hash — nothing written),
//! [`write`] (backup, then an atomic write of exactly a plan that still hashes the same), [`check`] (the
//! end-to-end items). The file is edited as text ([`json`]) so nothing but relay's entries changes; which entries
//! are relay's is [`marker`]'s call. MCP registration is never written into another program's files: setup
//! reports it and prints the command that does it.

pub mod agents;
pub mod check;
pub mod detect;
pub mod diff;
pub mod json;
pub mod marker;
pub mod plan;
pub mod write;

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use relay_core::hook::Agent;
use serde::Serialize;

use self::agents::{AgentSpec, CLAUDE_HTTP_TEMPLATE, CLAUDE_WAKE_TEMPLATE};
use self::detect::{Claude, MIN_ASYNC_REWAKE, MIN_HTTP_HOOKS, Mcp};
use self::marker::{EventMarks, Role};
use self::plan::{Change, Current, PlanError, WakeAction, Wanted};
use crate::client::{Context, probe};
use crate::cmd::doctor;
use crate::error::CliError;

/// How Claude Code reaches relay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Claude Code runs `relay hook claude <phase>`, which talks to relayd over its local socket
    Command,
    /// Claude Code posts each event to relayd's /hooks/claude-code itself (needs RELAY_TOKEN in its environment)
    Http,
}

/// `relay setup`'s flags.
#[derive(Args, Debug, Clone)]
pub struct SetupArgs {
    /// The agent whose hook file to edit
    #[arg(long, value_name = "AGENT", default_value = "claude", value_parser = clap::builder::PossibleValuesParser::new(["claude", "cursor", "codex", "copilot", "antigravity"]))]
    pub agent: String,
    /// Show the plan (detection, the exact diff, the plan hash) and write nothing; the default
    #[arg(long, conflicts_with_all = ["apply", "check"])]
    pub dry_run: bool,
    /// Back the file up, then add or update relay's hook entries
    #[arg(long, conflicts_with_all = ["remove", "check"])]
    pub apply: bool,
    /// Back the file up, then remove relay's entries only (with --dry-run: show what would go)
    #[arg(long, conflicts_with = "check")]
    pub remove: bool,
    /// Run the end-to-end check: one [ok]/[FAIL] line per item, exit 1 when one fails
    #[arg(long)]
    pub check: bool,
    /// With --check: print the items as a JSON list of {ok, name, detail}
    #[arg(long, requires = "check")]
    pub json: bool,
    /// Write only if the file and the plan still hash to HASH (the plan hash a dry run printed); exit 1 otherwise
    #[arg(long, value_name = "HASH")]
    pub expect: Option<String>,
    /// Claude Code only: command hooks (default; the mode installed stays when not given) or http hooks
    #[arg(long, value_enum)]
    pub mode: Option<Mode>,
    /// Claude Code only: also install the wake-up hook (command mode; needs Claude Code 2.1.309 or newer)
    #[arg(long, conflicts_with = "no_wake", requires = "apply")]
    pub wake: bool,
    /// Claude Code only: remove the wake-up hook (without --wake or --no-wake an installed one is kept)
    #[arg(long, requires = "apply")]
    pub no_wake: bool,
    /// With --wake: install it even when Claude Code is older than 2.1.309 or its version is unknown
    #[arg(long, requires = "wake")]
    pub force_wake: bool,
    /// A folder standing in for your home folder: Claude Code's .claude/settings.json and .claude.json, Cursor's
    /// .cursor/hooks.json, Codex's .codex/hooks.json, Copilot's .copilot/hooks/relay.json, Antigravity's
    /// .gemini/config/hooks.json (for tests or another profile)
    #[arg(long, visible_alias = "agent-home", value_name = "DIR")]
    pub claude_home: Option<PathBuf>,
}

/// Everything setup resolved for one agent: what relay writes and how it recognises its own entries.
#[derive(Debug)]
pub struct Setup {
    pub spec: &'static AgentSpec,
    /// The command prefix before `hook …` (binary, `--home`, maybe `--socket`), shell-quoted.
    pub prefix: String,
    pub data_dir: PathBuf,
    /// relayd's HTTP address: the running daemon's, else the configured one (unknown on port 0).
    pub addr: Option<SocketAddr>,
    /// `http://<addr>` when known.
    pub base: Option<String>,
    /// The configured host, which an http hook URL may name besides loopback.
    pub host: String,
    /// Per event, what relay's entries run there.
    pub marks: BTreeMap<String, EventMarks>,
}

/// The files setup reads for one agent.
#[derive(Debug, Clone)]
pub struct Target {
    pub path: PathBuf,
    /// Claude Code's `.claude.json` (MCP registrations).
    pub claude_json: PathBuf,
}

/// A plan: the file now, the text after, what changes, the hash.
#[derive(Debug)]
pub struct Planned {
    pub current: Current,
    pub text: String,
    /// The file is to be deleted (relay's own file left with nothing of anyone's).
    pub delete: bool,
    pub changes: Vec<Change>,
    pub hash: String,
    pub diff: String,
}

impl Planned {
    pub fn changes_anything(&self) -> bool {
        self.delete || Some(self.text.as_bytes()) != self.current.bytes.as_deref()
    }
}

impl Setup {
    /// Resolves the relay binary, the data directory, the socket and relayd's address for `agent`.
    pub async fn resolve(ctx: &Context, agent: Agent) -> Result<Setup, CliError> {
        let spec = agents::spec(agent);
        let exe = std::env::current_exe()
            .and_then(std::fs::canonicalize)
            .map_err(|e| CliError::Failed(format!("cannot find the running relay binary: {e}")))?;
        let data_dir = std::path::absolute(ctx.config.data_dir.path())
            .map_err(|e| CliError::Failed(format!("cannot make the data directory absolute: {e}")))?;
        // `--home` alone leads a hook to <data>/run/relayd-v2.sock (the environment of the agent that runs it may
        // not carry this shell's RELAY_SOCKET); name the socket whenever this relay uses another one, e.g. the
        // default data directory's socket in $XDG_RUNTIME_DIR or one config.toml sets.
        let home_socket = relay_core::paths::DataDir::new(data_dir.clone())
            .run_dir()
            .join(relay_core::paths::socket_file_name());
        let socket = (ctx.config.socket != home_socket).then(|| ctx.config.socket.clone());
        let prefix = marker::command_prefix(&exe, &data_dir, socket.as_deref());
        let running = probe(&ctx.config.socket)
            .await
            .and_then(|(_, status)| status.http_addr.parse::<SocketAddr>().ok());
        // An unspecified address (0.0.0.0, the running one's or the configured one) is reached on loopback.
        let addr = running
            .or_else(|| (ctx.config.port != 0).then(|| SocketAddr::new(ctx.config.host, ctx.config.port)))
            .map(|addr| {
                if addr.ip().is_unspecified() {
                    SocketAddr::new(std::net::IpAddr::from([127, 0, 0, 1]), addr.port())
                } else {
                    addr
                }
            });
        let base = addr.map(|addr| format!("http://{addr}"));
        let mut setup = Setup {
            spec,
            prefix,
            data_dir,
            addr,
            base,
            host: ctx.config.host.to_string(),
            marks: BTreeMap::new(),
        };
        setup.marks = setup.event_marks();
        Ok(setup)
    }

    /// What relay's entries run per event, from every template of the agent.
    fn event_marks(&self) -> BTreeMap<String, EventMarks> {
        let mut marks: BTreeMap<String, EventMarks> = BTreeMap::new();
        let mut templates = vec![(self.spec.template, Role::Main)];
        if self.spec.agent == Agent::Claude {
            templates.push((CLAUDE_HTTP_TEMPLATE, Role::Main));
            templates.push((CLAUDE_WAKE_TEMPLATE, Role::Wake));
        }
        for (template, role) in templates {
            for entry in agents::entries(self.spec, template, "{relay}", "{base}") {
                let Some((words, http)) =
                    marker::template_mark(&entry.handler, self.spec.command_key, "{relay}")
                else {
                    continue;
                };
                let event = marks.entry(entry.event.clone()).or_default();
                if http {
                    event.http = true;
                } else if !event.commands.iter().any(|(r, w)| *r == role && *w == words) {
                    event.commands.push((role, words));
                }
            }
        }
        marks
    }

    /// The entries apply writes in `http` mode (Claude Code) and what to do with the wake-up hook.
    pub fn wanted(&self, http: bool, wake_action: WakeAction) -> Wanted {
        let base = self.base.clone().unwrap_or_default();
        let template = if http {
            CLAUDE_HTTP_TEMPLATE
        } else {
            self.spec.template
        };
        let main = agents::entries(self.spec, template, &self.prefix, &base);
        let wake = (self.spec.agent == Agent::Claude)
            .then(|| agents::entries(self.spec, CLAUDE_WAKE_TEMPLATE, &self.prefix, &base))
            .and_then(|entries| entries.into_iter().next());
        Wanted {
            main,
            wake,
            wake_action,
        }
    }

    /// ` --agent <name>` for commands printed in messages (nothing for Claude Code, the default).
    pub fn agent_flag(&self) -> String {
        match self.spec.agent {
            Agent::Claude => String::new(),
            agent => format!(" --agent {}", agent.cli_name()),
        }
    }

    /// The files for a home folder (`--claude-home`, else $HOME; the agents' own home variables count when no
    /// folder was given).
    pub fn target(&self, claude_home: Option<&Path>) -> Result<Target, CliError> {
        let home = match claude_home {
            Some(dir) => std::path::absolute(dir)
                .map_err(|e| CliError::Usage(format!("--claude-home {}: {e}", dir.display())))?,
            None => std::env::var_os("HOME")
                .filter(|h| !h.is_empty())
                .map(PathBuf::from)
                .ok_or_else(|| CliError::Usage("HOME is not set; pass --claude-home DIR".to_owned()))?,
        };
        let path = self.spec.file(&home, claude_home.is_some());
        let claude_json =
            match std::env::var_os("CLAUDE_CONFIG_DIR").filter(|d| !d.is_empty() && claude_home.is_none()) {
                Some(dir) => PathBuf::from(dir).join(".claude.json"),
                None => home.join(".claude.json"),
            };
        Ok(Target { path, claude_json })
    }

    /// Plans apply (`wanted`) or remove (`None`) on the target file. Reads only.
    pub fn plan(&self, target: &Target, wanted: Option<&Wanted>) -> Result<Planned, PlanError> {
        let (current, root) = plan::read(&target.path, self.spec)?;
        let prelude = agents::new_file_prelude(self.spec.template);
        let (text, changes) = plan::edit(
            &current,
            root.as_ref(),
            self.spec,
            &self.marks,
            &self.host,
            wanted,
            &prelude,
        )
        .map_err(|problem| PlanError::Shape {
            path: target.path.clone(),
            problem,
        })?;
        // relay's own file (Copilot's relay.json) goes when nothing but its prelude is left.
        let owned = self.spec.relative.ends_with("/relay.json");
        let prelude_only =
            serde_json::Value::Object(prelude.iter().map(|(k, v)| (k.clone(), v.to_value())).collect());
        let delete = wanted.is_none()
            && owned
            && current.bytes.is_some()
            && !changes.is_empty()
            && serde_json::from_str::<serde_json::Value>(&text).is_ok_and(|value| value == prelude_only);
        let shown = if delete { "" } else { text.as_str() };
        let hash = plan::plan_hash(current.bytes.as_deref(), shown);
        let name = target.path.display().to_string();
        let diff = diff::unified(&current.text, shown, &name, &format!("{name} (planned)"));
        Ok(Planned {
            current,
            text,
            delete,
            changes,
            hash,
            diff,
        })
    }
}

/// The mode apply writes: `--mode`, else the mode of relay's installed entries, else command.
fn mode_for(setup: &Setup, target: &Target, asked: Option<Mode>) -> Mode {
    if let Some(mode) = asked {
        return mode;
    }
    let installed_http = plan::read(&target.path, setup.spec)
        .ok()
        .and_then(|(_, root)| root)
        .map(|root| plan::find(&root, setup.spec, &setup.marks, &setup.host))
        .is_some_and(|found| {
            found.iter().any(|f| {
                f.role == Role::Main && f.handler.get("type").and_then(|t| t.as_str()) == Some("http")
            })
        });
    if installed_http { Mode::Http } else { Mode::Command }
}

/// `relay setup …`.
pub async fn run(ctx: &Context, args: SetupArgs) -> Result<(), CliError> {
    let agent = Agent::parse(&args.agent).map_err(|e| CliError::Usage(e.to_string()))?;
    if agent != Agent::Claude && (args.mode.is_some() || args.wake || args.no_wake) {
        return Err(CliError::Usage(format!(
            "--mode, --wake and --no-wake are Claude Code's; {} gets command hooks only",
            agent.label()
        )));
    }
    if args.expect.is_some() && !(args.apply || args.remove) {
        return Err(CliError::Usage(
            "--expect goes with --apply or --remove".to_owned(),
        ));
    }
    let setup = Setup::resolve(ctx, agent).await?;
    let target = setup.target(args.claude_home.as_deref())?;
    if args.check {
        return doctor::print(&check::run(ctx, &setup, &target).await, args.json);
    }
    let mode = mode_for(&setup, &target, args.mode);
    if mode == Mode::Http && setup.base.is_none() {
        return Err(CliError::Failed(
            "http hooks need relayd's port, and it is 0 (a free one each start) while relayd is down: start relayd, or set a fixed port"
                .to_owned(),
        ));
    }
    if args.wake && mode == Mode::Http {
        return Err(CliError::Usage(
            "the wake-up hook is a command hook: use --wake with --mode command".to_owned(),
        ));
    }
    let claude = if agent == Agent::Claude {
        Some(detect::claude().await)
    } else {
        None
    };
    if args.wake && !args.force_wake {
        let version = claude.as_ref().and_then(Claude::version);
        if version.is_none_or(|v| v < MIN_ASYNC_REWAKE) {
            let found = version.map_or_else(|| "of unknown version".to_owned(), |v| v.to_string());
            return Err(CliError::Failed(format!(
                "refused --wake: Claude Code here is {found}, and the wake-up hook's asyncRewake was verified with {MIN_ASYNC_REWAKE}; an older build may run it in the foreground and hold the end of every turn for up to 30 minutes. Update Claude Code, or pass --force-wake to install it anyway. Nothing was written."
            )));
        }
    }
    let wake_action = if args.wake {
        WakeAction::Install
    } else if args.no_wake {
        WakeAction::Remove
    } else {
        WakeAction::Keep
    };
    let wanted = setup.wanted(mode == Mode::Http, wake_action);
    let planned = setup
        .plan(&target, (!args.remove).then_some(&wanted))
        .map_err(|e| CliError::Failed(e.to_string()))?;

    let writing = (args.apply || args.remove) && !args.dry_run;
    if !writing {
        print_plan(&setup, &target, &planned, args.remove, mode, claude.as_ref());
        return Ok(());
    }
    if let Some(expected) = &args.expect
        && !expected.trim().eq_ignore_ascii_case(&planned.hash)
    {
        return Err(CliError::Failed(format!(
            "the plan changed since you saw it: {} or relay's entries are now different (plan hash {}, you expected {}). Nothing was written; review the new plan with `relay setup{}{}`",
            target.path.display(),
            planned.hash,
            expected.trim(),
            setup.agent_flag(),
            if args.remove { " --remove --dry-run" } else { "" }
        )));
    }
    if !planned.changes_anything() {
        println!(
            "{}: {} — nothing written.",
            target.path.display(),
            if args.remove {
                "relay has no entries here"
            } else {
                "relay's hooks are already in place"
            }
        );
        print_notes(&setup, &target);
        return Ok(());
    }
    let written = if planned.delete {
        write::delete(&target.path, planned.current.bytes.as_deref().unwrap_or_default())
    } else {
        write::write(&target.path, planned.current.bytes.as_deref(), &planned.text)
    }
    .map_err(|e| CliError::Failed(e.to_string()))?;
    if let Some(backup) = &written.backup {
        println!("Backed up {} to {}", target.path.display(), backup.display());
    }
    let verb = if planned.delete { "Removed" } else { "Wrote" };
    if written.target == target.path {
        println!("{verb} {}", target.path.display());
    } else {
        println!(
            "{verb} {} (through the symlink {})",
            written.target.display(),
            target.path.display()
        );
    }
    print_changes(&planned.changes);
    if !args.remove {
        if agent == Agent::Codex {
            println!("Next: {}.", check::CODEX_TRUST);
        }
        print_notes(&setup, &target);
    }
    Ok(())
}

fn print_changes(changes: &[Change]) {
    for change in changes {
        let what = match change.role {
            Role::Main => "hook",
            Role::Wake => "wake-up hook",
        };
        println!("  {} {what} on {}", change.action, change.event);
    }
}

fn print_plan(
    setup: &Setup,
    target: &Target,
    planned: &Planned,
    remove: bool,
    mode: Mode,
    claude: Option<&Claude>,
) {
    println!(
        "relay setup for {} (data directory {})",
        setup.spec.agent.label(),
        setup.data_dir.display()
    );
    if let Some(claude) = claude {
        let http = match claude.version() {
            Some(v) if v >= MIN_HTTP_HOOKS => "http hooks supported".to_owned(),
            Some(_) => format!("http hooks need {MIN_HTTP_HOOKS}"),
            None => "http hook support unknown".to_owned(),
        };
        println!("  {} ({http})", claude.describe());
        println!("  {}", detect::desktop_app());
        println!("  mode: {}", if mode == Mode::Http { "http" } else { "command" });
    }
    let file = &target.path;
    match std::fs::read_link(file) {
        Ok(link) => println!(
            "  file: {} (a symlink to {}; written through)",
            file.display(),
            link.display()
        ),
        Err(_) if planned.current.bytes.is_none() => {
            println!("  file: {} (does not exist; apply creates it)", file.display())
        }
        Err(_) => println!("  file: {}", file.display()),
    }
    println!();
    if !planned.changes_anything() {
        println!(
            "Nothing to change: {}.",
            if remove {
                "relay has no entries in the file"
            } else {
                "relay's hooks are in place"
            }
        );
    } else {
        if planned.delete {
            println!("The file holds nothing but relay's entries and goes (after a backup).");
        }
        print_changes(&planned.changes);
        println!();
        print!("{}", planned.diff);
        println!();
        println!("Plan hash: {}", planned.hash);
        let mut apply = format!("relay setup{}", setup.agent_flag());
        apply.push_str(if remove { " --remove" } else { " --apply" });
        apply.push_str(&format!(" --expect {}", planned.hash));
        if !remove && setup.spec.agent == Agent::Claude && mode == Mode::Http {
            apply.push_str(" --mode http");
        }
        println!("Write exactly this plan: {apply}");
    }
    if !remove {
        print_notes(setup, target);
    }
}

fn print_notes(setup: &Setup, target: &Target) {
    let base = setup.base.as_deref();
    if setup.spec.agent == Agent::Claude {
        match base {
            Some(base) => match detect::mcp_registration(&target.claude_json, &format!("{base}/mcp")) {
                Mcp::Registered { url } => {
                    println!("MCP: relay is registered with Claude Code (user scope, {url}).")
                }
                Mcp::Elsewhere { url } => println!(
                    "MCP: Claude Code's user-scope `relay` points at {url}; re-register it:\n  claude mcp remove --scope user relay\n  {}\n  (`relay token` prints the token)",
                    detect::mcp_add_command(base)
                ),
                Mcp::Missing => println!(
                    "MCP: relay is not registered with Claude Code; setup never writes {}. Register it with:\n  {}\n  (`relay token` prints the token)",
                    target.claude_json.display(),
                    detect::mcp_add_command(base)
                ),
                Mcp::Unreadable { problem } => println!("MCP: {problem}"),
            },
            None => println!(
                "MCP: start relayd to learn its port (it is 0), then run `relay setup` again for the MCP command."
            ),
        }
    } else if let Some(base) = base {
        println!(
            "MCP: register relay in {} yourself: URL {base}/mcp, header \"Authorization: Bearer <token>\" (`relay token` prints the token).",
            setup.spec.agent.label()
        );
    }
    for note in setup.spec.notes {
        println!("Note: {note}");
    }
}

/// The agent items for `relay doctor`, with the agents' files under `claude_home` (else $HOME): Claude Code's,
/// then Codex's when relay's entries are in its hook file.
pub async fn doctor_items(ctx: &Context, claude_home: Option<&Path>) -> Vec<doctor::Check> {
    let setup = match Setup::resolve(ctx, Agent::Claude).await {
        Ok(setup) => setup,
        Err(err) => return vec![doctor::fail("claude hooks", err.to_string())],
    };
    let mut items = match setup.target(claude_home) {
        Ok(target) => check::doctor_items(ctx, &setup, &target).await,
        Err(err) => vec![doctor::fail("claude hooks", err.to_string())],
    };
    if let Ok(codex) = Setup::resolve(ctx, Agent::Codex).await
        && let Ok(target) = codex.target(claude_home)
    {
        items.extend(check::codex_doctor_items(&codex, &target));
    }
    items
}
