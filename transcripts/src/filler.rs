//! Filler prompts: what a user says that explains nothing ("continue", "yes", "hi"). An edit's "why" skips them
//! (keeping the filler as the link's `via`), and so does the lock holder's intent in relayd's deny messages: one
//! rule for both.

/// Prompts that say nothing about the work ("continue", "yes", "hi"). Compared after [`filler_form`]: trimmed,
/// lower-cased, inner spaces collapsed, trailing punctuation dropped. A single `/command` is filler too.
pub const FILLER_PROMPTS: &[&str] = &[
    "continue",
    "cont",
    "continue please",
    "please continue",
    "pls continue",
    "keep going",
    "carry on",
    "go",
    "go on",
    "go ahead",
    "proceed",
    "please proceed",
    "resume",
    "next",
    "again",
    "retry",
    "try again",
    "do it",
    "yes",
    "y",
    "yep",
    "yeah",
    "yup",
    "sure",
    "ok",
    "okay",
    "k",
    "kk",
    "no",
    "n",
    "nope",
    "hi",
    "hey",
    "hello",
    "thanks",
    "thank you",
    "thx",
    "ty",
    "cool",
    "great",
    "nice",
    "perfect",
    "sounds good",
    "lgtm",
    "done",
];

/// The comparison form of a prompt: trimmed, lower-case, inner whitespace collapsed to one space, trailing
/// punctuation (`.!?,;:…`) dropped.
pub fn filler_form(prompt: &str) -> String {
    let collapsed = prompt
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase();
    collapsed
        .trim_end_matches(|c: char| ".!?,;:…".contains(c) || c.is_whitespace())
        .to_owned()
}

/// Whether a prompt is filler: empty, in [`FILLER_PROMPTS`], or a lone `/command`.
pub fn is_filler(prompt: &str) -> bool {
    let form = filler_form(prompt);
    form.is_empty()
        || FILLER_PROMPTS.contains(&form.as_str())
        || (form.starts_with('/') && !form.contains(' '))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filler_is_told_from_work() {
        for filler in ["continue", "  Yes!  ", "OK.", "go   on", "/clear", "", "thanks…"] {
            assert!(is_filler(filler), "{filler:?}");
        }
        for work in [
            "fix the login bug",
            "/review src/a.rs",
            "yes, and add tests",
            "continue with the JWT part",
        ] {
            assert!(!is_filler(work), "{work:?}");
        }
    }
}
