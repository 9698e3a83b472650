//! The load stage's findings worded: the folders and files, the tables,
//! a move log's rows, the names in them, a PGN file, the rows of the
//! tournament's tables (docs/format.md).

use super::dots;
use crate::dates::show;
use crate::finding::{EntryFacts, FileFacts, FileRefusal, GameFileWhy, LogFacts, NameFacts, PgnFileFacts, TableFacts};
use crate::messages::{Msg, msg};
use crate::model::Language;
use chrono::NaiveDate;

/// The sentence of a folder or file of the tournaments folder not read.
pub(super) fn file(lang: Language, facts: &FileFacts) -> String {
    match facts {
        FileFacts::FolderUnreadable { error } => format!("a folder cannot be read: {error}"),
        FileFacts::FolderIsALink { folder } => format!("the folder `{folder}` is a link: it is not followed"),
        FileFacts::FolderNameNotAnId { folder } => format!(
            "the tournament folder `{folder}` has a name that is not an id (letters, digits, -, _, .): it is skipped"
        ),
        FileFacts::FolderReserved { id } => msg(lang, Msg::TournamentFolderReserved, &[id]),
        FileFacts::FolderIdTwice { id } => {
            format!("a second tournament folder is named `{id}`: it is skipped (ids must be unique)")
        }
        FileFacts::GamesFolderNotFollowed => msg(lang, Msg::GamesFolderNotFollowed, &[]),
        FileFacts::GameFileNotRead { name, why, near } => {
            let why = match why {
                GameFileWhy::Twice { stem, first } => msg(lang, Msg::GameFileTwice, &[stem, first]),
                GameFileWhy::NameUnknown => msg(lang, Msg::GameFileNameUnknown, &[]),
            };
            msg(lang, Msg::GameFileNotRead, &[name, &why]) + &did_you_mean(lang, near.as_deref())
        }
        FileFacts::GameFileUnpaired { name, near } => {
            msg(lang, Msg::GameFileUnpaired, &[name]) + &did_you_mean(lang, near.as_deref())
        }
        FileFacts::FileLinkBroken { error } => msg(lang, Msg::FileLinkBroken, &[error]),
        FileFacts::GameFileLinkLeadsOut => msg(lang, Msg::GameFileLinkLeadsOut, &[]),
        FileFacts::GameFileNotAFile => msg(lang, Msg::GameFileNotAFile, &[]),
        FileFacts::GameFileNameNotAnId { near } => {
            msg(lang, Msg::GameFileNameNotAnId, &[]) + &did_you_mean(lang, near.as_deref())
        }
        FileFacts::EditorLockFiles { files } => msg(lang, Msg::EditorLockFiles, &[&files.len(), &files.join(", ")]),
        FileFacts::FileLinkLeadsOut => msg(lang, Msg::FileLinkLeadsOut, &[]),
        FileFacts::RequiredFileMissing { file } => msg(lang, Msg::RequiredFileMissing, &[file]),
        FileFacts::Refused { why } => refusal(lang, why),
        FileFacts::FileRefused { path, why } => msg(
            lang,
            Msg::FileUnreadable,
            &[&format!("`{path}`: {}", refusal(lang, why))],
        ),
    }
}

/// The sentence of tournament.toml or a table as a file.
pub(super) fn table(lang: Language, facts: &TableFacts) -> String {
    let d = |date: NaiveDate| show(date, lang);
    match facts {
        TableFacts::SettingsUnreadable { error } => msg(lang, Msg::SettingsUnreadable, &[error]),
        TableFacts::SettingsEndBeforeStart { end, start } => {
            msg(lang, Msg::SettingsEndBeforeStart, &[&d(*end), &d(*start)])
        }
        TableFacts::SettingsFileMisspelt { name } => msg(lang, Msg::SettingsFileMisspelt, &[name]),
        TableFacts::PlayersUnreadable => msg(lang, Msg::PlayersUnreadable, &[]),
        TableFacts::TableNotDecodable { encoding } => msg(lang, Msg::TableNotDecodable, &[encoding]),
        TableFacts::TableHoldsControlBytes => msg(lang, Msg::TableHoldsControlBytes, &[]),
        TableFacts::TableUnreadable { error } => error.clone(),
        TableFacts::RowFieldCount { fields, columns } => msg(lang, Msg::RowFieldCount, &[fields, columns]),
        TableFacts::TableEmpty { required } => msg(lang, Msg::TableEmpty, &[&required.join(",")]),
        TableFacts::HeaderLacksColumns {
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
        TableFacts::TableNoRows => msg(lang, Msg::TableNoRows, &[]),
        TableFacts::EmailNotOneAddress { text } => msg(lang, Msg::EmailNotOneAddress, &[text]),
        TableFacts::EmailMissing { player } => msg(lang, Msg::EmailMissing, &[player]),
        TableFacts::ArbiterEmailMissing => msg(lang, Msg::ArbiterEmailMissing, &[]),
        TableFacts::NameHoldsAddress { name, shown } => msg(lang, Msg::NameHoldsAddress, &[name, shown]),
        TableFacts::FindingsCapped { more } => msg(lang, Msg::FindingsCapped, &[more]),
    }
}

/// The sentence of a row of a move log that cannot be read.
pub(super) fn log(lang: Language, facts: &LogFacts) -> String {
    match facts {
        LogFacts::ThinkingRowNotLast => msg(lang, Msg::ThinkingRowNotLast, &[]),
        LogFacts::MoveNoTooHigh { no, max } => msg(lang, Msg::MoveNoTooHigh, &[no, max]),
        LogFacts::NotAMoveNo { text } => msg(lang, Msg::NotAMoveNo, &[text]),
        LogFacts::BadSide { text } => msg(lang, Msg::BadSide, &[text]),
        LogFacts::UnknownFlag { text } => msg(lang, Msg::UnknownFlag, &[text]),
        LogFacts::ColumnNotADate { column, text, short } => {
            format!("`{column}`: {}", not_a_date(lang, text, short))
        }
        LogFacts::RowWithoutMove => msg(lang, Msg::RowWithoutMove, &[]),
        LogFacts::StatedNotDays { column, text } => msg(lang, Msg::StatedNotDays, &[column, text]),
    }
}

/// The sentence of a name as written against players.csv.
pub(super) fn name(lang: Language, facts: &NameFacts) -> String {
    match facts {
        NameFacts::NameReadAsPlayer { written, player } => msg(lang, Msg::NameReadAsPlayer, &[written, player]),
        NameFacts::NameAmbiguous { written, players } => {
            msg(lang, Msg::NameAmbiguous, &[written, &players.join("`, `")])
        }
        NameFacts::NameUnknown { written, closest } => msg(
            lang,
            Msg::NameUnknown,
            &[written, &did_you_mean(lang, closest.as_deref())],
        ),
    }
}

/// The sentence of a PGN file that cannot be read.
pub(super) fn pgn_file(lang: Language, facts: &PgnFileFacts) -> String {
    match facts {
        PgnFileFacts::PgnHoldsNul => msg(lang, Msg::PgnHoldsNul, &[]),
        PgnFileFacts::PgnStampNotADate { move_no, side, text } => {
            msg(lang, Msg::PgnStampNotADate, &[move_no, &dots(*side), text])
        }
        PgnFileFacts::PgnUnreadableToEnd { error } => msg(lang, Msg::PgnUnreadableToEnd, &[error]),
    }
}

/// The sentence of a row of players.csv, pairings.csv, breaks.csv or
/// decisions.csv.
pub(super) fn entry(lang: Language, facts: &EntryFacts) -> String {
    let d = |date: NaiveDate| show(date, lang);
    match facts {
        EntryFacts::PlayerWithoutName => msg(lang, Msg::PlayerWithoutName, &[]),
        EntryFacts::PlayerTwice { name } => msg(lang, Msg::PlayerTwice, &[name]),
        EntryFacts::NotAGameId { game } => msg(lang, Msg::NotAGameId, &[game]),
        EntryFacts::GamePairedTwice { game } => msg(lang, Msg::GamePairedTwice, &[game]),
        EntryFacts::PairedAgainstThemself { player } => msg(lang, Msg::PairedAgainstThemself, &[player]),
        EntryFacts::BreakEndsBeforeStart { from, to } => msg(lang, Msg::BreakEndsBeforeStart, &[&d(*to), &d(*from)]),
        EntryFacts::BadApproved { text } => msg(lang, Msg::BadApproved, &[text]),
        EntryFacts::NotADate { text, short } => not_a_date(lang, text, short),
        EntryFacts::DecisionNeedsPairedGame { decision, game } => {
            msg(lang, Msg::DecisionNeedsPairedGame, &[decision, game])
        }
        EntryFacts::DecisionNeedsPlayer { decision } => msg(lang, Msg::DecisionNeedsPlayer, &[decision]),
        EntryFacts::PlayerNotInGame { player, game } => msg(lang, Msg::PlayerNotInGame, &[player, game]),
        EntryFacts::UnknownDecisionKind { text } => msg(lang, Msg::UnknownDecisionKind, &[text]),
        EntryFacts::NotAResult { text } => msg(lang, Msg::NotAResult, &[text]),
        EntryFacts::BadWithdrawalResult { text } => msg(lang, Msg::BadWithdrawalResult, &[text]),
        EntryFacts::BadNoAccessResult { text } => msg(lang, Msg::BadNoAccessResult, &[text]),
        EntryFacts::EmailDecisionNeedsAddress { text } => msg(lang, Msg::EmailDecisionNeedsAddress, &[text]),
    }
}

/// "; did you mean `x`?" when there is a name near, else nothing.
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
