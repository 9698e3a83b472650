//! Every sentence ccbulletin says about a tournament — its findings on
//! Article 51 (51.1.4 to 51.9.7), its complaints about bad input, the
//! "report not available" line — in one table per language: [`en`] and
//! [`ru`]. A message is a [`Msg`], named for what it says; the code that
//! finds something picks the variant and its arguments, and [`msg`] picks
//! the tournament's language and fills the sentence.
//!
//! Placeholders are positional, as in `format!`: `{}` takes the next
//! argument, `{N}` the N-th (a translation may reorder its words), and
//! `{{`/`}}` are literal braces. No format specs: an argument that needs one
//! is formatted at the call site. Both tables are exhaustive matches, so a
//! message without its translation does not compile, and the tests below
//! check that both languages use the same arguments.
//!
//! Rule numbers quoted in the sentences are Article 51's paragraphs; the
//! numbers of days themselves come from [`crate::rules`] as arguments.

use std::fmt::{Display, Write};

use crate::model::Language;

pub mod en;
pub mod ru;
pub mod said;

pub use said::{said, word};

/// A finding's sentence in English, for the unit tests of the stages that
/// word none themselves.
#[cfg(test)]
pub(crate) fn en(f: &crate::finding::Finding) -> String {
    said(Language::En, f)
}

/// A finding's sentence in Russian, for the same tests.
#[cfg(test)]
pub(crate) fn ru(f: &crate::finding::Finding) -> String {
    said(Language::Ru, f)
}

/// One message, whatever the language. Each variant's arguments are listed
/// in order, by the names they have where the message is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Msg {
    // --- load ---
    GamesFolderNotFollowed,
    /// Arguments: stem, first.
    GameFileTwice,
    /// Arguments: name.
    GameFileUnpaired,
    /// Arguments: name, why.
    GameFileNotRead,
    GameFileNameUnknown,
    GameFileLinkLeadsOut,
    /// Arguments: e.
    FileLinkBroken,
    GameFileNotAFile,
    GameFileNameNotAnId,
    /// Arguments: how many, the names. Lock and temporary files that a
    /// spreadsheet leaves while a log is open.
    EditorLockFiles,
    FileLinkLeadsOut,
    /// Arguments: file.
    RequiredFileMissing,
    FileNotUtf8,
    /// Arguments: e.message.
    SettingsUnreadable,
    /// Arguments: end, settings.start.
    SettingsEndBeforeStart,
    PlayersUnreadable,
    ThinkingRowNotLast,
    /// Arguments: no, MAX_MOVE_NO.
    MoveNoTooHigh,
    /// Arguments: no.
    NotAMoveNo,
    /// Arguments: side.
    BadSide,
    /// Arguments: flag.
    UnknownFlag,
    RowWithoutMove,
    /// Arguments: shown, p.
    NameReadAsPlayer,
    /// Arguments: shown, list.
    NameAmbiguous,
    /// Arguments: c.
    NameDidYouMean,
    /// Arguments: shown, hint.
    NameUnknown,
    PgnHoldsNul,
    /// Arguments: the move number, `.` or `...`, text.
    PgnStampNotADate,
    /// Arguments: e.
    PgnUnreadableToEnd,
    SettingsHintDate,
    SettingsHintQuotes,
    /// Arguments: hint.
    SettingsHint,
    /// Arguments: tc.
    SettingsBadTimeControl,
    /// Arguments: key, the value as written.
    SettingsNotACalendarDate,
    /// Arguments: key, the value as written.
    SettingsKeyNotADate,
    /// Arguments: id.
    TournamentFolderReserved,
    /// Arguments: the encoding's name.
    TableNotDecodable,
    TableHoldsControlBytes,
    /// Arguments: the fields used, the header's columns.
    RowFieldCount,
    /// Arguments: the required columns, joined by `,`.
    TableEmpty,
    TableNoRows,
    EmailNotOneAddress,
    /// Arguments: the player.
    EmailMissing,
    ArbiterEmailMissing,
    /// Arguments: the text as written; as the report shows it.
    NameHoldsAddress,
    /// The name shown for a player whose name in players.csv was nothing
    /// but an address. Arguments: the line of players.csv.
    NameWithheld,
    FindingsCapped,
    /// Arguments: the missing columns, joined by `, `; the required ones, joined by `,`.
    HeaderLacksColumns,
    /// After [`Msg::HeaderLacksColumns`]: a header name that names no
    /// column. Arguments: the name as written, the nearest column's.
    ColumnDidYouMean,
    PathIsAFolder,
    PathNotARegularFile,
    /// Arguments: the name as found.
    SettingsFileMisspelt,
    /// Arguments: the file's size in bytes, the limit in MB.
    FileTooBig,
    /// Arguments: e.
    PathUnreadable,
    PlayerWithoutName,
    /// Arguments: name.
    PlayerTwice,
    /// Arguments: game.
    NotAGameId,
    /// Arguments: game.
    GamePairedTwice,
    /// Arguments: white.
    PairedAgainstThemself,
    /// Arguments: to, from.
    BreakEndsBeforeStart,
    /// Arguments: other.
    BadApproved,
    /// Arguments: the date as written (shortened in Russian only, as before).
    NotADate,
    /// Arguments: the kind, the game as written.
    DecisionNeedsPairedGame,
    /// Arguments: kind_text.
    DecisionNeedsPlayer,
    /// Arguments: p, pair.game.
    PlayerNotInGame,
    /// Arguments: other.
    UnknownDecisionKind,
    /// Arguments: text.
    NotAResult,
    /// Arguments: other.
    BadWithdrawalResult,
    // --- game ---
    /// Arguments: d, prev.
    ReceivedDateAssumed,
    /// Arguments: d, why.
    SentDateAssumed,
    /// Arguments: e with its causes.
    FileUnreadable,
    PgnHoldsNoGame,
    /// Arguments: n.
    PgnHoldsManyGames,
    NoMoveLogClockFromStamps,
    NoMoveLog,
    /// Arguments: tag, value, paired.
    PgnTagReadAsPaired,
    /// Arguments: tag, value, paired.
    PgnTagDiffersFromPairing,
    PgnFromSetUpPosition,
    /// Arguments: label, san.
    PgnMoveIllegal,
    /// Arguments: label, san, the logged move.
    PgnDiffersFromLog,
    /// Arguments: label, san.
    PgnLongerThanLog,
    /// Arguments: the PGN's half-moves, the log's, the move number, `.` or `...`.
    PgnShorterThanLog,
    /// Arguments: move i, d, move j, p.
    PgnStampBeforePrevious,
    /// Arguments: the move number, `.` or `...`, d, as_of.
    PgnStampAfterReportDate,
    /// Arguments: the side, no, the row's side, row.no.
    MovesDoNotAlternate,
    /// Arguments: the side, no, row.mv, why.
    MoveNotPlayable,
    /// Arguments: the side, the moves so read, each a [`Msg::ReadAsMove`]
    /// joined by `, `.
    MoveReadWithLookAlike,
    /// Arguments: no, the move as written, its SAN.
    ReadAsMove,
    /// Arguments: the readings tried, joined by [`Msg::ReadingsSeparator`].
    LookAlikeReadings,
    ResultByLog,
    ResultByPosition,
    ResultByPgnTag,
    /// Arguments: who says what, joined by `, `.
    ResultDisputed,
    /// Why a move cannot be played: `why` of [`Msg::MoveNotPlayable`].
    MoveUnreadable,
    /// Why a move cannot be played: `why` of [`Msg::MoveNotPlayable`].
    MoveIllegal,
    /// Why a move cannot be played: `why` of [`Msg::MoveNotPlayable`].
    MoveAmbiguous,
    /// White as the side whose move it is (Russian: genitive).
    WhiteToMove,
    /// Black as the side whose move it is (Russian: genitive).
    BlackToMove,
    /// Between the look-alike readings of [`Msg::LookAlikeReadings`].
    ReadingsSeparator,
    /// `why` of [`Msg::SentDateAssumed`].
    SentDayBeforePartnerReceived,
    /// `why` of [`Msg::SentDateAssumed`].
    SentOnDayReceived,
    // --- rules ---
    /// Arguments: c.penalty, REPEAT_DAYS, LOST_GRACE_DAYS.
    RepeatLate,
    /// Arguments: the row's flag.
    FaultyMessage,
    /// Arguments: c.penalty, the move, why.
    PenaltyDays,
    /// Arguments: the move, s, r.
    SentBeforeReceived,
    /// Arguments: the move, what, d, g.as_of.
    DateAfterReportDate,
    /// Arguments: sent, transit, received.
    SlowTransit,
    /// Arguments: the move, received, the partner's sent date.
    ReceivedBeforePartnerSent,
    /// Arguments: who, used, control, allowance.
    Overstepped,
    /// Arguments: who, the days over the allowance (−left), next, used,
    /// running_days, allowance.
    OversteppedRunning,
    /// Arguments: who, left, next.
    LowTime,
    /// Arguments: waited, sent, the player, the move.
    RepeatMove,
    /// Arguments: quiet, last_move, the player.
    Silence,
    RecordSentByNeither,
    /// Arguments: the player.
    RecordNotSent,
    /// Arguments: g.game.
    PgnRecordMissing,
    /// Arguments: end, the player, due, the appeal-lost note or nothing.
    RecordDueAtEnd,
    /// Arguments: player, days, year, limit.
    BreakOverLimit,
    BreakDeclaredUndated,
    /// Arguments: d.
    BreakDeclaredOn,
    /// Arguments: player, b.from, b.to, when.
    BreakNotInAdvance,
    /// `what` of [`Msg::DateAfterReportDate`].
    DateKindReceived,
    /// `what` of [`Msg::DateAfterReportDate`].
    DateKindSent,
    /// The last argument of [`Msg::RecordDueAtEnd`] once its date has passed.
    AppealLost,
    /// Arguments: column, text.
    StatedNotDays,
    /// Arguments: the move, stated White, stated Black, White's total, Black's total.
    StatedTime,
    /// Arguments: player, sent, due.
    AdjudicationLate,
    /// Arguments: player, move.
    SealedMoveIllegal,
    /// Argument: the text of the note.
    EmailDecisionNeedsAddress,
    /// Argument: the text.
    BadNoAccessResult,
    /// Arguments: date.
    LetterCorrespondenceAsk,
    /// No arguments.
    LetterCorrespondenceRule,
    /// Arguments: player, date reported.
    LetterCorrespondenceFacts,
    /// Argument: the player who lost its correspondence.
    LetterCorrespondenceWhat,
    /// Arguments: receiver, sender, move, repeat date, due date.
    LostLetter,
    /// Arguments: player, old address, new address, date.
    AddressChange,
    /// Arguments: partner, player, reported date.
    Correspondence,
    /// Appended to a no-access sentence.
    NoAccessCorrespondence,
    /// Arguments: player, reported date, due date.
    NoAccessWithdrawn,
    /// Arguments: player, reported date, due date.
    NoAccess,
    /// Arguments: player, move as written.
    SealedMoveNotToMove,
    /// Arguments: claimant, claim date, accused, control, reply date.
    ClaimLate,
    /// Arguments: claimant, claim date, accused, left, control.
    ClaimUnfounded,
    /// Arguments: claimant, claim date, rejected on, control.
    ClaimRepeated,
    /// Arguments: accused, claimant, claim date, due.
    ProtestOpen,
    /// Arguments: decision (one of the `DecisionOn…` phrases, with its
    /// result and player), date, due.
    AppealOpen,
    /// What a decision is about, as the appeal line names it: one phrase
    /// per kind of decisions.csv's `kind` (docs/format.md). No arguments.
    DecisionOnResult,
    DecisionOnOverstep,
    DecisionOnWithdrawal,
    DecisionOnClaim,
    DecisionOnRecords,
    DecisionOnEmail,
    DecisionOnNoAccess,
    DecisionOnAccess,
    /// Arguments: partner, withdrawn.
    WithdrawalRecordMissing,
    // --- render ---
    /// Arguments: name.
    ReportNotAvailable,
    // --- outbox (src/outbox.rs): the arbiter's letters ---
    /// Arguments: the player.
    LetterGreeting,
    /// Arguments: one player, the other.
    LetterGreetingBoth,
    /// Arguments: the arbiter, the tournament's name.
    LetterSignature,
    /// Arguments: game, White, Black.
    LetterGame,
    /// The arbiter's page: when a finding's letter was prepared. Arguments: date.
    LetterPrepared,
    /// The arbiter's page: the text of a finding's `mailto:` link.
    LetterWrite,
    /// A date the records do not give, in a letter's sentence.
    LetterDateUnknown,
    /// Arguments: the move (`12.` or `12...`).
    LetterRepeatDueWhat,
    /// Arguments: the move, the move as written, sent, the partner, days since, the letter's date.
    LetterRepeatDueFacts,
    /// Arguments: REPEAT_DAYS.
    LetterRepeatDueRule,
    /// Arguments: the move, the move as written, the partner, by.
    LetterRepeatDueAsk,
    /// The repeat's term (51.4.9's three days included) has passed.
    LetterRepeatDueAskLate,
    LetterLowTimeWhat,
    /// Arguments: the player, LOW_TIME_DAYS, the control move, date.
    LetterLowTimeFacts,
    /// No arguments: Article 51.4.10 says "пять" in words, and a
    /// quotation is the Article's own words.
    LetterLowTimeRule,
    /// Arguments: the letter's date.
    LetterLowTimeAsk,
    /// Arguments: the player, the control move, due.
    LetterLowTimeMoveBy,
    /// Arguments: SILENCE_DAYS.
    LetterSilenceWhat,
    /// Arguments: the last move's date, days since, the letter's date, the player to move.
    LetterSilenceFacts,
    /// Arguments: SILENCE_DAYS.
    LetterSilenceRule,
    /// Arguments: the player to move, by.
    LetterSilenceAsk,
    LetterSilenceOver,
    LetterSilenceAskOver,
    LetterRecordWhat,
    LetterRecordsNoneWhat,
    /// Arguments: the date the game finished, its result.
    LetterRecordFinished,
    /// Arguments: the partner.
    LetterRecordFromPartner,
    /// Arguments: game.
    LetterRecordNoPgn,
    LetterRecordsNoneFacts,
    LetterRecordRule,
    LetterRecordsNoneRule,
    /// Arguments: by.
    LetterRecordAsk,
    /// A repeat letter: the partner's declared break days not counted.
    LetterRepeatDueBreak,
    /// 51.8.2: the partner of a withdrawn player owes its record.
    LetterWithdrawalRecordFacts,
    LetterWithdrawalRecordRule,
    /// Arguments: due.
    LetterAdjudicationWhat,
    /// Arguments: end, the player, due.
    LetterAdjudicationFacts,
    LetterAdjudicationPassed,
    /// Arguments: ADJUDICATION_DAYS.
    LetterAdjudicationRule,
    /// Arguments: the player, by.
    LetterAdjudicationAsk,
    /// Arguments: from, to.
    LetterBreakNoticeWhat,
    /// Arguments: from, to, when ([`Msg::BreakDeclaredOn`] or [`Msg::BreakDeclaredUndated`]).
    LetterBreakNoticeFacts,
    LetterBreakNoticeRule,
    /// Arguments: by.
    LetterBreakNoticeAsk,
    /// Arguments: the claim's date.
    LetterClaimWhat,
    LetterClaimRule,
    /// Arguments: the date to answer by.
    LetterClaimAsk,
}

/// The template of `m` in `lang`, placeholders unfilled.
pub fn text(lang: Language, m: Msg) -> &'static str {
    match lang {
        Language::En => en::text(m),
        Language::Ru => ru::text(m),
    }
}

/// The sentence `m` in `lang`, its placeholders filled from `args`.
pub fn msg(lang: Language, m: Msg, args: &[&dyn Display]) -> String {
    let template = text(lang, m);
    debug_assert_eq!(arity(template), args.len(), "{m:?} takes {} arguments", arity(template));
    fill(template, args)
}

/// A placeholder or a literal piece of a template.
#[derive(Debug, PartialEq)]
enum Piece<'a> {
    Text(&'a str),
    Arg(usize),
}

/// Splits a template into literal text and argument indices: `{}` is the
/// next argument, `{N}` the N-th, `{{` and `}}` a brace. Anything else
/// between braces is kept as text (the tests forbid it in the tables).
fn pieces(template: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut next = 0;
    let mut rest = template;
    while let Some(at) = rest.find(['{', '}']) {
        if at > 0 {
            out.push(Piece::Text(&rest[..at]));
        }
        rest = &rest[at..];
        if rest.starts_with("{{") || rest.starts_with("}}") {
            out.push(Piece::Text(&rest[..1]));
            rest = &rest[2..];
            continue;
        }
        let close = rest.find('}').filter(|_| rest.starts_with('{'));
        match close.map(|c| (c, &rest[1..c])) {
            Some((c, "")) => {
                out.push(Piece::Arg(next));
                next += 1;
                rest = &rest[c + 1..];
            }
            Some((c, n)) if n.bytes().all(|b| b.is_ascii_digit()) => {
                out.push(Piece::Arg(n.parse().unwrap_or(usize::MAX)));
                rest = &rest[c + 1..];
            }
            _ => {
                out.push(Piece::Text(&rest[..1]));
                rest = &rest[1..];
            }
        }
    }
    if !rest.is_empty() {
        out.push(Piece::Text(rest));
    }
    out
}

/// How many arguments a template takes: one more than its highest index.
fn arity(template: &str) -> usize {
    pieces(template)
        .iter()
        .filter_map(|p| match p {
            Piece::Arg(i) => Some(i + 1),
            Piece::Text(_) => None,
        })
        .max()
        .unwrap_or(0)
}

/// Fills a template; an index past the arguments is written `{N}`, so a
/// slip shows in the output rather than vanishing.
fn fill(template: &str, args: &[&dyn Display]) -> String {
    let mut out = String::with_capacity(template.len() + 16 * args.len());
    for piece in pieces(template) {
        match piece {
            Piece::Text(t) => out.push_str(t),
            Piece::Arg(i) => match args.get(i) {
                Some(a) => {
                    let _ = write!(out, "{a}");
                }
                None => {
                    let _ = write!(out, "{{{i}}}");
                }
            },
        }
    }
    out
}

#[cfg(test)]
mod tests;
