//! Article 51's numbers, each once, beside the paragraph that sets it. The
//! clocks (`clock`), the checks (`findings`) and the defaults of
//! tournament.toml refer to these; nothing else writes the numbers down.

pub mod clock;
pub mod findings;

use crate::model::{Flag, TimeControl};

/// 51.2.5: the standard transit of a message, in days. A message taken as
/// received without a received date is received this many days after it
/// was sent; a longer transit is reported.
pub const TRANSIT_DAYS: i64 = 1;

/// 51.4.3: the default time control, 10 moves in 60 days, cumulative.
pub const DEFAULT_TIME_CONTROL: TimeControl = TimeControl { moves: 10, days: 60 };

/// 51.4.7: penalty days for an illegible, impossible or ambiguous move, a
/// message without a move, or previous moves repeated wrongly.
pub const PENALTY_DAYS: i64 = 2;

/// 51.4.8: the days of answering a faulty move (the request for a
/// correction) that are not charged.
pub const REQUEST_FREE_DAYS: i64 = 3;

/// 51.4.9: the days a repeat may be late (past the 14 of 51.5.1) before a
/// lost letter's repeat is penalised by its whole delay.
pub const LOST_GRACE_DAYS: i64 = 3;

/// 51.4.10: days left before the control at or below which all
/// correspondence of the game is copied to the arbiter.
pub const LOW_TIME_DAYS: i64 = 5;

/// 51.4.10: a side is short of time in a game in play with 0 to
/// [`LOW_TIME_DAYS`] days left; the one test of it, for the finding and
/// for every page's mark.
pub fn is_low_time(left: i64, in_play: bool) -> bool {
    in_play && (0..=LOW_TIME_DAYS).contains(&left)
}

/// 51.5.1: days without a reply after which the move must be repeated.
pub const REPEAT_DAYS: i64 = 14;

/// The due date of a repeat, in days after the unanswered message: the 14
/// of 51.5.1 and the 3 of grace of 51.4.9, after which a lost letter's
/// repeat is penalised.
pub const REPEAT_DUE_DAYS: i64 = REPEAT_DAYS + LOST_GRACE_DAYS;

/// 51.5.3: days without a move after which a loss may be scored.
pub const SILENCE_DAYS: i64 = 40;

/// 51.7.1: the default number of break days in a calendar year.
pub const DEFAULT_BREAK_DAYS_PER_YEAR: u32 = 30;

/// 51.9.4: days after the tournament's end within which both players send
/// the adjudication materials; 51.9.7: a player who does not loses the
/// right of appeal.
pub const ADJUDICATION_DAYS: i64 = 14;

/// 51.6.4: days to protest against an overstep claim; 51.1.10, 51.9.9: days
/// to appeal an arbiter's decision.
pub const APPEAL_DAYS: i64 = 14;

/// 51.1.6: days after a player reports its email access lost within which
/// access must be restored, or the player counts as withdrawn.
pub const NO_ACCESS_DAYS: i64 = 30;

/// 51.5.2: days within which the receiver of a repeat that revealed a lost
/// letter tells the partner and the arbiter.
pub const LOST_NOTICE_DAYS: i64 = 3;

/// Days after a game ends within which the tool expects the records
/// (51.9.1 sets no number; a convention of this tool, docs/rules.md).
pub const RECORD_DAYS: i64 = 14;

/// The paragraph that leaves a row's thinking days uncharged: 51.4.8 for
/// the first 3 days of answering a faulty move (a request), 51.4.6 for an
/// accepted move or a variant; `None` for the other rows (a repeat…).
pub fn exempt_paragraph(flag: Flag) -> Option<&'static str> {
    match flag {
        Flag::Request => Some("51.4.8"),
        Flag::Accepted | Flag::Variant => Some("51.4.6"),
        _ => None,
    }
}

/// The paragraph of a row's penalty days: 51.4.9 for a lost letter's late
/// repeat, 51.4.7 for a faulty message.
pub fn penalty_paragraph(flag: Flag) -> &'static str {
    if flag == Flag::Lost { "51.4.9" } else { "51.4.7" }
}

/// 51.2.3: the paragraph under which a missing date is assumed.
pub const ASSUMED_DATE_PARAGRAPH: &str = "51.2.3";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Language;
    use crate::render::labels::labels;

    // 51.5.3, 51.4.3: the labels that state a number state this module's.
    #[test]
    fn labels_state_the_numbers_of_the_rules() {
        for lang in Language::all() {
            let t = labels(lang);
            assert!(t.silence.contains(&SILENCE_DAYS.to_string()));
        }
    }

    // 51.4.8, 51.4.6: a request's free days and an accepted move or variant.
    #[test]
    fn exemptions_name_their_paragraphs() {
        assert_eq!(exempt_paragraph(Flag::Request), Some("51.4.8"));
        assert_eq!(exempt_paragraph(Flag::Accepted), Some("51.4.6"));
        assert_eq!(exempt_paragraph(Flag::Variant), Some("51.4.6"));
        assert_eq!(exempt_paragraph(Flag::Repeat), None);
        assert_eq!(exempt_paragraph(Flag::Ordinary), None);
    }

    // 51.4.7, 51.4.9: a faulty message's penalty and a lost letter's.
    #[test]
    fn penalties_name_their_paragraphs() {
        assert_eq!(penalty_paragraph(Flag::Lost), "51.4.9");
        for flag in Flag::ALL.into_iter().filter(|f| f.is_faulty()) {
            assert_eq!(penalty_paragraph(flag), "51.4.7", "{flag:?}");
        }
    }

    // 51.4.10: 0 to 5 days left in a game in play; not below 0 (that is an
    // overstep), not above 5, not in a game past its end or finished.
    #[test]
    fn low_time_is_zero_to_five_days_left_in_play() {
        let low: Vec<i64> = (-2..=7).filter(|&left| is_low_time(left, true)).collect();
        assert_eq!(low, vec![0, 1, 2, 3, 4, 5]);
        assert!(!is_low_time(3, false));
    }
}
