//! Recognising shell commands that discard or rewrite uncommitted work (`git reset --hard`, `git checkout .`,
//! `git clean -f`, `git stash`, `rm -rf …`, …), wherever they hide in a command line: `&&` / `||` / `;` / `|`
//! chains, subshells, `$(…)` and backticks, `bash -c '…'` / `sh -c`, `eval`, `xargs`, `sudo`, `env`, `timeout`.
//!
//! [`discards`] is pure: it reads the text only. What depends on the disk — whether a `rm -rf` target is inside
//! the repository, whether a `git checkout NAME` names a file rather than a branch, whether the tree is dirty for a
//! rebase — is left to the caller, which gets the paths and the flags to decide it.
//!
//! The line is cut into simple commands by a small scanner that knows quotes, escapes, operators and command
//! substitution; each simple command is split into words by the `shell-words` crate (POSIX quoting rules). Text
//! inside quotes is never a command unless a shell is given it (`bash -c`, `eval`) or it is a `$(…)` inside double
//! quotes, so `echo "git reset --hard"` is harmless.

use std::path::{Path, PathBuf};

/// What a recognised command does to uncommitted work.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DiscardKind {
    /// `git reset --hard`: tracked changes back to the commit.
    ResetHard,
    /// `git checkout -- PATHS`, `git checkout .`, `git checkout -f`, `git checkout TREE PATHS`.
    Checkout,
    /// `git restore` of the working tree (not `--staged` alone).
    Restore,
    /// `git clean -f…`: untracked files deleted.
    Clean,
    /// `git stash` (push, save, pop, drop, clear): changes moved off the tree, or a stash entry dropped.
    Stash,
    /// `git switch --discard-changes` / `-f`.
    Switch,
    /// `git rebase …`: rewrites the tree (a discard only when the tree is dirty).
    Rebase,
    /// `git merge --abort` (a discard only when the tree is dirty).
    MergeAbort,
    /// `git rm -f`.
    GitRemove,
    /// `rm -r` / `rm -rf` / `find … -delete`: whole folders.
    RemoveTree,
    /// `rm FILE`, `unlink FILE`: a discard only for files another session holds.
    Remove,
}

impl DiscardKind {
    /// The command as people name it, for messages.
    pub const fn as_str(self) -> &'static str {
        match self {
            DiscardKind::ResetHard => "git reset --hard",
            DiscardKind::Checkout => "git checkout",
            DiscardKind::Restore => "git restore",
            DiscardKind::Clean => "git clean",
            DiscardKind::Stash => "git stash",
            DiscardKind::Switch => "git switch --discard-changes",
            DiscardKind::Rebase => "git rebase",
            DiscardKind::MergeAbort => "git merge --abort",
            DiscardKind::GitRemove => "git rm -f",
            DiscardKind::RemoveTree => "rm -r",
            DiscardKind::Remove => "rm",
        }
    }

    /// Whether the command discards only what the working tree holds beyond its commit (a rebase, a merge
    /// abort): the caller snapshots only a dirty tree — which every snapshot checks anyway.
    pub const fn needs_dirty_tree(self) -> bool {
        matches!(self, DiscardKind::Rebase | DiscardKind::MergeAbort)
    }

    /// Whether the command is a discard only for files another session holds (a plain `rm`).
    pub const fn only_held_files(self) -> bool {
        matches!(self, DiscardKind::Remove)
    }
}

/// One recognised command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Discard {
    pub kind: DiscardKind,
    /// The simple command's words joined by spaces (what the record and the answer quote).
    pub command: String,
    /// Where it runs, relative to the hook's working directory or absolute: an earlier `cd` in the chain,
    /// `git -C`, `--work-tree`. `None`: the working directory itself.
    pub dir: Option<PathBuf>,
    /// The files or folders it names, as written (relative to `dir`); empty when it acts on the whole tree or
    /// its paths are not on the line (`xargs`).
    pub paths: Vec<PathBuf>,
    /// The paths may name a branch instead (`git checkout NAME`): a discard only when one of them exists as a
    /// file or folder in the tree.
    pub if_paths_exist: bool,
}

/// The deepest nesting of `bash -c`, `eval` and substitutions followed; deeper text is not read.
const MAX_DEPTH: usize = 8;
/// The longest command line read; the rest is not looked at.
const MAX_LEN: usize = 64 * 1024;

/// Every command in `line` that discards or rewrites uncommitted work, in the order they appear.
///
/// ```
/// use relay_core::hook::{DiscardKind, discards};
/// let found = discards("cargo fmt && bash -c 'git stash && git reset --hard origin/main'");
/// let kinds: Vec<DiscardKind> = found.iter().map(|d| d.kind).collect();
/// assert_eq!(kinds, [DiscardKind::Stash, DiscardKind::ResetHard]);
/// assert!(discards("git reset --soft HEAD~1; git stash list; echo \"git reset --hard\"").is_empty());
/// ```
pub fn discards(line: &str) -> Vec<Discard> {
    let mut found = Vec::new();
    let mut end = line.len().min(MAX_LEN);
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    script(&line[..end], None, 0, &mut found);
    found
}

/// Reads a script: its simple commands in order, a `cd` carrying over to the commands after it.
fn script(text: &str, dir: Option<PathBuf>, depth: usize, found: &mut Vec<Discard>) {
    if depth > MAX_DEPTH {
        return;
    }
    let mut dir = dir;
    for segment in split(text) {
        match segment {
            Segment::Command(command) => simple(&command, &mut dir, depth, found),
            Segment::Nested(inner) => script(&inner, dir.clone(), depth + 1, found),
        }
    }
}

/// A piece of a script: a simple command's text, or a substitution's or subshell's own script.
#[derive(Debug, PartialEq, Eq)]
enum Segment {
    Command(String),
    Nested(String),
}

/// Cuts a script at its unquoted operators (`;`, `&`, `|`, `&&`, `||`, newlines, parentheses) and lifts out
/// `$(…)` and backtick substitutions (also inside double quotes), which run as commands of their own. Comments
/// (`#` at a word's start) end at the line's end.
fn split(text: &str) -> Vec<Segment> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut current = String::new();
    let (mut single, mut double) = (false, false);
    let mut i = 0;
    let flush = |current: &mut String, out: &mut Vec<Segment>| {
        if !current.trim().is_empty() {
            out.push(Segment::Command(std::mem::take(current)));
        }
        current.clear();
    };
    while i < chars.len() {
        let c = chars[i];
        if single {
            current.push(c);
            single = c != '\'';
            i += 1;
            continue;
        }
        match c {
            '\\' => {
                current.push(c);
                if let Some(next) = chars.get(i + 1) {
                    current.push(*next);
                }
                i += 2;
                continue;
            }
            '\'' if !double => single = true,
            '"' => double = !double,
            '$' if chars.get(i + 1) == Some(&'(') && chars.get(i + 2) != Some(&'(') => {
                let (inner, next) = until_close(&chars, i + 2);
                out.push(Segment::Nested(inner));
                current.push('_');
                i = next;
                continue;
            }
            '$' if chars.get(i + 1) == Some(&'(') => {
                // Arithmetic, `$((…))`: a word, never a command.
                let (_, next) = until_close(&chars, i + 2);
                current.extend(&chars[i..next]);
                i = next;
                continue;
            }
            '`' => {
                let close = (i + 1..chars.len())
                    .find(|&j| chars[j] == '`' && chars[j - 1] != '\\')
                    .unwrap_or(chars.len());
                out.push(Segment::Nested(chars[i + 1..close].iter().collect()));
                current.push('_');
                i = close + 1;
                continue;
            }
            _ if double => {}
            ';' | '&' | '|' | '\n' | '(' | ')' => {
                flush(&mut current, &mut out);
                i += 1;
                continue;
            }
            '#' if current.is_empty() || current.ends_with(char::is_whitespace) => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                continue;
            }
            _ => {}
        }
        current.push(c);
        i += 1;
    }
    flush(&mut current, &mut out);
    out
}

/// The text up to the `)` that closes a `$(` opened before `start` (nesting and quotes followed), and the index
/// after it.
fn until_close(chars: &[char], start: usize) -> (String, usize) {
    let (mut depth, mut single, mut double) = (1usize, false, false);
    let mut i = start;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\\' if !single => i += 1,
            '\'' if !double => single = !single,
            '"' if !single => double = !double,
            '(' if !single && !double => depth += 1,
            ')' if !single && !double => {
                depth -= 1;
                if depth == 0 {
                    return (chars[start..i].iter().collect(), i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    (chars[start..].iter().collect(), chars.len())
}

/// The words of one simple command: `shell-words` for the quoting rules, plain whitespace when its quotes do
/// not close (a cut line).
fn words(command: &str) -> Vec<String> {
    shell_words::split(command).unwrap_or_else(|_| command.split_whitespace().map(str::to_owned).collect())
}

/// Reads one simple command: wrappers peeled, a shell given a script read as one, `cd` followed, `git` and `rm`
/// judged.
fn simple(command: &str, dir: &mut Option<PathBuf>, depth: usize, found: &mut Vec<Discard>) {
    let words = words(command);
    let argv = unwrap(&words);
    let Some(program) = argv.first() else {
        return;
    };
    let name = Path::new(program)
        .file_name()
        .and_then(|name| name.to_str())
        .unwrap_or(program);
    let args = &argv[1..];
    match name {
        "cd" | "pushd" => {
            let target = args.iter().find(|arg| !arg.starts_with('-'));
            *dir = Some(match (target, dir.as_ref()) {
                (Some(target), Some(base)) => base.join(target),
                (Some(target), None) => PathBuf::from(target),
                (None, _) => PathBuf::from("~"),
            });
        }
        "bash" | "sh" | "zsh" | "dash" | "ksh" | "ash" => {
            if let Some(inner) = shell_script(args) {
                script(inner, dir.clone(), depth + 1, found);
            }
        }
        "eval" => script(&args.join(" "), dir.clone(), depth + 1, found),
        "git" => git(args, dir.as_deref(), found),
        "rm" | "unlink" => remove(name, args, dir.as_deref(), found),
        "find" => find(args, dir.as_deref(), found),
        _ => {}
    }
}

/// The command under its wrappers: assignments (`A=b`), `sudo`, `env`, `command`, `exec`, `nohup`, `time`,
/// `nice`, `timeout`, `xargs`, `{`, `!` and the keywords of compound commands, each with its own options.
fn unwrap(words: &[String]) -> &[String] {
    let mut rest = words;
    loop {
        let Some(first) = rest.first() else {
            return rest;
        };
        let name = Path::new(first)
            .file_name()
            .and_then(|name| name.to_str())
            .unwrap_or(first);
        rest = match name {
            _ if is_assignment(first) => &rest[1..],
            "{" | "}" | "!" | "then" | "do" | "else" | "elif" | "if" | "while" | "until" | "command"
            | "builtin" | "exec" | "nohup" | "time" | "noglob" => &rest[1..],
            "sudo" | "doas" => skip_options(&rest[1..], &["-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t"]),
            "env" => {
                let after = skip_options(&rest[1..], &["-u", "-C", "-S"]);
                let assignments = after.iter().take_while(|w| is_assignment(w)).count();
                &after[assignments..]
            }
            "nice" | "ionice" | "stdbuf" | "chrt" | "taskset" => {
                skip_options(&rest[1..], &["-n", "-c", "-p", "-i", "-o", "-e"])
            }
            "timeout" => {
                let after = skip_options(&rest[1..], &["-s", "-k", "--signal", "--kill-after"]);
                after.get(1..).unwrap_or_default()
            }
            "xargs" => skip_options(
                &rest[1..],
                &[
                    "-n",
                    "-I",
                    "-i",
                    "-P",
                    "-L",
                    "-l",
                    "-d",
                    "-a",
                    "-E",
                    "-e",
                    "-s",
                    "--delimiter",
                ],
            ),
            _ => return rest,
        };
    }
}

/// Skips leading options; those in `valued` take the next word as their value (unless written `-n5`).
fn skip_options<'a>(words: &'a [String], valued: &[&str]) -> &'a [String] {
    let mut i = 0;
    while let Some(word) = words.get(i) {
        if word == "--" {
            return &words[i + 1..];
        }
        if !word.starts_with('-') || word == "-" {
            break;
        }
        i += if valued.contains(&word.as_str()) { 2 } else { 1 };
    }
    words.get(i..).unwrap_or_default()
}

fn is_assignment(word: &str) -> bool {
    let Some((name, _)) = word.split_once('=') else {
        return false;
    };
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The script a shell is given with `-c` (also in a cluster: `-lc`, `-ec`, `-xec`).
fn shell_script(args: &[String]) -> Option<&str> {
    let mut i = 0;
    let mut has_c = false;
    while let Some(arg) = args.get(i) {
        if arg == "--" {
            i += 1;
            break;
        }
        match arg.strip_prefix('-') {
            Some(flags) if !flags.is_empty() && !flags.starts_with('-') => {
                has_c |= flags.contains('c');
                // `-o option` takes a value.
                if flags.ends_with('o') {
                    i += 1;
                }
            }
            Some(flags) if flags.starts_with('-') => {}
            _ => break,
        }
        i += 1;
    }
    has_c.then(|| args.get(i).map(String::as_str)).flatten()
}

/// `git` with its global options (`-C`, `-c`, `--git-dir`, `--work-tree`, …) and its subcommand.
fn git(args: &[String], dir: Option<&Path>, found: &mut Vec<Discard>) {
    let mut dir = dir.map(Path::to_path_buf);
    let mut i = 0;
    while let Some(arg) = args.get(i) {
        match arg.as_str() {
            "-C" | "--work-tree" => {
                if let Some(path) = args.get(i + 1) {
                    dir = Some(dir.map_or_else(|| PathBuf::from(path), |base| base.join(path)));
                }
                i += 2;
            }
            "-c" | "--git-dir" | "--namespace" | "--exec-path" | "--config-env" => i += 2,
            _ if arg.starts_with("--work-tree=") => {
                let path = &arg["--work-tree=".len()..];
                dir = Some(dir.map_or_else(|| PathBuf::from(path), |base| base.join(path)));
                i += 1;
            }
            _ if arg.starts_with('-') => i += 1,
            _ => break,
        }
    }
    let Some(sub) = args.get(i) else {
        return;
    };
    let rest = &args[i + 1..];
    let has = |flags: &[&str]| rest.iter().any(|arg| flags.contains(&arg.as_str()));
    let short = |letter: char| {
        rest.iter().any(|arg| {
            arg.strip_prefix('-')
                .is_some_and(|flags| !flags.starts_with('-') && flags.contains(letter))
        })
    };
    let mut discard = |kind: DiscardKind, paths: Vec<PathBuf>, if_paths_exist: bool| {
        let mut words = vec!["git".to_owned(), sub.clone()];
        words.extend(rest.iter().cloned());
        found.push(Discard {
            kind,
            command: words.join(" "),
            dir: dir.clone(),
            paths,
            if_paths_exist,
        });
    };
    match sub.as_str() {
        "reset" if has(&["--hard"]) => discard(DiscardKind::ResetHard, Vec::new(), false),
        "checkout" => {
            if let Some(split) = rest.iter().position(|arg| arg == "--") {
                discard(DiscardKind::Checkout, to_paths(&rest[split + 1..]), false);
            } else if has(&["-f", "--force"]) {
                discard(DiscardKind::Checkout, Vec::new(), false);
            } else if !has(&["-b", "-B", "--orphan", "-p", "--patch"]) {
                let operands = operands(rest, &["--conflict", "--pathspec-from-file"]);
                match operands.as_slice() {
                    [] => {}
                    [only] if only.as_os_str() == "." => discard(DiscardKind::Checkout, Vec::new(), false),
                    [only] => discard(DiscardKind::Checkout, vec![only.clone()], true),
                    [_tree, paths @ ..] => discard(DiscardKind::Checkout, paths.to_vec(), false),
                }
            }
        }
        "restore" => {
            let staged_only = has(&["--staged", "-S"]) && !has(&["--worktree", "-W"]);
            if !staged_only {
                let paths = operands(rest, &["-s", "--source", "--pathspec-from-file"]);
                let whole = paths.iter().any(|path| path.as_os_str() == ".");
                discard(
                    DiscardKind::Restore,
                    if whole { Vec::new() } else { paths },
                    false,
                );
            }
        }
        "clean" => {
            let forced = has(&["--force"]) || short('f');
            let dry = has(&["--dry-run"]) || short('n');
            if forced && !dry {
                discard(DiscardKind::Clean, operands(rest, &["-e", "--exclude"]), false);
            }
        }
        "stash" => {
            let action = rest.first().map(String::as_str);
            match action {
                None | Some("push" | "save" | "pop" | "drop" | "clear") => {
                    let paths = rest
                        .iter()
                        .position(|arg| arg == "--")
                        .map(|split| to_paths(&rest[split + 1..]))
                        .unwrap_or_default();
                    discard(DiscardKind::Stash, paths, false);
                }
                Some(flag) if flag.starts_with('-') => discard(DiscardKind::Stash, Vec::new(), false),
                Some(_) => {}
            }
        }
        "switch" if has(&["--discard-changes", "-f", "--force"]) => {
            discard(DiscardKind::Switch, Vec::new(), false);
        }
        "rebase" => discard(DiscardKind::Rebase, Vec::new(), false),
        "merge" if has(&["--abort"]) => discard(DiscardKind::MergeAbort, Vec::new(), false),
        "rm" if (has(&["--force"]) || short('f')) && !has(&["--cached"]) => {
            discard(DiscardKind::GitRemove, operands(rest, &[]), false);
        }
        _ => {}
    }
}

/// The operands of a command's arguments: the words that are not options (nor an option's value in `valued`);
/// everything after `--`.
fn operands(args: &[String], valued: &[&str]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(arg) = args.get(i) {
        if arg == "--" {
            out.extend(to_paths(&args[i + 1..]));
            break;
        }
        if valued.contains(&arg.as_str()) {
            i += 2;
            continue;
        }
        if !arg.starts_with('-') || arg == "-" {
            out.push(PathBuf::from(arg));
        }
        i += 1;
    }
    out
}

fn to_paths(words: &[String]) -> Vec<PathBuf> {
    words.iter().map(PathBuf::from).collect()
}

/// `rm` (recursive or not) and `unlink`.
fn remove(name: &str, args: &[String], dir: Option<&Path>, found: &mut Vec<Discard>) {
    let recursive = name == "rm"
        && args.iter().take_while(|arg| *arg != "--").any(|arg| {
            arg == "--recursive"
                || arg
                    .strip_prefix('-')
                    .is_some_and(|flags| !flags.starts_with('-') && flags.contains(['r', 'R']))
        });
    let kind = match recursive {
        true => DiscardKind::RemoveTree,
        false => DiscardKind::Remove,
    };
    let mut words = vec![name.to_owned()];
    words.extend(args.iter().cloned());
    found.push(Discard {
        kind,
        command: words.join(" "),
        dir: dir.map(Path::to_path_buf),
        paths: operands(args, &[]),
        if_paths_exist: false,
    });
}

/// `find PATHS … -delete` (or `-exec rm`): the starting folders are removed from.
fn find(args: &[String], dir: Option<&Path>, found: &mut Vec<Discard>) {
    let deletes = args.iter().any(|arg| arg == "-delete")
        || args
            .windows(2)
            .any(|pair| matches!(pair[0].as_str(), "-exec" | "-execdir") && pair[1] == "rm");
    if !deletes {
        return;
    }
    let starts: Vec<PathBuf> = args
        .iter()
        .take_while(|arg| !arg.starts_with('-') && !arg.starts_with('(') && *arg != "!")
        .map(PathBuf::from)
        .collect();
    let mut words = vec!["find".to_owned()];
    words.extend(args.iter().cloned());
    found.push(Discard {
        kind: DiscardKind::RemoveTree,
        command: words.join(" "),
        dir: dir.map(Path::to_path_buf),
        paths: if starts.is_empty() {
            vec![PathBuf::from(".")]
        } else {
            starts
        },
        if_paths_exist: false,
    });
}

#[cfg(test)]
#[path = "discard_tests.rs"]
mod tests;
