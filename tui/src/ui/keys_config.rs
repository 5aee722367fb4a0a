//! The user's key overrides: the `[keys]` table of config.toml, `"<binding id>" = ["<key>", …]` (ids in
//! docs/SPEC.md and `relay keys`). An entry replaces that binding's keys. A bad entry — an unknown id, a key
//! that is not one, an empty list, a key that would mean two things on one screen — becomes a warning (the
//! window shows it as its first flash) and that binding keeps its default keys; every other entry still applies.

use crossterm::event::KeyCode;

use super::keymap::{Entry, KEYMAP, Key, Keymap, Scope};

/// What a key may be written as, for messages and docs.
pub const SYNTAX: &str = "a character (`a`, `A`, `?`), `ctrl-<character>`, or a name: enter, esc, tab, backtab, \
backspace, up, down, left, right, home, end, pageup, pagedown, space, f1 … f12 (a name also takes `ctrl-`)";

/// Where the ids are listed, for the unknown-id message.
const IDS_HELP: &str = "see `relay keys` or docs/SPEC.md for the ids";

/// The named keys and how config.toml writes them (the first name is the one `relay keys` prints).
const NAMES: [(&str, KeyCode); 17] = [
    ("enter", KeyCode::Enter),
    ("return", KeyCode::Enter),
    ("esc", KeyCode::Esc),
    ("escape", KeyCode::Esc),
    ("tab", KeyCode::Tab),
    ("backtab", KeyCode::BackTab),
    ("shift-tab", KeyCode::BackTab),
    ("backspace", KeyCode::Backspace),
    ("up", KeyCode::Up),
    ("down", KeyCode::Down),
    ("left", KeyCode::Left),
    ("right", KeyCode::Right),
    ("home", KeyCode::Home),
    ("end", KeyCode::End),
    ("pageup", KeyCode::PageUp),
    ("pagedown", KeyCode::PageDown),
    ("space", KeyCode::Char(' ')),
];

/// The keymap the `[keys]` value of config.toml asks for (`None`: there is none), and one warning per entry
/// that was not applied. `source` names the file in the warnings.
pub fn keymap_from(value: Option<&toml::Value>, source: &str) -> (Keymap, Vec<String>) {
    let mut keymap = Keymap::default();
    let mut warnings = Vec::new();
    let Some(value) = value else {
        return (keymap, warnings);
    };
    let Some(table) = value.as_table() else {
        warnings.push(format!(
            "{source}: [keys] must be a table of binding ids and key lists, e.g. [keys] \"global.quit\" = \
             [\"q\", \"ctrl-q\"]; it is a {} here, so the default keys are used",
            value.type_str()
        ));
        return (keymap, warnings);
    };
    let ids: Vec<String> = KEYMAP.iter().map(|b| b.id()).collect();
    for (id, value) in table {
        let Some(index) = ids.iter().position(|known| known == id) else {
            let hint =
                closest(id, &ids).map_or_else(String::new, |near| format!(" (did you mean \"{near}\"?)"));
            warnings.push(format!(
                "{source} [keys]: {id:?} is not a binding id{hint}; {IDS_HELP}"
            ));
            continue;
        };
        match keys_of(value, KEYMAP[index].scope) {
            Ok(keys) => keymap.set_keys(index, keys),
            Err(problem) => warnings.push(format!(
                "{source} [keys]: {id:?} = {value}: {problem}; {id} keeps {}",
                KEYMAP[index].label
            )),
        }
    }
    while let Some((loser, other, key)) = first_clash(keymap.entries()) {
        let entries = keymap.entries();
        let (lost, by) = (&entries[loser], &entries[other]);
        let place = if lost.scope == by.scope {
            format!("({})", by.scope.title())
        } else {
            format!("({}), and one key means one thing on a screen", by.scope.title())
        };
        warnings.push(format!(
            "{source} [keys]: {:?} = [{}]: {} already means {} {place}; {} keeps {}",
            lost.id(),
            lost.keys
                .iter()
                .map(|k| format!("\"{}\"", spec(k)))
                .collect::<Vec<_>>()
                .join(", "),
            key.label(),
            by.id(),
            lost.id(),
            KEYMAP.get(loser).map_or("", |b| b.label)
        ));
        keymap.reset(loser);
    }
    (keymap, warnings)
}

/// The keys of one `[keys]` entry: a list of keys (or one key as a string), none twice.
fn keys_of(value: &toml::Value, scope: Scope) -> Result<Vec<Key>, String> {
    let texts: Vec<&str> = match value {
        toml::Value::String(text) => vec![text.as_str()],
        toml::Value::Array(items) => items
            .iter()
            .map(|item| {
                item.as_str()
                    .ok_or("each key is a string, e.g. [\"q\", \"ctrl-q\"]")
            })
            .collect::<Result<_, _>>()?,
        _ => return Err("give a list of keys, e.g. [\"q\", \"ctrl-q\"]".to_owned()),
    };
    if texts.is_empty() {
        return Err(
            "an empty list would leave the binding without a key; to move it, list its new keys".to_owned(),
        );
    }
    let mut keys = Vec::with_capacity(texts.len());
    for text in texts {
        let key = parse_key(text)?;
        if scope.takes_text() && !key.ctrl && matches!(key.code, KeyCode::Char(_)) {
            return Err(format!(
                "{text:?} is a plain character, typed as text in the {}; use ctrl-<character> or a named key",
                scope.title()
            ));
        }
        if !keys.contains(&key) {
            keys.push(key);
        }
    }
    Ok(keys)
}

/// One key as config.toml writes it: see [`SYNTAX`].
pub fn parse_key(text: &str) -> Result<Key, String> {
    let bad = || format!("{text:?} is not a key: write {SYNTAX}");
    let trimmed = if text.trim().is_empty() { text } else { text.trim() };
    let (ctrl, rest) = match trimmed.get(..5) {
        Some(prefix) if prefix.eq_ignore_ascii_case("ctrl-") && trimmed.len() > 5 => (true, &trimmed[5..]),
        _ => (false, trimmed),
    };
    let mut chars = rest.chars();
    let code = match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_control() => return Err(bad()),
        // Terminals send Ctrl with a letter as the small letter.
        (Some(c), None) if ctrl => KeyCode::Char(c.to_ascii_lowercase()),
        (Some(c), None) => KeyCode::Char(c),
        _ => {
            let name = rest.to_ascii_lowercase();
            match NAMES.iter().find(|(n, _)| *n == name) {
                Some((_, code)) => *code,
                None => match name.strip_prefix('f').and_then(|n| n.parse::<u8>().ok()) {
                    Some(n @ 1..=12) => KeyCode::F(n),
                    _ => return Err(bad()),
                },
            }
        }
    };
    Ok(Key { code, ctrl })
}

/// A key as config.toml writes it (`ctrl-s`, `enter`, `f5`, `q`): what [`parse_key`] reads back.
pub fn spec(key: &Key) -> String {
    let name = match key.code {
        KeyCode::Char(' ') => "space".to_owned(),
        KeyCode::Char(c) => c.to_string(),
        KeyCode::F(n) => format!("f{n}"),
        code => NAMES.iter().find(|(_, c)| *c == code).map_or_else(
            || format!("{code:?}").to_ascii_lowercase(),
            |(n, _)| (*n).to_owned(),
        ),
    };
    if key.ctrl { format!("ctrl-{name}") } else { name }
}

/// The first key two bindings share where both are in force on one screen, at least one of them overridden:
/// (the overridden one, put back to its defaults; the other; the key).
fn first_clash(entries: &[Entry]) -> Option<(usize, usize, Key)> {
    for (i, a) in entries.iter().enumerate() {
        for (j, b) in entries.iter().enumerate().skip(i + 1) {
            if !(a.overridden || b.overridden) || !a.scope.overlaps(b.scope) {
                continue;
            }
            if let Some(key) = a.keys.iter().find(|k| b.keys.contains(k)) {
                return Some(if b.overridden { (j, i, *key) } else { (i, j, *key) });
            }
        }
    }
    None
}

/// The known id nearest to a mistyped one (at most two edits away, or the same command in another scope).
fn closest<'a>(id: &str, ids: &'a [String]) -> Option<&'a str> {
    let near = ids
        .iter()
        .map(|known| (edits(id, known), known))
        .filter(|(d, _)| *d <= 2)
        .min_by_key(|(d, _)| *d)
        .map(|(_, known)| known.as_str());
    near.or_else(|| {
        let command = id.rsplit('.').next().unwrap_or(id);
        ids.iter()
            .map(String::as_str)
            .find(|known| known.rsplit('.').next() == Some(command))
    })
}

/// The Levenshtein distance of two short strings.
fn edits(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitute = previous + usize::from(ca != *cb);
            previous = row[j + 1];
            row[j + 1] = substitute.min(previous + 1).min(row[j] + 1);
        }
    }
    row[b.len()]
}
