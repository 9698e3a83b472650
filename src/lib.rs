//! ccbulletin: recomputes the clocks of email chess tournaments under
//! Article 51 and renders their bulletins.

/// The English or the Russian sentence of a finding, in the tournament's
/// language, formatted with the same arguments.
macro_rules! say {
    ($lang:expr, $en:literal, $ru:literal $(, $arg:expr)* $(,)?) => {
        if $lang == $crate::model::Language::Ru { format!($ru $(, $arg)*) } else { format!($en $(, $arg)*) }
    };
}

pub mod changes;
pub mod clock;
pub mod dates;
pub mod finding;
pub mod findings;
pub mod fingerprint;
pub mod game;
pub mod ical;
pub mod incremental;
pub mod labels;
pub mod load;
pub mod model;
pub mod movelog;
pub mod names;
pub mod notation;
pub mod output;
pub mod pgn;
pub mod player;
pub mod render;
pub mod report;
pub mod rules;
pub mod standings;
pub mod table;
