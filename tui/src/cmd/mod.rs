//! The headless commands. Each is a short function over the client or the data directory.

pub mod attachment;
pub mod backup;
pub mod comment;
pub mod daemon;
pub mod decision;
pub mod demo;
pub mod doctor;
pub mod env;
pub mod events;
pub mod format;
pub mod generate;
pub mod graph;
pub mod hook;
pub mod inbox;
pub mod keys;
pub mod locks;
pub mod plan;
pub mod policy;
pub mod project;
pub mod review;
pub mod rules;
pub mod session;
pub mod setup;
pub mod task;
pub mod token;
pub mod undo;
