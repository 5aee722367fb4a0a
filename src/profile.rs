//! Runner session profiles (Relay Cloud seed §13): what a runner session runs in its terminal. `shell` and
//! `claude` are built in; `config.toml`'s `[profiles.NAME]` tables add others or replace a built-in's command.
//!
//! A profile's command is an absolute path executed directly with its arguments — never through a shell — so
//! nothing in a profile, a branch or a task is ever interpreted as shell text. A relative command is refused when
//! the configuration is read; a missing one when a session would start.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The table of `config.toml` that holds the session profiles; it is not in the key table.
pub const PROFILES_TABLE: &str = "profiles";
/// The built-in interactive shell profile: `$SHELL` when it is an absolute path, else `/bin/sh`.
pub const SHELL: &str = "shell";
/// The built-in Claude Code profile: `claude` found on `PATH` when the session starts.
pub const CLAUDE: &str = "claude";

/// One profile as configured.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Profile {
    pub name: String,
    /// The absolute command; `None` for a built-in profile whose command is found when a session starts.
    pub command: Option<PathBuf>,
    pub args: Vec<String>,
    pub env: BTreeMap<String, String>,
    pub description: Option<String>,
}

impl Profile {
    fn builtin(name: &str, description: &str) -> Profile {
        Profile {
            name: name.to_owned(),
            command: None,
            args: Vec::new(),
            env: BTreeMap::new(),
            description: Some(description.to_owned()),
        }
    }
}

/// The profiles a daemon offers: the built-ins, then `[profiles]`' own, a configured `shell` or `claude`
/// replacing the built-in of that name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Profiles(Vec<Profile>);

impl Default for Profiles {
    fn default() -> Profiles {
        Profiles(vec![
            Profile::builtin(SHELL, "an interactive shell ($SHELL, else /bin/sh)"),
            Profile::builtin(CLAUDE, "Claude Code (`claude` on PATH)"),
        ])
    }
}

/// A bad `[profiles]` entry: the full key path and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProfileError {
    pub key: String,
    pub problem: String,
}

impl Profiles {
    pub fn get(&self, name: &str) -> Option<&Profile> {
        self.0.iter().find(|p| p.name == name)
    }

    pub fn names(&self) -> Vec<&str> {
        self.0.iter().map(|p| p.name.as_str()).collect()
    }

    /// Reads the `[profiles]` table: `[profiles.NAME]` with `command` (an absolute path, required for a new
    /// profile), `args` (a list of strings), `env` (a table of strings) and `description`.
    pub fn from_toml(value: &toml::Value) -> Result<Profiles, ProfileError> {
        let table = value.as_table().ok_or_else(|| ProfileError {
            key: PROFILES_TABLE.to_owned(),
            problem: "expected a table of profiles, like [profiles.build] command = \"/usr/bin/make\""
                .to_owned(),
        })?;
        let mut profiles = Profiles::default();
        for (name, entry) in table {
            let key = |field: &str| format!("{PROFILES_TABLE}.{name}{field}");
            if name.is_empty()
                || name.len() > 40
                || !name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            {
                return Err(ProfileError {
                    key: key(""),
                    problem: "a profile name is 1 to 40 letters, digits, `-` or `_`".to_owned(),
                });
            }
            let entry = entry.as_table().ok_or_else(|| ProfileError {
                key: key(""),
                problem: "expected a table with command, args, env and description".to_owned(),
            })?;
            let mut profile = profiles
                .get(name)
                .cloned()
                .unwrap_or_else(|| Profile::builtin(name, ""));
            profile.description = None;
            for (field, value) in entry {
                match field.as_str() {
                    "command" => {
                        let text = value.as_str().ok_or_else(|| ProfileError {
                            key: key(".command"),
                            problem: "expected an absolute path as a string".to_owned(),
                        })?;
                        profile.command = Some(absolute_command(text).map_err(|problem| ProfileError {
                            key: key(".command"),
                            problem,
                        })?);
                    }
                    "args" => {
                        profile.args = string_list(value).ok_or_else(|| ProfileError {
                            key: key(".args"),
                            problem: "expected a list of strings".to_owned(),
                        })?;
                    }
                    "env" => {
                        let env = value.as_table().ok_or_else(|| ProfileError {
                            key: key(".env"),
                            problem: "expected a table of strings, like env = { TERM = \"xterm\" }"
                                .to_owned(),
                        })?;
                        profile.env = env
                            .iter()
                            .map(|(k, v)| v.as_str().map(|v| (k.clone(), v.to_owned())))
                            .collect::<Option<_>>()
                            .ok_or_else(|| ProfileError {
                                key: key(".env"),
                                problem: "every value must be a string".to_owned(),
                            })?;
                    }
                    "description" => {
                        profile.description = value.as_str().map(str::to_owned);
                    }
                    other => {
                        return Err(ProfileError {
                            key: key(&format!(".{other}")),
                            problem: "unknown field; a profile takes command, args, env and description"
                                .to_owned(),
                        });
                    }
                }
            }
            if profile.command.is_none() && name != SHELL && name != CLAUDE {
                return Err(ProfileError {
                    key: key(".command"),
                    problem: "missing: a profile needs the absolute path of the program it runs".to_owned(),
                });
            }
            match profiles.0.iter_mut().find(|p| p.name == *name) {
                Some(slot) => *slot = profile,
                None => profiles.0.push(profile),
            }
        }
        Ok(profiles)
    }
}

/// A command path as a profile takes it: absolute, no shell text.
pub fn absolute_command(text: &str) -> Result<PathBuf, String> {
    let path = Path::new(text);
    if text.trim().is_empty() {
        return Err("empty; give the absolute path of the program, like /bin/bash".to_owned());
    }
    if !path.is_absolute() {
        return Err(format!(
            "{text:?} is not an absolute path; a profile's command is run directly, without a shell, so give its full path (like /usr/bin/{text})"
        ));
    }
    Ok(path.to_path_buf())
}

/// The detach key of `relay session attach` as the bytes a terminal sends: `ctrl-b d` is (0x02, b'd'). `None`
/// when the text is not a `ctrl-` letter, a space and one printable ASCII character.
pub fn parse_detach_key(text: &str) -> Option<(u8, u8)> {
    let (prefix, key) = text.trim().split_once(' ')?;
    let letter = prefix.to_ascii_lowercase().strip_prefix("ctrl-")?.to_owned();
    let [letter] = letter.as_bytes() else {
        return None;
    };
    if !letter.is_ascii_lowercase() {
        return None;
    }
    let [key] = key.trim().as_bytes() else {
        return None;
    };
    if !key.is_ascii_graphic() {
        return None;
    }
    Some((letter - b'a' + 1, *key))
}

fn string_list(value: &toml::Value) -> Option<Vec<String>> {
    value
        .as_array()?
        .iter()
        .map(|v| v.as_str().map(str::to_owned))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Profiles, ProfileError> {
        let table: toml::Table = text.parse().unwrap();
        Profiles::from_toml(&table["profiles"])
    }

    #[test]
    fn detach_keys_are_read_as_the_bytes_a_terminal_sends() {
        assert_eq!(parse_detach_key("ctrl-b d"), Some((0x02, b'd')));
        assert_eq!(parse_detach_key("Ctrl-A q"), Some((0x01, b'q')));
        assert_eq!(parse_detach_key("ctrl-b"), None);
        assert_eq!(parse_detach_key("alt-b d"), None);
        assert_eq!(parse_detach_key("ctrl-1 d"), None);
        assert_eq!(parse_detach_key("ctrl-b dd"), None);
    }

    #[test]
    fn builtins_are_offered_without_configuration() {
        let profiles = Profiles::default();
        assert_eq!(profiles.names(), vec!["shell", "claude"]);
        assert!(profiles.get("shell").unwrap().command.is_none());
    }

    #[test]
    fn a_configured_profile_is_added_and_a_builtin_replaced() {
        let profiles = parse(
            "[profiles.build]\ncommand = \"/usr/bin/make\"\nargs = [\"-j2\"]\nenv = { CC = \"clang\" }\n[profiles.shell]\ncommand = \"/bin/bash\"\n",
        )
        .unwrap();
        assert_eq!(profiles.names(), vec!["shell", "claude", "build"]);
        let build = profiles.get("build").unwrap();
        assert_eq!(build.command.as_deref(), Some(Path::new("/usr/bin/make")));
        assert_eq!(build.args, vec!["-j2"]);
        assert_eq!(build.env["CC"], "clang");
        assert_eq!(
            profiles.get("shell").unwrap().command.as_deref(),
            Some(Path::new("/bin/bash"))
        );
    }

    #[test]
    fn a_relative_command_is_refused_naming_the_key() {
        let err = parse("[profiles.build]\ncommand = \"make\"\n").unwrap_err();
        assert_eq!(err.key, "profiles.build.command");
        assert!(err.problem.contains("not an absolute path"), "{}", err.problem);
        assert!(err.problem.contains("/usr/bin/make"), "{}", err.problem);
    }

    #[test]
    fn a_new_profile_without_command_or_with_an_unknown_field_is_refused() {
        let err = parse("[profiles.build]\nargs = []\n").unwrap_err();
        assert_eq!(err.key, "profiles.build.command");
        let err = parse("[profiles.build]\ncommand = \"/bin/true\"\nshell = true\n").unwrap_err();
        assert_eq!(err.key, "profiles.build.shell");
        let err = parse("[profiles.\"a b\"]\ncommand = \"/bin/true\"\n").unwrap_err();
        assert!(err.problem.contains("profile name"));
    }
}
