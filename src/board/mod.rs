//! The board's domain types (issue 3): slugs, task keys, stages, sizes, report first lines, the task fields table.
