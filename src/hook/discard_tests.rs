use std::path::PathBuf;

use super::{Discard, DiscardKind, DiscardKind::*, Segment, discards, split};

fn kinds(line: &str) -> Vec<DiscardKind> {
    discards(line).iter().map(|d| d.kind).collect()
}

fn one(line: &str) -> Discard {
    let mut found = discards(line);
    assert_eq!(found.len(), 1, "{line:?} gave {found:?}");
    found.remove(0)
}

fn paths(list: &[&str]) -> Vec<PathBuf> {
    list.iter().map(PathBuf::from).collect()
}

#[test]
fn every_destructive_git_command_is_recognised() {
    let cases: &[(&str, DiscardKind)] = &[
        ("git reset --hard", ResetHard),
        ("git reset --hard HEAD~1", ResetHard),
        ("git reset origin/main --hard", ResetHard),
        ("git checkout -- src/a.rs", Checkout),
        ("git checkout .", Checkout),
        ("git checkout HEAD -- .", Checkout),
        ("git checkout -f main", Checkout),
        ("git checkout main src/a.rs", Checkout),
        ("git restore src/a.rs", Restore),
        ("git restore .", Restore),
        ("git restore --staged --worktree a.rs", Restore),
        ("git restore -s HEAD~2 a.rs", Restore),
        ("git clean -f", Clean),
        ("git clean -fd", Clean),
        ("git clean -xdf", Clean),
        ("git clean --force -d", Clean),
        ("git stash", Stash),
        ("git stash push -m wip", Stash),
        ("git stash save wip", Stash),
        ("git stash -u", Stash),
        ("git stash pop", Stash),
        ("git stash drop stash@{0}", Stash),
        ("git stash clear", Stash),
        ("git switch --discard-changes main", Switch),
        ("git switch -f main", Switch),
        ("git rebase main", Rebase),
        ("git rebase -i HEAD~3", Rebase),
        ("git merge --abort", MergeAbort),
        ("git rm -f a.rs", GitRemove),
        ("git rm -rf src", GitRemove),
    ];
    for (line, kind) in cases {
        assert_eq!(kinds(line), [*kind], "{line}");
    }
}

#[test]
fn harmless_look_alikes_are_not_recognised() {
    for line in [
        "git reset --soft HEAD~1",
        "git reset HEAD a.rs",
        "git reset --mixed",
        "git stash list",
        "git stash show -p",
        "git stash apply",
        "git stash branch topic",
        "git stash create",
        "echo \"git reset --hard\"",
        "echo 'git clean -fd'",
        "printf '%s\\n' 'rm -rf /'",
        "git commit -m \"git reset --hard was a mistake\"",
        "git checkout -b topic",
        "git checkout",
        "git switch main",
        "git restore --staged a.rs",
        "git clean -n",
        "git clean -fn",
        "git clean --dry-run -f",
        "git merge main",
        "git rm --cached -f a.rs",
        "git rm a.rs",
        "git status && git diff",
        "grep -r 'git reset --hard' docs",
        "cargo test # git reset --hard",
        "find . -name '*.rs'",
        "bash script.sh",
        "",
        "   ",
    ] {
        assert_eq!(kinds(line), [], "{line:?}");
    }
}

#[test]
fn chains_subshells_and_substitutions_are_followed() {
    assert_eq!(kinds("cargo build && git reset --hard"), [ResetHard]);
    assert_eq!(kinds("git status; git stash"), [Stash]);
    assert_eq!(kinds("make || git checkout ."), [Checkout]);
    assert_eq!(kinds("true | git clean -fd"), [Clean]);
    assert_eq!(kinds("(cd sub && git reset --hard)"), [ResetHard]);
    assert_eq!(kinds("{ git stash; git stash drop; }"), [Stash, Stash]);
    assert_eq!(kinds("echo $(git stash)"), [Stash]);
    assert_eq!(kinds("echo \"$(git reset --hard)\""), [ResetHard]);
    assert_eq!(kinds("echo `git clean -f`"), [Clean]);
    assert_eq!(kinds("git add -A\ngit reset --hard"), [ResetHard]);
    assert_eq!(kinds("git fetch & git reset --hard origin/main"), [ResetHard]);
    assert_eq!(kinds("if true; then git checkout .; fi"), [Checkout]);
}

#[test]
fn shells_eval_and_wrappers_are_looked_into() {
    assert_eq!(kinds("bash -c 'git reset --hard'"), [ResetHard]);
    assert_eq!(kinds("sh -c \"git stash && git stash drop\""), [Stash, Stash]);
    assert_eq!(kinds("/bin/bash -lc 'cd x && git clean -fdx'"), [Clean]);
    assert_eq!(kinds("zsh -ec 'git checkout -- .'"), [Checkout]);
    assert_eq!(kinds("bash -c \"sh -c 'git reset --hard'\""), [ResetHard]);
    assert_eq!(kinds("eval git reset --hard"), [ResetHard]);
    assert_eq!(kinds("sudo -u ana git reset --hard"), [ResetHard]);
    assert_eq!(kinds("env GIT_DIR=.git git reset --hard"), [ResetHard]);
    assert_eq!(kinds("GIT_TRACE=1 git reset --hard"), [ResetHard]);
    assert_eq!(kinds("timeout 10 git stash"), [Stash]);
    assert_eq!(kinds("nohup git clean -f &"), [Clean]);
    assert_eq!(kinds("git ls-files -m | xargs git checkout --"), [Checkout]);
    assert_eq!(kinds("find . -name '*.tmp' -print0 | xargs -0 rm -f"), [Remove]);
    assert_eq!(kinds("ls | xargs -n 1 rm -rf"), [RemoveTree]);
    assert_eq!(kinds("/usr/bin/git reset --hard"), [ResetHard]);
    // A shell without -c runs a file: nothing to read.
    assert_eq!(kinds("bash -x deploy.sh"), []);
}

#[test]
fn git_global_options_and_cd_give_the_directory() {
    let found = one("git -C ../other --no-pager reset --hard");
    assert_eq!(found.dir, Some(PathBuf::from("../other")));
    assert_eq!(found.command, "git reset --hard");

    let found = one("cd /work/app && git -c core.quotepath=off checkout -- a.rs");
    assert_eq!(found.dir, Some(PathBuf::from("/work/app")));
    assert_eq!(found.paths, paths(&["a.rs"]));

    let found = one("cd /w; cd sub; git --work-tree=tree clean -f");
    assert_eq!(found.dir, Some(PathBuf::from("/w/sub/tree")));

    // A subshell's cd stays in it only as far as the scanner follows: the next command is judged from the cd
    // too, which errs on the side of a snapshot of the folder the agent went to.
    assert_eq!(one("git stash").dir, None);
}

#[test]
fn paths_are_given_when_the_command_names_them() {
    assert_eq!(
        one("git checkout -- a.rs 'b c.rs'").paths,
        paths(&["a.rs", "b c.rs"])
    );
    assert_eq!(one("git checkout HEAD~1 src/x.rs").paths, paths(&["src/x.rs"]));
    assert_eq!(one("git checkout .").paths, paths(&[]));
    assert_eq!(one("git restore -s main -- src").paths, paths(&["src"]));
    assert_eq!(one("git restore .").paths, paths(&[]));
    assert_eq!(one("git clean -fd -e keep build").paths, paths(&["build"]));
    assert_eq!(one("git stash push -- a.rs").paths, paths(&["a.rs"]));
    assert_eq!(one("rm -rf target ./out").paths, paths(&["target", "./out"]));
    assert_eq!(one("rm -f -- -weird").paths, paths(&["-weird"]));
    assert_eq!(one("find src -name '*.orig' -delete").paths, paths(&["src"]));
    assert_eq!(one("find -delete").paths, paths(&["."]));
}

#[test]
fn a_lone_checkout_name_may_be_a_branch() {
    let found = one("git checkout main");
    assert_eq!(found.kind, Checkout);
    assert!(found.if_paths_exist);
    assert_eq!(found.paths, paths(&["main"]));
    assert!(!one("git checkout -- main").if_paths_exist);
    assert!(!one("git checkout .").if_paths_exist);
}

#[test]
fn rm_is_recursive_or_plain() {
    assert_eq!(kinds("rm -rf build"), [RemoveTree]);
    assert_eq!(kinds("rm -r build"), [RemoveTree]);
    assert_eq!(kinds("rm -R build"), [RemoveTree]);
    assert_eq!(kinds("rm --recursive --force build"), [RemoveTree]);
    assert_eq!(kinds("rm -fv a.rs"), [Remove]);
    assert_eq!(kinds("unlink a.rs"), [Remove]);
    assert_eq!(kinds("rm -- -r"), [Remove]);
    assert_eq!(kinds("find . -type f -exec rm {} +"), [RemoveTree]);
    assert!(Remove.only_held_files());
    assert!(!RemoveTree.only_held_files());
    assert!(Rebase.needs_dirty_tree() && MergeAbort.needs_dirty_tree() && !ResetHard.needs_dirty_tree());
}

#[test]
fn broken_and_hostile_lines_are_read_without_panicking() {
    // Unclosed quotes fall back to whitespace words.
    assert_eq!(kinds("git reset --hard 'unclosed"), [ResetHard]);
    assert_eq!(kinds("echo \"unclosed; git reset --hard"), []);
    assert_eq!(kinds("echo $(git stash"), [Stash]);
    assert_eq!(kinds("echo `git stash"), [Stash]);
    assert_eq!(kinds("\\"), []);
    assert_eq!(kinds("git"), []);
    assert_eq!(kinds("git -C"), []);
    assert_eq!(kinds("sudo"), []);
    assert_eq!(kinds("timeout"), []);
    assert_eq!(kinds("bash -c"), []);
    // Nesting deeper than the limit is not followed, and never recurses without end.
    let mut deep = "git reset --hard".to_owned();
    for _ in 0..10 {
        deep = format!("bash -c {}", shell_words::quote(&deep));
    }
    assert_eq!(kinds(&deep), []);
    let mut shallow = "git reset --hard".to_owned();
    for _ in 0..3 {
        shallow = format!("bash -c {}", shell_words::quote(&shallow));
    }
    assert_eq!(kinds(&shallow), [ResetHard]);
    // Multi-byte text and a line past the length limit.
    assert_eq!(kinds("echo 'héllo ✓' && git stash"), [Stash]);
    let long = format!("{}git stash", "é".repeat(40_000));
    assert_eq!(kinds(&long), []);
}

#[test]
fn the_scanner_cuts_at_operators_and_keeps_quotes() {
    assert_eq!(
        split("a 'b;c' && d \"e|f\"; g"),
        [
            Segment::Command("a 'b;c' ".into()),
            Segment::Command(" d \"e|f\"".into()),
            Segment::Command(" g".into()),
        ]
    );
    assert_eq!(
        split("x $(y) z"),
        [Segment::Nested("y".into()), Segment::Command("x _ z".into())]
    );
    // Arithmetic is not a command.
    assert_eq!(split("echo $((1+2))").len(), 1);
}

#[test]
fn each_kind_has_its_name() {
    assert_eq!(ResetHard.as_str(), "git reset --hard");
    assert_eq!(RemoveTree.as_str(), "rm -r");
}

#[test]
fn shell_tools_give_their_command_line() {
    use crate::hook::{Agent, shell_command};
    use serde_json::json;
    let line = |agent, tool, input| shell_command(agent, tool, &input);
    assert_eq!(
        line(Agent::Claude, "Bash", json!({"command": "git stash"})).as_deref(),
        Some("git stash")
    );
    assert_eq!(
        line(
            Agent::Codex,
            "shell",
            json!({"command": ["bash", "-lc", "git reset --hard"]})
        )
        .as_deref(),
        Some("bash -lc 'git reset --hard'")
    );
    assert_eq!(
        line(
            Agent::Antigravity,
            "run_command",
            json!({"CommandLine": "git clean -fd"})
        )
        .as_deref(),
        Some("git clean -fd")
    );
    assert_eq!(
        line(Agent::Claude, "Write", json!({"command": "git stash"})),
        None
    );
    assert_eq!(line(Agent::Claude, "Bash", json!({"command": ""})), None);
    assert_eq!(line(Agent::Claude, "Bash", json!({"command": 3})), None);
    let lines = discards(
        &line(
            Agent::Codex,
            "shell",
            json!({"command": ["bash", "-lc", "git reset --hard"]}),
        )
        .unwrap(),
    );
    assert_eq!(lines.len(), 1);
}
