use serde_json::json;

use super::*;
use crate::testing::fixture;

async fn with_project() -> (tempfile::TempDir, DaemonHandle) {
    let (dir, handle) = fixture().await;
    let mut tx = handle.store().begin_write().await.unwrap();
    crate::store::board::insert_project(&mut tx, "acme-shop", "Acme shop", Some("/src/acme"), None, 1)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    (dir, handle)
}

fn owner() -> Caller {
    Caller::socket_peer()
}

fn agent() -> Caller {
    Caller::mcp_token().with_session(Some("worker-1".into()), None)
}

fn change(value: Value) -> EnvChange {
    serde_json::from_value(value).unwrap()
}

#[tokio::test]
async fn the_owner_writes_an_environment_and_the_map_shows_levels_with_their_sources() {
    let (_dir, handle) = with_project().await;
    let envs = handle.environments();
    let live = change(json!({
        "environment": "live", "kind": "live", "base_url": "https://shop.acme.com", "sign_in_allowed": true,
        "notes": "the shop", "overrides": {"ssh": "none"},
        "access": [{"kind": "ssh", "fields": {"alias": "prod-app", "user": "deploy", "key_path_ref": "~/.ssh/acme_live"}},
                   {"kind": "db", "fields": {"host": "db.acme.internal", "password_ref": "$DB_PASSWORD"}}]
    }));
    assert!(
        envs.apply(&owner(), "acme-shop", &live, false)
            .await
            .unwrap()
            .is_empty()
    );
    let map = envs.map(&agent(), "acme-shop").await.unwrap();
    assert_eq!(
        (map.preset.as_str(), map.guard_mode.as_str()),
        ("default", "warn")
    );
    let env = &map.environments[0];
    assert_eq!(env.kind, EnvKind::Live);
    assert!(!env.sign_in_allowed, "sign-in is forced off on live");
    assert_eq!(
        env.level,
        LevelView {
            level: Level::Read,
            source: "(default)".into()
        }
    );
    assert_eq!(
        env.capabilities[&Capability::Ssh],
        LevelView {
            level: Level::None,
            source: String::new()
        }
    );
    assert_eq!(env.access.len(), 2);
    assert_eq!(env.access[0].fields["alias"], "prod-app");
    assert_eq!(env.changed_by, "owner");

    let events = handle.store().events_after(0, 100).await.unwrap();
    assert!(events.iter().any(|e| e.kind == "environment.changed"
        && e.data.contains("\"action\":\"created\"")
        && !e.data.contains("prod-app")));
}

#[tokio::test]
async fn every_secret_shape_is_refused_naming_field_and_detector_never_the_value() {
    let (_dir, handle) = with_project().await;
    let envs = handle.environments();
    let cases = [
        (
            json!({"notes": "token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"}),
            "notes looks like it contains a secret value (jwt)",
        ),
        (
            json!({"access": [{"kind": "db", "fields": {"password_ref": "hunter22"}}]}),
            "password_ref looks like it contains a secret value (secret-field)",
        ),
        (
            json!({"access": [{"kind": "ssh", "fields": {"user": "root:hunter22"}}]}),
            "user looks like it contains a secret value (user-field-password)",
        ),
        (
            json!({"base_url": "https://admin:s3cret@shop.acme.com"}),
            "base_url looks like it contains a secret value (url-credentials)",
        ),
        (
            json!({"notes": "run PGPASSWORD=hunter22 psql"}),
            "notes looks like it contains a secret value (secret-assignment)",
        ),
        (
            json!({"notes": "ghp_abcdefghijklmnopqrstuvwxyz0123456789"}),
            "notes looks like it contains a secret value (github-token)",
        ),
    ];
    for (fields, said) in cases {
        let mut value = json!({"environment": "staging", "kind": "test"});
        value
            .as_object_mut()
            .unwrap()
            .extend(fields.as_object().unwrap().clone());
        let err = envs
            .apply(&owner(), "acme-shop", &change(value.clone()), false)
            .await
            .unwrap_err();
        let text = err.to_string();
        assert!(text.starts_with(said), "{text}");
        for secret in ["hunter22", "s3cret", "ghp_abc", "eyJhbGci"] {
            assert!(!text.contains(secret), "the refusal repeats the value: {text}");
        }
        // A proposal is checked the same way.
        let err = envs
            .propose(&agent(), "acme-shop", &change(value), "needed")
            .await
            .unwrap_err();
        assert!(err.to_string().starts_with(said), "{err}");
    }
    let references = json!({"environment": "staging", "kind": "test", "access": [
        {"kind": "db", "fields": {"password_ref": "op://vault/acme/db", "user": "qa"}},
        {"kind": "ssh", "fields": {"key_path_ref": "C:\\keys\\x.pem"}},
        {"kind": "other", "fields": {"api_token": "${API_TOKEN}", "secret_file": "pass:acme/db"}}]});
    envs.apply(&owner(), "acme-shop", &change(references), false)
        .await
        .unwrap();
    assert!(
        envs.map(&owner(), "acme-shop").await.unwrap().environments.len() == 1,
        "nothing else was written"
    );
}

#[tokio::test]
async fn bad_names_kinds_urls_fields_and_levels_are_refused_with_what_to_do() {
    let (_dir, handle) = with_project().await;
    let envs = handle.environments();
    let cases = [
        (
            json!({"environment": "live;rm", "kind": "live"}),
            "environment name \"live;rm\" is not valid",
        ),
        (
            json!({"environment": "live"}),
            "environment \"live\" is new: give its kind",
        ),
        (
            json!({"environment": "live", "kind": "prod"}),
            "kind \"prod\" is not one of local, test, live",
        ),
        (
            json!({"environment": "live", "kind": "live", "base_url": "ftp://x"}),
            "base_url \"ftp://x\" is not an http:// or https:// URL",
        ),
        (
            json!({"environment": "live", "kind": "live", "level": "admin"}),
            "level \"admin\" is not one of none, read, ask, full",
        ),
        (
            json!({"environment": "live", "kind": "live", "overrides": {"root": "full"}}),
            "override \"root\" is not a capability",
        ),
        (
            json!({"environment": "live", "kind": "live", "access": [{"kind": "ssh", "fields": {"hostname": "x"}}]}),
            "a ssh entry has no field \"hostname\"; its fields: alias, host, port, user, key_path_ref",
        ),
        (
            json!({"environment": "live", "kind": "live", "access": [{"kind": "ftp", "fields": {}}]}),
            "access kind \"ftp\" is not one of",
        ),
        (
            json!({"environment": "live", "kind": "live", "access": [{"kind": "other", "fields": {"Host": "x"}}]}),
            "access field name \"Host\" is not valid",
        ),
        (
            json!({"environment": "live", "kind": "live", "access": [{"kind": "logs", "fields": {"url": "grafana"}}]}),
            "url \"grafana\" is not an http:// or https:// URL",
        ),
    ];
    for (value, said) in cases {
        let err = envs
            .apply(&owner(), "acme-shop", &change(value), false)
            .await
            .unwrap_err();
        assert!(err.to_string().starts_with(said), "{err}");
        assert!(err.to_string().ends_with("Nothing changed."), "{err}");
    }
    envs.apply(
        &owner(),
        "acme-shop",
        &change(json!({"environment": "Live", "kind": "live"})),
        false,
    )
    .await
    .unwrap();
    let err = envs
        .apply(
            &owner(),
            "acme-shop",
            &change(json!({"environment": "x", "rename": "LIVE", "kind": "test"})),
            false,
        )
        .await
        .unwrap_err();
    assert!(err.to_string().contains("already exists"), "{err}");
    let err = envs.remove(&owner(), "acme-shop", "nope").await.unwrap_err();
    assert_eq!(
        err.to_string(),
        "project acme-shop has no environment \"nope\"; its environments: Live. Nothing changed."
    );
}

#[tokio::test]
async fn an_agent_raising_a_level_is_refused_owner_only_and_proposes_instead() {
    let (_dir, handle) = with_project().await;
    let envs = handle.environments();
    envs.apply(
        &owner(),
        "acme-shop",
        &change(json!({"environment": "live", "kind": "live"})),
        false,
    )
    .await
    .unwrap();
    let raise = change(json!({"environment": "live", "level": "full"}));
    let err = envs.apply(&agent(), "acme-shop", &raise, true).await.unwrap_err();
    assert!(matches!(err, EnvError::OwnerOnly(_)), "{err}");
    assert!(
        err.to_string().contains("only the owner changes environments"),
        "{err}"
    );
    let err = envs
        .set_layer(
            &agent(),
            &Scope::Project("acme-shop".into()),
            Some(&json!({})),
            true,
        )
        .await
        .unwrap_err();
    assert!(matches!(err, EnvError::OwnerOnly(_)));
    assert_eq!(
        envs.map(&owner(), "acme-shop").await.unwrap().environments[0].own_level,
        None
    );

    let id = envs
        .propose(&agent(), "acme-shop", &raise, "deploys need it")
        .await
        .unwrap();
    let err = envs.decide(&agent(), id, true, true).await.unwrap_err();
    assert!(
        matches!(err, EnvError::OwnerOnly(_)),
        "an agent cannot accept its own proposal"
    );
    // Accepting asks the same confirmation as raising live directly.
    let err = envs.decide(&owner(), id, true, false).await.unwrap_err();
    assert!(
        matches!(&err, EnvError::NeedsConfirmation(what) if what == &["the agents' level on live rises to full"]),
        "{err}"
    );
    assert_eq!(
        envs.map(&owner(), "acme-shop").await.unwrap().proposals.len(),
        1,
        "still pending"
    );
    assert_eq!(
        envs.decide(&owner(), id, true, true).await.unwrap(),
        ["the agents' level on live rises to full"]
    );
    assert_eq!(
        envs.map(&owner(), "acme-shop").await.unwrap().environments[0].own_level,
        Some(Level::Full)
    );
    let err = envs.decide(&owner(), id, false, false).await.unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("proposal #{id} was already accepted; a proposal is decided once. Nothing changed.")
    );

    let secret = change(json!({"environment": "staging", "kind": "test",
        "access": [{"kind": "db", "fields": {"password": {"value": "qa-pass", "test": true}}}]}));
    let err = envs
        .propose(&agent(), "acme-shop", &secret, "qa")
        .await
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("test secrets are entered by the owner only"),
        "{err}"
    );
}

#[tokio::test]
async fn widening_live_needs_the_second_confirmation_in_the_three_cases() {
    let (_dir, handle) = with_project().await;
    let envs = handle.environments();
    // Created live with a level above what the policy gives live.
    let created = change(json!({"environment": "live", "kind": "live", "overrides": {"db": "full"}}));
    let err = envs
        .apply(&owner(), "acme-shop", &created, false)
        .await
        .unwrap_err();
    assert!(
        err.to_string()
            .starts_with("this widens agents' access on live: the db level full is above"),
        "{err}"
    );
    assert!(
        envs.map(&owner(), "acme-shop")
            .await
            .unwrap()
            .environments
            .is_empty(),
        "nothing written"
    );
    envs.apply(&owner(), "acme-shop", &created, true).await.unwrap();
    // Stays live: lowering asks nothing, raising again asks.
    envs.apply(
        &owner(),
        "acme-shop",
        &change(json!({"environment": "live", "overrides": {"db": "read"}})),
        false,
    )
    .await
    .unwrap();
    assert!(
        envs.apply(
            &owner(),
            "acme-shop",
            &change(json!({"environment": "live", "overrides": {"db": "ask"}})),
            false
        )
        .await
        .is_err()
    );
    // A live environment turned test: the default preset turns read into full.
    let err = envs
        .apply(
            &owner(),
            "acme-shop",
            &change(json!({"environment": "live", "kind": "test"})),
            false,
        )
        .await
        .unwrap_err();
    assert!(err.to_string().contains("leaving live raises"), "{err}");

    // A layer staged on a test environment asks nothing then, and is confirmed when it becomes live.
    envs.apply(
        &owner(),
        "acme-shop",
        &change(json!({"environment": "staging", "kind": "test"})),
        false,
    )
    .await
    .unwrap();
    let scope = Scope::Environment("acme-shop".into(), "staging".into());
    envs.set_layer(&owner(), &scope, Some(&json!({"guard": {"mode": "off"}})), false)
        .await
        .unwrap();
    let err = envs
        .apply(
            &owner(),
            "acme-shop",
            &change(json!({"environment": "staging", "kind": "live"})),
            false,
        )
        .await
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("the environment's policy layer: guard.mode weakens from warn to off"),
        "{err}"
    );

    // A project layer that weakens the guard asks; one that switches detectors off does not.
    let project = Scope::Project("acme-shop".into());
    let err = envs
        .set_layer(
            &owner(),
            &project,
            Some(&json!({"guard": {"disable": ["git-push"]}})),
            false,
        )
        .await
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("the guard rule git-push is switched off"),
        "{err}"
    );
    envs.set_layer(
        &owner(),
        &project,
        Some(&json!({"secrets": {"disable": ["jwt"]}})),
        false,
    )
    .await
    .unwrap();
    let err = envs
        .set_layer(
            &owner(),
            &project,
            Some(&json!({"guard": {"mode": "loud"}})),
            true,
        )
        .await
        .unwrap_err();
    assert!(
        err.to_string()
            .starts_with("project:acme-shop: guard.mode: 'loud' is not one of"),
        "{err}"
    );
}

#[tokio::test]
async fn policy_proposals_merge_validate_and_the_effective_policy_names_its_layers() {
    let (dir, handle) = with_project().await;
    let envs = handle.environments();
    let global = Scope::Global;
    std::fs::write(dir.path().join("policy.json"), r#"{"preset": "strict"}"#).unwrap();
    let view = envs.effective(&Scope::Project("acme-shop".into())).await.unwrap();
    assert_eq!(view.chain, ["preset:strict", "global"]);
    assert!(
        view.lines
            .contains(&r#"- guard.mode = "block" (preset:strict)"#.to_owned()),
        "{:?}",
        view.lines
    );

    let err = envs
        .propose_policy(&agent(), &global, &json!({"guard": {"mode": "loud"}}), "quiet")
        .await
        .unwrap_err();
    assert!(err.to_string().starts_with("policy.json: guard.mode"), "{err}");
    let id = envs
        .propose_policy(
            &agent(),
            &global,
            &json!({"guard": {"mode": "warn"}}),
            "too noisy",
        )
        .await
        .unwrap();
    assert_eq!(envs.policy_proposals().await.unwrap().len(), 1);
    let err = envs.decide_policy(&owner(), id, true, false).await.unwrap_err();
    assert!(
        err.to_string().contains("guard.mode weakens from block to warn"),
        "{err}"
    );
    envs.decide_policy(&owner(), id, true, true).await.unwrap();
    let written: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("policy.json")).unwrap()).unwrap();
    assert_eq!(
        written,
        json!({"preset": "strict", "guard": {"mode": "warn"}}),
        "the patch is merged into the file"
    );
    let err = envs.decide_policy(&owner(), id, false, false).await.unwrap_err();
    assert!(matches!(err, EnvError::Decided { .. }));

    // A stored layer that does not validate is ignored and listed.
    let mut tx = handle.store().begin_write().await.unwrap();
    db::set_policy_layer(&mut tx, 1, None, r#"{"guard": {"mode": "loud"}}"#, "owner", 1)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let view = envs.effective(&Scope::Project("acme-shop".into())).await.unwrap();
    assert_eq!(view.ignored.len(), 1);
    assert!(
        view.ignored[0].starts_with("project:acme-shop: guard.mode"),
        "{:?}",
        view.ignored
    );
}

#[test]
fn a_patch_merges_objects_key_by_key_and_null_removes() {
    let merged = merge_patch(
        json!({"guard": {"mode": "block", "disable": ["git-push"]}, "description": "x"}),
        &json!({"guard": {"mode": "warn", "disable": null}, "levels": {"live": {"db": "none", "x": null}}}),
    );
    assert_eq!(
        merged,
        json!({"guard": {"mode": "warn"}, "description": "x", "levels": {"live": {"db": "none"}}})
    );
}

#[tokio::test]
async fn a_preview_validates_and_says_what_it_widens_without_saving_anything() {
    let (_dir, handle) = with_project().await;
    let envs = handle.environments();
    let project = Scope::Project("acme-shop".into());
    let wide = json!({"levels": {"live": {"default": "full"}}, "guard": {"mode": "log"}});
    let preview = envs.preview_layer(&project, Some(&wide)).await.unwrap();
    assert_eq!(preview.chain, ["preset:default", "project:acme-shop"]);
    assert!(
        preview
            .lines
            .contains(&r#"- guard.mode = "log" (project:acme-shop)"#.to_owned()),
        "{:?}",
        preview.lines
    );
    assert!(
        preview
            .widened
            .iter()
            .any(|w| w.contains("guard.mode weakens from warn to log")),
        "{:?}",
        preview.widened
    );
    assert_eq!(
        envs.layer(&project).await.unwrap(),
        json!({}),
        "a preview saves nothing"
    );
    let events = handle.store().events_after(0, 100).await.unwrap();
    assert!(
        !events.iter().any(|e| e.kind == "policy.updated"),
        "and records nothing"
    );

    // A layer that does not validate is refused with its errors, as saving it would be.
    let bad = json!({"guard": {"patterns": [{"id": "twice", "change": "(a+)+"}]}});
    let err = envs.preview_layer(&project, Some(&bad)).await.unwrap_err();
    assert!(err.to_string().contains("guard.patterns[0]"), "{err}");
    assert!(err.to_string().contains("twice"), "the pattern's id: {err}");
}

#[tokio::test]
async fn the_preset_is_written_into_the_global_file_keeping_the_rest_and_never_over_a_broken_one() {
    let (dir, handle) = with_project().await;
    let envs = handle.environments();
    let path = dir.path().join("policy.json");
    std::fs::write(
        &path,
        r#"{"guard": {"disable": ["git-push"]}, "description": "ours"}"#,
    )
    .unwrap();
    let err = envs.set_preset(&agent(), "trusted", true).await.unwrap_err();
    assert!(matches!(err, EnvError::OwnerOnly(_)), "{err}");
    let err = envs.set_preset(&owner(), "loose", false).await.unwrap_err();
    assert!(
        err.to_string().contains("not one of default, strict, trusted"),
        "{err}"
    );

    // trusted widens live (read → full, warn → log): the second confirmation first.
    let err = envs.set_preset(&owner(), "trusted", false).await.unwrap_err();
    assert!(matches!(err, EnvError::NeedsConfirmation(_)), "{err}");
    envs.set_preset(&owner(), "trusted", true).await.unwrap();
    let written: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(
        written,
        json!({"preset": "trusted", "guard": {"disable": ["git-push"]}, "description": "ours"})
    );

    // A broken file is not overwritten.
    std::fs::write(&path, r#"{"guard": {"mode": "loud"}}"#).unwrap();
    let err = envs.set_preset(&owner(), "strict", true).await.unwrap_err();
    assert!(err.to_string().contains("policy.json is broken now"), "{err}");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        r#"{"guard": {"mode": "loud"}}"#,
        "the broken file is left as it was"
    );
}

#[tokio::test]
async fn the_legacy_config_keys_are_the_config_layer_under_the_global_file() {
    use relay_core::policy::GuardMode;
    let (dir, handle) = crate::testing::fixture_with(|config| {
        config.guard_mode = Some(GuardMode::Block);
        config.permission_defaults = BTreeMap::from([(EnvKind::Live, Level::None)]);
    })
    .await;
    let mut tx = handle.store().begin_write().await.unwrap();
    crate::store::board::insert_project(&mut tx, "acme-shop", "Acme shop", Some("/src/acme"), None, 1)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let envs = handle.environments();
    let live = change(json!({"environment": "live", "kind": "live"}));
    envs.apply(&owner(), "acme-shop", &live, false).await.unwrap();
    let map = envs.map(&owner(), "acme-shop").await.unwrap();
    assert_eq!(map.guard_mode, "block");
    assert_eq!(
        map.environments[0].level,
        LevelView {
            level: Level::None,
            source: "(policy: config)".into()
        }
    );
    let view = envs.effective(&Scope::Global).await.unwrap();
    assert_eq!(view.chain, ["preset:default", "config"]);
    assert!(
        view.lines
            .contains(&r#"- guard.mode = "block" (config)"#.to_owned()),
        "{:?}",
        view.lines
    );

    // The global file wins over it.
    std::fs::write(dir.path().join("policy.json"), r#"{"guard": {"mode": "warn"}}"#).unwrap();
    let view = envs.effective(&Scope::Project("acme-shop".into())).await.unwrap();
    assert_eq!(view.chain, ["preset:default", "config", "global"]);
    assert_eq!(view.policy.guard_mode.value, GuardMode::Warn);
    // Replacing the global layer (a preview, a save) keeps the config layer under it.
    let preview = envs
        .preview_layer(&Scope::Global, Some(&json!({"description": "x"})))
        .await
        .unwrap();
    assert_eq!(preview.chain, ["preset:default", "config", "global"]);
    assert!(
        preview
            .lines
            .contains(&r#"- guard.mode = "block" (config)"#.to_owned()),
        "{:?}",
        preview.lines
    );
}
