//! The one key table: it drives dispatch, the `?` help overlay and the key list in docs/SPEC.md (a test keeps
//! the two equal).

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// What a key asks for. The update function decides what it means on the current screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    Quit,
    Help,
    Back,
    Refresh,
    Projects,
    Inbox,
    Sessions,
    Activity,
    Up,
    Down,
    Left,
    Right,
    Open,
    NextPage,
    NextTab,
    PrevTab,
    Tab(usize),
    MoveStage,
    AcceptStep,
    RejectStep,
    ReopenStep,
    CommentStep,
    Comment,
    MarkRead,
    AcceptPlan,
    NextProject,
    PrevProject,
    NextKind,
    PrevKind,
    LoadMore,
    Submit,
    Cancel,
}

/// Where a binding applies. `Global` keys work on every screen (not inside a form).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    Global,
    Projects,
    Board,
    Task,
    Review,
    Inbox,
    Sessions,
    Activity,
    Form,
}

impl Scope {
    pub fn title(self) -> &'static str {
        match self {
            Scope::Global => "everywhere",
            Scope::Projects => "projects",
            Scope::Board => "board",
            Scope::Task => "task",
            Scope::Review => "task, Review tab",
            Scope::Inbox => "inbox",
            Scope::Sessions => "sessions",
            Scope::Activity => "activity",
            Scope::Form => "editor and stage picker",
        }
    }
}

/// One key: its code and the modifiers it needs (Shift is ignored for characters).
#[derive(Debug, Clone, Copy)]
pub struct Key {
    pub code: KeyCode,
    pub ctrl: bool,
}

const fn key(c: char) -> Key {
    Key {
        code: KeyCode::Char(c),
        ctrl: false,
    }
}

const fn ctrl(c: char) -> Key {
    Key {
        code: KeyCode::Char(c),
        ctrl: true,
    }
}

const fn code(code: KeyCode) -> Key {
    Key { code, ctrl: false }
}

#[derive(Debug)]
pub struct Binding {
    pub keys: &'static [Key],
    /// How the keys are written in help and docs.
    pub label: &'static str,
    pub scope: Scope,
    pub command: Command,
    pub help: &'static str,
    /// Shown in the footer's short hint line.
    pub hint: bool,
}

const fn bind(
    keys: &'static [Key],
    label: &'static str,
    scope: Scope,
    command: Command,
    help: &'static str,
    hint: bool,
) -> Binding {
    Binding {
        keys,
        label,
        scope,
        command,
        help,
        hint,
    }
}

use Command as C;
use Scope as S;

/// Every key the window knows, in the order help and docs list them.
#[rustfmt::skip]
pub static KEYMAP: &[Binding] = &[
    bind(&[key('q'), ctrl('c')], "q, Ctrl-C", S::Global, C::Quit, "quit (the terminal is restored)", true),
    bind(&[key('?')], "?", S::Global, C::Help, "show or hide this help", true),
    bind(&[code(KeyCode::Esc), code(KeyCode::Backspace)], "Esc, Backspace", S::Global, C::Back, "back to the previous screen", true),
    bind(&[key('p')], "p", S::Global, C::Projects, "projects", false),
    bind(&[key('i')], "i", S::Global, C::Inbox, "inbox (Needs you)", true),
    bind(&[key('s')], "s", S::Global, C::Sessions, "sessions (from a board: its project's)", false),
    bind(&[key('e')], "e", S::Global, C::Activity, "activity (the event feed)", false),
    bind(&[ctrl('r'), code(KeyCode::F(5))], "Ctrl-R, F5", S::Global, C::Refresh, "fetch the screen's data again", false),
    bind(&[key('k'), code(KeyCode::Up)], "k, ↑", S::Global, C::Up, "previous row, card, step or line", false),
    bind(&[key('j'), code(KeyCode::Down)], "j, ↓", S::Global, C::Down, "next row, card, step or line", false),
    bind(&[code(KeyCode::Enter)], "Enter", S::Projects, C::Open, "open the project's board", true),
    bind(&[key('h'), code(KeyCode::Left)], "h, ←", S::Board, C::Left, "previous stage column (turns the page)", false),
    bind(&[key('l'), code(KeyCode::Right)], "l, →", S::Board, C::Right, "next stage column (turns the page)", false),
    bind(&[code(KeyCode::Tab)], "Tab", S::Board, C::NextPage, "next page of columns (Plan · Dev · Review · Test, then Live · Done)", false),
    bind(&[code(KeyCode::Enter)], "Enter", S::Board, C::Open, "open the task", true),
    bind(&[key('m')], "m", S::Board, C::MoveStage, "move the task to another stage", true),
    bind(&[code(KeyCode::Tab), key('l'), code(KeyCode::Right)], "Tab, l, →", S::Task, C::NextTab, "next tab", false),
    bind(&[code(KeyCode::BackTab), key('h'), code(KeyCode::Left)], "Shift-Tab, h, ←", S::Task, C::PrevTab, "previous tab", false),
    bind(&[key('1')], "1", S::Task, C::Tab(0), "Overview tab", false),
    bind(&[key('2')], "2", S::Task, C::Tab(1), "Plan tab", false),
    bind(&[key('3')], "3", S::Task, C::Tab(2), "Review tab", false),
    bind(&[key('4')], "4", S::Task, C::Tab(3), "Comments tab", false),
    bind(&[key('5')], "5", S::Task, C::Tab(4), "History tab (bindings, tracker, plan revisions)", false),
    bind(&[key('m')], "m", S::Task, C::MoveStage, "move the task to another stage", true),
    bind(&[key('c')], "c", S::Task, C::Comment, "write an owner comment for the bound session's agent", true),
    bind(&[key('r')], "r", S::Task, C::MarkRead, "mark the agent's replies read", false),
    bind(&[key('A')], "A", S::Task, C::AcceptPlan, "accept the plan (as the owner)", false),
    bind(&[key('a')], "a", S::Review, C::AcceptStep, "accept the step, with an optional comment", true),
    bind(&[key('x')], "x", S::Review, C::RejectStep, "reject the step, with an optional comment", true),
    bind(&[key('o')], "o", S::Review, C::ReopenStep, "reopen the step, with an optional comment", false),
    bind(&[key('C')], "C", S::Review, C::CommentStep, "comment on the step (leaves its status)", false),
    bind(&[code(KeyCode::Enter)], "Enter", S::Inbox, C::Open, "open the task (on its Review or Comments tab)", true),
    bind(&[code(KeyCode::Enter)], "Enter", S::Sessions, C::Open, "open the session's first bound task", true),
    bind(&[key('f')], "f", S::Sessions, C::NextProject, "project filter: next project (all, then each)", true),
    bind(&[key('F')], "F", S::Sessions, C::PrevProject, "project filter: previous project", false),
    bind(&[code(KeyCode::Enter)], "Enter", S::Activity, C::Open, "open the event's task", true),
    bind(&[key('f')], "f", S::Activity, C::NextProject, "project filter: next project (all, then each)", true),
    bind(&[key('F')], "F", S::Activity, C::PrevProject, "project filter: previous project", false),
    bind(&[key('t')], "t", S::Activity, C::NextKind, "kind filter: next event kind (all, then each)", true),
    bind(&[key('T')], "T", S::Activity, C::PrevKind, "kind filter: previous event kind", false),
    bind(&[key('n')], "n", S::Activity, C::LoadMore, "load more (the next 50 older events; also ↓ on the last row)", true),
    bind(&[ctrl('s')], "Ctrl-S", S::Form, C::Submit, "send (in the stage picker also Enter)", true),
    bind(&[code(KeyCode::Esc)], "Esc", S::Form, C::Cancel, "cancel (the text is dropped)", true),
];

impl Key {
    fn matches(&self, event: &KeyEvent) -> bool {
        let ctrl = event.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl != self.ctrl || event.modifiers.contains(KeyModifiers::ALT) {
            return false;
        }
        match (self.code, event.code) {
            // Shift-Tab arrives as BackTab with SHIFT; characters carry SHIFT in their case.
            (KeyCode::Char(a), KeyCode::Char(b)) => a == b,
            (a, b) => a == b,
        }
    }
}

/// The command a key means in `scopes` (tried in order), if any.
pub fn lookup(scopes: &[Scope], event: &KeyEvent) -> Option<Command> {
    scopes.iter().find_map(|scope| {
        KEYMAP
            .iter()
            .filter(|b| b.scope == *scope)
            .find(|b| b.keys.iter().any(|k| k.matches(event)))
            .map(|b| b.command)
    })
}

/// The bindings of `scopes`, for the help overlay and the footer.
pub fn bindings(scopes: &[Scope]) -> impl Iterator<Item = &'static Binding> + '_ {
    scopes
        .iter()
        .flat_map(|scope| KEYMAP.iter().filter(move |b| b.scope == *scope))
}

/// The key list that docs/SPEC.md carries under "The window" (a test keeps the two equal).
pub fn reference_table() -> String {
    let mut out = String::from("| Where | Keys | What they do |\n|---|---|---|\n");
    for b in KEYMAP {
        out.push_str(&format!(
            "| {} | {} | {} |\n",
            b.scope.title(),
            b.label.replace('|', "\\|"),
            b.help.replace('|', "\\|")
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, modifiers)
    }

    #[test]
    fn keys_resolve_in_scope_order_when_two_scopes_share_a_key() {
        let enter = press(KeyCode::Enter, KeyModifiers::NONE);
        assert_eq!(lookup(&[S::Board, S::Global], &enter), Some(C::Open));
        let l = press(KeyCode::Char('l'), KeyModifiers::NONE);
        assert_eq!(lookup(&[S::Task, S::Global], &l), Some(C::NextTab));
        assert_eq!(lookup(&[S::Board, S::Global], &l), Some(C::Right));
        let ctrl_c = press(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(lookup(&[S::Task, S::Global], &ctrl_c), Some(C::Quit));
        let shift_a = press(KeyCode::Char('A'), KeyModifiers::SHIFT);
        assert_eq!(lookup(&[S::Review, S::Task], &shift_a), Some(C::AcceptPlan));
        assert_eq!(
            lookup(&[S::Projects], &press(KeyCode::Char('z'), KeyModifiers::NONE)),
            None
        );
    }

    #[test]
    fn no_key_means_two_things_in_one_scope_when_the_table_is_read() {
        for (i, a) in KEYMAP.iter().enumerate() {
            for b in &KEYMAP[i + 1..] {
                if a.scope != b.scope {
                    continue;
                }
                for ka in a.keys {
                    assert!(
                        !b.keys.iter().any(|kb| ka.code == kb.code && ka.ctrl == kb.ctrl),
                        "{:?} is bound twice in {:?}",
                        ka.code,
                        a.scope
                    );
                }
            }
        }
    }

    #[test]
    fn key_list_in_docs_matches_the_key_table() {
        let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/SPEC.md")).unwrap();
        assert!(
            doc.contains(&reference_table()),
            "docs/SPEC.md is out of date; paste this table under \"The window\":\n{}",
            reference_table()
        );
    }
}
