//! The global policy layer: the file `policy.json` in the data directory (next to `config.toml`), read at the
//! start (a broken one stops relayd like a broken `config.toml`) and read again whenever its modification time or
//! size changes — no restart, no command. A file that breaks later is logged once; the last valid version stays
//! in effect and the break is reported with the effective policy.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::SystemTime;

use relay_core::policy::{LayerSource, PolicyErrors, PolicyLayer};
use serde_json::Value;

/// The file's name in the data directory.
pub const FILE_NAME: &str = "policy.json";

/// What identifies one version of the file without reading it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stamp {
    modified: Option<SystemTime>,
    len: u64,
}

/// One valid version of the file.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub layer: PolicyLayer,
    /// The document as written (what a policy proposal's patch is merged into).
    pub raw: Value,
}

/// Why the file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum GlobalError {
    #[error("{path}: cannot read the policy file: {source}; fix its permissions or remove it")]
    Read { path: PathBuf, source: std::io::Error },
    #[error("{errors}\n(in {path}; fix the file or remove it to use the default preset)")]
    Invalid { path: PathBuf, errors: PolicyErrors },
}

#[derive(Debug, Default)]
struct State {
    stamp: Option<Stamp>,
    loaded: Option<Loaded>,
    /// The break of the file as it is now, when it is broken (the last valid version stays in effect).
    broken: Option<String>,
    /// Counts the versions taken into effect (read at the start, read again, written): what a cache built on
    /// the layer compares.
    generation: u64,
}

/// The global layer, re-read on change.
#[derive(Debug)]
pub struct GlobalPolicy {
    path: PathBuf,
    state: Mutex<State>,
}

/// Reads the file once: `None` when there is none.
pub fn read(path: &Path) -> Result<Option<(Loaded, Option<SystemTime>, u64)>, GlobalError> {
    let meta = match std::fs::metadata(path) {
        Ok(meta) => meta,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(source) => {
            return Err(GlobalError::Read {
                path: path.to_owned(),
                source,
            });
        }
    };
    let text = std::fs::read_to_string(path).map_err(|source| GlobalError::Read {
        path: path.to_owned(),
        source,
    })?;
    let layer = PolicyLayer::parse(&text, &LayerSource::Global).map_err(|errors| GlobalError::Invalid {
        path: path.to_owned(),
        errors,
    })?;
    let raw: Value = serde_json::from_str(&text).unwrap_or(Value::Object(Default::default()));
    Ok(Some((Loaded { layer, raw }, meta.modified().ok(), meta.len())))
}

impl GlobalPolicy {
    /// The layer of `path`, not read yet (the first [`GlobalPolicy::current`] or [`GlobalPolicy::load`] reads it).
    pub fn new(path: PathBuf) -> GlobalPolicy {
        GlobalPolicy {
            path,
            state: Mutex::new(State::default()),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Reads the file at the start: a broken one is an error (relayd does not start).
    pub fn load(&self) -> Result<(), GlobalError> {
        let read = read(&self.path)?;
        let mut state = self.lock();
        let generation = state.generation + 1;
        *state = State::default();
        state.stamp = Some(stamp_of(&self.path));
        state.loaded = read.map(|(loaded, _, _)| loaded);
        state.generation = generation;
        Ok(())
    }

    /// The layer in effect: the file is read again first when its modification time or size changed. A broken
    /// file keeps the last valid version and is logged once per break.
    pub fn current(&self) -> Option<Loaded> {
        self.refreshed().loaded.clone()
    }

    /// The version in effect as a number that changes whenever another version is taken into effect (the file
    /// is checked first, as [`GlobalPolicy::current`] does; a break keeps the number, as it keeps the version).
    pub fn generation(&self) -> u64 {
        self.refreshed().generation
    }

    /// The state after reading the file again when its modification time or size changed.
    fn refreshed(&self) -> std::sync::MutexGuard<'_, State> {
        let now = stamp_of(&self.path);
        let mut state = self.lock();
        if state.stamp != Some(now) {
            state.stamp = Some(now);
            match read(&self.path) {
                Ok(loaded) => {
                    if state.broken.take().is_some() {
                        tracing::info!(path = %self.path.display(), "the policy file is valid again");
                    }
                    state.loaded = loaded.map(|(loaded, _, _)| loaded);
                    state.generation += 1;
                }
                Err(err) => {
                    let text = err.to_string();
                    if state.broken.as_deref() != Some(text.as_str()) {
                        tracing::warn!(path = %self.path.display(), problem = %text, "the policy file is broken; the last valid version stays in effect");
                    }
                    state.broken = Some(text);
                }
            }
        }
        state
    }

    /// The file's break, when it is broken now (shown with the effective policy).
    pub fn broken(&self) -> Option<String> {
        self.refreshed().broken.clone()
    }

    /// Writes a new version atomically (a temporary file in the same folder, mode 0600, then a rename) and takes
    /// it into effect. The error names the file.
    pub fn write(&self, value: &Value) -> Result<(), String> {
        let layer =
            PolicyLayer::from_value(value, &LayerSource::Global).map_err(|errors| errors.to_string())?;
        let text =
            serde_json::to_string_pretty(value).map_err(|err| format!("{}: {err}", self.path.display()))?;
        crate::token::write_private(&self.path, format!("{text}\n").as_bytes()).map_err(|err| match err {
            relay_core::token::TokenError::Io { action, path, source } => {
                format!("cannot {action} the policy file {}: {source}", path.display())
            }
            other => other.to_string(),
        })?;
        let mut state = self.lock();
        state.stamp = Some(stamp_of(&self.path));
        state.broken = None;
        state.loaded = Some(Loaded {
            layer,
            raw: value.clone(),
        });
        state.generation += 1;
        Ok(())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

fn stamp_of(path: &Path) -> Stamp {
    match std::fs::metadata(path) {
        Ok(meta) => Stamp {
            modified: meta.modified().ok(),
            len: meta.len(),
        },
        Err(_) => Stamp {
            modified: None,
            len: 0,
        },
    }
}

#[cfg(test)]
mod tests {
    use relay_core::policy::GuardMode;

    use super::*;

    fn write(path: &Path, text: &str) {
        std::fs::write(path, text).unwrap();
    }

    #[test]
    fn a_missing_file_is_no_layer_and_a_broken_one_stops_the_start_naming_the_file_and_path() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE_NAME);
        let policy = GlobalPolicy::new(path.clone());
        policy.load().unwrap();
        assert!(policy.current().is_none());

        write(&path, r#"{"guard": {"mode": "loud"}}"#);
        let err = GlobalPolicy::new(path.clone()).load().unwrap_err().to_string();
        assert!(
            err.starts_with("policy.json: guard.mode: 'loud' is not one of ['off', 'log', 'warn', 'block']"),
            "{err}"
        );
        assert!(err.contains(&path.display().to_string()), "{err}");
    }

    #[test]
    fn a_file_that_breaks_while_running_keeps_the_last_valid_version_and_a_fixed_one_is_taken() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE_NAME);
        write(&path, r#"{"guard": {"mode": "block"}}"#);
        let policy = GlobalPolicy::new(path.clone());
        policy.load().unwrap();
        assert_eq!(policy.current().unwrap().layer.guard_mode, Some(GuardMode::Block));

        let valid = policy.generation();
        assert_eq!(
            policy.generation(),
            valid,
            "an unchanged file is the same version"
        );

        // A different size is a new version, whatever the clock's resolution.
        write(&path, r#"{"guard": {"mode": "loud!"}}"#);
        assert_eq!(
            policy.current().unwrap().layer.guard_mode,
            Some(GuardMode::Block),
            "last valid kept"
        );
        let broken = policy.broken().unwrap();
        assert!(broken.contains("guard.mode"), "{broken}");
        assert_eq!(policy.generation(), valid, "a break keeps the version in effect");

        write(&path, r#"{"guard": {"mode": "log"}, "description": "x"}"#);
        assert_eq!(policy.current().unwrap().layer.guard_mode, Some(GuardMode::Log));
        assert!(policy.broken().is_none());
        assert!(policy.generation() > valid, "the fixed file is a new version");

        std::fs::remove_file(&path).unwrap();
        assert!(policy.current().is_none(), "a removed file is no layer");
    }

    #[test]
    fn a_written_file_is_private_and_in_effect() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE_NAME);
        let policy = GlobalPolicy::new(path.clone());
        policy.write(&serde_json::json!({"preset": "strict"})).unwrap();
        assert!(policy.current().unwrap().layer.preset.is_some());
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
        let err = policy
            .write(&serde_json::json!({"guard": {"mode": 3}}))
            .unwrap_err();
        assert!(err.starts_with("policy.json: guard.mode"), "{err}");
    }
}
