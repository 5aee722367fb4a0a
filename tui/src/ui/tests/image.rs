//! Screenshots: `v` and the inline request in `update`, the protocol choice, the private temp file, the viewer
//! run for real on the demo's screenshot, and the Review tab's screenshot panel drawn as text.

use std::collections::HashMap;
use std::os::unix::fs::PermissionsExt;
use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent};
use relay_core::proto;

use super::demo::demo;
use super::screen;
use crate::ui::app::{Action, Effect, Level, Model, Screen, TAB_REVIEW, TaskData, update};
use crate::ui::image::{
    Cells, ImageAction, ImageEffect, NEED_PROTOCOL, Protocol, Setting, Shot, Support, after_draw, choose,
};
use crate::ui::screenshot::{self, Viewer};

fn key(c: char) -> Action {
    Action::Key(KeyEvent::from(KeyCode::Char(c)))
}

fn shot(id: i64, caption: &str) -> proto::ReviewScreenshot {
    proto::ReviewScreenshot {
        id,
        caption: Some(caption.to_owned()),
        media_type: "image/png".to_owned(),
        size_bytes: 2048,
        original_name: None,
        created_at_ms: 0,
    }
}

fn step(position: i64, shots: Vec<proto::ReviewScreenshot>) -> proto::ReviewStep {
    proto::ReviewStep {
        position,
        title: format!("step {position}"),
        status: "open".to_owned(),
        screenshots: shots,
        ..Default::default()
    }
}

/// A task on its Review tab whose first step has screenshots #7 and #8, the second none; #9 belongs to no step.
fn task_model() -> Model {
    let mut model = Model::new(Screen::Task("acme-3".into()));
    model.task.data = Some(TaskData {
        detail: proto::TaskDetail {
            task: Some(proto::Task {
                key: "acme-3".into(),
                title: "Login".into(),
                stage: "review".into(),
                ..Default::default()
            }),
            ..Default::default()
        },
        review: Some(proto::Review {
            steps: vec![
                step(1, vec![shot(7, "the form"), shot(8, "the error")]),
                step(2, vec![]),
            ],
            other_screenshots: vec![shot(9, "other")],
            ..Default::default()
        }),
        ..Default::default()
    });
    model.task.tab = TAB_REVIEW;
    model
}

fn flash(model: &Model) -> (Level, String) {
    let flash = model.flash.as_ref().expect("a flash message");
    (flash.level, flash.lines.join(" "))
}

#[test]
fn v_says_so_when_the_selected_step_has_no_screenshots() {
    let mut model = task_model();
    model.task.step = 1;
    let effects = update(&mut model, key('v'));
    assert!(effects.is_empty(), "{effects:?}");
    assert_eq!(
        flash(&model),
        (Level::Warning, "step 2 has no screenshots".to_owned())
    );

    // No checklist at all: the task's key and why.
    let mut bare = task_model();
    bare.task.data.as_mut().unwrap().review = None;
    assert!(update(&mut bare, key('v')).is_empty());
    assert!(
        flash(&bare).1.contains("acme-3 has no review checklist"),
        "{:?}",
        bare.flash
    );

    // On a tab without screenshots: where they are.
    let mut plan = task_model();
    plan.task.tab = 1;
    assert!(update(&mut plan, key('v')).is_empty());
    assert!(flash(&plan).1.contains("Review tab"), "{:?}", plan.flash);
}

#[test]
fn v_opens_the_step_screenshot_then_the_next_one_when_pressed_again() {
    let mut model = task_model();
    let open = |id| vec![Effect::Image(ImageEffect::Open { id })];
    assert_eq!(update(&mut model, key('v')), open(7));
    assert_eq!(flash(&model).0, Level::Info);
    assert_eq!(update(&mut model, key('v')), open(8));
    // After the last, the first again.
    assert_eq!(update(&mut model, key('v')), open(7));
    // The viewer's answer is a flash; a failure says which screenshot and why.
    update(
        &mut model,
        Action::Image(ImageAction::Opened {
            id: 7,
            result: Err("no viewer: set RELAY_VIEWER or install xdg-utils".into()),
        }),
    );
    assert_eq!(
        flash(&model),
        (
            Level::Error,
            "screenshot #7: no viewer: set RELAY_VIEWER or install xdg-utils".to_owned()
        )
    );
}

#[test]
fn v_on_the_overview_walks_every_screenshot_of_the_task() {
    let mut model = task_model();
    model.task.tab = 0;
    let ids: Vec<_> = (0..4)
        .map(|_| update(&mut model, key('v')))
        .map(|effects| match effects.as_slice() {
            [Effect::Image(ImageEffect::Open { id })] => *id,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(ids, [7, 8, 9, 7]);
}

#[test]
fn protocol_is_chosen_by_the_setting_then_the_terminal_then_the_environment() {
    let env = |pairs: &'static [(&'static str, &'static str)]| {
        let map: HashMap<&str, &str> = pairs.iter().copied().collect();
        move |name: &str| map.get(name).map(|v| (*v).to_owned())
    };
    assert_eq!(Setting::parse(None), Ok(Setting::Auto));
    assert_eq!(Setting::parse(Some(" OFF ")), Ok(Setting::Off));
    assert_eq!(Setting::parse(Some("sixel")), Ok(Setting::Force(Protocol::Sixel)));
    assert_eq!(
        Setting::parse(Some("iterm2")),
        Ok(Setting::Force(Protocol::Iterm2))
    );
    let bad = Setting::parse(Some("\u{1b}[31mblink")).unwrap_err();
    assert!(
        bad.contains("RELAY_IMAGES") && bad.contains("off, auto, kitty, iterm2 or sixel"),
        "{bad}"
    );
    assert!(
        !bad.contains('\u{1b}'),
        "control characters are not echoed: {bad}"
    );

    let kitty_env = env(&[("TERM", "xterm-kitty")]);
    let plain = env(&[("TERM", "xterm-256color")]);
    // Off wins over everything, and says how it was turned off.
    match choose(Setting::Off, Some(Some(Protocol::Kitty)), &kitty_env) {
        Support::Off(why) => assert!(why.contains("RELAY_IMAGES=off"), "{why}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        choose(Setting::Force(Protocol::Sixel), Some(None), &plain),
        Support::Inline(Protocol::Sixel)
    );
    // The terminal's answer, then the environment when it did not answer.
    assert_eq!(
        choose(Setting::Auto, Some(Some(Protocol::Iterm2)), &kitty_env),
        Support::Inline(Protocol::Iterm2)
    );
    assert_eq!(
        choose(Setting::Auto, None, &kitty_env),
        Support::Inline(Protocol::Kitty)
    );
    assert_eq!(
        choose(Setting::Auto, None, &env(&[("TERM_PROGRAM", "iTerm.app")])),
        Support::Inline(Protocol::Iterm2)
    );
    assert_eq!(
        choose(Setting::Auto, None, &env(&[("TERM", "foot")])),
        Support::Inline(Protocol::Sixel)
    );
    // Half blocks (the terminal answered, no protocol) or nothing known: none, never a silent fallback.
    assert_eq!(
        choose(Setting::Auto, Some(None), &plain),
        Support::Off(NEED_PROTOCOL.into())
    );
    assert_eq!(
        choose(Setting::Auto, None, &plain),
        Support::Off(NEED_PROTOCOL.into())
    );
    // Inside tmux the outer terminal's variables are not trusted.
    assert_eq!(
        choose(
            Setting::Auto,
            None,
            &env(&[("TERM", "tmux-256color"), ("KITTY_WINDOW_ID", "1")])
        ),
        Support::Off(NEED_PROTOCOL.into())
    );
}

fn show_effects(effects: &[Effect]) -> Vec<(i64, Cells)> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Image(ImageEffect::Show { id, cells }) => Some((*id, *cells)),
            _ => None,
        })
        .collect()
}

#[test]
fn the_inline_screenshot_is_asked_for_when_the_step_or_terminal_changes_and_never_without_a_protocol() {
    let terminal = Action::Image(ImageAction::Terminal(Cells {
        width: 80,
        height: 24,
    }));
    // Protocol none (the default): nothing is fetched for inline drawing.
    let mut none = task_model();
    assert!(show_effects(&update(&mut none, terminal)).is_empty());

    let mut model = task_model();
    model.images.support = Support::Inline(Protocol::Kitty);
    let terminal = |width, height| Action::Image(ImageAction::Terminal(Cells { width, height }));
    let asked = show_effects(&update(&mut model, terminal(80, 24)));
    assert_eq!(asked.len(), 1, "{asked:?}");
    let (id, cells) = asked[0];
    assert_eq!(id, 7);
    assert!(
        cells.width > 10 && cells.height >= 3 && cells.height < 20,
        "{cells:?}"
    );
    assert_eq!(model.images.shots.get(&7), Some(&Shot::Loading));
    // The same size again: nothing new, nothing to redraw.
    assert!(update(&mut model, terminal(80, 24)).is_empty());
    assert!(!model.dirty);
    // The worker's answer draws it.
    update(
        &mut model,
        Action::Image(ImageAction::Shown {
            id: 7,
            cells,
            result: Ok((640, 400)),
        }),
    );
    assert_eq!(
        model.images.shots.get(&7),
        Some(&Shot::Shown {
            width: 640,
            height: 400
        })
    );
    // The loop draws one frame with the box blank, then one with the image; then nothing more is needed.
    assert_eq!(model.images.drawn, None);
    assert!(after_draw(&mut model));
    assert_eq!(model.images.drawn, Some((7, cells)));
    assert!(!after_draw(&mut model));
    // A bigger terminal: a bigger box for the same screenshot.
    let bigger = show_effects(&update(&mut model, terminal(200, 60)));
    // The late answer for the old box changes nothing: the new one is still loading.
    update(
        &mut model,
        Action::Image(ImageAction::Shown {
            id: 7,
            cells,
            result: Ok((640, 400)),
        }),
    );
    assert!(!model.dirty);
    assert_eq!(model.images.shots.get(&7), Some(&Shot::Loading));
    assert_eq!(bigger.len(), 1);
    assert_eq!(bigger[0].0, 7);
    assert!(bigger[0].1.width > cells.width && bigger[0].1.height > cells.height);
    // The next step has none; another tab shows none; back on the Review tab it is asked for again.
    assert!(show_effects(&update(&mut model, key('j'))).is_empty());
    assert!(show_effects(&update(&mut model, key('k'))).len() == 1);
    assert!(show_effects(&update(&mut model, key('1'))).is_empty());
    assert_eq!(model.images.asked, None);
    assert_eq!(show_effects(&update(&mut model, key('3'))).len(), 1);
    // `v` moves the shown screenshot along with the one it opens.
    update(&mut model, key('v'));
    let next = show_effects(&update(&mut model, key('v')));
    assert_eq!(next.iter().map(|(id, _)| *id).collect::<Vec<_>>(), [8]);
}

#[test]
fn the_opened_file_is_private_and_named_by_its_magic_type() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("a/screenshots");
    screenshot::ensure_private_dir(&dir).unwrap();
    let mode = std::fs::metadata(&dir).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o700);

    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR rest".to_vec();
    let path = screenshot::write_private(&dir, 12, &png).unwrap();
    assert_eq!(path, dir.join("screenshot-12.png"));
    assert_eq!(std::fs::read(&path).unwrap(), png);
    assert_eq!(
        std::fs::metadata(&path).unwrap().permissions().mode() & 0o777,
        0o600
    );
    // Written again: replaced in place.
    let jpeg = [0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3];
    assert_eq!(
        screenshot::write_private(&dir, 13, &jpeg).unwrap(),
        dir.join("screenshot-13.jpg")
    );
    assert_eq!(
        screenshot::write_private(&dir, 14, b"RIFF\0\0\0\0WEBPVP8 ").unwrap(),
        dir.join("screenshot-14.webp")
    );
    // Content that is no image relay keeps is refused, whatever the agent called it.
    let svg = screenshot::write_private(&dir, 15, b"<svg xmlns='http://www.w3.org/2000/svg'/>").unwrap_err();
    assert!(
        svg.contains("not a PNG, JPEG, WebP or GIF") && svg.contains("SVG"),
        "{svg}"
    );
    assert!(!dir.join("screenshot-15.svg").exists());
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(names.len(), 3, "no temp files left behind: {names:?}");

    // A directory others can enter is not used.
    let open = root.path().join("open");
    std::fs::create_dir(&open).unwrap();
    std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o755)).unwrap();
    let refused = screenshot::ensure_private_dir(&open).unwrap_err();
    assert!(
        refused.contains("not a private directory") && refused.contains("remove it"),
        "{refused}"
    );
}

#[test]
fn the_viewer_is_relay_viewer_else_the_platform_opener() {
    let viewer = Viewer::from_env(|name| (name == "RELAY_VIEWER").then(|| "/opt/bin/feh".into()));
    assert_eq!(viewer, Viewer::Configured("/opt/bin/feh".into()));
    let system = Viewer::from_env(|_| None);
    let expected = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    assert_eq!(system, Viewer::System(expected));
    assert_eq!(Viewer::from_env(|_| Some("".into())), Viewer::System(expected));
}

#[test]
fn decoding_refuses_what_is_not_an_image() {
    let error = screenshot::decode(b"<svg/>").unwrap_err();
    assert!(!error.is_empty());
    // A real PNG decodes (a 2x1 image written by the png crate's encoder in `image`).
    let mut png = Vec::new();
    ::image::DynamicImage::new_rgb8(2, 1)
        .write_to(&mut std::io::Cursor::new(&mut png), ::image::ImageFormat::Png)
        .unwrap();
    let image = screenshot::decode(&png).unwrap();
    assert_eq!((image.width(), image.height()), (2, 1));
}

/// The demo's first screenshot: its id and bytes, read over `GetAttachment` as the CLI does.
async fn first_screenshot(client: &crate::client::Client, key: &str) -> (i64, Vec<u8>) {
    let mut client = client.clone();
    let list = client
        .review
        .list_attachments(proto::ListAttachmentsRequest { key: key.to_owned() })
        .await
        .unwrap()
        .into_inner();
    let id = list
        .attachments
        .first()
        .expect("the demo task in review has screenshots")
        .id;
    let mut stream = client
        .review
        .get_attachment(proto::GetAttachmentRequest { id })
        .await
        .unwrap()
        .into_inner();
    let mut bytes = Vec::new();
    while let Some(chunk) = stream.message().await.unwrap() {
        bytes.extend_from_slice(&chunk.data);
    }
    (id, bytes)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_viewer_gets_a_private_copy_equal_to_the_attachment_when_v_runs_it() {
    let demo = demo().await;
    let (id, bytes) = first_screenshot(&demo.client, "acme-shop-4").await;
    assert!(bytes.starts_with(b"\x89PNG"), "the demo's screenshots are PNGs");

    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("shots");
    screenshot::ensure_private_dir(&dir).unwrap();
    // The viewer: a script that copies the file it is given and records its argument.
    let seen = root.path().join("seen");
    let script = root.path().join("viewer.sh");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\nprintf '%s' \"$1\" > '{seen}.arg'\ncp \"$1\" '{seen}.tmp' && mv '{seen}.tmp' '{seen}'\n",
            seen = seen.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o700)).unwrap();
    let viewer = Viewer::Configured(script.clone().into_os_string());

    let said = screenshot::open(demo.client.clone(), id, &viewer, &dir)
        .await
        .unwrap();
    assert!(said.contains(&format!("opened screenshot #{id}")), "{said}");
    let mut copied = None;
    for _ in 0..500 {
        if let Ok(content) = std::fs::read(&seen) {
            copied = Some(content);
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(copied.expect("the viewer ran"), bytes);
    let argument = std::fs::read_to_string(seen.with_extension("arg")).unwrap();
    assert_eq!(
        argument,
        dir.join(format!("screenshot-{id}.png")).display().to_string()
    );

    // A missing viewer is a clear message, not a crash.
    let missing = Viewer::Configured(root.path().join("no-such-viewer").into_os_string());
    let refused = screenshot::open(demo.client.clone(), id, &missing, &dir)
        .await
        .unwrap_err();
    assert!(
        refused.contains("RELAY_VIEWER") && refused.contains("cannot be started"),
        "{refused}"
    );
    // An unknown screenshot: relayd's words.
    let unknown = screenshot::open(demo.client.clone(), 999_999, &viewer, &dir)
        .await
        .unwrap_err();
    assert!(unknown.contains("#999999"), "{unknown}");
    demo.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_review_tab_lists_the_step_screenshots_when_drawn_from_the_demo() {
    let demo = demo().await;
    let mut model = demo.model(Screen::Task("acme-shop-4".into())).await;
    model.task.tab = TAB_REVIEW;
    // Protocol none (the default in tests): the list and the words, no image (the task_review snapshots in
    // demo.rs show the whole screen).
    let text = screen(&model, 80, 24);
    assert!(text.contains(NEED_PROTOCOL), "{text}");
    assert!(text.contains("#1  PNG"), "{text}");
    demo.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_step_screenshot_is_drawn_inline_when_the_worker_has_encoded_it() {
    let demo = demo().await;
    let mut picker = {
        #[allow(deprecated)]
        let picker = ratatui_image::picker::Picker::from_fontsize((10, 20).into());
        picker
    };
    picker.set_protocol_type(ratatui_image::picker::ProtocolType::Kitty);
    let engine = screenshot::Engine::new(Some(picker));
    let mut model = demo.model(Screen::Task("acme-shop-4".into())).await;
    model.images = crate::ui::image::Images::new(Support::Inline(Protocol::Kitty), engine.encoded());
    model.task.tab = TAB_REVIEW;
    let asked = update(
        &mut model,
        Action::Image(ImageAction::Terminal(Cells {
            width: 80,
            height: 24,
        })),
    );
    let [Effect::Image(effect)] = asked.as_slice() else {
        panic!("one request for the inline screenshot: {asked:?}")
    };
    assert!(screen(&model, 80, 24).contains("loading screenshot #1…"));
    // The worker fetches, decodes and encodes it; the answer comes back as an action.
    let answer = screenshot::run(demo.client.clone(), &engine, effect.clone()).await;
    let Action::Image(ImageAction::Shown { result, .. }) = &answer else {
        panic!("{answer:?}")
    };
    let (width, height) = result.clone().unwrap();
    assert!(width > 0 && height > 0);
    update(&mut model, answer);
    // First frame: the box is blank; the next one draws kitty's placeholders in it.
    let first = screen(&model, 80, 24);
    assert!(
        !first.contains("loading screenshot") && !first.contains('\u{10EEEE}'),
        "{first}"
    );
    assert!(after_draw(&mut model));
    let second = screen(&model, 80, 24);
    assert!(second.contains('\u{10EEEE}'), "{second}");
    // Another tab: no image, and the next frame needs nothing more.
    update(&mut model, key('1'));
    assert!(!screen(&model, 80, 24).contains('\u{10EEEE}'));
    assert!(!after_draw(&mut model));
    demo.stop().await;
}
