//! ccbulletin: recomputes the clocks of email chess tournaments under
//! Article 51 and renders their bulletins.

pub mod dates;
pub mod finding;
pub mod model;
pub mod movelog;
pub mod notation;
pub mod pgn;
