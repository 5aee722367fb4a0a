//! Which writes widen agents' access on live and so need the owner's second confirmation (relaybay §7). Pure: the
//! service hands in the states before and after and the policies that apply.
//!
//! - A policy layer widens when, for its scope, a live level (`levels.live.default` or a capability) rises above
//!   read, the guard mode gets weaker (block → warn → log → off), a built-in guard rule is switched off, or a custom
//!   pattern is removed or changed (same id, any other field different). Switching secret detectors off does not.
//! - An environment write widens: on an environment that stays live, a level or override above read that is higher
//!   than before; on one that becomes live (created or changed), a level above read that is higher than what the
//!   project's policy alone gives live, or an environment policy layer that weakens the guard compared with the
//!   project's; on a live environment whose kind changes, any capability whose effective level, the policy's
//!   included, rises above read.

use std::collections::BTreeMap;

use relay_core::guard::RULE_IDS;
use relay_core::policy::{Capability, EffectivePolicy, EnvKind, Level};

/// The part of an environment the confirmation looks at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnvLevels {
    pub kind: EnvKind,
    pub level: Option<Level>,
    pub overrides: BTreeMap<Capability, Level>,
}

impl EnvLevels {
    /// The level of `cap` from the environment alone (override, then own level), without the policy.
    fn own(&self, cap: Capability) -> Option<Level> {
        self.overrides.get(&cap).copied().or(self.level)
    }

    /// The effective level of `cap` with `policy` (§7's resolution order).
    fn effective(&self, cap: Capability, policy: &EffectivePolicy) -> Level {
        policy
            .resolve_level(self.kind, cap, self.overrides.get(&cap).copied(), self.level)
            .0
    }
}

/// What a policy change widens on live, one phrase each; empty when it needs no confirmation.
pub fn policy_widens(before: &EffectivePolicy, after: &EffectivePolicy) -> Vec<String> {
    let mut out = Vec::new();
    let live_default = (
        before.default_level(EnvKind::Live).value,
        after.default_level(EnvKind::Live).value,
    );
    if live_default.1 > Level::Read && live_default.1 > live_default.0 {
        out.push(format!(
            "levels.live.default rises from {} to {}",
            live_default.0, live_default.1
        ));
    }
    for cap in Capability::ALL {
        let (was, now) = (
            before.level(EnvKind::Live, cap).value,
            after.level(EnvKind::Live, cap).value,
        );
        if now > Level::Read && now > was {
            out.push(format!("levels.live.{cap} rises from {was} to {now}"));
        }
    }
    let (was, now) = (before.guard_mode.value, after.guard_mode.value);
    if now < was {
        out.push(format!("guard.mode weakens from {was} to {now}"));
    }
    for id in RULE_IDS {
        if before.rule_enabled(id) && !after.rule_enabled(id) {
            out.push(format!("the guard rule {id} is switched off"));
        }
    }
    for pattern in before.guard_patterns.values() {
        match after.guard_patterns.values().find(|p| p.id == pattern.id) {
            None => out.push(format!("the custom guard pattern {} is removed", pattern.id)),
            Some(now) if now != pattern => {
                out.push(format!("the custom guard pattern {} is changed", pattern.id))
            }
            Some(_) => {}
        }
    }
    out
}

/// What an environment write widens on live; empty when it needs no confirmation.
///
/// `before` is the environment as stored (`None` for a new one) with `before_policy` (its effective policy then);
/// `after` the written state with `after_policy` (the project's policy with the environment's layer, as it will
/// be); `project_policy` the project's policy without the environment's layer.
pub fn environment_widens(
    before: Option<(&EnvLevels, &EffectivePolicy)>,
    after: &EnvLevels,
    after_policy: &EffectivePolicy,
    project_policy: &EffectivePolicy,
) -> Vec<String> {
    let mut out = Vec::new();
    let was_live = before.is_some_and(|(env, _)| env.kind == EnvKind::Live);
    match (was_live, after.kind == EnvKind::Live) {
        (true, true) => {
            let Some((old, old_policy)) = before else {
                return out;
            };
            if let Some(level) = after.level
                && level > Level::Read
                && level > old.level.unwrap_or(old_policy.default_level(EnvKind::Live).value)
            {
                out.push(format!("the agents' level on live rises to {level}"));
            }
            for (cap, level) in &after.overrides {
                let was = old.effective(*cap, old_policy);
                if *level > Level::Read && *level > was && old.overrides.get(cap) != Some(level) {
                    out.push(format!("the {cap} level on live rises from {was} to {level}"));
                }
            }
        }
        (false, true) => {
            for cap in Capability::ALL {
                let Some(level) = after.own(cap) else { continue };
                let policy_gives = project_policy.level(EnvKind::Live, cap).value;
                if level > Level::Read && level > policy_gives {
                    out.push(format!(
                        "the {cap} level {level} is above what the project's policy gives live ({policy_gives})"
                    ));
                }
            }
            out.extend(
                policy_widens(project_policy, after_policy)
                    .into_iter()
                    .map(|what| format!("the environment's policy layer: {what}")),
            );
        }
        (true, false) => {
            let Some((old, old_policy)) = before else {
                return out;
            };
            for cap in Capability::ALL {
                let (was, now) = (old.effective(cap, old_policy), after.effective(cap, after_policy));
                if now > Level::Read && now > was {
                    out.push(format!("leaving live raises the {cap} level from {was} to {now}"));
                }
            }
        }
        (false, false) => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use relay_core::policy::{LayerSource, PolicyLayer, effective};

    use super::*;

    fn policy(layers: &[&str]) -> EffectivePolicy {
        effective(
            layers
                .iter()
                .map(|text| {
                    let source = LayerSource::Project("acme".into());
                    let layer = PolicyLayer::parse(text, &source);
                    (source, layer)
                })
                .collect(),
        )
    }

    fn env(kind: EnvKind, level: Option<Level>, overrides: &[(Capability, Level)]) -> EnvLevels {
        EnvLevels {
            kind,
            level,
            overrides: overrides.iter().copied().collect(),
        }
    }

    #[test]
    fn a_policy_widens_live_by_levels_guard_mode_rules_and_patterns_but_not_by_detectors() {
        let base = policy(&[
            r#"{"guard": {"mode": "block", "patterns": [{"id": "deploy-sh", "change": "deploy\\.sh"}]}}"#,
        ]);
        assert!(policy_widens(&base, &base).is_empty());
        let wider = policy(&[
            r#"{"guard": {"mode": "warn", "disable": ["git-push"]}, "levels": {"live": {"db": "full"}}}"#,
        ]);
        let said = policy_widens(&base, &wider);
        assert!(
            said.contains(&"levels.live.db rises from read to full".to_owned()),
            "{said:?}"
        );
        assert!(
            said.contains(&"guard.mode weakens from block to warn".to_owned()),
            "{said:?}"
        );
        assert!(
            said.contains(&"the guard rule git-push is switched off".to_owned()),
            "{said:?}"
        );
        assert!(
            said.contains(&"the custom guard pattern deploy-sh is removed".to_owned()),
            "{said:?}"
        );
        let changed = policy(&[
            r#"{"guard": {"mode": "block", "patterns": [{"id": "deploy-sh", "change": "deploy"}]}}"#,
        ]);
        assert_eq!(
            policy_widens(&base, &changed),
            ["the custom guard pattern deploy-sh is changed"]
        );
        let detectors = policy(&[
            r#"{"guard": {"mode": "block", "patterns": [{"id": "deploy-sh", "change": "deploy\\.sh"}]}, "secrets": {"disable": ["jwt"]}}"#,
        ]);
        assert!(
            policy_widens(&base, &detectors).is_empty(),
            "switching detectors off does not ask"
        );
        let narrower = policy(&[r#"{"levels": {"live": {"default": "none"}}}"#]);
        assert!(policy_widens(&policy(&[]), &narrower).is_empty());
    }

    #[test]
    fn the_three_cases_of_an_environment_write() {
        let project = policy(&[]);
        // Stays live: a level above read that is higher than before asks; lowering does not.
        let live = env(EnvKind::Live, None, &[]);
        let full = env(EnvKind::Live, Some(Level::Full), &[]);
        assert_eq!(
            environment_widens(Some((&live, &project)), &full, &project, &project),
            ["the agents' level on live rises to full"]
        );
        let ask_ssh = env(EnvKind::Live, None, &[(Capability::Ssh, Level::Ask)]);
        assert_eq!(
            environment_widens(Some((&live, &project)), &ask_ssh, &project, &project),
            ["the ssh level on live rises from read to ask"]
        );
        assert!(environment_widens(Some((&full, &project)), &live, &project, &project).is_empty());

        // Becomes live: a level above what the project's policy gives live, or a layer that weakens the guard.
        let staging = env(EnvKind::Test, Some(Level::Full), &[]);
        let promoted = env(EnvKind::Live, Some(Level::Full), &[]);
        assert_eq!(
            environment_widens(Some((&staging, &project)), &promoted, &project, &project).len(),
            5
        );
        assert!(
            !environment_widens(None, &promoted, &project, &project).is_empty(),
            "created live"
        );
        let quiet_layer = policy(&[r#"{"guard": {"mode": "log"}}"#]);
        let plain = env(EnvKind::Live, None, &[]);
        assert_eq!(
            environment_widens(
                Some((&env(EnvKind::Test, None, &[]), &quiet_layer)),
                &plain,
                &quiet_layer,
                &project
            ),
            ["the environment's policy layer: guard.mode weakens from warn to log"]
        );
        assert!(
            environment_widens(None, &plain, &project, &project).is_empty(),
            "a plain live asks nothing"
        );

        // Leaves live: the default preset turns read into full on test.
        let demoted = env(EnvKind::Test, None, &[]);
        assert_eq!(
            environment_widens(Some((&live, &project)), &demoted, &project, &project).len(),
            5
        );
        let strict = policy(&[r#"{"levels": {"test": {"default": "read"}}}"#]);
        assert!(environment_widens(Some((&live, &strict)), &demoted, &strict, &strict).is_empty());
    }
}
