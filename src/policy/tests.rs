use serde_json::Value;

use super::*;

fn global(text: &str) -> Result<PolicyLayer, PolicyErrors> {
    PolicyLayer::parse(text, &LayerSource::Global)
}

fn project(text: &str) -> Result<PolicyLayer, PolicyErrors> {
    PolicyLayer::parse(text, &LayerSource::Project("acme".into()))
}

fn env_source() -> LayerSource {
    LayerSource::Environment {
        project: "acme".into(),
        environment: "live".into(),
    }
}

fn errors(result: Result<PolicyLayer, PolicyErrors>) -> PolicyErrors {
    match result {
        Ok(layer) => panic!("the layer was accepted: {layer:?}"),
        Err(errors) => errors,
    }
}

#[test]
fn the_schema_is_2020_12_and_compiles() {
    let schema: Value = serde_json::from_str(SCHEMA).unwrap();
    assert_eq!(schema["$schema"], "https://json-schema.org/draft/2020-12/schema");
    assert!(jsonschema::draft202012::new(&schema).is_ok());
}

#[test]
fn the_schema_lists_the_rule_and_detector_tables() {
    let schema: Value = serde_json::from_str(SCHEMA).unwrap();
    let ids = |def: &str| -> Vec<String> {
        schema["$defs"][def]["items"]["enum"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(ids("ruleIds"), crate::guard::RULE_IDS);
    assert_eq!(ids("detectorIds"), secrets::DETECTOR_IDS);
}

#[test]
fn every_preset_validates_when_parsed() {
    for preset in Preset::ALL {
        let layer = PolicyLayer::parse(preset.json(), &LayerSource::Preset(preset));
        assert!(layer.is_ok(), "{preset}: {:?}", layer.err());
    }
}

#[test]
fn the_default_policy_is_the_default_preset_when_no_layer_exists() {
    let policy = effective(vec![]);
    assert_eq!(policy.preset, Preset::Default);
    assert_eq!(policy.chain, [LayerSource::Preset(Preset::Default)]);
    assert_eq!(policy.guard_mode.value, GuardMode::Warn);
    assert_eq!(policy.level(EnvKind::Local, Capability::Ssh).value, Level::Full);
    assert_eq!(policy.level(EnvKind::Test, Capability::Db).value, Level::Full);
    assert_eq!(policy.level(EnvKind::Live, Capability::Deploy).value, Level::Read);
    assert!(!policy.test_secrets_allowed(EnvKind::Local));
    assert!(policy.rule_enabled("git-push"));
    assert!(policy.detector_enabled("jwt"));
}

#[test]
fn presets_set_levels_guard_and_test_secrets_as_the_table_says() {
    let strict = effective(vec![(LayerSource::Global, global(r#"{"preset": "strict"}"#))]);
    assert_eq!(strict.guard_mode.value, GuardMode::Block);
    assert_eq!(strict.default_level(EnvKind::Local).value, Level::Full);
    assert_eq!(strict.default_level(EnvKind::Test).value, Level::Ask);
    assert_eq!(strict.default_level(EnvKind::Live).value, Level::None);
    assert_eq!(strict.guard_mode.source.to_string(), "preset:strict");

    let trusted = effective(vec![(LayerSource::Global, global(r#"{"preset": "trusted"}"#))]);
    assert_eq!(trusted.guard_mode.value, GuardMode::Log);
    for kind in EnvKind::ALL {
        assert_eq!(trusted.default_level(kind).value, Level::Full);
    }
    assert!(trusted.test_secrets_allowed(EnvKind::Local));
    assert!(trusted.test_secrets_allowed(EnvKind::Test));
    assert!(!trusted.test_secrets_allowed(EnvKind::Live), "never on live");
    assert!(!trusted.expose_test_secrets.value);
}

#[test]
fn later_layers_win_key_by_key_and_every_value_knows_its_layer() {
    let legacy = LegacyConfig {
        guard_mode: Some(GuardMode::Block),
        permission_defaults: [(EnvKind::Test, Level::Ask)].into(),
    };
    let policy = effective(vec![
        (LayerSource::Config, Ok(legacy.layer().unwrap())),
        (
            LayerSource::Global,
            global(r#"{"levels": {"live": {"ssh": "none"}}}"#),
        ),
        (
            LayerSource::Project("acme".into()),
            project(r#"{"guard": {"mode": "warn"}, "levels": {"live": {"default": "ask"}}}"#),
        ),
        (
            env_source(),
            PolicyLayer::parse(r#"{"levels": {"live": {"db": "full"}}}"#, &env_source()),
        ),
    ]);
    assert_eq!(policy.guard_mode.value, GuardMode::Warn);
    assert_eq!(policy.guard_mode.source.to_string(), "project:acme");
    assert_eq!(policy.default_level(EnvKind::Test).source.to_string(), "config");
    let ssh = policy.level(EnvKind::Live, Capability::Ssh);
    assert_eq!(
        (ssh.value, ssh.source.to_string()),
        (Level::None, "global".into())
    );
    let db = policy.level(EnvKind::Live, Capability::Db);
    assert_eq!(
        (db.value, db.source.to_string()),
        (Level::Full, "environment:acme/live".into())
    );
    let deploy = policy.level(EnvKind::Live, Capability::Deploy);
    assert_eq!(
        (deploy.value, deploy.source.to_string()),
        (Level::Ask, "project:acme".into())
    );
    let local = policy.level(EnvKind::Local, Capability::Ssh);
    assert_eq!(local.source.to_string(), "preset:default");
    let lines = policy.lines();
    assert!(
        lines.contains(&"- guard.mode = \"warn\" (project:acme)".to_owned()),
        "{lines:#?}"
    );
    assert!(
        lines.contains(&"- levels.live.ssh = \"none\" (global)".to_owned()),
        "{lines:#?}"
    );
    assert!(
        lines.contains(&"- guard.disable = [] (preset:default)".to_owned()),
        "{lines:#?}"
    );
}

#[test]
fn the_legacy_layer_exists_only_when_a_key_is_set() {
    assert_eq!(LegacyConfig::default().layer(), None);
}

#[test]
fn list_edits_add_replace_and_remove_after_the_key() {
    let policy = effective(vec![
        (
            LayerSource::Global,
            global(
                r#"{"guard": {"disable": ["git-push"], "patterns": [
                    {"id": "deploy-script", "change": "deploy\\.sh", "description": "deploy script"},
                    {"id": "migrate", "change": "migrate"}
                ]}}"#,
            ),
        ),
        (
            LayerSource::Project("acme".into()),
            project(
                r#"{"guard": {"disable+": ["helm-change", "git-push"], "disable-": ["git-push"],
                    "patterns+": [{"id": "migrate", "change": "rake db:migrate", "capability": "db"}],
                    "patterns-": ["deploy-script"]},
                  "secrets": {"disable+": ["jwt"], "allow+": [{"id": "demo-key", "pattern": "demo-[0-9]+"}]}}"#,
            ),
        ),
    ]);
    let disabled: Vec<&String> = policy.guard_disable.values().collect();
    assert_eq!(disabled, ["helm-change"]);
    assert_eq!(policy.guard_disable.set_by.to_string(), "global");
    assert!(!policy.rule_enabled("helm-change"));
    assert!(policy.rule_enabled("git-push"));
    let patterns: Vec<(&str, &str, String)> = policy
        .guard_patterns
        .items
        .iter()
        .map(|p| (p.value.id.as_str(), p.value.change.as_str(), p.source.to_string()))
        .collect();
    assert_eq!(
        patterns,
        [("migrate", "rake db:migrate", "project:acme".to_owned())]
    );
    assert!(!policy.detector_enabled("jwt"));
    assert_eq!(policy.secrets_allow.items[0].value.id, "demo-key");
}

#[test]
fn a_broken_project_layer_is_ignored_and_listed() {
    let policy = effective(vec![
        (LayerSource::Global, global(r#"{"guard": {"mode": "block"}}"#)),
        (
            LayerSource::Project("acme".into()),
            project(r#"{"guard": {"mode": "loud"}}"#),
        ),
    ]);
    assert_eq!(policy.guard_mode.value, GuardMode::Block);
    assert_eq!(policy.ignored.len(), 1);
    assert_eq!(policy.ignored[0].source.to_string(), "project:acme");
    assert_eq!(
        policy.ignored[0].errors.to_string(),
        "project:acme: guard.mode: 'loud' is not one of ['off', 'log', 'warn', 'block']"
    );
    assert_eq!(policy.chain.len(), 2, "preset and global");
}

#[test]
fn errors_name_the_layer_the_path_and_the_problem() {
    let err = errors(global(r#"{"guard": {"mode": "loud"}}"#));
    assert_eq!(
        err.to_string(),
        "policy.json: guard.mode: 'loud' is not one of ['off', 'log', 'warn', 'block']"
    );
    let err = errors(global(r#"{"guard": {"mod": "warn"}}"#));
    assert_eq!(err.errors[0].path, "guard.mod");
    assert!(
        err.errors[0]
            .problem
            .contains("known keys: disable, disable+, disable-, mode, patterns"),
        "{err}"
    );
    let err = errors(global(r#"{"levels": {"live": {"default": 3}}}"#));
    assert_eq!(err.errors[0].path, "levels.live.default");
    let err = errors(global(r#"{"guard": {"patterns": [{"id": "x1", "change": 5}]}}"#));
    assert_eq!(err.errors[0].path, "guard.patterns[0].change");
    let err = errors(global("{not json"));
    assert!(
        err.to_string().starts_with("policy.json: is not valid JSON"),
        "{err}"
    );
    let err = errors(global(r#"{"levels": {"staging": {}}}"#));
    assert_eq!(err.errors[0].path, "levels.staging");
}

#[test]
fn errors_stop_at_five_and_say_how_many_more() {
    let err = errors(global(
        r#"{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7}"#,
    ));
    assert_eq!(err.errors.len(), MAX_ERRORS);
    assert_eq!(err.more, 2);
    let text = err.to_string();
    assert_eq!(text.lines().count(), 6, "{text}");
    assert!(text.ends_with("policy.json: … and 2 more problem(s)"), "{text}");
}

#[test]
fn preset_is_refused_outside_the_global_layer() {
    let err = errors(project(r#"{"preset": "trusted"}"#));
    assert_eq!(err.errors[0].path, "preset");
    assert!(
        err.errors[0]
            .problem
            .starts_with("only the global layer (policy.json) may name a preset")
    );
    assert!(global(r#"{"preset": "trusted", "$schema": "x", "description": "ours"}"#).is_ok());
}

#[test]
fn custom_pattern_ids_must_be_unique_and_not_built_in() {
    let err = errors(global(
        r#"{"guard": {"patterns": [{"id": "git-push", "change": "x"}, {"id": "mine", "change": "y"}]},
            "secrets": {"allow": [{"id": "mine", "pattern": "z"}, {"id": "jwt", "pattern": "q"}]}}"#,
    ));
    let problems: Vec<(&str, &str)> = err
        .errors
        .iter()
        .map(|e| (e.path.as_str(), e.problem.as_str()))
        .collect();
    assert_eq!(
        problems,
        [
            (
                "guard.patterns[0].id",
                "'git-push' is the id of a built-in guard rule; give the pattern its own id"
            ),
            (
                "secrets.allow[0].id",
                "'mine' is already the id of guard.patterns[1]; custom pattern ids must be unique"
            ),
            (
                "secrets.allow[1].id",
                "'jwt' is the id of a built-in secret detector; give the pattern its own id"
            ),
        ]
    );
}

#[test]
fn unsafe_patterns_are_refused_with_their_id_and_path() {
    let err = errors(global(
        r#"{"guard": {"patterns": [{"id": "dup", "change": "(\\w+) \\1"}, {"id": "nest", "command": "(a+)+", "change": "x"}]},
            "secrets": {"allow": [{"id": "alt", "pattern": "(a|aa)*"}, {"id": "flags", "pattern": "(?u)(?a)x"}]}}"#,
    ));
    let paths: Vec<&str> = err.errors.iter().map(|e| e.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "guard.patterns[0].change",
            "guard.patterns[1].command",
            "secrets.allow[0].pattern",
            "secrets.allow[1].pattern"
        ]
    );
    assert!(
        err.errors[0]
            .problem
            .starts_with("pattern 'dup' uses a back-reference")
    );
    assert!(
        err.errors[1]
            .problem
            .starts_with("pattern 'nest' quantifies a group that holds a quantifier")
    );
    assert!(
        err.errors[2]
            .problem
            .starts_with("pattern 'alt' quantifies a group that holds an alternation")
    );
    assert!(
        err.errors[3]
            .problem
            .starts_with("pattern 'flags' does not compile")
    );
}

#[test]
fn test_secrets_have_no_live_key_in_the_schema() {
    let err = errors(global(r#"{"secrets": {"test_secrets": {"live": true}}}"#));
    assert_eq!(err.errors[0].path, "secrets.test_secrets.live");
}

#[test]
fn levels_resolve_override_then_own_then_policy() {
    let policy = effective(vec![(
        LayerSource::Global,
        global(r#"{"levels": {"live": {"ssh": "none"}}}"#),
    )]);
    let resolve = |o, own| policy.resolve_level(EnvKind::Live, Capability::Ssh, o, own);
    assert_eq!(
        resolve(Some(Level::Full), Some(Level::Ask)),
        (Level::Full, LevelSource::Override)
    );
    assert_eq!(
        resolve(None, Some(Level::Ask)),
        (Level::Ask, LevelSource::Environment)
    );
    assert_eq!(
        resolve(None, None),
        (Level::None, LevelSource::Policy(LayerSource::Global))
    );
    let db = policy.resolve_level(EnvKind::Live, Capability::Db, None, None);
    assert_eq!(db.1.to_string(), "(default)");
    assert_eq!(
        LevelSource::Policy(LayerSource::Project("acme-shop".into())).to_string(),
        "(policy: project:acme-shop)"
    );
    assert_eq!(LevelSource::Environment.to_string(), "");
}

#[test]
fn layer_sources_are_named_as_the_spec_names_them() {
    assert_eq!(LayerSource::Preset(Preset::Strict).to_string(), "preset:strict");
    assert_eq!(LayerSource::Config.to_string(), "config");
    assert_eq!(LayerSource::Global.to_string(), "global");
    assert_eq!(env_source().to_string(), "environment:acme/live");
    assert_eq!(LayerSource::Global.error_label(), "policy.json");
}
