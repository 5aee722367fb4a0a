//! `relay keys [--json]`: the window's keys in force — the key table with the `[keys]` overrides of
//! config.toml — with each binding's id, and the warnings the table gave (on stderr).

use serde_json::{Value, json};

use super::format::{emit, print_json};
use crate::cli::OutputArgs;
use crate::client::Context;
use crate::error::CliError;
use crate::ui::keymap::{Entry, Keymap};
use crate::ui::keys_config::{keymap_from, spec};

pub fn run(ctx: &Context, output: OutputArgs) -> Result<(), CliError> {
    let source = ctx.config.data_dir.config().display().to_string();
    let (keymap, warnings) = keymap_from(ctx.config.keys.as_ref(), &source);
    for warning in &warnings {
        eprintln!("relay: warning: {warning}");
    }
    if output.json {
        return print_json(&keymap_json(&keymap, &warnings));
    }
    for line in keymap_lines(&keymap, &source) {
        if !emit(&line)? {
            break;
        }
    }
    Ok(())
}

/// The keys of a binding as config.toml writes them.
fn specs(entry: &Entry) -> Vec<String> {
    entry.keys.iter().map(spec).collect()
}

fn keymap_json(keymap: &Keymap, warnings: &[String]) -> Value {
    let bindings: Vec<Value> = keymap
        .entries()
        .iter()
        .map(|e| {
            json!({
                "id": e.id(),
                "keys": specs(e),
                "where": e.scope.title(),
                "what": e.help,
                "overridden": e.overridden,
            })
        })
        .collect();
    json!({ "bindings": bindings, "warnings": warnings })
}

/// One aligned line per binding (id, keys, where, what), then where the starred keys come from.
fn keymap_lines(keymap: &Keymap, source: &str) -> Vec<String> {
    let rows: Vec<(String, String, &str, &str)> = keymap
        .entries()
        .iter()
        .map(|e| {
            let star = if e.overridden { " *" } else { "" };
            (
                e.id(),
                format!("{}{star}", specs(e).join(", ")),
                e.scope.title(),
                e.help,
            )
        })
        .collect();
    let id_width = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(0);
    let keys_width = rows.iter().map(|r| r.1.chars().count()).max().unwrap_or(0);
    let where_width = rows.iter().map(|r| r.2.chars().count()).max().unwrap_or(0);
    let mut lines: Vec<String> = rows
        .iter()
        .map(|(id, keys, place, what)| {
            format!("{id:<id_width$}  {keys:<keys_width$}  {place:<where_width$}  {what}")
                .trim_end()
                .to_owned()
        })
        .collect();
    if keymap.entries().iter().any(|e| e.overridden) {
        lines.push(format!("* from [keys] in {source}"));
    }
    lines
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn keymap_of(text: &str) -> (Keymap, Vec<String>) {
        let table: toml::Table = toml::from_str(text).unwrap();
        keymap_from(table.get("keys"), "config.toml")
    }

    #[test]
    fn lines_show_ids_keys_and_the_overrides_when_printed() {
        let (keymap, _) = keymap_of("[keys]\n\"global.quit\" = [\"ctrl-q\"]\n");
        let lines = keymap_lines(&keymap, "config.toml");
        let quit = lines.iter().find(|l| l.starts_with("global.quit ")).unwrap();
        assert!(
            quit.contains("ctrl-q *")
                && quit.ends_with("quit (asks first when an unsent draft would be lost)"),
            "{quit}"
        );
        let move_stage = lines.iter().find(|l| l.starts_with("board.move_stage ")).unwrap();
        assert!(
            move_stage.contains(" m ") && !move_stage.contains('*'),
            "{move_stage}"
        );
        assert_eq!(lines.last().unwrap(), "* from [keys] in config.toml");
        let (defaults, _) = keymap_of("");
        assert!(
            !keymap_lines(&defaults, "config.toml")
                .iter()
                .any(|l| l.contains('*'))
        );
    }

    #[test]
    fn json_carries_every_binding_and_the_warnings_when_asked() {
        let (keymap, warnings) = keymap_of("[keys]\n\"global.qiut\" = [\"ctrl-q\"]\n");
        let value = keymap_json(&keymap, &warnings);
        assert_eq!(
            value["bindings"].as_array().unwrap().len(),
            keymap.entries().len()
        );
        assert_eq!(value["bindings"][0]["id"], "global.quit");
        assert_eq!(value["bindings"][0]["keys"], json!(["q", "ctrl-c"]));
        assert_eq!(value["bindings"][0]["overridden"], false);
        assert!(
            value["warnings"][0]
                .as_str()
                .unwrap()
                .contains("did you mean \"global.quit\"")
        );
    }
}
