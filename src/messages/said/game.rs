//! The game stage's findings worded: a game's files and dates assumed, its
//! PGN against its log, its moves replayed, its result, the post between
//! its players.

use super::{dots, move_label, side_name};
use crate::dates::show;
use crate::finding::{
    PgnFacts, PostFacts, ReadFacts, ReplayFacts, ResultFacts, ResultWitness, SentAssumed, Unplayable,
};
use crate::messages::{Msg, msg, text};
use crate::model::Language;
use chrono::NaiveDate;

/// The sentence of a date assumed (51.2.3) or a game's file not read as
/// one (51.1.4).
pub(super) fn read(lang: Language, facts: &ReadFacts) -> String {
    let d = |date: NaiveDate| show(date, lang);
    match facts {
        ReadFacts::ReceivedDateAssumed { date, partner_sent } => {
            msg(lang, Msg::ReceivedDateAssumed, &[&d(*date), &d(*partner_sent)])
        }
        ReadFacts::SentDateAssumed { date, why } => {
            let why = text(
                lang,
                match why {
                    SentAssumed::DayBeforePartnerReceived => Msg::SentDayBeforePartnerReceived,
                    SentAssumed::OnDayReceived => Msg::SentOnDayReceived,
                },
            );
            msg(lang, Msg::SentDateAssumed, &[&d(*date), &why])
        }
        ReadFacts::FileUnreadable { error } => msg(lang, Msg::FileUnreadable, &[error]),
        ReadFacts::PgnHoldsNoGame => msg(lang, Msg::PgnHoldsNoGame, &[]),
        ReadFacts::PgnHoldsManyGames { games } => msg(lang, Msg::PgnHoldsManyGames, &[games]),
        ReadFacts::MissingLog { stamped: true } => msg(lang, Msg::NoMoveLogClockFromStamps, &[]),
        ReadFacts::MissingLog { stamped: false } => msg(lang, Msg::NoMoveLog, &[]),
    }
}

/// The sentence of a PGN against its move log (51.9.1).
pub(super) fn pgn(lang: Language, facts: &PgnFacts) -> String {
    let d = |date: NaiveDate| show(date, lang);
    match facts {
        PgnFacts::PgnTagReadAsPaired { tag, value, paired } => {
            msg(lang, Msg::PgnTagReadAsPaired, &[tag, value, paired])
        }
        PgnFacts::PgnTagDiffersFromPairing { tag, value, paired } => {
            msg(lang, Msg::PgnTagDiffersFromPairing, &[tag, value, paired])
        }
        PgnFacts::PgnFromSetUpPosition => msg(lang, Msg::PgnFromSetUpPosition, &[]),
        PgnFacts::PgnMoveIllegal { move_no, side, san } => {
            msg(lang, Msg::PgnMoveIllegal, &[&move_label(*move_no, *side), san])
        }
        PgnFacts::PgnDiffersFromLog {
            move_no,
            side,
            san,
            logged,
        } => msg(
            lang,
            Msg::PgnDiffersFromLog,
            &[&move_label(*move_no, *side), san, logged],
        ),
        PgnFacts::PgnLongerThanLog { move_no, side, san } => {
            msg(lang, Msg::PgnLongerThanLog, &[&move_label(*move_no, *side), san])
        }
        PgnFacts::PgnShorterThanLog {
            pgn_plies,
            log_plies,
            move_no,
            side,
        } => msg(
            lang,
            Msg::PgnShorterThanLog,
            &[pgn_plies, log_plies, move_no, &dots(*side)],
        ),
        PgnFacts::PgnStampBeforePrevious {
            move_no,
            side,
            date,
            previous_no,
            previous_side,
            previous,
        } => msg(
            lang,
            Msg::PgnStampBeforePrevious,
            &[
                &move_label(*move_no, *side),
                &d(*date),
                &move_label(*previous_no, *previous_side),
                &d(*previous),
            ],
        ),
        PgnFacts::PgnStampAfterReportDate {
            move_no,
            side,
            date,
            as_of,
        } => msg(
            lang,
            Msg::PgnStampAfterReportDate,
            &[move_no, &dots(*side), &d(*date), &d(*as_of)],
        ),
    }
}

/// The sentence of the moves as replayed (51.2.4, 51.3.1).
pub(super) fn replay(lang: Language, facts: &ReplayFacts) -> String {
    match facts {
        ReplayFacts::MovesDoNotAlternate {
            expected_side,
            expected_no,
            side,
            no,
        } => msg(
            lang,
            Msg::MovesDoNotAlternate,
            &[
                &side_name(lang, *expected_side),
                expected_no,
                &side_name(lang, *side),
                no,
            ],
        ),
        ReplayFacts::MoveNotPlayable {
            side,
            move_no,
            written,
            why,
            tried,
        } => {
            let why = text(
                lang,
                match why {
                    Unplayable::Unreadable => Msg::MoveUnreadable,
                    Unplayable::Illegal => Msg::MoveIllegal,
                    Unplayable::Ambiguous => Msg::MoveAmbiguous,
                },
            );
            let mut s = msg(
                lang,
                Msg::MoveNotPlayable,
                &[&side_name(lang, *side), move_no, written, &why],
            );
            if !tried.is_empty() {
                s += &msg(
                    lang,
                    Msg::LookAlikeReadings,
                    &[&tried.join(text(lang, Msg::ReadingsSeparator))],
                );
            }
            s
        }
        ReplayFacts::MovesReadAs { side, moves } => {
            let list: Vec<String> = moves
                .iter()
                .map(|m| msg(lang, Msg::ReadAsMove, &[&m.no, &m.written, &m.san]))
                .collect();
            msg(
                lang,
                Msg::MoveReadWithLookAlike,
                &[&side_name(lang, *side), &list.join(", ")],
            )
        }
    }
}

/// The sentence of a result disputed (51.1.7) or a sealed move (51.9.4.4).
pub(super) fn result(lang: Language, facts: &ResultFacts) -> String {
    match facts {
        ResultFacts::ResultDisputed { said } => {
            let said: Vec<String> = said
                .iter()
                .map(|(r, by)| {
                    let by = msg(
                        lang,
                        match by {
                            ResultWitness::Log => Msg::ResultByLog,
                            ResultWitness::Position => Msg::ResultByPosition,
                            ResultWitness::PgnTag => Msg::ResultByPgnTag,
                        },
                        &[],
                    );
                    format!("{by} {}", r.as_str())
                })
                .collect();
            msg(lang, Msg::ResultDisputed, &[&said.join(", ")])
        }
        ResultFacts::SealedMoveIllegal { player, written } => msg(lang, Msg::SealedMoveIllegal, &[player, written]),
        ResultFacts::SealedMoveNotToMove { player, written } => msg(lang, Msg::SealedMoveNotToMove, &[player, written]),
    }
}

/// The sentence of an address (51.1.2), access lost (51.1.5, 51.1.6) or a
/// letter lost (51.5.2).
pub(super) fn post(lang: Language, facts: &PostFacts) -> String {
    let d = |date: NaiveDate| show(date, lang);
    match facts {
        PostFacts::NoAccess {
            player,
            reported,
            due,
            correspondence,
            withdrawn,
        } => {
            let which = if *withdrawn {
                Msg::NoAccessWithdrawn
            } else {
                Msg::NoAccess
            };
            let mut said = msg(lang, which, &[player, &d(*reported), &d(*due)]);
            if *correspondence {
                said.push_str(text(lang, Msg::NoAccessCorrespondence));
            }
            said
        }
        PostFacts::Correspondence {
            partner,
            player,
            reported,
        } => msg(lang, Msg::Correspondence, &[partner, player, &d(*reported)]),
        PostFacts::AddressChange { player, old, new, from } => {
            msg(lang, Msg::AddressChange, &[player, old, new, &d(*from)])
        }
        PostFacts::LostLetter {
            receiver,
            sender,
            move_no,
            side,
            repeated,
            due,
        } => msg(
            lang,
            Msg::LostLetter,
            &[receiver, sender, &move_label(*move_no, *side), &d(*repeated), &d(*due)],
        ),
    }
}
