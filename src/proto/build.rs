//! Compiles `src/proto/relay/v1/*.proto` with protox (pure Rust), so no system `protoc` is needed.

use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let root = PathBuf::from("src/proto");
    let mut files: Vec<PathBuf> = std::fs::read_dir(root.join("relay/v1"))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "proto"))
        .collect();
    files.sort();
    println!("cargo:rerun-if-changed=src/proto");
    let descriptors = protox::compile(&files, [&root])?;
    tonic_prost_build::configure()
        .build_client(true)
        .build_server(true)
        // `relay … --json` prints the messages through serde: field names as in the proto, unset optionals as
        // `null`. Where the CLI's JSON differs from the message, a field attribute says how (src/proto/json.rs):
        // stage counts as an object, an event's payload embedded (its project column left out), an empty plan
        // summary as null, and an inbox row's task fields beside the row's own.
        .type_attribute(".relay.v1", "#[derive(serde::Serialize)]")
        .field_attribute(
            ".relay.v1.Project.counts",
            r#"#[serde(serialize_with = "crate::proto_json::stage_counts")]"#,
        )
        .field_attribute(
            ".relay.v1.Event.data_json",
            r#"#[serde(rename = "data", serialize_with = "crate::proto_json::embedded")]"#,
        )
        .field_attribute(
            ".relay.v1.GraphQueryAnswer.rows_json",
            r#"#[serde(rename = "rows", serialize_with = "crate::proto_json::embedded")]"#,
        )
        // `relay events --json` prints the project inside `data`, as it always has.
        .field_attribute(".relay.v1.Event.project", "#[serde(skip)]")
        .field_attribute(
            ".relay.v1.Plan.summary_line",
            r#"#[serde(rename = "summary", serialize_with = "crate::proto_json::non_empty")]"#,
        )
        .field_attribute(".relay.v1.InboxReviewRow.task", "#[serde(flatten)]")
        .field_attribute(".relay.v1.InboxWarningRow.task", "#[serde(flatten)]")
        .field_attribute(".relay.v1.InboxReply.task", "#[serde(flatten)]")
        .compile_fds(descriptors)?;
    Ok(())
}
