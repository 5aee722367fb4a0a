//! The projects screen: every project with its number of tasks per stage.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Cell, Paragraph, Row, StatefulWidget, Table, TableState, Widget};

use super::app::{Model, STAGES};
use super::mouse::{Hits, Target};
use super::theme::Theme;

pub fn render(model: &Model, theme: &Theme, area: Rect, buf: &mut Buffer, hits: &mut Hits) {
    let block = Block::bordered().title(" Projects ");
    let Some(list) = &model.projects.list else {
        Paragraph::new(Line::styled("loading…", theme.muted))
            .block(block)
            .render(area, buf);
        return;
    };
    if list.is_empty() {
        Paragraph::new(vec![
            Line::raw("No projects yet."),
            Line::styled(
                "Create one with `relay project upsert SLUG` (your agents can create them too), or see an example \
                 with `relay demo --home DIR`.",
                theme.muted,
            ),
        ])
        .block(block)
        .wrap(ratatui::widgets::Wrap { trim: true })
        .render(area, buf);
        return;
    }
    let find = &model.projects.find;
    let (find_line, area) = super::find::split(area, find);
    let list = model.projects.visible();
    if let Some(line) = find_line {
        let spans = find.spans(
            list.len(),
            model.projects.list.as_ref().map_or(0, Vec::len),
            "projects",
            theme,
        );
        super::fit::fit(Line::from(spans), usize::from(line.width)).render(line, buf);
    }
    let mut header = vec![Cell::from("Project"), Cell::from("Name")];
    header.extend(STAGES.iter().map(|s| Cell::from(*s)));
    header.push(Cell::from("open"));
    let rows = list.iter().map(|project| {
        let count = |stage: &str| {
            project
                .counts
                .iter()
                .find(|c| c.stage == stage)
                .map_or(0, |c| c.tasks)
        };
        let open: i64 = STAGES.iter().filter(|s| **s != "done").map(|s| count(s)).sum();
        let mut cells = vec![
            Cell::from(Line::from(find.marked(&project.slug, theme.title, theme))),
            Cell::from(Line::from(find.marked(
                &project.name,
                ratatui::style::Style::default(),
                theme,
            ))),
        ];
        cells.extend(STAGES.iter().map(|s| match count(s) {
            0 => Cell::from("·").style(theme.muted),
            n => Cell::from(n.to_string()),
        }));
        cells.push(Cell::from(open.to_string()).style(theme.accent));
        Row::new(cells)
    });
    let mut widths = vec![Constraint::Length(16), Constraint::Fill(1)];
    widths.extend(std::iter::repeat_n(Constraint::Length(6), STAGES.len() + 1));
    let mut state = TableState::default().with_selected(Some(model.projects.selected));
    // Where the view is when the projects run past the pane: `12–31 of 84`.
    let room = usize::from(area.height.saturating_sub(3));
    let block = if list.len() > room {
        let top = model.projects.selected.saturating_sub(room.saturating_sub(1));
        block.title_bottom(super::view::position(top, top + room, list.len()))
    } else {
        block
    };
    let table = Table::new(rows, widths)
        .header(Row::new(header).style(theme.muted))
        .row_highlight_style(theme.selected)
        .highlight_symbol("› ")
        .block(block);
    StatefulWidget::render(table, area, buf, &mut state);
    // One line per project under the border and the header line, from the table's scroll offset.
    let rows = Rect::new(
        area.x + 1,
        area.y + 2,
        area.width.saturating_sub(2),
        area.height.saturating_sub(3),
    );
    for (line, i) in (state.offset()..list.len())
        .enumerate()
        .take(usize::from(rows.height))
    {
        let y = rows.y + u16::try_from(line).unwrap_or(u16::MAX);
        hits.add(Rect::new(rows.x, y, rows.width, 1), Target::Row(i));
    }
}
