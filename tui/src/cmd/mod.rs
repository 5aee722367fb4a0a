//! The headless commands. Each is a short function over the client or the data directory.

pub mod backup;
pub mod daemon;
pub mod decision;
pub mod doctor;
pub mod events;
pub mod format;
pub mod generate;
pub mod hook;
pub mod locks;
pub mod project;
pub mod rules;
pub mod task;
pub mod token;
