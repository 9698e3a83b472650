//! The tables agree with each other, and the filler fills and nothing else.

use super::*;

/// Every message, written once: [`ALL`] for the checks over the tables,
/// and `listed`, a match that does not compile when a variant is added to
/// [`Msg`] and not here.
macro_rules! every_message {
    ($($m:ident),* $(,)?) => {
        const ALL: &[Msg] = &[$(Msg::$m),*];

        #[allow(dead_code)]
        fn listed(m: Msg) {
            match m {
                $(Msg::$m)|* => {}
            }
        }
    };
}

every_message![
    GamesFolderNotFollowed,
    GameFileTwice,
    GameFileUnpaired,
    GameFileNotRead,
    GameFileNameUnknown,
    GameFileLinkLeadsOut,
    FileLinkBroken,
    GameFileNotAFile,
    GameFileNameNotAnId,
    EditorLockFiles,
    FileLinkLeadsOut,
    RequiredFileMissing,
    FileNotUtf8,
    SettingsUnreadable,
    SettingsEndBeforeStart,
    PlayersUnreadable,
    ThinkingRowNotLast,
    MoveNoTooHigh,
    NotAMoveNo,
    BadSide,
    UnknownFlag,
    RowWithoutMove,
    NameReadAsPlayer,
    NameAmbiguous,
    NameDidYouMean,
    NameUnknown,
    PgnHoldsNul,
    PgnStampNotADate,
    PgnUnreadableToEnd,
    SettingsHintDate,
    SettingsHintQuotes,
    SettingsHint,
    SettingsBadTimeControl,
    SettingsNotACalendarDate,
    SettingsKeyNotADate,
    TournamentFolderReserved,
    TableNotDecodable,
    TableHoldsControlBytes,
    RowFieldCount,
    TableEmpty,
    TableNoRows,
    EmailNotOneAddress,
    EmailMissing,
    ArbiterEmailMissing,
    NameHoldsAddress,
    NameWithheld,
    FindingsCapped,
    HeaderLacksColumns,
    ColumnDidYouMean,
    PathIsAFolder,
    PathNotARegularFile,
    SettingsFileMisspelt,
    FileTooBig,
    PathUnreadable,
    PlayerWithoutName,
    PlayerTwice,
    NotAGameId,
    GamePairedTwice,
    PairedAgainstThemself,
    BreakEndsBeforeStart,
    BadApproved,
    NotADate,
    DecisionNeedsPairedGame,
    DecisionNeedsPlayer,
    PlayerNotInGame,
    UnknownDecisionKind,
    NotAResult,
    BadWithdrawalResult,
    ReceivedDateAssumed,
    SentDateAssumed,
    FileUnreadable,
    PgnHoldsNoGame,
    PgnHoldsManyGames,
    NoMoveLogClockFromStamps,
    NoMoveLog,
    PgnTagReadAsPaired,
    PgnTagDiffersFromPairing,
    PgnFromSetUpPosition,
    PgnMoveIllegal,
    PgnDiffersFromLog,
    PgnLongerThanLog,
    PgnShorterThanLog,
    PgnStampBeforePrevious,
    PgnStampAfterReportDate,
    MovesDoNotAlternate,
    MoveNotPlayable,
    MoveReadWithLookAlike,
    ReadAsMove,
    LookAlikeReadings,
    ResultByLog,
    ResultByPosition,
    ResultByPgnTag,
    ResultDisputed,
    RepeatLate,
    FaultyMessage,
    PenaltyDays,
    SentBeforeReceived,
    DateAfterReportDate,
    SlowTransit,
    ReceivedBeforePartnerSent,
    Overstepped,
    OversteppedRunning,
    LowTime,
    RepeatMove,
    Silence,
    RecordSentByNeither,
    RecordNotSent,
    PgnRecordMissing,
    RecordDueAtEnd,
    BreakOverLimit,
    BreakDeclaredUndated,
    BreakDeclaredOn,
    BreakNotInAdvance,
    ReportNotAvailable,
    MoveUnreadable,
    MoveIllegal,
    MoveAmbiguous,
    WhiteToMove,
    BlackToMove,
    ReadingsSeparator,
    SentDayBeforePartnerReceived,
    SentOnDayReceived,
    DateKindReceived,
    DateKindSent,
    AppealLost,
    StatedNotDays,
    StatedTime,
    AdjudicationLate,
    SealedMoveIllegal,
    EmailDecisionNeedsAddress,
    BadNoAccessResult,
    LetterCorrespondenceAsk,
    LetterCorrespondenceRule,
    LetterCorrespondenceFacts,
    LetterCorrespondenceWhat,
    LostLetter,
    AddressChange,
    Correspondence,
    NoAccessCorrespondence,
    NoAccessWithdrawn,
    NoAccess,
    SealedMoveNotToMove,
    ClaimLate,
    ClaimUnfounded,
    ClaimRepeated,
    ProtestOpen,
    AppealOpen,
    DecisionOnResult,
    DecisionOnOverstep,
    DecisionOnWithdrawal,
    DecisionOnClaim,
    DecisionOnRecords,
    DecisionOnEmail,
    DecisionOnNoAccess,
    DecisionOnAccess,
    WithdrawalRecordMissing,
    LetterGreeting,
    LetterGreetingBoth,
    LetterSignature,
    LetterGame,
    LetterPrepared,
    LetterWrite,
    LetterDateUnknown,
    LetterRepeatDueWhat,
    LetterRepeatDueFacts,
    LetterRepeatDueRule,
    LetterRepeatDueAsk,
    LetterRepeatDueAskLate,
    LetterLowTimeWhat,
    LetterLowTimeFacts,
    LetterLowTimeRule,
    LetterLowTimeAsk,
    LetterLowTimeMoveBy,
    LetterSilenceWhat,
    LetterSilenceFacts,
    LetterSilenceRule,
    LetterSilenceAsk,
    LetterSilenceOver,
    LetterSilenceAskOver,
    LetterRecordWhat,
    LetterRecordsNoneWhat,
    LetterRecordFinished,
    LetterRecordFromPartner,
    LetterRecordNoPgn,
    LetterRecordsNoneFacts,
    LetterRecordRule,
    LetterRecordsNoneRule,
    LetterRecordAsk,
    LetterRepeatDueBreak,
    LetterWithdrawalRecordFacts,
    LetterWithdrawalRecordRule,
    LetterAdjudicationWhat,
    LetterAdjudicationFacts,
    LetterAdjudicationPassed,
    LetterAdjudicationRule,
    LetterAdjudicationAsk,
    LetterBreakNoticeWhat,
    LetterBreakNoticeFacts,
    LetterBreakNoticeRule,
    LetterBreakNoticeAsk,
    LetterClaimWhat,
    LetterClaimRule,
    LetterClaimAsk,
];

/// The argument indices a template uses, sorted, each once.
fn indices(template: &str) -> Vec<usize> {
    let mut out: Vec<usize> = pieces(template)
        .into_iter()
        .filter_map(|p| match p {
            Piece::Arg(i) => Some(i),
            Piece::Text(_) => None,
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

#[test]
fn both_languages_take_the_same_arguments() {
    for &m in ALL {
        let (en, ru) = (text(Language::En, m), text(Language::Ru, m));
        assert_eq!(indices(en), indices(ru), "{m:?}: {en:?} / {ru:?}");
        assert_eq!(
            indices(en),
            (0..arity(en)).collect::<Vec<_>>(),
            "{m:?} skips an argument"
        );
    }
}

#[test]
fn templates_hold_no_stray_braces() {
    for &m in ALL {
        for lang in [Language::En, Language::Ru] {
            let t = text(lang, m);
            let stray = pieces(t)
                .iter()
                .any(|p| matches!(p, Piece::Text(s) if s.contains(['{', '}']) && !is_escape(t, s)));
            assert!(!stray, "{m:?} in {lang:?}: {t:?}");
        }
    }
}

/// True when a one-brace piece comes from `{{` or `}}` in `t`.
fn is_escape(t: &str, s: &str) -> bool {
    (s == "{" && t.contains("{{")) || (s == "}" && t.contains("}}"))
}

#[test]
fn no_message_is_empty_or_the_same_in_both_languages() {
    for &m in ALL {
        let (en, ru) = (text(Language::En, m), text(Language::Ru, m));
        assert!(!en.trim().is_empty() && !ru.trim().is_empty(), "{m:?}");
        assert_ne!(en, ru, "{m:?} is not translated");
    }
}

#[test]
fn russian_messages_call_the_arbiter_arbitr_as_article_51_does() {
    for &m in ALL {
        let ru = text(Language::Ru, m);
        assert!(!ru.to_lowercase().contains("судь"), "{m:?}: {ru:?}");
    }
}

#[test]
fn fills_in_order_and_by_index() {
    assert_eq!(fill("a {} b {}.", &[&1, &"two"]), "a 1 b two.");
    assert_eq!(fill("{1}, {0}", &[&"x", &'y']), "y, x");
    assert_eq!(fill("{}{}", &[&"", &7]), "7");
    assert_eq!(fill("no placeholder", &[]), "no placeholder");
}

#[test]
fn braces_are_escaped_by_doubling() {
    assert_eq!(fill("{{}} {} {{x}}", &[&5]), "{} 5 {x}");
    assert_eq!(arity("{{}}"), 0);
}

#[test]
fn arguments_are_written_as_they_are() {
    // An argument that looks like a placeholder is not filled again.
    assert_eq!(fill("`{}`", &[&"{} {0} {{"]), "`{} {0} {{`");
    assert_eq!(fill("«{}»", &[&"Петров"]), "«Петров»");
}

#[test]
fn a_missing_argument_is_shown_not_dropped() {
    assert_eq!(fill("{} and {}", &[&1]), "1 and {1}");
    assert_eq!(arity("{} {3}"), 4);
}

#[test]
fn msg_picks_the_language() {
    let (en, ru) = (
        msg(Language::En, Msg::ReportNotAvailable, &[&"Cup"]),
        msg(Language::Ru, Msg::ReportNotAvailable, &[&"Cup"]),
    );
    assert_eq!(en, "Cup: report not available.");
    assert_eq!(ru, "Cup: бюллетень пока недоступен.");
}
