//! The hostile-input corpus (issue 17): 4 KB inputs built to hurt a shell scanner — nested quotes, 10,000 `;`,
//! unterminated quotes, NUL bytes, very long words, Unicode look-alikes, deeply nested `$(…)` and backticks — each
//! naming the stand it attacks. One generator for the guard's tests (`guard::tests`), the secret detectors'
//! tests and the guard bench (`benches/guard.rs` includes this file), so the inputs timed are the inputs checked.
//!
//! Self-contained on purpose (no `crate::` paths): the bench compiles it as its own module.

/// The names a hostile input attacks: an ssh alias, a kubectl context and a database host of the stand.
#[derive(Clone, Copy, Debug)]
pub struct Target<'a> {
    pub ssh: &'a str,
    pub context: &'a str,
    pub db: &'a str,
}

/// The size most inputs are built to.
pub const SIZE: usize = 4 * 1024;

/// Every input, by name. Each is at least [`SIZE`] bytes except where its name says what it holds.
pub fn corpus(target: Target<'_>) -> Vec<(&'static str, String)> {
    let Target { ssh, context, db } = target;
    let to_size = |piece: &str| piece.repeat(SIZE / piece.len() + 1);
    let nested_subst = {
        let depth = SIZE / 8;
        format!(
            "ssh {ssh} {}reboot{}",
            "\"$(echo ".repeat(depth),
            ")\"".repeat(depth)
        )
    };
    let nested_backticks = {
        // Each level escapes the backticks of the level inside it, as a shell needs.
        let mut text = format!("ssh {ssh} reboot");
        while text.len() < SIZE {
            text = format!("echo `{}`", text.replace('\\', "\\\\").replace('`', "\\`"));
        }
        text
    };
    vec![
        ("nested quotes", to_size(&format!("ssh {ssh} \"'\\\"'\\\"'"))),
        ("10,000 `;`", ";".repeat(10_000)),
        (
            "10,000 `;` then a change",
            format!("{}ssh {ssh} reboot", ";".repeat(10_000)),
        ),
        (
            "unterminated single quote",
            format!("ssh {ssh} '{}", to_size("rm -rf / ")),
        ),
        (
            "unterminated double quote",
            format!("psql -h {db} -c \"{}", to_size("drop ")),
        ),
        ("NUL bytes", format!("ssh\0{ssh}\0reboot {}", "\0".repeat(SIZE))),
        ("very long word", format!("ssh {} reboot", "a".repeat(SIZE))),
        (
            "very long host-like word",
            format!("curl https://{}.{ssh}.example", "x".repeat(SIZE)),
        ),
        (
            "Unicode look-alikes",
            to_size(&format!(
                "ѕѕh {} ѕudo rеboot; kubеctl --context {} delete pod x; ",
                ssh.replacen('a', "а", 1),
                context.replacen('o', "о", 1)
            )),
        ),
        ("nested $(…)", nested_subst),
        ("nested backticks", nested_backticks),
        ("backslashes", "\\".repeat(SIZE)),
        ("unclosed $(", "$(".repeat(SIZE / 2)),
        ("pipes and ampersands", to_size("a|b&c&&d||e;")),
        ("many options", format!("ssh {} {ssh} reboot", to_size("-p 22 "))),
        (
            "many host positions",
            to_size(&format!("kubectl --context {context} --context={context} ")),
        ),
        (
            "201 segments, a change in the last",
            format!("{}ssh {ssh} reboot", "true;".repeat(200)),
        ),
        ("200 short segments", to_size(&format!("ssh {ssh} ls;"))),
    ]
}
