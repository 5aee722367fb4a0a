//! The built-in presets, written as policy JSON so they go through the same parsing as every other layer.
//!
//! | preset | levels | guard | secrets |
//! |---|---|---|---|
//! | `default` | local and test full, live read | warn, all rules | all detectors, no test secrets |
//! | `strict` | local full, test ask, live none | block, all rules | all detectors, no test secrets |
//! | `trusted` | full everywhere | log | all detectors; test secrets on local and test, not shown to agents |

use std::fmt;

use serde::Serialize;

/// A built-in preset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Preset {
    #[default]
    Default,
    Strict,
    Trusted,
}

const DEFAULT: &str = r#"{
  "levels": {
    "local": {"default": "full"},
    "test": {"default": "full"},
    "live": {"default": "read"}
  },
  "guard": {"mode": "warn", "disable": [], "patterns": []},
  "secrets": {
    "disable": [],
    "allow": [],
    "test_secrets": {"local": false, "test": false},
    "expose_test_secrets_to_agents": false
  }
}"#;

const STRICT: &str = r#"{
  "levels": {
    "local": {"default": "full"},
    "test": {"default": "ask"},
    "live": {"default": "none"}
  },
  "guard": {"mode": "block", "disable": [], "patterns": []},
  "secrets": {
    "disable": [],
    "allow": [],
    "test_secrets": {"local": false, "test": false},
    "expose_test_secrets_to_agents": false
  }
}"#;

const TRUSTED: &str = r#"{
  "levels": {
    "local": {"default": "full"},
    "test": {"default": "full"},
    "live": {"default": "full"}
  },
  "guard": {"mode": "log", "disable": [], "patterns": []},
  "secrets": {
    "disable": [],
    "allow": [],
    "test_secrets": {"local": true, "test": true},
    "expose_test_secrets_to_agents": false
  }
}"#;

impl Preset {
    pub const ALL: [Preset; 3] = [Preset::Default, Preset::Strict, Preset::Trusted];

    pub const fn as_str(self) -> &'static str {
        match self {
            Preset::Default => "default",
            Preset::Strict => "strict",
            Preset::Trusted => "trusted",
        }
    }

    pub fn parse(name: &str) -> Option<Preset> {
        Self::ALL.into_iter().find(|preset| preset.as_str() == name)
    }

    /// The preset's layer as policy JSON.
    pub const fn json(self) -> &'static str {
        match self {
            Preset::Default => DEFAULT,
            Preset::Strict => STRICT,
            Preset::Trusted => TRUSTED,
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
