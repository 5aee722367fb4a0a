//! The Policy screen against a real relayd (the demo), through the window's own worker: `P` on the board loads the
//! project's effective policy; a layer that does not validate is checked with relayd's errors naming the path; a
//! layer that widens live previews what it widens, its save is refused with the `relay-widens-bin` metadata and
//! asked a second time, and the confirmed save lands (the screen shows the new value from its layer).

use crossterm::event::KeyCode;

use super::demo::demo;
use super::{ch, ctrl, key, screen};
use crate::ui::app::{Action, Effect, Model, Screen, update};
use crate::ui::policy::CheckResult;
use crate::ui::worker;

/// Carries out each effect through the worker and feeds its answer back, until nothing is left to do.
async fn settle(client: &crate::client::Client, model: &mut Model, mut effects: Vec<Effect>) {
    while let Some(effect) = effects.pop() {
        let action = worker::run(client.clone(), effect).await;
        effects.extend(update(model, action));
    }
}

async fn retype(client: &crate::client::Client, model: &mut Model, text: &str) {
    for _ in 0..50 {
        update(model, key(KeyCode::Down));
    }
    update(model, key(KeyCode::End));
    for _ in 0..400 {
        update(model, key(KeyCode::Backspace));
    }
    let effects = update(model, Action::Paste(text.to_owned()));
    settle(client, model, effects).await;
}

fn check(model: &Model) -> CheckResult {
    let editor = model.policy.editor.as_ref().expect("the editor is open");
    editor.check.as_ref().expect("checked").result.clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_layer_that_widens_live_is_previewed_asked_twice_and_saved_through_relayd() {
    let demo = demo().await;
    let client = demo.client.clone();
    let mut model = demo.model(Screen::Board("acme-shop".into())).await;
    let effects = update(&mut model, ch('P'));
    settle(&client, &mut model, effects).await;
    assert_eq!(model.screen, Screen::Policy("acme-shop".into()));
    let data = model.policy.data.as_ref().expect("the policy loaded");
    assert!(
        data.policy.chain.iter().any(|l| l.starts_with("preset:")),
        "{:?}",
        data.policy.chain
    );
    assert!(
        data.policy
            .values
            .iter()
            .any(|v| v.setting == "levels.live.default"),
        "{:?}",
        data.policy.values
    );

    // Not valid: relayd's errors, a line each, name the path.
    update(&mut model, ch('E'));
    retype(&client, &mut model, r#"{"guard": {"mode": "loud"}}"#).await;
    let effects = update(&mut model, ctrl('t'));
    settle(&client, &mut model, effects).await;
    let CheckResult::Invalid(problems) = check(&model) else {
        panic!("{:?}", check(&model));
    };
    assert!(problems.iter().any(|p| p.contains("guard.mode")), "{problems:?}");

    // Widens live: the preview says what, the save is refused with it as metadata and asked again.
    retype(
        &client,
        &mut model,
        r#"{"levels": {"live": {"default": "full"}}}"#,
    )
    .await;
    let effects = update(&mut model, ctrl('t'));
    settle(&client, &mut model, effects).await;
    let CheckResult::Valid(preview) = check(&model) else {
        panic!("{:?}", check(&model));
    };
    assert!(!preview.widened.is_empty(), "{preview:?}");
    assert!(
        screen(&model, 200, 50).contains("Valid, and it widens agents' access on live"),
        "{}",
        screen(&model, 200, 50)
    );
    let effects = update(&mut model, ctrl('s'));
    settle(&client, &mut model, effects).await;
    let question = model.confirm.as_ref().expect("asked a second time").0.clone();
    assert!(
        question.starts_with("This widens agents' access on live: ")
            && question.contains("y confirms and saves the layer of acme-shop"),
        "{question}"
    );
    assert!(model.policy.editor.is_some(), "the text stays while it asks");
    let effects = update(&mut model, ch('y'));
    settle(&client, &mut model, effects).await;
    assert!(model.policy.editor.is_none(), "saved: {:?}", model.flash);
    assert_eq!(
        model.flash.as_ref().unwrap().lines[0],
        "Saved the acme-shop policy."
    );
    let data = model.policy.data.as_ref().unwrap();
    let live = data
        .policy
        .values
        .iter()
        .find(|v| v.setting == "levels.live.default")
        .unwrap();
    assert_eq!(
        (live.value_json.as_str(), live.source.as_str()),
        ("\"full\"", "project:acme-shop")
    );
    demo.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stands_form_keeps_relayds_secret_refusal_and_asks_twice_before_widening_live() {
    let demo = demo().await;
    let client = demo.client.clone();
    let mut model = demo.model(Screen::Board("acme-shop".into())).await;
    let effects = update(&mut model, ch('A'));
    settle(&client, &mut model, effects).await;
    assert_eq!(model.screen, Screen::Environments("acme-shop".into()));
    update(&mut model, ch('n'));
    // A secret in a value: relayd refuses naming the field and the detector, never the value; the text stays.
    let secret = "ghp_0123456789abcdefghijklmnopqrstuvwxyzAB";
    retype(
        &client,
        &mut model,
        &format!("name: canary\nkind: live\nnotes: token {secret}"),
    )
    .await;
    let effects = update(&mut model, ctrl('s'));
    settle(&client, &mut model, effects).await;
    let form = model.form.as_ref().expect("the form stays");
    let error = form.error.clone().expect("refused");
    assert!(error.contains("notes"), "{error}");
    assert!(!error.contains(secret), "{error}");
    assert!(form.editor.text().contains("name: canary"));
    // A live environment agents may use fully: asked a second time, then saved.
    retype(&client, &mut model, "name: canary\nkind: live\nlevel: full").await;
    let effects = update(&mut model, ctrl('s'));
    settle(&client, &mut model, effects).await;
    let question = model.confirm.as_ref().expect("asked a second time").0.clone();
    assert!(
        question.starts_with("This widens agents' access on live: ")
            && question.contains("y confirms and saves environment canary"),
        "{question}"
    );
    let effects = update(&mut model, ch('y'));
    settle(&client, &mut model, effects).await;
    assert!(model.form.is_none(), "saved: {:?}", model.flash);
    let map = model.environments.map.as_ref().unwrap();
    assert!(
        map.environments
            .iter()
            .any(|e| e.name == "canary" && e.kind == "live")
    );
    demo.stop().await;
}
