//! The answer budget: how much one MCP tool answer may hold, counted in tokens the way the profile budget test
//! counts them (characters / 4), set by the `mcp_answer_tokens` config key.
//!
//! Two halves, both here:
//! - [`Budget::page`] builds a list answer — a head, as many items as fit in order, a tail naming the call for
//!   the next page — so the list tools cut where a cursor can continue.
//! - [`Budget::enforce`] is the one guard every tool answer passes on its way out (`server.rs`, `call_tool`):
//!   an answer still over the budget is cut at a line and ends with what was cut and how to read the rest. A
//!   paged tool never reaches it; it keeps an unpaged one (a review checklist of hundreds of steps) within bounds.

/// Characters per token, as the profile budget test counts them.
pub const CHARS_PER_TOKEN: usize = 4;

/// Tokens of `text`, counted as the profile budget test counts them.
pub fn tokens(text: &str) -> usize {
    text.chars().count() / CHARS_PER_TOKEN
}

/// The most an answer may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    tokens: usize,
}

/// Room kept free for the line [`Budget::enforce`] adds when it cuts.
const CUT_LINE_ROOM: usize = 400;

impl Budget {
    pub fn new(tokens: u32) -> Budget {
        Budget {
            tokens: usize::try_from(tokens).unwrap_or(usize::MAX),
        }
    }

    /// The budget of `config` (`mcp_answer_tokens`).
    pub fn of(config: &relay_core::config::Config) -> Budget {
        Budget::new(config.mcp_answer_tokens)
    }

    /// The budget in characters.
    pub fn chars(self) -> usize {
        self.tokens.saturating_mul(CHARS_PER_TOKEN)
    }

    /// A smaller budget: `chars` fewer characters (for an answer that keeps them for something else).
    pub fn less(self, chars: usize) -> Budget {
        Budget {
            tokens: self.chars().saturating_sub(chars) / CHARS_PER_TOKEN,
        }
    }

    /// Whether `text` is within the budget.
    pub fn fits(self, text: &str) -> bool {
        tokens(text) <= self.tokens
    }

    /// A list answer within the budget: `head(shown)`, then the first items that fit (one line or block each,
    /// in order), then `tail(shown)`. Returns the text and how many items it shows; at least one item is shown
    /// when there is one, cut by [`cut_to`] if it alone is over the budget.
    pub fn page<F, G>(self, items: &[String], head: F, tail: G) -> (String, usize)
    where
        F: Fn(usize) -> String,
        G: Fn(usize) -> String,
    {
        let assemble = |shown: usize| {
            let mut text = head(shown);
            for item in &items[..shown] {
                text.push_str(item);
            }
            text.push_str(&tail(shown));
            text
        };
        // Greedy by length first (cheap), then checked on the real text (head and tail depend on `shown`).
        let room = self.chars().saturating_sub(CUT_LINE_ROOM);
        let fixed = head(items.len()).chars().count() + tail(items.len()).chars().count() + 64;
        let mut used = fixed;
        let mut shown = 0;
        for item in items {
            let len = item.chars().count();
            if used + len > room {
                break;
            }
            used += len;
            shown += 1;
        }
        loop {
            let text = assemble(shown);
            if self.fits(&text) || shown == 0 {
                if shown == 0 && !items.is_empty() {
                    // Not even one item fits: show the first one cut, so the page still moves on.
                    let first = cut_to(&items[0], room.saturating_sub(fixed).max(200));
                    let mut text = head(1);
                    text.push_str(&first);
                    text.push_str(&tail(1));
                    return (text, 1);
                }
                return (text, shown);
            }
            shown -= 1;
        }
    }

    /// The guard every answer passes: an answer over the budget is cut at the last line that fits and ends with
    /// a line saying how much was cut and `rest` (how to read it); an answer within it is returned as it is.
    pub fn enforce(self, text: String, rest: &str) -> String {
        if self.fits(&text) {
            return text;
        }
        let total = tokens(&text);
        let room = self.chars().saturating_sub(CUT_LINE_ROOM + rest.chars().count());
        let kept = cut_to(&text, room);
        let kept = kept.trim_end();
        let cut = total.saturating_sub(tokens(kept));
        format!(
            "{kept}\n… cut here: about {cut} more tokens of this answer are over the {} token answer budget. {rest}",
            self.tokens
        )
    }
}

/// `text` cut to at most `max` characters at the end of a line (or within the line when one line is longer),
/// ending with `…` when cut within a line.
pub fn cut_to(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let end = text
        .char_indices()
        .nth(max)
        .map_or(text.len(), |(index, _)| index);
    let head = &text[..end];
    match head.rfind('\n') {
        Some(newline) if newline > 0 => head[..=newline].to_owned(),
        _ => {
            let mut line: String = head.chars().take(max.saturating_sub(1)).collect();
            line.push('…');
            line
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_count_characters_by_four_like_the_profile_test() {
        assert_eq!(tokens(""), 0);
        assert_eq!(tokens("abcdefgh"), 2);
        assert_eq!(tokens("ééééé"), 1, "characters, not bytes");
    }

    #[test]
    fn page_shows_the_items_that_fit_and_says_how_many_when_the_list_is_longer() {
        let budget = Budget::new(1_000);
        let items: Vec<String> = (0..500)
            .map(|n| format!("- item {n:04} with some words\n"))
            .collect();
        let (text, shown) = budget.page(
            &items,
            |shown| format!("{shown} of 500:\n"),
            |shown| format!("Next page: list(after={shown})"),
        );
        assert!(budget.fits(&text), "{}", tokens(&text));
        assert!(shown > 50 && shown < 500, "{shown}");
        assert!(
            text.starts_with(&format!("{shown} of 500:\n- item 0000")),
            "{text}"
        );
        assert!(
            text.ends_with(&format!("Next page: list(after={shown})")),
            "{text}"
        );
    }

    #[test]
    fn page_shows_everything_when_it_fits() {
        let items: Vec<String> = (0..3).map(|n| format!("- {n}\n")).collect();
        let (text, shown) = Budget::new(1_000).page(&items, |_| "3:\n".into(), |_| "end".into());
        assert_eq!(shown, 3);
        assert_eq!(text, "3:\n- 0\n- 1\n- 2\nend");
    }

    #[test]
    fn page_cuts_a_single_item_over_the_budget_instead_of_showing_none() {
        let items = vec![format!("- {}\n", "x".repeat(10_000))];
        let budget = Budget::new(1_000);
        let (text, shown) = budget.page(&items, |_| "1:\n".into(), |_| "end".into());
        assert_eq!(shown, 1);
        assert!(budget.fits(&text), "{}", tokens(&text));
        assert!(text.contains('…') && text.ends_with("end"), "{text}");
    }

    #[test]
    fn enforce_cuts_at_a_line_and_says_how_to_read_the_rest_when_over() {
        let budget = Budget::new(1_000);
        let text: String = (0..2_000).map(|n| format!("line {n}\n")).collect();
        let cut = budget.enforce(text, "Read the rest with thing(page=2).");
        assert!(budget.fits(&cut), "{}", tokens(&cut));
        assert!(
            cut.ends_with("token answer budget. Read the rest with thing(page=2)."),
            "{cut}"
        );
        let before_note = cut.rsplit_once("\n… cut here").map(|(kept, _)| kept).unwrap();
        assert!(
            before_note.ends_with(|c: char| c.is_ascii_digit()),
            "cut at a line end: {before_note:?}"
        );
        assert_eq!(budget.enforce("short".into(), "x"), "short");
    }
}
