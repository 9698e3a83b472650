//! ccbulletin: recomputes the clocks of email chess tournaments under
//! Article 51 and renders their bulletins.

/// The English or the Russian sentence of a finding, in the tournament's
/// language, formatted with the same arguments.
macro_rules! say {
    ($lang:expr, $en:literal, $ru:literal $(, $arg:expr)* $(,)?) => {
        if $lang == $crate::model::Language::Ru { format!($ru $(, $arg)*) } else { format!($en $(, $arg)*) }
    };
}

pub mod compute;
pub mod dates;
pub mod finding;
pub mod game;
pub mod load;
pub mod model;
pub mod output;
pub mod render;
pub mod report;
pub mod rules;
pub mod standings;
