//! The mutating rules (§7): one table, each rule with a stable id the policy switches off in `guard.disable`.
//! They see text only. A rule applies when its change follows its command in the same command segment, so
//! `ssh app uptime; rm -rf build` is not a remote change.

use std::borrow::Cow;
use std::sync::OnceLock;

use regex::Regex;

use super::ident::{destination_index, remote_host};
use super::shell::{Segment, basename_at, command_name, inner_words, lower, runs};
use crate::policy::Capability;

/// A built-in rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rule {
    pub id: &'static str,
    /// The capability an identifier must have for the rule to count (`None`: any).
    pub capability: Option<Capability>,
    /// What the reason calls it: "this looks like a <description>".
    pub description: &'static str,
}

/// The table, in the order rules are tried.
pub const RULES: &[Rule] = &[
    Rule {
        id: "kubectl-change",
        capability: Some(Capability::Kubectl),
        description: "kubectl change",
    },
    Rule {
        id: "helm-change",
        capability: Some(Capability::Deploy),
        description: "helm change",
    },
    Rule {
        id: "ssh-remote-change",
        capability: Some(Capability::Ssh),
        description: "remote change over ssh",
    },
    Rule {
        id: "scp-to-host",
        capability: Some(Capability::Ssh),
        description: "file copy to a host",
    },
    Rule {
        id: "sftp-session",
        capability: Some(Capability::Ssh),
        description: "file transfer session",
    },
    Rule {
        id: "sql-change",
        capability: Some(Capability::Db),
        description: "SQL change",
    },
    Rule {
        id: "git-push",
        capability: Some(Capability::Deploy),
        description: "git push",
    },
    Rule {
        id: "terraform-change",
        capability: Some(Capability::Deploy),
        description: "terraform change",
    },
    Rule {
        id: "mcp-tool-name",
        capability: None,
        description: "change through an MCP tool (by its name)",
    },
];

/// Every built-in rule id (the schema's `ruleIds` lists the same).
pub const RULE_IDS: &[&str] = &[
    "kubectl-change",
    "helm-change",
    "ssh-remote-change",
    "scp-to-host",
    "sftp-session",
    "sql-change",
    "git-push",
    "terraform-change",
    "mcp-tool-name",
];

/// The rule with this id.
pub fn rule(id: &str) -> Option<&'static Rule> {
    RULES.iter().find(|rule| rule.id == id)
}

const KUBECTL_VERBS: &[&str] = &[
    "apply", "create", "delete", "edit", "patch", "replace", "scale", "set", "label", "annotate", "drain",
    "cordon", "uncordon", "taint", "exec", "cp",
];
const ROLLOUT_VERBS: &[&str] = &["restart", "undo", "pause", "resume"];
const HELM_VERBS: &[&str] = &["upgrade", "install", "uninstall", "delete", "rollback"];
const TERRAFORM_VERBS: &[&str] = &["apply", "destroy", "import"];
/// Commands that change a host when run over ssh.
const REMOTE_CHANGES: &[&str] = &[
    "rm", "rmdir", "mv", "cp", "dd", "tee", "truncate", "kill", "pkill", "killall", "reboot", "shutdown",
    "halt", "poweroff", "chmod", "chown", "sudo", "crontab", "apt", "apt-get", "aptitude", "dpkg", "yum",
    "dnf", "rpm", "apk", "pacman", "zypper", "snap", "brew", "pip", "pip3", "npm", "yarn", "pnpm", "gem",
];
const SYSTEMCTL_VERBS: &[&str] = &[
    "start", "stop", "restart", "reload", "enable", "disable", "kill", "mask",
];
const SERVICE_VERBS: &[&str] = &["start", "stop", "restart", "reload"];
const DOCKER_VERBS: &[&str] = &["rm", "stop", "restart", "run", "kill", "exec", "compose", "pull"];
/// Every command a rule starts from (a segment without one matches no rule).
pub const RULE_COMMANDS: &[&str] = &[
    "kubectl",
    "oc",
    "helm",
    "ssh",
    "scp",
    "rsync",
    "sftp",
    "git",
    "terraform",
    "tofu",
    "terragrunt",
    "psql",
    "pgcli",
    "mysql",
    "mariadb",
    "mycli",
    "sqlite3",
    "sqlcmd",
    "mongosh",
    "mongo",
    "redis-cli",
    "clickhouse-client",
    "clickhouse",
    "cqlsh",
    "usql",
    "duckdb",
    "cockroach",
    "vsql",
    "snowsql",
    "bq",
];
/// Database clients: a SQL change counts after one of them.
pub const DB_CLIENTS: &[&str] = &[
    "psql",
    "pgcli",
    "mysql",
    "mariadb",
    "mycli",
    "sqlite3",
    "sqlcmd",
    "mongosh",
    "mongo",
    "redis-cli",
    "clickhouse-client",
    "clickhouse",
    "cqlsh",
    "usql",
    "duckdb",
    "cockroach",
    "vsql",
    "snowsql",
    "bq",
];
/// Words of an MCP tool name that mean a change.
const MCP_CHANGE_WORDS: &[&str] = &[
    "create",
    "update",
    "delete",
    "remove",
    "apply",
    "deploy",
    "exec",
    "execute",
    "run",
    "restart",
    "scale",
    "push",
    "write",
    "insert",
    "drop",
    "patch",
    "put",
    "destroy",
    "rollback",
    "upgrade",
    "install",
    "uninstall",
    "kill",
    "stop",
    "start",
    "terminate",
    "reboot",
    "merge",
    "set",
    "edit",
    "modify",
    "truncate",
    "alter",
    "grant",
    "revoke",
];

fn sql_regex() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    CELL.get_or_init(|| {
        Regex::new(concat!(
            r"(?i)\b(?:insert\s+into|update\s+\S+\s+set|delete\s+from|drop|alter|truncate",
            r"|create\s+(?:table|database|index|unique\s+index|user|role|schema)|grant|revoke|flushall|flushdb)\b"
        ))
        .ok()
    })
    .as_ref()
}

/// Whether `text` holds a SQL (or Redis) change.
pub fn sql_change(text: &str) -> bool {
    sql_regex().is_some_and(|re| re.is_match(text))
}

/// One word as the rules read it: lower-cased (borrowed when it already was), and where its command name (the
/// part after its last `/`) begins, found once.
struct Flat<'a> {
    text: Cow<'a, str>,
    base: usize,
    /// The rule command it runs, if any.
    command: Option<Command>,
}

/// The commands rules start from ([`RULE_COMMANDS`]), as the rules tell them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Command {
    Kubectl,
    Helm,
    Git,
    Terraform,
    /// A database client ([`DB_CLIENTS`]).
    Db,
    /// ssh, scp, rsync, sftp (their rules read the segment's words, not these).
    Remote,
}

/// The rule command a (lower-cased) command name is: exactly the names of [`RULE_COMMANDS`], one match instead of
/// a search of the list for every word.
fn command_of(name: &str) -> Option<Command> {
    Some(match name {
        "kubectl" | "oc" => Command::Kubectl,
        "helm" => Command::Helm,
        "git" => Command::Git,
        "terraform" | "tofu" | "terragrunt" => Command::Terraform,
        "psql" | "pgcli" | "mysql" | "mariadb" | "mycli" | "sqlite3" | "sqlcmd" | "mongosh" | "mongo"
        | "redis-cli" | "clickhouse-client" | "clickhouse" | "cqlsh" | "usql" | "duckdb" | "cockroach"
        | "vsql" | "snowsql" | "bq" => Command::Db,
        "ssh" | "scp" | "rsync" | "sftp" => Command::Remote,
        _ => return None,
    })
}

impl<'a> Flat<'a> {
    fn new(text: Cow<'a, str>) -> Flat<'a> {
        let base = basename_at(&text);
        let command = command_of(&text[base..]);
        Flat { text, base, command }
    }

    fn lowered(text: &'a str) -> Flat<'a> {
        Flat::new(lower(text))
    }

    fn text(&self) -> &str {
        &self.text
    }

    /// The part after the last `/`.
    fn name(&self) -> &str {
        &self.text[self.base..]
    }
}

/// The words rules read, lower-cased: the segment's words, with a quoted word that holds a script (`"uptime; rm -rf x"`) split
/// into its words — except a commit message (`-m`, `--message`) and the arguments of `echo` / `printf`.
fn flat_words<'s>(segment: &'s Segment<'_>) -> Vec<Flat<'s>> {
    let mut out = Vec::with_capacity(segment.words.len());
    let mut skip_next = false;
    let mut quiet = false;
    for word in &segment.words {
        let text = word.text.as_ref();
        if skip_next {
            skip_next = false;
            out.push(Flat::new(Cow::Borrowed("")));
            continue;
        }
        if !word.quoted && (runs(text, "echo") || runs(text, "printf")) {
            quiet = true;
        }
        if quiet {
            continue;
        }
        if matches!(text, "-m" | "--message" | "-F" | "--file") {
            skip_next = true;
            out.push(Flat::new(Cow::Borrowed(text)));
            continue;
        }
        if text.starts_with("--message=") {
            continue;
        }
        if word.quoted && text.contains(|c: char| c.is_whitespace() || c == ';') {
            out.extend(inner_words(text).map(Flat::lowered));
        } else {
            out.push(Flat::lowered(text));
        }
    }
    out
}

/// The first index at or after `from` whose word runs `command`.
fn find_command(words: &[Flat<'_>], from: usize, command: Command) -> Option<usize> {
    (from..words.len()).find(|&index| words[index].command == Some(command))
}

/// Whether a later word (after `from`) is one of `verbs`.
fn later(words: &[Flat<'_>], from: usize, verbs: &[&str]) -> bool {
    words
        .iter()
        .skip(from + 1)
        .any(|word| verbs.contains(&word.text()))
}

/// Whether `verb` follows `command` (both after `from`).
fn command_then(words: &[Flat<'_>], from: usize, command: Command, verbs: &[&str]) -> bool {
    let mut index = from;
    while let Some(at) = find_command(words, index, command) {
        if later(words, at, verbs) {
            return true;
        }
        index = at + 1;
    }
    false
}

/// The built-in rules that match one segment of a Bash command.
pub fn matching_rules(segment: &Segment<'_>) -> Vec<&'static Rule> {
    let words = flat_words(segment);
    if words.iter().all(|word| word.command.is_none()) {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut hit = |id: &str| {
        if let Some(rule) = rule(id) {
            out.push(rule);
        }
    };
    if kubectl_change(&words) {
        hit("kubectl-change");
    }
    if command_then(&words, 0, Command::Helm, HELM_VERBS) {
        hit("helm-change");
    }
    if ssh_remote_change(segment) {
        hit("ssh-remote-change");
    }
    if scp_to_host(segment) {
        hit("scp-to-host");
    }
    if segment
        .command
        .is_some_and(|start| command_name(&segment.words[start].text) == "sftp")
    {
        hit("sftp-session");
    }
    if let Some(client) = find_command(&words, 0, Command::Db)
        && sql_change(&joined(&words[client + 1..]))
    {
        hit("sql-change");
    }
    if command_then(&words, 0, Command::Git, &["push"]) {
        hit("git-push");
    }
    if command_then(&words, 0, Command::Terraform, TERRAFORM_VERBS) {
        hit("terraform-change");
    }
    out
}

/// The words joined by spaces.
fn joined(words: &[Flat<'_>]) -> String {
    let mut out = String::with_capacity(words.iter().map(|word| word.text.len() + 1).sum());
    for (at, word) in words.iter().enumerate() {
        if at > 0 {
            out.push(' ');
        }
        out.push_str(word.text());
    }
    out
}

fn kubectl_change(words: &[Flat<'_>]) -> bool {
    let mut index = 0;
    while let Some(at) = find_command(words, index, Command::Kubectl) {
        let rest = &words[at + 1..];
        if later(words, at, KUBECTL_VERBS) {
            return true;
        }
        if let Some(rollout) = rest.iter().position(|word| word.text() == "rollout")
            && later(rest, rollout, ROLLOUT_VERBS)
        {
            return true;
        }
        index = at + 1;
    }
    false
}

fn ssh_remote_change(segment: &Segment<'_>) -> bool {
    let Some(start) = segment.command else {
        return false;
    };
    let Some(destination) = destination_index(&segment.words, start) else {
        return false;
    };
    // The remote command: the words after the destination, scripts in quotes split.
    let remote: Vec<Flat<'_>> = segment.words[destination + 1..]
        .iter()
        .flat_map(|word| inner_words(&word.text).map(Flat::lowered))
        .collect();
    remote.iter().enumerate().any(|(index, word)| {
        let name = word.name();
        REMOTE_CHANGES.contains(&name)
            || (name == "systemctl" && later(&remote, index, SYSTEMCTL_VERBS))
            || (name == "service" && later(&remote, index, SERVICE_VERBS))
            || (name == "docker" && later(&remote, index, DOCKER_VERBS))
            || (name == "sed"
                && remote[index + 1..]
                    .iter()
                    .any(|w| w.text().starts_with("-i") || w.text() == "--in-place"))
    })
}

fn scp_to_host(segment: &Segment<'_>) -> bool {
    let Some(start) = segment.command else {
        return false;
    };
    if !matches!(command_name(&segment.words[start].text).as_ref(), "scp" | "rsync") {
        return false;
    }
    let last = segment.words[start + 1..]
        .iter()
        .rev()
        .find(|word| !word.text.starts_with('-'));
    last.is_some_and(|word| remote_host(&word.text).is_some())
}

/// Whether an MCP tool's name (`mcp__server__tool`) has a word that means a change.
pub fn mcp_tool_changes(tool: &str) -> bool {
    let name = tool.rsplit("__").next().unwrap_or(tool);
    let mut words = Vec::new();
    let mut current = String::new();
    let mut previous_lower = false;
    for c in name.chars() {
        if c == '_' || c == '-' || c == '.' || c.is_whitespace() {
            words.push(std::mem::take(&mut current));
            previous_lower = false;
            continue;
        }
        if c.is_uppercase() && previous_lower {
            words.push(std::mem::take(&mut current));
        }
        previous_lower = c.is_lowercase();
        current.extend(c.to_lowercase());
    }
    words.push(current);
    words.iter().any(|word| MCP_CHANGE_WORDS.contains(&word.as_str()))
}

#[cfg(test)]
mod tests {
    use super::super::shell::segments;
    use super::*;

    fn ids(text: &str) -> Vec<&'static str> {
        segments(text, 200)
            .iter()
            .flat_map(matching_rules)
            .map(|rule| rule.id)
            .collect()
    }

    #[test]
    fn the_rule_ids_list_the_table() {
        let table: Vec<&str> = RULES.iter().map(|rule| rule.id).collect();
        assert_eq!(table, RULE_IDS);
    }

    #[test]
    fn every_rule_command_is_in_the_prefilter() {
        for client in DB_CLIENTS {
            assert!(RULE_COMMANDS.contains(client), "{client}");
            assert_eq!(command_of(client), Some(Command::Db), "{client}");
        }
        for name in RULE_COMMANDS {
            assert!(command_of(name).is_some(), "{name}");
        }
        for (name, command) in [
            ("kubectl", Command::Kubectl),
            ("oc", Command::Kubectl),
            ("helm", Command::Helm),
            ("git", Command::Git),
            ("terraform", Command::Terraform),
            ("tofu", Command::Terraform),
            ("terragrunt", Command::Terraform),
        ] {
            assert_eq!(command_of(name), Some(command), "{name}");
        }
        for name in [
            "",
            "echo",
            "cargo",
            "kubectl2",
            "Git",
            "ssh-keygen",
            "psql.sh",
            "curl",
            "npm",
        ] {
            assert_eq!(command_of(name), None, "{name}");
        }
    }

    #[test]
    fn kubectl_changes_match_and_reads_do_not() {
        assert_eq!(ids("kubectl --context prod apply -f x.yaml"), ["kubectl-change"]);
        assert_eq!(
            ids("kubectl -n shop rollout restart deploy/web"),
            ["kubectl-change"]
        );
        assert_eq!(ids("sudo kubectl delete pod web-1"), ["kubectl-change"]);
        assert!(ids("kubectl get pods; kubectl rollout status deploy/web").is_empty());
        assert!(ids("kubectl logs web | grep delete").is_empty());
    }

    #[test]
    fn ssh_remote_changes_follow_the_destination_in_the_same_segment() {
        assert_eq!(
            ids("ssh app 'sudo systemctl restart nginx'"),
            ["ssh-remote-change"]
        );
        assert_eq!(ids("ssh app rm -rf /tmp/x"), ["ssh-remote-change"]);
        assert_eq!(
            ids("ssh app \"uptime; docker compose up -d\""),
            ["ssh-remote-change"]
        );
        assert_eq!(ids("ssh app sed -i s/a/b/ /etc/x"), ["ssh-remote-change"]);
        assert!(ids("ssh app uptime; rm -rf build").is_empty(), "the rm is local");
        assert!(ids("ssh app systemctl status nginx").is_empty());
        assert!(
            ids("ssh rm-host uptime").is_empty(),
            "the destination is not a command"
        );
    }

    #[test]
    fn scp_to_a_host_is_a_change_and_from_a_host_a_read() {
        assert_eq!(ids("scp ./build.tgz deploy@app:/srv/"), ["scp-to-host"]);
        assert_eq!(ids("rsync -av dist/ app:/srv/www"), ["scp-to-host"]);
        assert!(ids("scp app:/var/log/syslog ./").is_empty());
        assert!(ids("rsync -av app:/var/log/ logs/").is_empty());
        assert_eq!(ids("sftp app"), ["sftp-session"]);
    }

    #[test]
    fn sql_changes_count_after_a_database_client() {
        assert_eq!(ids("psql -h db -c 'DROP TABLE users'"), ["sql-change"]);
        assert_eq!(ids("mysql -e \"update users set admin=1\""), ["sql-change"]);
        assert_eq!(ids("redis-cli -h cache FLUSHALL"), ["sql-change"]);
        assert!(ids("psql -h db -c 'select * from users'").is_empty());
        assert!(ids("echo 'drop table users' > notes.txt").is_empty(), "no client");
    }

    #[test]
    fn deploy_rules_match_their_commands() {
        assert_eq!(ids("git push origin main"), ["git-push"]);
        assert_eq!(ids("git -C ../deploy push"), ["git-push"]);
        assert_eq!(
            ids("helm --kube-context prod upgrade shop ./chart"),
            ["helm-change"]
        );
        assert_eq!(ids("terraform apply -auto-approve"), ["terraform-change"]);
        assert!(
            ids("git commit -m 'push it'").is_empty(),
            "a commit message is not a command"
        );
        assert!(ids("terraform plan").is_empty());
    }

    #[test]
    fn mcp_tool_names_with_a_change_word_match() {
        assert!(mcp_tool_changes("mcp__k8s__delete_pod"));
        assert!(mcp_tool_changes("mcp__db__runQuery"));
        assert!(mcp_tool_changes("mcp__vercel__deploy"));
        assert!(!mcp_tool_changes("mcp__k8s__list_pods"));
        assert!(!mcp_tool_changes("mcp__db__describeTable"));
    }
}
