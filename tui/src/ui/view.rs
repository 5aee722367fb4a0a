//! Draws the model. Views take `&Model` and never change it.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, List, ListItem, Paragraph};

use super::model::{Connection, Model};

/// The smallest screen the window can draw on.
pub const MIN_SIZE: (u16, u16) = (50, 12);

pub fn view(model: &Model, frame: &mut Frame) {
    let area = frame.area();
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        let text = format!(
            "relay needs at least {}x{}; this terminal is {}x{}",
            MIN_SIZE.0, MIN_SIZE.1, area.width, area.height
        );
        frame.render_widget(Paragraph::new(text), area);
        return;
    }
    let [header, status, events, footer] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(8),
        Constraint::Min(3),
        Constraint::Length(1),
    ])
    .areas(area);

    let (state, color) = match &model.connection {
        Connection::Connecting => ("connecting…".to_owned(), Color::Yellow),
        Connection::Live => ("live".to_owned(), Color::Green),
        Connection::Lost(reason) => (format!("disconnected: {reason}"), Color::Red),
    };
    frame.render_widget(
        Line::from(vec![
            Span::styled(
                " relay ",
                Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED),
            ),
            Span::raw(format!(" {} · ", relay_core::VERSION)),
            Span::styled(state, Style::new().fg(color)),
        ]),
        header,
    );

    let lines: Vec<Line> = match &model.status {
        Some(s) => vec![
            Line::from(format!(
                "relayd {}  pid {}  up {}",
                s.daemon_version,
                s.pid,
                crate::cmd::daemon::uptime(s.started_at_ms)
            )),
            Line::from(format!("data dir  {}", s.data_dir)),
            Line::from(format!("socket    {}", s.socket_path)),
            Line::from(format!("http      http://{}", s.http_addr)),
            Line::from(format!(
                "store     schema {} · last event #{}",
                s.schema_version, s.last_event_id
            )),
            Line::from(format!("token id  {}", s.token_id)),
        ],
        None => vec![Line::from("waiting for the daemon's snapshot…")],
    };
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(" daemon ")),
        status,
    );

    let items: Vec<ListItem> = model
        .events
        .iter()
        .map(|e| {
            let subject = if e.subject.is_empty() {
                String::new()
            } else {
                format!(" {}", e.subject)
            };
            ListItem::new(format!("#{:<6} {:<16}{subject} {}", e.id, e.kind, e.data_json))
        })
        .collect();
    let title = match model.resyncs {
        0 => " events ".to_owned(),
        n => format!(" events (resynced {n}×) "),
    };
    let list = if items.is_empty() {
        List::new([ListItem::new("no events since the window opened")])
    } else {
        List::new(items)
    };
    frame.render_widget(list.block(Block::bordered().title(title)), events);

    frame.render_widget(
        Line::from(" q quit · the board arrives with the next release; `relay --help` lists the commands")
            .style(Style::new().fg(Color::DarkGray)),
        footer,
    );
}

#[cfg(test)]
mod tests {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use relay_core::proto;

    use super::*;
    use crate::ui::model::{Action, update};

    fn screen(model: &Model, width: u16, height: u16) -> String {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal.draw(|frame| view(model, frame)).unwrap();
        let buffer = terminal.backend().buffer().clone();
        buffer
            .content
            .chunks(usize::from(width))
            .map(|row| row.iter().map(|c| c.symbol()).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn status_and_events_render_when_the_daemon_answers() {
        let mut model = Model::default();
        let status = proto::Status {
            daemon_version: "0.1.0".into(),
            pid: 42,
            http_addr: "127.0.0.1:8765".into(),
            schema_version: 1,
            token_id: "abcdef123456".into(),
            ..Default::default()
        };
        update(
            &mut model,
            Action::Update(proto::update::Update::Hello(proto::Hello::default())),
        );
        update(
            &mut model,
            Action::Update(proto::update::Update::Snapshot(proto::Snapshot {
                reason: 1,
                status: Some(status),
                last_event_id: 3,
            })),
        );
        update(
            &mut model,
            Action::Update(proto::update::Update::Event(proto::Event {
                id: 4,
                kind: "backup.created".into(),
                subject: "/tmp/b.sqlite".into(),
                data_json: "{}".into(),
                at_ms: 0,
            })),
        );
        let text = screen(&model, 90, 20);
        assert!(text.contains("live"), "{text}");
        assert!(text.contains("pid 42"), "{text}");
        assert!(text.contains("http://127.0.0.1:8765"), "{text}");
        assert!(text.contains("#4") && text.contains("backup.created"), "{text}");
        assert!(text.contains("last event #4"), "{text}");
    }

    #[test]
    fn too_small_terminal_says_how_large_it_must_be() {
        let text = screen(&Model::default(), 30, 6);
        assert!(text.contains("at least 50x12"), "{text}");
    }

    #[test]
    fn q_quits_and_a_lost_connection_is_shown() {
        let mut model = Model::default();
        update(&mut model, Action::Disconnected("relayd stopped".into()));
        assert!(screen(&model, 80, 16).contains("disconnected: relayd stopped"));
        update(
            &mut model,
            Action::Key(crossterm::event::KeyEvent::from(crossterm::event::KeyCode::Char(
                'q',
            ))),
        );
        assert!(model.quit);
    }
}
