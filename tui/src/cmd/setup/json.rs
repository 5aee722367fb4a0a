//! Editing an agent's JSON config as text, so that everything relay does not touch stays byte for byte as it was:
//! key order, indentation, line endings, number spellings, blank lines.
//!
//! [`parse`] reads a document (already known to be JSON: callers check with `serde_json` first, whose errors
//! name the line and column) into a tree of [`Node`]s that remember their byte spans. Edits are splices of that
//! text ([`Edit`]); [`apply`] applies a set of non-overlapping ones. New values are written by [`Style`] in the
//! file's own indentation and line ending ([`Style::detect`]). Parsing the template files in `hooks/` with the same
//! parser keeps their key order, which `serde_json::Value` (without `preserve_order`) would sort.

use std::ops::Range;

/// A JSON value with the byte range it spans in the text it was read from.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    pub span: Range<usize>,
    pub kind: Kind,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    Object(Vec<Member>),
    Array(Vec<Node>),
    String(String),
    /// A number, `true`, `false` or `null`, kept as written.
    Scalar(String),
}

/// One `"key": value` of an object; `span` runs from the key's opening quote to the value's end.
#[derive(Clone, Debug, PartialEq)]
pub struct Member {
    pub key: String,
    pub span: Range<usize>,
    pub value: Node,
}

impl Node {
    pub fn members(&self) -> Option<&[Member]> {
        match &self.kind {
            Kind::Object(members) => Some(members),
            _ => None,
        }
    }

    pub fn elements(&self) -> Option<&[Node]> {
        match &self.kind {
            Kind::Array(elements) => Some(elements),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match &self.kind {
            Kind::String(text) => Some(text),
            _ => None,
        }
    }

    /// The first member called `key` of an object.
    pub fn get(&self, key: &str) -> Option<&Node> {
        self.member(key).map(|member| &member.value)
    }

    pub fn member(&self, key: &str) -> Option<&Member> {
        self.members()?.iter().find(|member| member.key == key)
    }

    /// The value as `serde_json` sees it, for comparing meaning rather than spelling.
    pub fn to_value(&self) -> serde_json::Value {
        match &self.kind {
            Kind::Object(members) => serde_json::Value::Object(
                members
                    .iter()
                    .map(|member| (member.key.clone(), member.value.to_value()))
                    .collect(),
            ),
            Kind::Array(elements) => serde_json::Value::Array(elements.iter().map(Node::to_value).collect()),
            Kind::String(text) => serde_json::Value::String(text.clone()),
            Kind::Scalar(raw) => serde_json::from_str(raw).unwrap_or(serde_json::Value::Null),
        }
    }

    /// What kind of value this is, for messages.
    pub fn type_name(&self) -> &'static str {
        match &self.kind {
            Kind::Object(_) => "an object",
            Kind::Array(_) => "an array",
            Kind::String(_) => "a string",
            Kind::Scalar(raw) if raw == "null" => "null",
            Kind::Scalar(raw) if raw == "true" || raw == "false" => "a boolean",
            Kind::Scalar(_) => "a number",
        }
    }
}

/// Why a text could not be read as JSON by [`parse`].
#[derive(Debug, thiserror::Error)]
#[error("{message} at byte {offset}")]
pub struct ParseError {
    pub message: String,
    pub offset: usize,
}

/// Reads `text` (one JSON value, surrounding whitespace allowed) into a span tree.
pub fn parse(text: &str) -> Result<Node, ParseError> {
    let mut parser = Parser {
        text,
        pos: 0,
        depth: 0,
    };
    parser.skip_ws();
    let node = parser.value()?;
    parser.skip_ws();
    if parser.pos != text.len() {
        return Err(parser.error("text after the JSON value"));
    }
    Ok(node)
}

/// Deep enough for any config file; a deeper one is refused rather than risking the stack.
const MAX_DEPTH: usize = 128;

struct Parser<'a> {
    text: &'a str,
    pos: usize,
    depth: usize,
}

impl Parser<'_> {
    fn error(&self, message: &str) -> ParseError {
        ParseError {
            message: message.to_owned(),
            offset: self.pos,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    fn expect(&mut self, byte: u8) -> Result<(), ParseError> {
        if self.peek() == Some(byte) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.error(&format!("expected `{}`", byte as char)))
        }
    }

    fn value(&mut self) -> Result<Node, ParseError> {
        match self.peek() {
            Some(b'{') => self.nested(Parser::object),
            Some(b'[') => self.nested(Parser::array),
            Some(b'"') => {
                let start = self.pos;
                let text = self.string()?;
                Ok(Node {
                    span: start..self.pos,
                    kind: Kind::String(text),
                })
            }
            Some(_) => self.scalar(),
            None => Err(self.error("unexpected end of text")),
        }
    }

    fn nested(&mut self, read: fn(&mut Self) -> Result<Node, ParseError>) -> Result<Node, ParseError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error("nested too deeply"));
        }
        let node = read(self);
        self.depth -= 1;
        node
    }

    fn object(&mut self) -> Result<Node, ParseError> {
        let start = self.pos;
        self.expect(b'{')?;
        let mut members = Vec::new();
        self.skip_ws();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(Node {
                span: start..self.pos,
                kind: Kind::Object(members),
            });
        }
        loop {
            self.skip_ws();
            let key_start = self.pos;
            if self.peek() != Some(b'"') {
                return Err(self.error("expected a key"));
            }
            let key = self.string()?;
            self.skip_ws();
            self.expect(b':')?;
            self.skip_ws();
            let value = self.value()?;
            members.push(Member {
                key,
                span: key_start..value.span.end,
                value,
            });
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(Node {
                        span: start..self.pos,
                        kind: Kind::Object(members),
                    });
                }
                _ => return Err(self.error("expected `,` or `}`")),
            }
        }
    }

    fn array(&mut self) -> Result<Node, ParseError> {
        let start = self.pos;
        self.expect(b'[')?;
        let mut elements = Vec::new();
        self.skip_ws();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(Node {
                span: start..self.pos,
                kind: Kind::Array(elements),
            });
        }
        loop {
            self.skip_ws();
            elements.push(self.value()?);
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(Node {
                        span: start..self.pos,
                        kind: Kind::Array(elements),
                    });
                }
                _ => return Err(self.error("expected `,` or `]`")),
            }
        }
    }

    /// A string token, decoded (escapes included) by `serde_json`.
    fn string(&mut self) -> Result<String, ParseError> {
        let start = self.pos;
        self.expect(b'"')?;
        let bytes = self.text.as_bytes();
        loop {
            match bytes.get(self.pos) {
                Some(b'"') => {
                    self.pos += 1;
                    break;
                }
                Some(b'\\') => self.pos += 2,
                Some(_) => self.pos += 1,
                None => return Err(self.error("unterminated string")),
            }
        }
        let raw = self
            .text
            .get(start..self.pos)
            .ok_or_else(|| self.error("a string that splits a character"))?;
        serde_json::from_str(raw).map_err(|e| ParseError {
            message: format!("bad string ({e})"),
            offset: start,
        })
    }

    fn scalar(&mut self) -> Result<Node, ParseError> {
        let start = self.pos;
        while matches!(
            self.peek(),
            Some(b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z' | b'-' | b'+' | b'.')
        ) {
            self.pos += 1;
        }
        let raw = &self.text[start..self.pos];
        if raw.is_empty() || serde_json::from_str::<serde_json::Value>(raw).is_err() {
            return Err(ParseError {
                message: format!("unexpected {raw:?}"),
                offset: start,
            });
        }
        Ok(Node {
            span: start..self.pos,
            kind: Kind::Scalar(raw.to_owned()),
        })
    }
}

/// Replace `range` of the text with `text`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    pub range: Range<usize>,
    pub text: String,
}

/// Applies non-overlapping edits (in any order) to `text`.
pub fn apply(text: &str, edits: &[Edit]) -> String {
    let mut sorted: Vec<&Edit> = edits.iter().collect();
    sorted.sort_by_key(|edit| (edit.range.start, edit.range.end));
    let mut out = String::with_capacity(text.len() + edits.iter().map(|e| e.text.len()).sum::<usize>());
    let mut at = 0;
    for edit in sorted {
        let start = edit.range.start.max(at);
        out.push_str(&text[at..start]);
        out.push_str(&edit.text);
        at = edit.range.end.max(start);
    }
    out.push_str(&text[at..]);
    out
}

/// A value to write, with its keys in the order they are to appear.
#[derive(Clone, Debug, PartialEq)]
pub enum Out {
    Object(Vec<(String, Out)>),
    Array(Vec<Out>),
    String(String),
    /// A number or literal, written as is.
    Raw(String),
}

impl Out {
    /// A parsed node as a value to write (template entries are written this way).
    pub fn from_node(node: &Node) -> Out {
        match &node.kind {
            Kind::Object(members) => Out::Object(
                members
                    .iter()
                    .map(|member| (member.key.clone(), Out::from_node(&member.value)))
                    .collect(),
            ),
            Kind::Array(elements) => Out::Array(elements.iter().map(Out::from_node).collect()),
            Kind::String(text) => Out::String(text.clone()),
            Kind::Scalar(raw) => Out::Raw(raw.clone()),
        }
    }

    pub fn to_value(&self) -> serde_json::Value {
        match self {
            Out::Object(members) => serde_json::Value::Object(
                members
                    .iter()
                    .map(|(key, value)| (key.clone(), value.to_value()))
                    .collect(),
            ),
            Out::Array(elements) => serde_json::Value::Array(elements.iter().map(Out::to_value).collect()),
            Out::String(text) => serde_json::Value::String(text.clone()),
            Out::Raw(raw) => serde_json::from_str(raw).unwrap_or(serde_json::Value::Null),
        }
    }

    /// Every string in the value with `from` replaced by `to` (template placeholders).
    pub fn replace(&self, from: &str, to: &str) -> Out {
        match self {
            Out::Object(members) => Out::Object(
                members
                    .iter()
                    .map(|(key, value)| (key.clone(), value.replace(from, to)))
                    .collect(),
            ),
            Out::Array(elements) => Out::Array(elements.iter().map(|e| e.replace(from, to)).collect()),
            Out::String(text) => Out::String(text.replace(from, to)),
            Out::Raw(raw) => Out::Raw(raw.clone()),
        }
    }
}

/// How the file is laid out: its indentation unit and line ending.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Style {
    pub indent: String,
    pub newline: &'static str,
}

impl Default for Style {
    /// Two spaces and `\n`, as Claude Code writes its settings.
    fn default() -> Style {
        Style {
            indent: "  ".to_owned(),
            newline: "\n",
        }
    }
}

impl Style {
    /// The indentation of the file's first indented line (a tab, or that many spaces) and its line ending
    /// (`\r\n` when most line breaks are); the defaults for what the text does not show.
    pub fn detect(text: &str) -> Style {
        let crlf = text.matches("\r\n").count();
        let lf = text.matches('\n').count();
        let newline = if crlf > 0 && crlf * 2 >= lf { "\r\n" } else { "\n" };
        let indent = text
            .split('\n')
            .skip(1)
            .find_map(|line| {
                let line = line.trim_end_matches('\r');
                let lead: String = line.chars().take_while(|c| *c == ' ' || *c == '\t').collect();
                (!lead.is_empty() && lead.len() < line.len()).then_some(lead)
            })
            .map(|lead| {
                if lead.starts_with('\t') {
                    "\t".to_owned()
                } else {
                    lead
                }
            })
            .unwrap_or_else(|| "  ".to_owned());
        Style { indent, newline }
    }

    /// `value` spread over lines, each nested line starting with `base` plus one unit per level; the first line
    /// is not indented (it continues where it is put).
    pub fn pretty(&self, value: &Out, base: &str) -> String {
        let mut out = String::new();
        self.write(value, base, &mut out);
        out
    }

    fn write(&self, value: &Out, base: &str, out: &mut String) {
        let inner = format!("{base}{}", self.indent);
        match value {
            Out::Object(members) if members.is_empty() => out.push_str("{}"),
            Out::Array(elements) if elements.is_empty() => out.push_str("[]"),
            Out::Object(members) => {
                out.push('{');
                for (i, (key, value)) in members.iter().enumerate() {
                    out.push_str(if i == 0 { "" } else { "," });
                    out.push_str(self.newline);
                    out.push_str(&inner);
                    out.push_str(&quote(key));
                    out.push_str(": ");
                    self.write(value, &inner, out);
                }
                out.push_str(self.newline);
                out.push_str(base);
                out.push('}');
            }
            Out::Array(elements) => {
                out.push('[');
                for (i, element) in elements.iter().enumerate() {
                    out.push_str(if i == 0 { "" } else { "," });
                    out.push_str(self.newline);
                    out.push_str(&inner);
                    self.write(element, &inner, out);
                }
                out.push_str(self.newline);
                out.push_str(base);
                out.push(']');
            }
            Out::String(text) => out.push_str(&quote(text)),
            Out::Raw(raw) => out.push_str(raw),
        }
    }
}

/// `value` on one line, for files written that way.
pub fn compact(value: &Out) -> String {
    match value {
        Out::Object(members) => {
            let members: Vec<String> = members
                .iter()
                .map(|(key, value)| format!("{}: {}", quote(key), compact(value)))
                .collect();
            format!("{{{}}}", members.join(", "))
        }
        Out::Array(elements) => {
            let elements: Vec<String> = elements.iter().map(compact).collect();
            format!("[{}]", elements.join(", "))
        }
        Out::String(text) => quote(text),
        Out::Raw(raw) => raw.clone(),
    }
}

/// A JSON string literal.
pub fn quote(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| "\"\"".to_owned())
}

/// The whitespace between the previous token and `at`, and whether it holds a line break.
fn lead_before(text: &str, at: usize) -> &str {
    let before = &text[..at];
    let trimmed = before.trim_end_matches([' ', '\t', '\r', '\n']);
    &before[trimmed.len()..]
}

/// The indentation of the line `at` is on.
fn line_indent(text: &str, at: usize) -> &str {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = &text[line_start..];
    let width = line.len() - line.trim_start_matches([' ', '\t']).len();
    &line[..width]
}

/// A child to add to a container: an array element, or an object member (its key already quoted, with the
/// separator the file uses after keys).
enum Child<'a> {
    Element(&'a Out),
    Member {
        key: String,
        colon: &'a str,
        value: &'a Out,
    },
}

impl Child<'_> {
    /// The child's text, spread over lines from `indent`, or on one line when `None`.
    fn render(&self, style: &Style, indent: Option<&str>) -> String {
        let value = |out: &Out| match indent {
            Some(indent) => style.pretty(out, indent),
            None => compact(out),
        };
        match self {
            Child::Element(out) => value(out),
            Child::Member {
                key,
                colon,
                value: out,
            } => format!("{key}{colon}{}", value(out)),
        }
    }
}

/// The edit that adds `items` at the end of the container `node`, whose existing children span `children`, in
/// their layout: on new lines at their indentation when they are spread over lines, else inline.
fn append_children(
    text: &str,
    style: &Style,
    node: &Node,
    children: &[Range<usize>],
    items: &[Child<'_>],
) -> Edit {
    if let Some(last) = children.last() {
        let lead = lead_before(text, last.start);
        let mut insert = String::new();
        if let Some(newline_at) = lead.rfind('\n') {
            let indent = &lead[newline_at + 1..];
            for item in items {
                insert.push(',');
                insert.push_str(style.newline);
                insert.push_str(indent);
                insert.push_str(&item.render(style, Some(indent)));
            }
        } else {
            for item in items {
                insert.push_str(", ");
                insert.push_str(&item.render(style, None));
            }
        }
        Edit {
            range: last.end..last.end,
            text: insert,
        }
    } else {
        let outer = line_indent(text, node.span.start);
        let inner = format!("{outer}{}", style.indent);
        let mut insert = String::new();
        for (i, item) in items.iter().enumerate() {
            insert.push_str(if i == 0 { "" } else { "," });
            insert.push_str(style.newline);
            insert.push_str(&inner);
            insert.push_str(&item.render(style, Some(&inner)));
        }
        insert.push_str(style.newline);
        insert.push_str(outer);
        Edit {
            range: node.span.start + 1..node.span.end - 1,
            text: insert,
        }
    }
}

/// Appends `values` to the array `node`, in the layout of its existing elements.
pub fn append_elements(text: &str, style: &Style, node: &Node, values: &[Out]) -> Option<Edit> {
    let elements = node.elements()?;
    let children: Vec<Range<usize>> = elements.iter().map(|e| e.span.clone()).collect();
    let items: Vec<Child<'_>> = values.iter().map(Child::Element).collect();
    Some(append_children(text, style, node, &children, &items))
}

/// Appends `"key": value` members to the object `node`, in the layout of its existing members.
pub fn append_members(text: &str, style: &Style, node: &Node, members: &[(String, Out)]) -> Option<Edit> {
    let existing = node.members()?;
    let children: Vec<Range<usize>> = existing.iter().map(|m| m.span.clone()).collect();
    // The separator after the key, as the file writes it (`": "` when it shows none).
    let colon = existing
        .first()
        .map(|m| {
            let key_end = m.span.start + quote_len(text, m.span.start);
            text[key_end..m.value.span.start].to_owned()
        })
        .filter(|sep| sep.trim() == ":" && !sep.contains('\n'))
        .unwrap_or_else(|| ": ".to_owned());
    let items: Vec<Child<'_>> = members
        .iter()
        .map(|(key, value)| Child::Member {
            key: quote(key),
            colon: &colon,
            value,
        })
        .collect();
    Some(append_children(text, style, node, &children, &items))
}

/// The byte length of the string token starting at `at`.
fn quote_len(text: &str, at: usize) -> usize {
    let bytes = text.as_bytes();
    let mut i = at + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return i + 1 - at,
            _ => i += 1,
        }
    }
    text.len() - at
}

/// Replaces `node` with `value`, written at the indentation of the line it starts on (on one line when the node
/// was).
pub fn replace(text: &str, style: &Style, node: &Node, value: &Out) -> Edit {
    let spread = text[node.span.clone()].contains('\n');
    let rendered = if spread {
        style.pretty(value, line_indent(text, node.span.start))
    } else {
        compact(value)
    };
    Edit {
        range: node.span.clone(),
        text: rendered,
    }
}

/// Edits that remove the children marked `true` in `removed` from a container whose children span `children`,
/// commas included; when every child goes, the container is left empty (`[]`, `{}`) with nothing between its
/// brackets. `container` is the container's own span.
pub fn remove_children(container: &Range<usize>, children: &[Range<usize>], removed: &[bool]) -> Vec<Edit> {
    let Some(first_kept) = removed.iter().position(|gone| !gone) else {
        return if children.is_empty() {
            Vec::new()
        } else {
            vec![Edit {
                range: container.start + 1..container.end - 1,
                text: String::new(),
            }]
        };
    };
    let mut edits = Vec::new();
    for (i, gone) in removed.iter().enumerate() {
        if !gone {
            continue;
        }
        let range = if i < first_kept {
            children[i].start..children[i + 1].start
        } else {
            children[i - 1].end..children[i].end
        };
        edits.push(Edit {
            range,
            text: String::new(),
        });
    }
    edits
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(text: &str) -> Node {
        parse(text).unwrap_or_else(|e| panic!("{e}: {text}"))
    }

    #[test]
    fn parse_keeps_spans_and_order_when_reading_nested_values() {
        let text = "{\n  \"b\": [1, {\"x\": \"y\\\"z\"}],\n  \"a\": null\n}\n";
        let root = node(text);
        let members = root.members().unwrap_or_default();
        assert_eq!(
            members.iter().map(|m| m.key.as_str()).collect::<Vec<_>>(),
            ["b", "a"]
        );
        let b = &members[0];
        assert_eq!(&text[b.span.clone()], "\"b\": [1, {\"x\": \"y\\\"z\"}]");
        assert_eq!(
            b.value.elements().map(|e| e[1].get("x").and_then(Node::as_str)),
            Some(Some("y\"z"))
        );
        assert_eq!(
            root.to_value(),
            serde_json::from_str::<serde_json::Value>(text).unwrap_or_default()
        );
    }

    #[test]
    fn parse_refuses_trailing_text_and_bad_tokens() {
        assert!(parse("{} x").is_err());
        assert!(parse("{\"a\": tru}").is_err());
        assert!(parse("[1,]").is_err());
        assert!(parse(&"[".repeat(200)).is_err());
    }

    #[test]
    fn style_detects_tabs_crlf_and_four_spaces_when_the_file_shows_them() {
        assert_eq!(
            Style::detect("{\r\n\t\"a\": 1\r\n}\r\n"),
            Style {
                indent: "\t".to_owned(),
                newline: "\r\n"
            }
        );
        assert_eq!(Style::detect("{\n    \"a\": 1\n}").indent, "    ");
        assert_eq!(Style::detect("{\"a\":1}"), Style::default());
    }

    #[test]
    fn append_follows_the_existing_layout_when_elements_are_spread_or_inline() {
        let style = Style::default();
        let text = "{\n  \"a\": [\n    1\n  ]\n}";
        let root = node(text);
        let array = root.get("a").cloned().unwrap_or_else(|| node("[]"));
        let edit = append_elements(text, &style, &array, &[Out::Raw("2".into())]);
        let out = apply(text, &edit.into_iter().collect::<Vec<_>>());
        assert_eq!(out, "{\n  \"a\": [\n    1,\n    2\n  ]\n}");

        let text = "{\"a\":[1]}";
        let root = node(text);
        let array = root.get("a").cloned().unwrap_or_else(|| node("[]"));
        let edit = append_elements(text, &style, &array, &[Out::Raw("2".into())]);
        assert_eq!(
            apply(text, &edit.into_iter().collect::<Vec<_>>()),
            "{\"a\":[1, 2]}"
        );
    }

    #[test]
    fn append_member_into_an_empty_object_indents_one_level_deeper_than_its_line() {
        let style = Style::detect("{\n\t\"x\": {}\n}");
        let text = "{\n\t\"x\": {}\n}";
        let root = node(text);
        let x = root.get("x").cloned().unwrap_or_else(|| node("{}"));
        let value = Out::Array(vec![Out::String("v".into())]);
        let edit = append_members(text, &style, &x, &[("k".into(), value)]);
        assert_eq!(
            apply(text, &edit.into_iter().collect::<Vec<_>>()),
            "{\n\t\"x\": {\n\t\t\"k\": [\n\t\t\t\"v\"\n\t\t]\n\t}\n}"
        );
    }

    #[test]
    fn remove_children_takes_the_commas_with_them_wherever_they_are() {
        let text = "[1, 2, 3]";
        let root = node(text);
        let spans: Vec<_> = root
            .elements()
            .unwrap_or_default()
            .iter()
            .map(|e| e.span.clone())
            .collect();
        let cases = [
            ([true, false, false], "[2, 3]"),
            ([false, true, false], "[1, 3]"),
            ([false, false, true], "[1, 2]"),
            ([true, true, false], "[3]"),
            ([false, true, true], "[1]"),
            ([true, false, true], "[2]"),
            ([true, true, true], "[]"),
        ];
        for (removed, expected) in cases {
            let edits = remove_children(&root.span, &spans, &removed);
            assert_eq!(apply(text, &edits), expected, "{removed:?}");
        }
    }
}
