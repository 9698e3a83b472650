//! ccbulletin: recomputes the clocks of email chess tournaments under
//! Article 51 and renders their bulletins.

pub mod clock;
pub mod dates;
pub mod finding;
pub mod findings;
pub mod game;
pub mod labels;
pub mod load;
pub mod model;
pub mod movelog;
pub mod notation;
pub mod output;
pub mod pgn;
pub mod render;
pub mod report;
pub mod standings;
