use serde_json::json;

use super::*;
use crate::board::TASK_FIELDS;

fn ok(name: &str, value: Value) -> FieldValue {
    parse_field(name, &value).unwrap_or_else(|err| panic!("{name} = {value}: {err}"))
}

fn refused(name: &str, value: Value) -> FieldError {
    match parse_field(name, &value) {
        Ok(parsed) => panic!("{name} = {value} was accepted as {parsed:?}"),
        Err(err) => err,
    }
}

fn text(value: &str) -> FieldValue {
    FieldValue::Text(value.to_owned())
}

#[test]
fn text_is_trimmed_when_accepted() {
    assert_eq!(ok("title", json!("  Fix login \n")), text("Fix login"));
    assert_eq!(ok("progress", json!("\n- a\n- b\n\n")), text("- a\n- b"));
}

#[test]
fn crlf_becomes_lf_when_text_has_windows_line_ends() {
    assert_eq!(ok("description", json!("one\r\ntwo\r\n")), text("one\ntwo"));
}

#[test]
fn every_field_is_accepted_when_given_a_sensible_value() {
    for field in TASK_FIELDS {
        let value = match field.kind {
            FieldKind::Url { .. } => json!("https://example.com/x"),
            FieldKind::Stage => json!("test"),
            FieldKind::Size => json!("M"),
            FieldKind::Integer { min, .. } => json!(min),
            FieldKind::Bool => json!(true),
            _ => json!("some text"),
        };
        assert!(parse_field(field.name, &value).is_ok(), "{}", field.name);
    }
}

#[test]
fn unknown_field_lists_the_editable_fields_when_the_name_is_not_in_the_table() {
    let err = refused("owner", json!("me"));
    let names: Vec<&str> = TASK_FIELDS.iter().map(|f| f.name).collect();
    assert_eq!(
        err.to_string(),
        format!(
            "unknown task field \"owner\"; editable fields: {}",
            names.join(", ")
        )
    );
    assert!(matches!(
        refused("Title", json!("x")),
        FieldError::UnknownField { .. }
    ));
}

#[test]
fn clear_is_returned_when_a_clearable_field_gets_a_dash_empty_or_null() {
    for value in [json!("-"), json!(""), json!("  -  "), json!(null)] {
        for name in [
            "waiting_on",
            "next_step",
            "progress",
            "priority",
            "size",
            "tracker_url",
        ] {
            assert_eq!(ok(name, value.clone()), FieldValue::Clear, "{name} = {value}");
        }
    }
}

#[test]
fn clearing_is_refused_when_the_field_is_required() {
    let err = refused("title", json!("-"));
    assert_eq!(
        err.to_string(),
        "title cannot be cleared; send a new value (text, one line, at most 200 characters)"
    );
    let err = refused("stage", json!(""));
    assert_eq!(
        err.to_string(),
        "stage cannot be cleared; send a new value (stage: one of plan, dev, review, test, live, done)"
    );
    assert!(matches!(
        refused("title", json!(null)),
        FieldError::NotClearable { field: "title", .. }
    ));
}

#[test]
fn clearing_a_flag_asks_for_false_when_given_a_dash() {
    let err = refused("tracker_logged", json!("-"));
    assert_eq!(
        err.to_string(),
        "tracker_logged cannot be cleared; send false to unset it"
    );
}

#[test]
fn wrong_type_names_field_expected_type_and_given_value_when_json_type_differs() {
    let err = refused("title", json!(42));
    assert_eq!(
        err.to_string(),
        "title: expected text, one line, at most 200 characters, got the number 42"
    );
    let err = refused("priority", json!("high"));
    assert_eq!(
        err.to_string(),
        "priority: expected integer from 1 to 5, got the text \"high\""
    );
    let err = refused("tracker_logged", json!("yes"));
    assert_eq!(
        err.to_string(),
        "tracker_logged: expected boolean, got the text \"yes\""
    );
    assert!(
        refused("stage", json!(["dev"]))
            .to_string()
            .ends_with("got a list")
    );
    assert!(
        refused("description", json!({"a": 1}))
            .to_string()
            .ends_with("got an object")
    );
    assert!(
        refused("size", json!(true))
            .to_string()
            .ends_with("got the boolean true")
    );
    assert!(
        refused("priority", json!(2.5))
            .to_string()
            .ends_with("got the number 2.5")
    );
}

#[test]
fn wrong_type_cuts_the_given_text_when_it_is_long() {
    let err = refused("priority", json!("x".repeat(100)));
    let message = err.to_string();
    assert!(
        message.ends_with(&format!("got the text \"{}\"… (100 characters)", "x".repeat(40))),
        "{message}"
    );
}

#[test]
fn too_long_states_the_limit_and_length_when_text_is_oversize() {
    let err = refused("title", json!("é".repeat(201)));
    assert_eq!(
        err,
        FieldError::TooLong {
            field: "title",
            limit: 200,
            chars: 201
        }
    );
    assert_eq!(
        err.to_string(),
        "title is 201 characters long; the limit is 200 characters, shorten it"
    );
    assert_eq!(ok("title", json!("é".repeat(200))), text(&"é".repeat(200)));
    assert!(matches!(
        refused("progress", json!("a".repeat(20_001))),
        FieldError::TooLong { limit: 20_000, .. }
    ));
    assert!(matches!(
        refused("tracker_ref", json!("a".repeat(101))),
        FieldError::TooLong { limit: 100, .. }
    ));
}

#[test]
fn length_counts_the_trimmed_text_when_padded() {
    let padded = format!("   {}   ", "a".repeat(200));
    assert_eq!(ok("title", json!(padded)), text(&"a".repeat(200)));
}

#[test]
fn control_characters_are_refused_when_not_line_breaks_or_tabs() {
    let err = refused("stage_note", json!("ok\u{7}bell"));
    assert_eq!(
        err.to_string(),
        "stage_note contains the control character U+0007 at character 3; remove it (only line breaks and tabs \
         are allowed)"
    );
    assert!(matches!(
        refused("progress", json!("a\rb")),
        FieldError::ControlCharacter { character: '\r', .. }
    ));
    assert!(matches!(
        refused("progress", json!("a\u{1b}[31m")),
        FieldError::ControlCharacter { .. }
    ));
    assert_eq!(ok("progress", json!("a\tb\nc")), text("a\tb\nc"));
    // A one-line field names only what it takes: a line break would be refused next.
    let title = refused("title", json!("a\rb")).to_string();
    assert!(title.ends_with("remove it (only tabs are allowed)"), "{title}");
}

#[test]
fn line_breaks_are_refused_when_the_field_is_one_line() {
    let err = refused("title", json!("first\nsecond"));
    assert_eq!(err.to_string(), "title must be one line; remove the line breaks");
    assert!(matches!(
        refused("tracker_url", json!("https://a\n/b")),
        FieldError::LineBreak { .. }
    ));
    assert_eq!(ok("next_step", json!("one\ntwo")), text("one\ntwo"));
}

#[test]
fn urls_are_accepted_when_http_or_https_with_a_host() {
    for url in [
        "https://example.com",
        "http://tracker.local:8080/browse/ACME-12?x=1#c",
        "HTTPS://Example.com/a",
        "https://user@host/x",
    ] {
        assert_eq!(ok("tracker_url", json!(url)), text(url), "{url}");
    }
}

#[test]
fn urls_are_refused_when_the_scheme_host_or_spacing_is_wrong() {
    for url in [
        "ftp://example.com",
        "javascript:alert(1)",
        "example.com/x",
        "https://",
        "https:///path",
        "https://:80/x",
        "https://exa mple.com",
        "//example.com",
    ] {
        let err = refused("tracker_url", json!(url));
        assert_eq!(
            err,
            FieldError::BadUrl {
                field: "tracker_url",
                given: url.to_owned()
            },
            "{url}"
        );
    }
    let err = refused("tracker_url", json!("ftp://x"));
    assert_eq!(
        err.to_string(),
        "tracker_url must be an http:// or https:// URL with a host and no spaces; got \"ftp://x\""
    );
}

#[test]
fn unknown_stage_lists_the_stages_when_the_name_is_wrong() {
    let err = refused("stage", json!("deploy"));
    assert_eq!(
        err.to_string(),
        "stage: unknown stage \"deploy\"; use one of plan, dev, review, test, live, done"
    );
    assert_eq!(ok("stage", json!(" Review ")), FieldValue::Stage(Stage::Review));
}

#[test]
fn size_accepts_either_case_when_the_letter_is_known() {
    assert_eq!(ok("size", json!("s")), FieldValue::Size(Size::S));
    assert_eq!(ok("size", json!("L")), FieldValue::Size(Size::L));
    assert_eq!(
        refused("size", json!("XL")).to_string(),
        "size: unknown size \"XL\"; use one of S, M, L"
    );
}

#[test]
fn priority_accepts_integers_in_range_when_given_as_number_or_text() {
    assert_eq!(ok("priority", json!(1)), FieldValue::Integer(1));
    assert_eq!(ok("priority", json!(5.0)), FieldValue::Integer(5));
    assert_eq!(ok("priority", json!(" 3 ")), FieldValue::Integer(3));
}

#[test]
fn priority_states_the_range_when_out_of_it() {
    let err = refused("priority", json!(0));
    assert_eq!(err.to_string(), "priority must be from 1 to 5; got 0");
    assert!(matches!(
        refused("priority", json!("6")),
        FieldError::OutOfRange { given: 6, .. }
    ));
    assert!(matches!(
        refused("priority", json!(-1)),
        FieldError::OutOfRange { given: -1, .. }
    ));
    assert!(matches!(
        refused("priority", json!(u64::MAX)),
        FieldError::WrongType { .. }
    ));
}

#[test]
fn flag_accepts_booleans_when_given_as_json_or_text() {
    assert_eq!(ok("tracker_logged", json!(true)), FieldValue::Bool(true));
    assert_eq!(ok("tracker_logged", json!(false)), FieldValue::Bool(false));
    assert_eq!(ok("tracker_logged", json!("False")), FieldValue::Bool(false));
    assert!(matches!(
        refused("tracker_logged", json!(1)),
        FieldError::WrongType { .. }
    ));
    assert!(matches!(
        refused("tracker_logged", json!(null)),
        FieldError::NotClearable { .. }
    ));
}
