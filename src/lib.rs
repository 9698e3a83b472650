//! ccbulletin: recomputes the clocks of email chess tournaments under
//! Article 51 and renders their bulletins.

pub mod address;
pub mod compute;
pub mod config;
pub mod dates;
pub mod finding;
pub mod game;
pub mod history;
pub mod language;
pub mod load;
pub mod messages;
pub mod model;
pub mod new;
pub mod outbox;
pub mod output;
pub mod render;
pub mod report;
pub mod rules;
pub mod standings;
