//! A finding's facts worded in a language: the one place a
//! [`Facts`](crate::finding::Facts) becomes a sentence, for the pages, the
//! arbiter's files, the letters and report.json's `message`.

use super::{Msg, msg, text};
use crate::dates::show;
use crate::finding::{
    DateKind, Facts, FileRefusal, Finding, GameFileWhy, PenaltyWhy, ResultWitness, SentAssumed, Unplayable,
};
use crate::model::{DecisionKind, Language, Side};

/// The finding's sentence in `lang`.
pub fn said(lang: Language, f: &Finding) -> String {
    word(lang, &f.facts)
}

/// A move as a sentence names it: `12.` for White's, `12...` for Black's.
pub fn move_label(no: u32, side: Side) -> String {
    format!("{no}{}", if side == Side::White { "." } else { "..." })
}

/// A side's name in a sentence: `white`, or `белых` in Russian.
fn side_name(lang: Language, side: Side) -> &'static str {
    text(
        lang,
        match side {
            Side::White => Msg::WhiteToMove,
            Side::Black => Msg::BlackToMove,
        },
    )
}

/// The sentence of `facts` in `lang`.
pub fn word(lang: Language, facts: &Facts) -> String {
    let d = |date: chrono::NaiveDate| show(date, lang);
    match facts {
        Facts::Text { text } => text.clone(),
        Facts::Penalty {
            days,
            move_no,
            side,
            why,
        } => {
            let why = match why {
                PenaltyWhy::RepeatLate {
                    repeat_days,
                    grace_days,
                } => msg(lang, Msg::RepeatLate, &[days, repeat_days, grace_days]),
                PenaltyWhy::Faulty { flag } => msg(lang, Msg::FaultyMessage, &[&flag.as_str()]),
            };
            msg(lang, Msg::PenaltyDays, &[days, &move_label(*move_no, *side), &why])
        }
        Facts::SentBeforeReceived {
            move_no,
            side,
            sent,
            received,
        } => msg(
            lang,
            Msg::SentBeforeReceived,
            &[&move_label(*move_no, *side), &d(*sent), &d(*received)],
        ),
        Facts::DateAfterReportDate {
            move_no,
            side,
            which,
            date,
            as_of,
        } => {
            let what = match which {
                DateKind::Received => Msg::DateKindReceived,
                DateKind::Sent => Msg::DateKindSent,
            };
            msg(
                lang,
                Msg::DateAfterReportDate,
                &[&move_label(*move_no, *side), &text(lang, what), &d(*date), &d(*as_of)],
            )
        }
        Facts::SlowTransit { sent, days, received } => msg(lang, Msg::SlowTransit, &[&d(*sent), days, &d(*received)]),
        Facts::ReceivedBeforePartnerSent {
            move_no,
            side,
            received,
            partner_sent,
        } => msg(
            lang,
            Msg::ReceivedBeforePartnerSent,
            &[
                &move_label(*move_no, *side),
                &d(*received),
                &partner_sent.map_or_else(String::new, d),
            ],
        ),
        Facts::Overstep {
            player,
            used,
            control,
            allowance,
        } => msg(lang, Msg::Overstepped, &[player, used, control, allowance]),
        Facts::OverstepRunning {
            player,
            left,
            control,
            used,
            running,
            allowance,
        } => msg(
            lang,
            Msg::OversteppedRunning,
            &[player, left, control, used, running, allowance],
        ),
        Facts::LowTime { player, left, control } => msg(lang, Msg::LowTime, &[player, left, control]),
        Facts::RepeatDue {
            player,
            side,
            move_no,
            sent,
            waited,
            ..
        } => msg(
            lang,
            Msg::RepeatMove,
            &[waited, &d(*sent), player, &move_label(*move_no, *side)],
        ),
        Facts::Silence {
            player,
            last_move,
            quiet,
            ..
        } => msg(lang, Msg::Silence, &[quiet, &d(*last_move), player]),
        Facts::WithdrawalRecordMissing { partner, withdrawn } => {
            msg(lang, Msg::WithdrawalRecordMissing, &[partner, withdrawn])
        }
        Facts::RecordsNone => msg(lang, Msg::RecordSentByNeither, &[]),
        Facts::RecordNotSent { player } => msg(lang, Msg::RecordNotSent, &[player]),
        Facts::PgnRecordMissing { game } => msg(lang, Msg::PgnRecordMissing, &[game]),
        Facts::AdjudicationLate { player, sent, due } => {
            msg(lang, Msg::AdjudicationLate, &[player, &d(*sent), &d(*due)])
        }
        Facts::AdjudicationDue {
            end,
            player,
            due,
            appeal_lost,
        } => msg(
            lang,
            Msg::RecordDueAtEnd,
            &[
                &d(*end),
                player,
                &d(*due),
                &if *appeal_lost { text(lang, Msg::AppealLost) } else { "" },
            ],
        ),
        Facts::ClaimLate {
            claimant,
            claimed,
            accused,
            control,
            reply,
        } => msg(
            lang,
            Msg::ClaimLate,
            &[claimant, &d(*claimed), accused, control, &d(*reply)],
        ),
        Facts::ClaimUnfounded {
            claimant,
            claimed,
            accused,
            left,
            control,
        } => msg(
            lang,
            Msg::ClaimUnfounded,
            &[claimant, &d(*claimed), accused, left, control],
        ),
        Facts::ClaimRepeated {
            claimant,
            claimed,
            rejected_on,
            control,
        } => msg(
            lang,
            Msg::ClaimRepeated,
            &[claimant, &d(*claimed), &d(*rejected_on), control],
        ),
        Facts::StatedTime {
            move_no,
            side,
            stated,
            totals,
        } => {
            let said = |k: usize| stated[k].map_or_else(|| "—".to_string(), |s| s.to_string());
            msg(
                lang,
                Msg::StatedTime,
                &[&move_label(*move_no, *side), &said(0), &said(1), &totals[0], &totals[1]],
            )
        }
        Facts::ProtestOpen {
            accused,
            claimant,
            date,
            due,
        } => msg(lang, Msg::ProtestOpen, &[accused, claimant, &d(*date), &d(*due)]),
        Facts::AppealOpen {
            decision,
            result,
            player,
            date,
            due,
        } => {
            // What it is about, then its result and player: "о результате (*)".
            let mut what = text(lang, decision_on(*decision)).to_string();
            let details: Vec<&str> = [result.map(|r| r.as_str()), player.as_deref()]
                .into_iter()
                .flatten()
                .collect();
            if !details.is_empty() {
                what.push_str(&format!(" ({})", details.join("; ")));
            }
            msg(lang, Msg::AppealOpen, &[&what, &d(*date), &d(*due)])
        }
        Facts::BreakOverLimit {
            player,
            days,
            year,
            limit,
        } => msg(lang, Msg::BreakOverLimit, &[player, days, year, limit]),
        Facts::BreakNotInAdvance {
            player,
            from,
            to,
            declared,
        } => {
            let when = match declared {
                None => msg(lang, Msg::BreakDeclaredUndated, &[]),
                Some(on) => msg(lang, Msg::BreakDeclaredOn, &[&d(*on)]),
            };
            msg(lang, Msg::BreakNotInAdvance, &[player, &d(*from), &d(*to), &when])
        }
        Facts::ReceivedDateAssumed { date, partner_sent } => {
            msg(lang, Msg::ReceivedDateAssumed, &[&d(*date), &d(*partner_sent)])
        }
        Facts::SentDateAssumed { date, why } => {
            let why = text(
                lang,
                match why {
                    SentAssumed::DayBeforePartnerReceived => Msg::SentDayBeforePartnerReceived,
                    SentAssumed::OnDayReceived => Msg::SentOnDayReceived,
                },
            );
            msg(lang, Msg::SentDateAssumed, &[&d(*date), &why])
        }
        Facts::FileUnreadable { error } => msg(lang, Msg::FileUnreadable, &[error]),
        Facts::PgnHoldsNoGame => msg(lang, Msg::PgnHoldsNoGame, &[]),
        Facts::PgnHoldsManyGames { games } => msg(lang, Msg::PgnHoldsManyGames, &[games]),
        Facts::MissingLog { stamped: true } => msg(lang, Msg::NoMoveLogClockFromStamps, &[]),
        Facts::MissingLog { stamped: false } => msg(lang, Msg::NoMoveLog, &[]),
        Facts::PgnTagReadAsPaired { tag, value, paired } => msg(lang, Msg::PgnTagReadAsPaired, &[tag, value, paired]),
        Facts::PgnTagDiffersFromPairing { tag, value, paired } => {
            msg(lang, Msg::PgnTagDiffersFromPairing, &[tag, value, paired])
        }
        Facts::PgnFromSetUpPosition => msg(lang, Msg::PgnFromSetUpPosition, &[]),
        Facts::PgnMoveIllegal { move_no, side, san } => {
            msg(lang, Msg::PgnMoveIllegal, &[&move_label(*move_no, *side), san])
        }
        Facts::PgnDiffersFromLog {
            move_no,
            side,
            san,
            logged,
        } => msg(
            lang,
            Msg::PgnDiffersFromLog,
            &[&move_label(*move_no, *side), san, logged],
        ),
        Facts::PgnLongerThanLog { move_no, side, san } => {
            msg(lang, Msg::PgnLongerThanLog, &[&move_label(*move_no, *side), san])
        }
        Facts::PgnShorterThanLog {
            pgn_plies,
            log_plies,
            move_no,
            side,
        } => msg(
            lang,
            Msg::PgnShorterThanLog,
            &[
                pgn_plies,
                log_plies,
                move_no,
                &if *side == Side::White { "." } else { "..." },
            ],
        ),
        Facts::PgnStampBeforePrevious {
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
        Facts::PgnStampAfterReportDate {
            move_no,
            side,
            date,
            as_of,
        } => msg(
            lang,
            Msg::PgnStampAfterReportDate,
            &[
                move_no,
                &if *side == Side::White { "." } else { "..." },
                &d(*date),
                &d(*as_of),
            ],
        ),
        Facts::MovesDoNotAlternate {
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
        Facts::MoveNotPlayable {
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
        Facts::MovesReadAs { side, moves } => {
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
        Facts::ResultDisputed { said } => {
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
        Facts::SealedMoveIllegal { player, written } => msg(lang, Msg::SealedMoveIllegal, &[player, written]),
        Facts::SealedMoveNotToMove { player, written } => msg(lang, Msg::SealedMoveNotToMove, &[player, written]),
        Facts::NoAccess {
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
        Facts::Correspondence {
            partner,
            player,
            reported,
        } => msg(lang, Msg::Correspondence, &[partner, player, &d(*reported)]),
        Facts::AddressChange { player, old, new, from } => {
            msg(lang, Msg::AddressChange, &[player, old, new, &d(*from)])
        }
        Facts::LostLetter {
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
        Facts::FolderUnreadable { error } => format!("a folder cannot be read: {error}"),
        Facts::FolderIsALink { folder } => format!("the folder `{folder}` is a link: it is not followed"),
        Facts::FolderNameNotAnId { folder } => format!(
            "the tournament folder `{folder}` has a name that is not an id (letters, digits, -, _, .): it is skipped"
        ),
        Facts::FolderIdTwice { id } => {
            format!("a second tournament folder is named `{id}`: it is skipped (ids must be unique)")
        }
        Facts::GamesFolderNotFollowed => msg(lang, Msg::GamesFolderNotFollowed, &[]),
        Facts::GameFileNotRead { name, why, near } => {
            let why = match why {
                GameFileWhy::Twice { stem, first } => msg(lang, Msg::GameFileTwice, &[stem, first]),
                GameFileWhy::NameUnknown => msg(lang, Msg::GameFileNameUnknown, &[]),
            };
            msg(lang, Msg::GameFileNotRead, &[name, &why]) + &did_you_mean(lang, near.as_deref())
        }
        Facts::GameFileUnpaired { name, near } => {
            msg(lang, Msg::GameFileUnpaired, &[name]) + &did_you_mean(lang, near.as_deref())
        }
        Facts::FileLinkBroken { error } => msg(lang, Msg::FileLinkBroken, &[error]),
        Facts::GameFileLinkLeadsOut => msg(lang, Msg::GameFileLinkLeadsOut, &[]),
        Facts::GameFileNotAFile => msg(lang, Msg::GameFileNotAFile, &[]),
        Facts::GameFileNameNotAnId { near } => {
            msg(lang, Msg::GameFileNameNotAnId, &[]) + &did_you_mean(lang, near.as_deref())
        }
        Facts::EditorLockFiles { files } => msg(lang, Msg::EditorLockFiles, &[&files.len(), &files.join(", ")]),
        Facts::FileLinkLeadsOut => msg(lang, Msg::FileLinkLeadsOut, &[]),
        Facts::RequiredFileMissing { file } => msg(lang, Msg::RequiredFileMissing, &[file]),
        Facts::Refused { why } => refusal(lang, why),
        Facts::FileRefused { path, why } => msg(
            lang,
            Msg::FileUnreadable,
            &[&format!("`{path}`: {}", refusal(lang, why))],
        ),
        Facts::SettingsUnreadable { error } => msg(lang, Msg::SettingsUnreadable, &[error]),
        Facts::SettingsEndBeforeStart { end, start } => msg(lang, Msg::SettingsEndBeforeStart, &[&d(*end), &d(*start)]),
        Facts::SettingsFileMisspelt { name } => msg(lang, Msg::SettingsFileMisspelt, &[name]),
        Facts::PlayersUnreadable => msg(lang, Msg::PlayersUnreadable, &[]),
        Facts::TableNotDecodable { encoding } => msg(lang, Msg::TableNotDecodable, &[encoding]),
        Facts::TableHoldsControlBytes => msg(lang, Msg::TableHoldsControlBytes, &[]),
        Facts::TableUnreadable { error } => error.clone(),
        Facts::RowFieldCount { fields, columns } => msg(lang, Msg::RowFieldCount, &[fields, columns]),
        Facts::TableEmpty { required } => msg(lang, Msg::TableEmpty, &[&required.join(",")]),
        Facts::HeaderLacksColumns {
            missing,
            required,
            near,
        } => {
            let mut s = msg(
                lang,
                Msg::HeaderLacksColumns,
                &[&missing.join(", "), &required.join(",")],
            );
            for (written, meant) in near {
                s += &msg(lang, Msg::ColumnDidYouMean, &[written, meant]);
            }
            s
        }
        Facts::TableNoRows => msg(lang, Msg::TableNoRows, &[]),
        Facts::EmailNotOneAddress { text } => msg(lang, Msg::EmailNotOneAddress, &[text]),
        Facts::EmailMissing { player } => msg(lang, Msg::EmailMissing, &[player]),
        Facts::ArbiterEmailMissing => msg(lang, Msg::ArbiterEmailMissing, &[]),
        Facts::NameHoldsAddress { name, shown } => msg(lang, Msg::NameHoldsAddress, &[name, shown]),
        Facts::FindingsCapped { more } => msg(lang, Msg::FindingsCapped, &[more]),
        Facts::ThinkingRowNotLast => msg(lang, Msg::ThinkingRowNotLast, &[]),
        Facts::MoveNoTooHigh { no, max } => msg(lang, Msg::MoveNoTooHigh, &[no, max]),
        Facts::NotAMoveNo { text } => msg(lang, Msg::NotAMoveNo, &[text]),
        Facts::BadSide { text } => msg(lang, Msg::BadSide, &[text]),
        Facts::UnknownFlag { text } => msg(lang, Msg::UnknownFlag, &[text]),
        Facts::ColumnNotADate { column, text, short } => {
            format!("`{column}`: {}", not_a_date(lang, text, short))
        }
        Facts::RowWithoutMove => msg(lang, Msg::RowWithoutMove, &[]),
        Facts::StatedNotDays { column, text } => msg(lang, Msg::StatedNotDays, &[column, text]),
        Facts::NameReadAsPlayer { written, player } => msg(lang, Msg::NameReadAsPlayer, &[written, player]),
        Facts::NameAmbiguous { written, players } => msg(lang, Msg::NameAmbiguous, &[written, &players.join("`, `")]),
        Facts::NameUnknown { written, closest } => msg(
            lang,
            Msg::NameUnknown,
            &[written, &did_you_mean(lang, closest.as_deref())],
        ),
        Facts::PgnHoldsNul => msg(lang, Msg::PgnHoldsNul, &[]),
        Facts::PgnStampNotADate { move_no, side, text } => msg(
            lang,
            Msg::PgnStampNotADate,
            &[move_no, &if *side == Side::White { "." } else { "..." }, text],
        ),
        Facts::PgnUnreadableToEnd { error } => msg(lang, Msg::PgnUnreadableToEnd, &[error]),
        Facts::PlayerWithoutName => msg(lang, Msg::PlayerWithoutName, &[]),
        Facts::PlayerTwice { name } => msg(lang, Msg::PlayerTwice, &[name]),
        Facts::NotAGameId { game } => msg(lang, Msg::NotAGameId, &[game]),
        Facts::GamePairedTwice { game } => msg(lang, Msg::GamePairedTwice, &[game]),
        Facts::PairedAgainstThemself { player } => msg(lang, Msg::PairedAgainstThemself, &[player]),
        Facts::BreakEndsBeforeStart { from, to } => msg(lang, Msg::BreakEndsBeforeStart, &[&d(*to), &d(*from)]),
        Facts::BadApproved { text } => msg(lang, Msg::BadApproved, &[text]),
        Facts::NotADate { text, short } => not_a_date(lang, text, short),
        Facts::DecisionNeedsPairedGame { decision, game } => msg(lang, Msg::DecisionNeedsPairedGame, &[decision, game]),
        Facts::DecisionNeedsPlayer { decision } => msg(lang, Msg::DecisionNeedsPlayer, &[decision]),
        Facts::PlayerNotInGame { player, game } => msg(lang, Msg::PlayerNotInGame, &[player, game]),
        Facts::UnknownDecisionKind { text } => msg(lang, Msg::UnknownDecisionKind, &[text]),
        Facts::NotAResult { text } => msg(lang, Msg::NotAResult, &[text]),
        Facts::BadWithdrawalResult { text } => msg(lang, Msg::BadWithdrawalResult, &[text]),
        Facts::BadNoAccessResult { text } => msg(lang, Msg::BadNoAccessResult, &[text]),
        Facts::EmailDecisionNeedsAddress { text } => msg(lang, Msg::EmailDecisionNeedsAddress, &[text]),
    }
}

/// "; did you mean `x`?" when there is a name near, else nothing.
/// What a decision is about, for the appeal line.
fn decision_on(kind: DecisionKind) -> Msg {
    match kind {
        DecisionKind::Result => Msg::DecisionOnResult,
        DecisionKind::Overstep => Msg::DecisionOnOverstep,
        DecisionKind::Withdrawal => Msg::DecisionOnWithdrawal,
        DecisionKind::Claim => Msg::DecisionOnClaim,
        DecisionKind::Records => Msg::DecisionOnRecords,
        DecisionKind::Email => Msg::DecisionOnEmail,
        DecisionKind::NoAccess { .. } => Msg::DecisionOnNoAccess,
        DecisionKind::Access => Msg::DecisionOnAccess,
    }
}

fn did_you_mean(lang: Language, near: Option<&str>) -> String {
    near.map_or_else(String::new, |n| msg(lang, Msg::NameDidYouMean, &[&n]))
}

/// A date that cannot be read: the English shows the text whole, the
/// Russian shortened.
fn not_a_date(lang: Language, text: &str, short: &str) -> String {
    let shown = match lang {
        Language::En => text,
        Language::Ru => short,
    };
    msg(lang, Msg::NotADate, &[&shown])
}

/// Why a path is not opened as a file.
fn refusal(lang: Language, why: &FileRefusal) -> String {
    match why {
        FileRefusal::TooBig { bytes, limit_mb } => msg(lang, Msg::FileTooBig, &[bytes, limit_mb]),
        FileRefusal::Folder => msg(lang, Msg::PathIsAFolder, &[]),
        FileRefusal::NotRegular => msg(lang, Msg::PathNotARegularFile, &[]),
        FileRefusal::Unreadable { error } => msg(lang, Msg::PathUnreadable, &[error]),
    }
}
