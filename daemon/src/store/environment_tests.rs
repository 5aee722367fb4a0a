use super::*;
use crate::store::{Store, board};

async fn fresh() -> (tempfile::TempDir, Store, i64) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("relay.sqlite")).await.unwrap();
    let mut tx = store.begin_write().await.unwrap();
    let project = board::insert_project(&mut tx, "acme-shop", "Acme shop", Some("/src/acme"), None, 1)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    (dir, store, project)
}

fn fields(name: &str, kind: &str) -> EnvironmentFields {
    EnvironmentFields {
        name: name.into(),
        kind: kind.into(),
        sign_in_allowed: kind != "live",
        overrides: "{}".into(),
        ..EnvironmentFields::default()
    }
}

/// The SQLite error's message, for asserting what the database refused.
fn refusal(err: StoreError) -> String {
    err.to_string()
}

#[tokio::test]
async fn environments_round_trip_and_names_are_unique_without_regard_to_case() {
    let (_dir, store, project) = fresh().await;
    let mut tx = store.begin_write().await.unwrap();
    let mut live = fields("Live", "live");
    live.base_url = Some("https://shop.acme.com".into());
    live.level = Some("read".into());
    live.overrides = r#"{"ssh":"none"}"#.into();
    let id = insert_environment(&mut tx, project, &live, "owner", 5)
        .await
        .unwrap();
    insert_environment(&mut tx, project, &fields("staging", "test"), "owner", 6)
        .await
        .unwrap();
    let twin = insert_environment(&mut tx, project, &fields("LIVE", "test"), "owner", 7).await;
    assert!(
        refusal(twin.unwrap_err()).contains("UNIQUE"),
        "a second `live` in any case is refused"
    );
    tx.commit().await.unwrap();

    let mut read = store.read().await.unwrap();
    let all = environments(&mut read, project).await.unwrap();
    assert_eq!(
        all.iter().map(|e| e.name.as_str()).collect::<Vec<_>>(),
        ["Live", "staging"]
    );
    let found = environment_by_name(&mut read, project, "live")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(found.id, id);
    assert_eq!(found.project, "acme-shop");
    assert_eq!(found.base_url.as_deref(), Some("https://shop.acme.com"));
    assert_eq!(found.level.as_deref(), Some("read"));
    assert_eq!(found.overrides, r#"{"ssh":"none"}"#);
    assert!(!found.sign_in_allowed);
    assert_eq!((found.changed_at_ms, found.changed_by.as_str()), (5, "owner"));
}

#[tokio::test]
async fn the_database_refuses_sign_in_on_live_bad_names_kinds_urls_and_levels() {
    let (_dir, store, project) = fresh().await;
    let mut tx = store.begin_write().await.unwrap();
    let mut signed = fields("live", "live");
    signed.sign_in_allowed = true;
    let err = insert_environment(&mut tx, project, &signed, "owner", 1)
        .await
        .unwrap_err();
    assert!(
        refusal(err).contains("CHECK"),
        "sign_in_allowed on live is refused by the database"
    );

    for bad in ["", " padded", "semi;colon", "slash/name", "ünïcode"] {
        let err = insert_environment(&mut tx, project, &fields(bad, "test"), "owner", 1).await;
        assert!(err.is_err(), "name {bad:?} must be refused");
    }
    assert!(
        insert_environment(&mut tx, project, &fields("prod", "production"), "owner", 1)
            .await
            .is_err()
    );
    let mut url = fields("docs", "test");
    url.base_url = Some("ftp://acme.com".into());
    assert!(
        insert_environment(&mut tx, project, &url, "owner", 1)
            .await
            .is_err()
    );
    let mut level = fields("qa", "test");
    level.level = Some("admin".into());
    assert!(
        insert_environment(&mut tx, project, &level, "owner", 1)
            .await
            .is_err()
    );

    // A test environment that signs in may not become live without turning sign-in off.
    let id = insert_environment(&mut tx, project, &fields("qa 1.2_x-y", "test"), "owner", 1)
        .await
        .unwrap();
    let mut promoted = fields("qa 1.2_x-y", "live");
    promoted.sign_in_allowed = true;
    assert!(
        update_environment(&mut tx, id, &promoted, "owner", 2)
            .await
            .is_err()
    );
    promoted.sign_in_allowed = false;
    update_environment(&mut tx, id, &promoted, "owner", 2)
        .await
        .unwrap();
}

#[tokio::test]
async fn access_entries_cascade_with_their_environment_and_test_secrets_never_reach_live() {
    let (_dir, store, project) = fresh().await;
    let mut tx = store.begin_write().await.unwrap();
    let test = insert_environment(&mut tx, project, &fields("staging", "test"), "owner", 1)
        .await
        .unwrap();
    let live = insert_environment(&mut tx, project, &fields("live", "live"), "owner", 1)
        .await
        .unwrap();
    let ssh = insert_access(
        &mut tx,
        live,
        "ssh",
        r#"{"alias":"prod-app","host":"10.0.0.5"}"#,
        "owner",
        2,
    )
    .await
    .unwrap();
    let secret = r#"{"user":"qa","password":{"value":"hunter22","test":true}}"#;
    let err = insert_access(&mut tx, live, "db", secret, "owner", 2)
        .await
        .unwrap_err();
    assert!(refusal(err).contains("test secrets are never stored on a live environment"));
    let err = update_access(&mut tx, ssh, "ssh", secret, "owner", 3)
        .await
        .unwrap_err();
    assert!(refusal(err).contains("test secrets are never stored on a live environment"));
    assert!(
        insert_access(&mut tx, live, "ftp", "{}", "owner", 2)
            .await
            .is_err(),
        "unknown kind"
    );
    assert!(
        insert_access(&mut tx, live, "other", "[1]", "owner", 2)
            .await
            .is_err(),
        "fields are an object"
    );

    insert_access(&mut tx, test, "db", secret, "owner", 2)
        .await
        .unwrap();
    let err = update_environment(&mut tx, test, &fields("staging", "live"), "owner", 3)
        .await
        .unwrap_err();
    assert!(refusal(err).contains("an environment with test secrets cannot become live"));

    set_policy_layer(
        &mut tx,
        project,
        Some(live),
        r#"{"guard":{"mode":"block"}}"#,
        "owner",
        4,
    )
    .await
    .unwrap();
    assert!(delete_environment(&mut tx, live).await.unwrap());
    assert!(
        access_entry(&mut tx, ssh).await.unwrap().is_none(),
        "entries go with the environment"
    );
    assert!(
        policy_layer(&mut tx, project, Some(live))
            .await
            .unwrap()
            .is_none(),
        "and so does its layer"
    );
    assert!(!delete_environment(&mut tx, live).await.unwrap());
    tx.commit().await.unwrap();

    let mut read = store.read().await.unwrap();
    let left = access_entries_of(&mut read, &[test, live]).await.unwrap();
    assert_eq!(left.len(), 1);
    assert_eq!(left[0].environment_id, test);
}

#[tokio::test]
async fn a_scope_has_one_policy_layer_which_a_write_replaces() {
    let (_dir, store, project) = fresh().await;
    let mut tx = store.begin_write().await.unwrap();
    let env = insert_environment(&mut tx, project, &fields("live", "live"), "owner", 1)
        .await
        .unwrap();
    set_policy_layer(&mut tx, project, None, r#"{"guard":{"mode":"warn"}}"#, "owner", 1)
        .await
        .unwrap();
    set_policy_layer(
        &mut tx,
        project,
        None,
        r#"{"guard":{"mode":"block"}}"#,
        "owner",
        2,
    )
    .await
    .unwrap();
    set_policy_layer(
        &mut tx,
        project,
        Some(env),
        r#"{"levels":{"live":{"db":"none"}}}"#,
        "owner",
        3,
    )
    .await
    .unwrap();
    assert!(
        set_policy_layer(&mut tx, project, None, "[]", "owner", 4)
            .await
            .is_err(),
        "an object only"
    );
    let layers = policy_layers_of(&mut tx, &[project]).await.unwrap();
    assert_eq!(layers.len(), 2);
    assert_eq!(layers[0].environment_id, None);
    assert_eq!(layers[0].body, r#"{"guard":{"mode":"block"}}"#);
    assert_eq!(layers[1].environment_id, Some(env));
    assert!(delete_policy_layer(&mut tx, project, None).await.unwrap());
    assert!(policy_layer(&mut tx, project, None).await.unwrap().is_none());
    assert!(policy_layer(&mut tx, project, Some(env)).await.unwrap().is_some());
}

#[tokio::test]
async fn proposals_are_decided_once_and_only_an_accepted_policy_proposal_reopens() {
    let (_dir, store, project) = fresh().await;
    let mut tx = store.begin_write().await.unwrap();
    let env = insert_env_proposal(
        &mut tx,
        project,
        "live",
        r#"{"level":"full"}"#,
        "deploy",
        "worker-1",
        1,
    )
    .await
    .unwrap();
    assert_eq!(
        pending_env_proposals(&mut tx, Some(project)).await.unwrap().len(),
        1
    );
    assert!(
        decide_env_proposal(&mut tx, env, "rejected", "owner", 2)
            .await
            .unwrap()
    );
    assert!(
        !decide_env_proposal(&mut tx, env, "accepted", "owner", 3)
            .await
            .unwrap(),
        "decided once"
    );
    let row = env_proposal(&mut tx, env).await.unwrap().unwrap();
    assert_eq!((row.status.as_str(), row.decided_at_ms), ("rejected", Some(2)));
    // Even a direct UPDATE cannot decide it again: the trigger refuses.
    let direct = sqlx::query("UPDATE environment_proposal SET status = 'accepted' WHERE id = ?")
        .bind(env)
        .execute(tx.conn())
        .await;
    assert!(direct.unwrap_err().to_string().contains("already decided"));
    assert!(pending_env_proposals(&mut tx, None).await.unwrap().is_empty());

    let policy = insert_policy_proposal(
        &mut tx,
        "global",
        None,
        r#"{"guard":{"mode":"log"}}"#,
        "quiet",
        "w",
        1,
    )
    .await
    .unwrap();
    assert!(
        decide_policy_proposal(&mut tx, policy, "accepted", "owner", 2)
            .await
            .unwrap()
    );
    assert!(
        reopen_policy_proposal(&mut tx, policy, "policy.json: permission denied")
            .await
            .unwrap()
    );
    let row = policy_proposal(&mut tx, policy).await.unwrap().unwrap();
    assert_eq!(row.status, "pending");
    assert_eq!(row.error.as_deref(), Some("policy.json: permission denied"));
    assert!(
        decide_policy_proposal(&mut tx, policy, "rejected", "owner", 3)
            .await
            .unwrap()
    );
    assert!(
        !reopen_policy_proposal(&mut tx, policy, "x").await.unwrap(),
        "a rejected one stays rejected"
    );
    assert!(
        !decide_policy_proposal(&mut tx, policy, "accepted", "owner", 4)
            .await
            .unwrap()
    );
    assert!(pending_policy_proposals(&mut tx).await.unwrap().is_empty());
}
