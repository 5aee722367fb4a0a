//! The headless commands. Each is a short function over the client or the data directory.

pub mod backup;
pub mod daemon;
pub mod doctor;
pub mod generate;
pub mod token;
