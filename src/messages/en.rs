//! The English table of [`Msg`]: one sentence a message.

use super::Msg;

/// The English template of `m`.
pub fn text(m: Msg) -> &'static str {
    match m {
        Msg::GamesFolderNotFollowed => "games is a link out of the tournaments folder, or not a folder: it is not read",
        Msg::GameFileTwice => "the game {} already has games/{}",
        Msg::GameFileUnpaired => "games/{} belongs to no game of pairings.csv: it is ignored",
        Msg::GameFileNotRead => "games/{} is not read: {}",
        Msg::GameFileNameUnknown => "only <game>.csv and <game>.pgn files are (a space or a stray letter in the name?)",
        Msg::GameFileLinkLeadsOut => {
            "the file is a link that leads out of the tournaments folder (or to no file): it is not followed"
        }
        Msg::FileLinkBroken => "the file is a link that cannot be followed (a loop, or nothing behind it): {}",
        Msg::GameFileNotAFile => "the file cannot be read: it is a folder or a device, not a file",
        Msg::GameFileNameNotAnId => "the file name is not a game id (letters, digits, -, _, .): it is ignored",
        Msg::EditorLockFiles => "{} lock or temporary file(s) of a spreadsheet that has a log open, not read: {}",
        Msg::FileLinkLeadsOut => {
            "the file is a link that leads out of the tournaments folder (or to nothing): it is not followed"
        }
        Msg::RequiredFileMissing => "the required file {} is missing",
        Msg::FileNotUtf8 => "the file is not valid UTF-8",
        Msg::SettingsUnreadable => "tournament.toml: {}\nno game of this tournament is computed until it is fixed",
        Msg::SettingsEndBeforeStart => {
            "tournament.toml: end ({}) is before start ({}); the end is not used until it is fixed"
        }
        Msg::PlayersUnreadable => {
            "players.csv cannot be read: the names in pairings, breaks and decisions are not checked"
        }
        Msg::ThinkingRowNotLast => {
            "a row with a received date but no move and no sent date may only be the last row (the move being thought over)"
        }
        Msg::MoveNoTooHigh => "`no` {} is over {} moves: not a move number of a game",
        Msg::NotAMoveNo => "`no` must be a move number (1, 2, 3…), not `{}`",
        Msg::BadSide => "`side` must be white or black, not `{}`",
        Msg::UnknownFlag => {
            "unknown flag `{}` (known: accepted, variant, illegible, impossible, ambiguous, no-move, wrong-repeat, request, repeat, lost, resign, draw, record, adjudication)"
        }
        Msg::RowWithoutMove => "an ordinary row needs a move (a message without a move is flagged no-move, 51.3.5)",
        Msg::NameReadAsPlayer => "the name `{}` is read as the player `{}` of players.csv (letters or spaces differ)",
        Msg::NameAmbiguous => "`{}` is not a player of players.csv, and could be any of `{}`: write the name exactly",
        Msg::NameDidYouMean => "; did you mean `{}`?",
        Msg::NameUnknown => "`{}` is not a player of players.csv{}",
        Msg::PgnHoldsNul => "the PGN file holds NUL bytes: it is not a text file",
        Msg::PgnStampNotADate => {
            "move {}{}: the %ccsnt stamp `{}` is not a date (write 2026.01.15); the move's date is unknown"
        }
        Msg::PgnUnreadableToEnd => "the PGN cannot be read to its end: {}",
        Msg::SettingsHintDate => "a date is written 2026-01-15 (no quotes), or as text in quotes: \"15.01.2026\"",
        Msg::SettingsHintQuotes => "text is written in quotes: name = \"…\", time_control = \"10/60\"",
        Msg::SettingsHint => "\nhint: {}",
        Msg::SettingsBadTimeControl => "time_control `{}` is not moves/days like 10/60, each from 1 to 1000",
        Msg::SettingsNotACalendarDate => "{}: `{}` is not a calendar date (no times)",
        Msg::SettingsKeyNotADate => {
            "{}: `{}` is not a date from 1900-01-01 to 9999-12-31 (write 2026-01-15, 2026.01.15 or 15.01.2026)"
        }
        Msg::TournamentFolderReserved => {
            "the tournament folder `{}` has the name of a file the tool writes beside the tournaments: it is skipped (rename it)"
        }
        Msg::TableNotDecodable => "the file cannot be decoded as {} text",
        Msg::TableHoldsControlBytes => "the file holds control bytes (NUL…): it is not a text file",
        Msg::RowFieldCount => "the row has {} fields, the header {}",
        Msg::TableEmpty => "the file is empty; it needs the header row {}",
        Msg::ColumnDidYouMean => "; the column `{}`: did you mean `{}`?",
        Msg::FindingsCapped => {
            "and {} more findings about the rows of this file, not listed: fix the first ones and run again"
        }
        Msg::EmailMissing => {
            "`{}` has no email address (the email cell is empty): no letter goes to them; write it in the email column, or record an `email` decision"
        }
        Msg::ArbiterEmailMissing => {
            "tournament.toml names no `arbiter_email`: no letter is prepared, as a letter needs a From"
        }
        Msg::EmailNotOneAddress => {
            "the email `{}` is not one address (name@domain, nothing else): no letter and no mail link go to it"
        }
        Msg::NameHoldsAddress => {
            "`{}` holds an email address or what reads as one, which no name, title or move needs: the report shows it as `{}`; write an address in the email column only"
        }
        Msg::NameWithheld => "Player {}",
        Msg::TableNoRows => "the file holds its header row and no other: the tournament cannot be reported from it",
        Msg::HeaderLacksColumns => "the header row lacks the column(s) {} (expected {})",
        Msg::PathIsAFolder => "it is a folder, not a file: it is not read",
        Msg::PathNotARegularFile => "it is not a regular file (a FIFO, a socket or a device): it is not read",
        Msg::SettingsFileMisspelt => {
            "the settings file is named `{}`: only a file named exactly tournament.toml is read (lower case, nothing before or after it); rename it"
        }
        Msg::FileTooBig => "the file holds {} bytes, over the limit of {} MB: it is not read",
        Msg::PathUnreadable => "it cannot be read: {}",
        Msg::PlayerWithoutName => "a player row has no name",
        Msg::PlayerTwice => "the player `{}` is listed twice",
        Msg::NotAGameId => "`{}` is not a game id (letters, digits, -, _, .)",
        Msg::GamePairedTwice => "the game `{}` is paired twice",
        Msg::PairedAgainstThemself => "`{}` is paired against themself",
        Msg::BreakEndsBeforeStart => "the break ends ({}) before it starts ({})",
        Msg::BadApproved => "`approved` must be yes, late, extra or empty, not `{}`",
        Msg::NotADate => "`{}` is not a date (write 2026-01-15, 2026.01.15 or 15.01.2026)",
        Msg::DecisionNeedsPairedGame => "a {} decision needs a paired game; `{}` is not one",
        Msg::DecisionNeedsPlayer => "a {} decision needs the player",
        Msg::PlayerNotInGame => "`{}` does not play the game `{}`",
        Msg::UnknownDecisionKind => "unknown decision kind `{}` (result, overstep, withdrawal, claim, records)",
        Msg::NotAResult => "`{}` is not a result (1-0, 0-1, 1/2-1/2, +/-, -/+, -/-, *)",
        Msg::BadWithdrawalResult => "a withdrawal's result must be forfeit, adjudicate or annul, not `{}`",
        Msg::ReceivedDateAssumed => "no received date: taken as {}, the day after the partner's message of {}",
        Msg::SentDateAssumed => "no sent date: taken as {}, {}",
        Msg::FileUnreadable => "the file cannot be read: {}",
        Msg::PgnHoldsNoGame => "the PGN file holds no game",
        Msg::PgnHoldsManyGames => "the PGN file holds {} games; one game a file is expected, the first is used",
        Msg::NoMoveLogClockFromStamps => {
            "no move log: the clock is computed from the PGN's %ccsnt stamps, each move taken as received the day after the partner's"
        }
        Msg::NoMoveLog => "no move log: the players must keep and send the record of moves with dates (51.1.4)",
        Msg::PgnTagReadAsPaired => "the PGN's {} tag `{}` is read as `{}` of pairings.csv (letters or spaces differ)",
        Msg::PgnTagDiffersFromPairing => "the PGN's {} tag is `{}`, pairings.csv says `{}`",
        Msg::PgnFromSetUpPosition => {
            "the PGN starts from a set-up position (FEN tag); the game starts from the initial position"
        }
        Msg::PgnMoveIllegal => "the PGN's move {}{} is not legal in its position",
        Msg::PgnDiffersFromLog => "the PGN differs from the log at move {}: {} in the PGN, {} in the log",
        Msg::PgnLongerThanLog => "the PGN goes on past the log: move {}{} is not in the log",
        Msg::PgnShorterThanLog => {
            "the game is finished but the PGN stops after {} half-moves; the log has {} (move {}{})"
        }
        Msg::PgnStampBeforePrevious => "the PGN's %ccsnt stamp of move {} is {}, before the stamp of move {}, {}",
        Msg::PgnStampAfterReportDate => {
            "the PGN's %ccsnt stamp of move {}{} is {}, after the report's date {}: it is not used"
        }
        Msg::MovesDoNotAlternate => {
            "moves must alternate: this should be {}'s move {}, the row says {}'s move {}; the replay stops here"
        }
        Msg::MoveNotPlayable => "{}'s move {} `{}` {}; the replay stops here",
        Msg::MoveReadWithLookAlike => "{}'s moves read with a letter taken for the one it looks like: {}",
        Msg::ReadAsMove => "{} `{}` as `{}`",
        Msg::LookAlikeReadings => " (read as written, and with look-alike letters as `{}`)",
        Msg::ResultByLog => "the log says",
        Msg::ResultByPosition => "the position says",
        Msg::ResultByPgnTag => "the PGN Result tag says",
        Msg::ResultDisputed => "the result is disputed: {}; the arbiter must rule (51.1.7)",
        Msg::RepeatLate => "the repeat of a lost message was sent {} days late (over the {} days and {} of grace)",
        Msg::FaultyMessage => "a faulty message ({})",
        Msg::PenaltyDays => "{} penalty days on move {}: {}",
        Msg::SentBeforeReceived => "move {} was sent on {}, before it was received on {}",
        Msg::DateAfterReportDate => "move {} has a {} date {} after the report's date {}",
        Msg::SlowTransit => {
            "the partner's message of {} took {} days to arrive (received {}; the standard is one day): the player should tell the arbiter"
        }
        Msg::ReceivedBeforePartnerSent => {
            "move {} says received {}, but the partner's message it answers was sent later, on {}"
        }
        Msg::Overstepped => {
            "{} overstepped the time control: {} days used by move {}, {} allowed. The partner may claim no later than the reply to that move (51.6.1); the arbiter rules (51.6.5–51.6.6)"
        }
        Msg::OversteppedRunning => {
            "{} is over the allowance by {} days before move {}: the time is overstepped ({} used, {} running, {} allowed). The partner may claim (51.6.1); the arbiter rules (51.6.6)"
        }
        Msg::LowTime => {
            "{} has {} days left before move {}: all correspondence of this game must now be copied to the arbiter"
        }
        Msg::RepeatMove => {
            "no reply for {} days to the message of {}: {} must repeat move {} with all its information, copied to the arbiter (51.5.1)"
        }
        Msg::Silence => {
            "no move for {} days (since {}): {} is to move; a loss may be scored to a player who did not tell the arbiter of the delay (51.5.3)"
        }
        Msg::RecordSentByNeither => {
            "the game is over but neither player has sent the game record to the arbiter: both may be scored a loss (51.9.3)"
        }
        Msg::RecordNotSent => {
            "{} has not sent the game record: the result is not official until it arrives (51.9.1–51.9.2)"
        }
        Msg::PgnRecordMissing => {
            "the game is over but there is no PGN record games/{}.pgn: the result is not official until it arrives (51.9.2)"
        }
        Msg::RecordDueAtEnd => {
            "the tournament ended on {}: {} must send the record, final position, claimed result with analysis and the move to be made to the arbiter by {}{}"
        }
        Msg::BreakOverLimit => "{} has {} break days in {}; at most {} are allowed in a calendar year (51.7.1)",
        Msg::BreakDeclaredUndated => "with no declaration date",
        Msg::BreakDeclaredOn => "declared on {}",
        Msg::BreakNotInAdvance => {
            "{}'s break {}–{} was {}, not in advance, and the arbiter has not approved it (51.7.2, 51.7.7)"
        }
        Msg::ReportNotAvailable => "{}: report not available.",
        Msg::MoveUnreadable => "cannot be read as a move in any agreed notation",
        Msg::MoveIllegal => "is not a legal move in the position",
        Msg::MoveAmbiguous => "fits more than one legal move",
        Msg::WhiteToMove => "white",
        Msg::BlackToMove => "black",
        Msg::ReadingsSeparator => "`, `",
        Msg::SentDayBeforePartnerReceived => "the day before the partner received it",
        Msg::SentOnDayReceived => "the day it was received",
        Msg::DateKindReceived => "received",
        Msg::DateKindSent => "sent",
        Msg::AppealLost => "; that date has passed, so the right of appeal is lost (51.9.7)",
        Msg::StatedNotDays => "`{}` must be a number of days, not `{}`",
        Msg::StatedTime => {
            "move {} states {} days used by White and {} by Black; the records give {} and {} as of that message (51.2.1)"
        }
        Msg::AdjudicationLate => {
            "{} sent the adjudication materials on {}, after {}: the right of appeal is lost (51.9.4, 51.9.7)"
        }
        Msg::SealedMoveIllegal => "{}'s sealed move `{}` is not legal in the final position (51.9.4.4)",
        Msg::EmailDecisionNeedsAddress => "an email decision's note must be the new address, not `{}`",
        Msg::BadNoAccessResult => "a no-access decision's result must be empty or correspondence, not `{}`",
        Msg::LetterCorrespondenceAsk => {
            "Please send the arbiter your letters of this game (the moves and dates sent and received) by {}."
        }
        Msg::LetterCorrespondenceRule => {
            "Article 51.1.5: at the player's request the arbiter asks the partners for the correspondence needed and passes it on."
        }
        Msg::LetterCorrespondenceFacts => {
            "{} told the arbiter on {} that the correspondence of the tournament was lost with the email or the equipment, and asked for it."
        }
        Msg::LetterCorrespondenceWhat => "the correspondence of the game, for {}",
        Msg::LostLetter => {
            "{} received {}'s repeat of move {} (sent {}) without the first letter: tell the partner and the arbiter by {} (51.5.2)"
        }
        Msg::AddressChange => {
            "{}'s address changed from {} to {} on {} (51.1.2): letters from that date go to the new one"
        }
        Msg::Correspondence => {
            "{} is asked for the correspondence of this game, which {} lost (reported on {}, 51.1.5)"
        }
        Msg::NoAccessCorrespondence => {
            "; the player asked for the lost correspondence: the partners are asked for it (51.1.5)"
        }
        Msg::NoAccessWithdrawn => {
            "{} reported on {} that the email or equipment was lost, and access was not restored by {}: the player counts as withdrawn; record the withdrawal (51.1.6)"
        }
        Msg::NoAccess => {
            "{} reported on {} that the email or equipment was lost: unless access is restored by {}, the player counts as withdrawn (51.1.5, 51.1.6)"
        }
        Msg::SealedMoveNotToMove => {
            "{}'s sealed move `{}` comes from the side not to move: only the side to move seals a move (51.9.4.4)"
        }
        Msg::ClaimLate => {
            "{}'s claim of {} that {} overstepped at move {} came after the claimant's reply to that move, sent on {}: a claim is made no later than that reply (51.6.1)"
        }
        Msg::ClaimUnfounded => {
            "{}'s claim of {}: the records show {} within every completed control, with {} days left before move {} on that date (51.6.1)"
        }
        Msg::ClaimRepeated => {
            "{} claims again on {}, after a claim rejected on {}, before its own move {}: the arbiter may forbid claims in this ten-move cycle (51.6.7)"
        }
        Msg::ProtestOpen => "{} may protest against {}'s overstep claim of {} until {} (51.6.4)",
        Msg::AppealOpen => "the decision on {} of {} may be appealed until {} (51.1.10, 51.9.9)",
        Msg::DecisionOnResult => "the result",
        Msg::DecisionOnOverstep => "an overstep",
        Msg::DecisionOnWithdrawal => "a withdrawal",
        Msg::DecisionOnClaim => "an overstep claim",
        Msg::DecisionOnRecords => "game records",
        Msg::DecisionOnEmail => "an email address",
        Msg::DecisionOnNoAccess => "lost access to email",
        Msg::DecisionOnAccess => "access to email restored",
        Msg::WithdrawalRecordMissing => {
            "{}'s game against {}, who withdrew, is registered only when {0}'s game record arrives (51.8.2)"
        }
        // --- outbox ---
        Msg::LetterGreeting => "Dear {},",
        Msg::LetterGreetingBoth => "Dear {} and {},",
        Msg::LetterSignature => "Kind regards,\n{}\nArbiter, {}",
        Msg::LetterGame => "Game {}: {} – {}.",
        Msg::LetterPrepared => "letter prepared {}",
        Msg::LetterWrite => "write",
        Msg::LetterDateUnknown => "an unknown date",
        Msg::LetterRepeatDueWhat => "repeat move {}",
        Msg::LetterRepeatDueFacts => {
            "The records show your move {} {} sent on {}, and no reply from {} since: {} days as of {}."
        }
        Msg::LetterRepeatDueRule => {
            "Article 51.5.1: when a move has had no reply for {} days, the move is repeated with all the information that goes with it, with a copy to the arbiter. The reply to the repeated move is also sent with a copy to the arbiter."
        }
        Msg::LetterRepeatDueAsk => "Please repeat move {} {} with all its information to {}, with a copy to me, by {}.",
        Msg::LetterRepeatDueAskLate => {
            "The repeat was due by {}: please repeat move {} {} with all its information to {}, with a copy to me, at \
             once. If your move did not reach your partner, the days the repeat is late are charged to you (51.4.9)."
        }
        Msg::LetterLowTimeWhat => "copy the arbiter on all correspondence",
        Msg::LetterLowTimeFacts => {
            "The records show that {} has had {} days or fewer left before the control at move {} since {}."
        }
        Msg::LetterLowTimeRule => {
            "Article 51.4.10: when either player has five days or fewer left before the control move, all correspondence of the game is carried on with copies to the arbiter."
        }
        Msg::LetterLowTimeAsk => "From {} on, please both send every message of this game with a copy to me.",
        Msg::LetterLowTimeMoveBy => "{}'s move {} is due by {}.",
        Msg::LetterSilenceWhat => "no move for {} days",
        Msg::LetterSilenceFacts => "The records show no move in this game since {}: {} days as of {}. It is {}'s move.",
        Msg::LetterSilenceRule => {
            "Article 51.5.3: in a game without a move for {} days, a loss may be scored to the player who did not inform the arbiter of their (or their partner's) delay."
        }
        Msg::LetterSilenceAsk => "{}, please make your move with a copy to me, or explain the delay to me, by {}.",
        Msg::LetterSilenceOver => {
            "By the records, {} has used more days than the control allows up to move {} (Article 51.4.3)."
        }
        Msg::LetterSilenceAskOver => "{}, please explain the delay to me by {}.",
        Msg::LetterRecordWhat => "send the game record",
        Msg::LetterRecordsNoneWhat => "no game record from either player",
        Msg::LetterRecordFinished => "The game finished on {} ({}).",
        Msg::LetterRecordFromPartner => "I have the game record from {}, but not from you.",
        Msg::LetterRecordNoPgn => "I have no PGN record of it (games/{}.pgn).",
        Msg::LetterRecordsNoneFacts => "Neither of you has sent me the game record.",
        Msg::LetterRecordRule => {
            "Article 51.9.1: after the game both players email the arbiter the full record of the game, preferably in PGN, with the result. 51.9.2: the result is registered officially only when these are received."
        }
        Msg::LetterRecordsNoneRule => {
            "Article 51.9.1: after the game both players email the arbiter the full record of the game, preferably in PGN, with the result. 51.9.3: if no record is received from either player, both may be scored a loss."
        }
        Msg::LetterRepeatDueBreak => "{} of those days were {}'s declared break (51.7.1), and are not counted.",
        Msg::LetterWithdrawalRecordFacts => {
            "{} withdrew from the tournament on {}. Your unfinished game with them is registered for you once I have your record of it; I have not received it yet."
        }
        Msg::LetterWithdrawalRecordRule => {
            "Article 51.8.2: the results of a withdrawn player's unfinished games are registered for the partners once the arbiter has received from them the records of their games with the withdrawn player (see 51.9)."
        }
        Msg::LetterRecordAsk => {
            "Please send me the full record of the game, preferably in PGN, with the result, by {}."
        }
        Msg::LetterAdjudicationWhat => "adjudication materials due {}",
        Msg::LetterAdjudicationFacts => {
            "The tournament ended on {} with this game unfinished, and the records hold no adjudication materials from {}. They are due by {}."
        }
        Msg::LetterAdjudicationPassed => "That date has passed.",
        Msg::LetterAdjudicationRule => {
            "Article 51.9.4: within {} days after the end of the tournament both players send the arbiter the record of the game, the final position, and their assessment of the result with analysis; the player to move sends the move, which counts as made. 51.9.7: a player who does not send these materials loses the right of appeal."
        }
        Msg::LetterAdjudicationAsk => "{}, please send me these materials by {}.",
        Msg::LetterBreakNoticeWhat => "break {}–{} declared late",
        Msg::LetterBreakNoticeFacts => {
            "Your break from {} to {}, {}, was not declared in advance, and it has not been approved."
        }
        Msg::LetterBreakNoticeRule => {
            "Article 51.7.2: players who take a break inform all their partners and the arbiter of it in advance."
        }
        Msg::LetterBreakNoticeAsk => {
            "Please confirm to me by {} that your partners were informed of this break, and declare your breaks in advance from now on."
        }
        Msg::LetterClaimWhat => "your overstep claim of {}",
        Msg::LetterClaimRule => {
            "Article 51.6.1: an overstep claim is sent to the arbiter with all the information it needs, no later than the reply to the opponent's 10th, 20th, 30th… move. A rejected claim may bar further claims in the current ten-move cycle (51.6.7)."
        }
        Msg::LetterClaimAsk => {
            "Please send me by {} the dates and moves your claim rests on, or tell me that you withdraw it."
        }
    }
}
