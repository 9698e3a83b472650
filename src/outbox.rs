//! The arbiter's outbox (docs/arbiter.md, "The outbox"): for every finding
//! that asks something of a player, the letter that asks it, ready to send.
//! A letter says what the records show (moves, dates, days), quotes the
//! paragraph of Article 51 (51.4.10, 51.5.1, 51.5.3, 51.7.2, 51.9.1–51.9.4,
//! 51.9.7), says what to do and by which date, and is signed by the
//! arbiter, in the tournament's language.
//!
//! A letter is an RFC 5322 message built by `mail-builder` (UTF-8, RFC 2047
//! headers for Cyrillic names and subjects): `From` the arbiter, `To` and
//! `Cc` as [`addressees`] says for its code, `Date` the day it was prepared,
//! a `Message-ID` of its own, made from the finding (tournament, code,
//! game, player, date) and the letter's date and file, so that no two
//! letters share one (RFC 5322 3.6.4), and `In-Reply-To`/`References` to
//! the earlier letters about the same finding or game, so that mail
//! programs thread them. It holds no address but those.
//!
//! A letter is written once: into `outbox/<as-of>/` of the report on whose
//! date its finding is first seen (all open findings at the first report).
//! `outbox/letters.json` records every letter still in the outbox: its
//! finding, file, the date it was prepared and its Message-ID; the next run
//! reads it back ([`crate::output::previous::earlier_letters`]) beside the
//! previous report, so that a finding still open keeps its letter and gets
//! no second one, and carries the earlier reports' folders over.
//!
//! This module sits beside the render stage: it uses the computed report
//! and the messages, and the arbiter's page uses it ([`Outbox::link`]).

use chrono::NaiveDate;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

use crate::compute::TournamentReport;
use crate::dates::{add_days, days_between};
pub use crate::finding::Addressees;
use crate::finding::{BreakFacts, ClaimFacts, ClockFacts, Code, Facts, Finding, PostFacts, RecordFacts};
use crate::game::GameReport;
use crate::history::{Entry, Ledger};
use crate::messages::date as show;

use crate::model::{GameResult, Language, Side, Withdrawal};
use crate::rules::{ADJUDICATION_DAYS, LOW_TIME_DAYS, REPEAT_DAYS, SILENCE_DAYS};

/// The outbox's folder in a tournament's arbiter tree.
pub const OUTBOX: &str = "outbox";

/// The list of this report's letters, one a line.
pub const INDEX: &str = "outbox/index.txt";

pub use crate::history::LEDGER;

/// Days a letter gives for the answer when its finding has no due date, or
/// one already past (a convention of this tool, not a rule of Article 51).
pub const REPLY_DAYS: i64 = 7;

/// What the letter of a finding says: its subject's words and its
/// paragraphs, between the greeting and the signature.
struct Content {
    what: String,
    paragraphs: Vec<String>,
}

/// Writes the content of one code's letter; `None` when the records lack
/// what it needs (no such game, no player).
type Write = fn(&Ctx<'_>) -> Option<Content>;

/// What writes the letter of each code that has one ([`Code::letter`]);
/// `None` for the others.
fn writer(code: Code) -> Option<Write> {
    match code {
        Code::RepeatDue => Some(repeat_due),
        Code::LowTime => Some(low_time),
        Code::Silence => Some(silence),
        Code::RecordMissing => Some(record_missing),
        Code::RecordsNone => Some(records_none),
        Code::AdjudicationDue => Some(adjudication_due),
        Code::BreakNotice => Some(break_notice),
        Code::ClaimLate | Code::ClaimUnfounded => Some(claim),
        Code::Correspondence => Some(correspondence),
        Code::Ruling => Some(ruling),
        Code::Withdrawal => Some(withdrawal),
        // The codes declared without addressees; a test sees to it that
        // a code declared with them has its writer here.
        _ => None,
    }
}

/// Who gets the letter of a finding of `code`, and what writes it; `None`
/// when no letter is written for it.
fn kind(code: Code) -> Option<(Addressees, Write)> {
    code.letter().zip(writer(code))
}

/// Who gets the letter of a finding of `code`, `None` when no letter is
/// written for it.
pub fn addressees(code: Code) -> Option<Addressees> {
    kind(code).map(|(a, _)| a)
}

/// A name and its address.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Mailbox {
    pub name: String,
    pub email: String,
}

/// What makes two findings the same finding from one report to the next:
/// code, game, player and date.
pub type Key = crate::history::LetterKey;

/// The [`Key`] of a finding.
pub fn key(f: &Finding) -> Key {
    (f.code, f.game.clone(), f.player.clone(), f.date)
}

/// One letter, ready to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Letter {
    /// The finding it is about.
    pub key: Key,
    /// Its file name in `outbox/`.
    pub file: String,
    /// The report's date when it was first written: its `Date`.
    pub prepared: NaiveDate,
    /// Without the angle brackets.
    pub message_id: String,
    /// The Message-IDs of the earlier letters about the same finding or
    /// game, oldest first: its `References`; the last is its
    /// `In-Reply-To`.
    pub references: Vec<String>,
    pub from: Mailbox,
    pub to: Vec<Mailbox>,
    pub cc: Vec<Mailbox>,
    pub subject: String,
    /// Lines separated by `\n`.
    pub body: String,
}

impl Letter {
    /// The letter as an RFC 5322 message (CRLF line ends).
    pub fn eml(&self) -> Vec<u8> {
        use mail_builder::MessageBuilder;
        use mail_builder::headers::address::Address;
        use mail_builder::headers::date::Date;
        fn addresses(list: &[Mailbox]) -> Address<'_> {
            Address::new_list(
                list.iter()
                    .map(|m| Address::new_address(Some(m.name.as_str()), m.email.as_str()))
                    .collect(),
            )
        }
        let midnight = self.prepared.and_hms_opt(0, 0, 0).unwrap_or_default().and_utc();
        let mut m = MessageBuilder::new()
            .from(Address::new_address(
                Some(self.from.name.as_str()),
                self.from.email.as_str(),
            ))
            .subject(self.subject.as_str())
            .date(Date::new(midnight.timestamp()))
            .message_id(self.message_id.as_str());
        if let Some(last) = self.references.last() {
            m = m.in_reply_to(last.as_str()).references(self.references.as_slice());
        }
        if !self.to.is_empty() {
            m = m.to(addresses(&self.to));
        }
        if !self.cc.is_empty() {
            m = m.cc(addresses(&self.cc));
        }
        let mut out = Vec::new();
        m.text_body(self.body.replace('\n', "\r\n")).serialize(&mut out);
        out
    }

    /// A `mailto:` URL (RFC 6068) with the same addressees, subject and
    /// body.
    pub fn mailto(&self) -> String {
        let list = |l: &[Mailbox]| l.iter().map(|m| encode(&m.email, b"@")).collect::<Vec<_>>().join(",");
        let mut url = format!("mailto:{}?", list(&self.to));
        if !self.cc.is_empty() {
            url.push_str("cc=");
            url.push_str(&list(&self.cc));
            url.push('&');
        }
        url.push_str("subject=");
        url.push_str(&encode(&self.subject, b""));
        url.push_str("&body=");
        url.push_str(&encode(&self.body.replace('\n', "\r\n"), b""));
        url
    }
}

/// Percent-encodes every byte but the unreserved ones of RFC 3986 and
/// those of `keep`.
fn encode(s: &str, keep: &[u8]) -> String {
    let mut out = String::with_capacity(s.len() * 3);
    for &b in s.as_bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) || keep.contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A Message-ID made from the parts that identify a letter: its finding and
/// the date it was prepared, so that no two letters share one (RFC 5322
/// 3.6.4), stable across runs and versions.
fn message_id(parts: &[&str]) -> String {
    let h = crate::history::stable_hash(parts);
    format!("{h:016x}.{}@ccbulletin", parts.get(1).copied().unwrap_or_default())
}

/// What one letter's writer looks at.
struct Ctx<'a> {
    r: &'a TournamentReport<'a>,
    f: &'a Finding,
    game: Option<&'a GameReport>,
    lang: Language,
    prepared: NaiveDate,
}

impl Ctx<'_> {
    fn date(&self, d: Option<NaiveDate>) -> String {
        d.map_or_else(
            || crate::tr!(self.lang, "letter-date-unknown").to_string(),
            |d| show(d, self.lang),
        )
    }

    /// The date the letter asks for the answer by: the finding's due date,
    /// or [`REPLY_DAYS`] after the letter when it has none or it has passed.
    fn by(&self) -> String {
        let by = match self.f.due {
            Some(due) if due >= self.prepared => due,
            _ => add_days(self.prepared, REPLY_DAYS),
        };
        show(by, self.lang)
    }

    fn player(&self) -> Option<&str> {
        self.f.player.as_deref()
    }

    /// The partner of the player the finding names, in its game.
    fn partner(&self) -> Option<&str> {
        let g = self.game?;
        Some(g.name(g.side_of(self.player()?)?.other()))
    }
}

fn move_label(no: u32, side: Side) -> String {
    format!("{no}{}", if side == Side::White { "." } else { "..." })
}

/// 51.5.1: repeat the move that had no reply.
fn repeat_due(c: &Ctx<'_>) -> Option<Content> {
    let (g, lang) = (c.game?, c.lang);
    let Facts::Clock(ClockFacts::RepeatDue {
        side,
        move_no: no,
        sent,
        partner_break_days,
        ..
    }) = c.f.facts
    else {
        return None;
    };
    let row = g
        .rows
        .iter()
        .filter(|r| r.no == no && r.side == side)
        .find(|r| r.sent == Some(sent))?;
    let mv = if row.mv.is_empty() {
        row.san.as_ref().map(ToString::to_string).unwrap_or_default()
    } else {
        row.mv.to_string()
    };
    let (label, partner) = (move_label(no, side), c.partner()?);
    let days = days_between(sent, c.prepared);
    let mut facts = crate::tr!(
        lang,
        "letter-repeat-due-facts",
        label = &label,
        written = &mv,
        sent = &show(sent, lang),
        partner = &partner,
        days = &days,
        date = &show(c.prepared, lang)
    );
    if partner_break_days > 0 {
        facts.push(' ');
        facts.push_str(&crate::tr!(
            lang,
            "letter-repeat-due-break",
            days = &partner_break_days,
            partner = &partner
        ));
    }
    Some(Content {
        what: crate::tr!(lang, "letter-repeat-due-what", label = &label),
        paragraphs: vec![
            facts,
            crate::tr!(lang, "letter-repeat-due-rule", days = &REPEAT_DAYS),
            match c.f.due.filter(|due| *due < c.prepared) {
                // Past its term a repeat cannot be asked "by" a later date:
                // every day more is a day of 51.4.9's penalty.
                Some(due) => {
                    crate::tr!(
                        lang,
                        "letter-repeat-due-ask-late",
                        due = &show(due, lang),
                        label = &label,
                        written = &mv,
                        partner = &partner
                    )
                }
                None => {
                    crate::tr!(
                        lang,
                        "letter-repeat-due-ask",
                        label = &label,
                        written = &mv,
                        partner = &partner,
                        by = &c.by()
                    )
                }
            },
        ],
    })
}

/// 51.6.5, 51.6.6: the arbiter's ruling on a claim, to both players the
/// night it is entered: upheld (the accused loses on time), rejected (the
/// game goes on the next day, 51.6.3) or another result; the 14 days to
/// appeal (51.1.10).
fn ruling(c: &Ctx<'_>) -> Option<Content> {
    let (g, lang) = (c.game?, c.lang);
    let Facts::Claim(ClaimFacts::Ruling {
        claimant,
        claimed,
        accused,
        ruled,
        result,
    }) = &c.f.facts
    else {
        return None;
    };
    let outcome = match g.side_of(accused) {
        _ if *result == GameResult::Unfinished => "rejected",
        Some(side) if *result == GameResult::loss_for(side) => "upheld",
        _ => "other",
    };
    let claimed = show(*claimed, lang);
    Some(Content {
        what: crate::tr!(lang, "letter-ruling-what", claimed = &claimed),
        paragraphs: vec![
            crate::tr!(
                lang,
                "letter-ruling-facts",
                ruled = &show(*ruled, lang),
                claimant = claimant,
                claimed = &claimed,
                accused = accused,
                outcome = outcome,
                result = result.as_str(),
                next = &show(add_days(*ruled, 1), lang)
            ),
            crate::tr!(lang, "letter-ruling-rule"),
            crate::tr!(lang, "letter-ruling-appeal", by = &c.by()),
        ],
    })
}

/// 51.8.1, 51.8.2: a partner of a player who withdrew, the night the
/// withdrawal is entered: what becomes of the unfinished game, and under
/// `forfeit` the record the result waits for.
fn withdrawal(c: &Ctx<'_>) -> Option<Content> {
    let lang = c.lang;
    c.game?;
    let Facts::Post(PostFacts::Withdrawal {
        withdrawn, how, date, ..
    }) = &c.f.facts
    else {
        return None;
    };
    let how = match how {
        Withdrawal::Forfeit => "forfeit",
        Withdrawal::Adjudicate => "adjudicate",
        Withdrawal::Annul => "annul",
    };
    let mut paragraphs = vec![
        crate::tr!(
            lang,
            "letter-withdrawal-facts",
            withdrawn = withdrawn,
            date = &show(*date, lang),
            how = how
        ),
        crate::tr!(lang, "letter-withdrawal-rule", how = how),
    ];
    if how == "forfeit" {
        paragraphs.push(crate::tr!(lang, "letter-record-ask", by = &c.by()));
    }
    Some(Content {
        what: crate::tr!(lang, "letter-withdrawal-what", withdrawn = withdrawn),
        paragraphs,
    })
}

/// 51.4.10: from now on, copies of everything to the arbiter. The letter
/// says what the finding's facts hold: the days left, the moves they must
/// cover (the player's next move to the control move) and the date the next
/// move is due by, never a date for a later move.
fn low_time(c: &Ctx<'_>) -> Option<Content> {
    let (lang, player) = (c.lang, c.player()?);
    c.game?;
    let Facts::Clock(ClockFacts::LowTime {
        left,
        control,
        next_move,
        move_by,
        ..
    }) = &c.f.facts
    else {
        return None;
    };
    let mut ask = crate::tr!(lang, "letter-low-time-ask", date = &show(c.prepared, lang));
    if let Some(due) = move_by {
        ask.push(' ');
        ask.push_str(&crate::tr!(
            lang,
            "letter-low-time-move-by",
            player = &player,
            next = next_move,
            due = &show(*due, lang)
        ));
    }
    let moves = i64::from(*control) - i64::from(*next_move) + 1;
    Some(Content {
        what: crate::tr!(lang, "letter-low-time-what").to_string(),
        paragraphs: vec![
            crate::tr!(
                lang,
                "letter-low-time-facts",
                player = &player,
                days = &LOW_TIME_DAYS,
                control = control,
                since = &c.date(c.f.date),
                left = left,
                next = next_move,
                moves = &moves
            ),
            crate::tr!(lang, "letter-low-time-rule"),
            ask,
        ],
    })
}

/// 51.5.3: no move for 40 days; the player to move explains the delay.
///
/// A player whose time has already run out (the game's facts say the side
/// is over its control, 51.4.3) is told so and asked only to explain the
/// delay: a move now cannot keep it within the time, and the letter must
/// not ask for one by a date after the time ran out.
fn silence(c: &Ctx<'_>) -> Option<Content> {
    let (lang, player) = (c.lang, c.player()?);
    let g = c.game?;
    let Facts::Clock(ClockFacts::Silence { last_move: last, .. }) = c.f.facts else {
        return None;
    };
    let side = g.side_of(player)?;
    let over = g.facts.side(side).over;
    let days = days_between(last, c.prepared);
    let mut paragraphs = vec![crate::tr!(
        lang,
        "letter-silence-facts",
        last = &show(last, lang),
        days = &days,
        date = &show(c.prepared, lang),
        player = &player
    )];
    if over {
        let control = g.clock.side(side).next_control;
        paragraphs.push(crate::tr!(
            lang,
            "letter-silence-over",
            player = &player,
            control = &control
        ));
    }
    paragraphs.push(crate::tr!(lang, "letter-silence-rule", days = &SILENCE_DAYS));
    paragraphs.push(if over {
        crate::tr!(lang, "letter-silence-ask-over", player = &player, by = &c.by())
    } else {
        crate::tr!(lang, "letter-silence-ask", player = &player, by = &c.by())
    });
    Some(Content {
        what: crate::tr!(lang, "letter-silence-what", days = &SILENCE_DAYS),
        paragraphs,
    })
}

/// 51.9.1–51.9.2: the record one side (or the PGN file) has not sent.
/// What each says, from the finding's facts: a side's missing record says
/// the partner's is entered (that is when the finding is made); the PGN
/// file's says only that it is missing; 51.8.2's that the partner withdrew,
/// never that the withdrawn player's record is in.
fn record_missing(c: &Ctx<'_>) -> Option<Content> {
    let (g, lang) = (c.game?, c.lang);
    let (facts, rule) = match &c.f.facts {
        Facts::Record(RecordFacts::RecordNotSent { .. }) => (
            record_facts(
                c,
                g,
                &crate::tr!(lang, "letter-record-from-partner", partner = &c.partner()?),
            ),
            crate::tr!(lang, "letter-record-rule"),
        ),
        Facts::Record(RecordFacts::PgnRecordMissing { game }) => (
            record_facts(c, g, &crate::tr!(lang, "letter-record-no-pgn", game = game)),
            crate::tr!(lang, "letter-record-rule"),
        ),
        // The withdrawal's own letter asked for it the night it was entered
        // (51.8.2): a letter asks once.
        _ => return None,
    };
    Some(Content {
        what: crate::tr!(lang, "letter-record-what").to_string(),
        paragraphs: vec![
            facts,
            rule.to_string(),
            crate::tr!(lang, "letter-record-ask", by = &c.by()),
        ],
    })
}

/// What a record letter says the records show: the game finished, its
/// result, then `missing`, what is not in.
fn record_facts(c: &Ctx<'_>, g: &GameReport, missing: &str) -> String {
    let finished = crate::tr!(
        c.lang,
        "letter-record-finished",
        date = &c.date(c.f.date),
        result = &g.result.as_str()
    );
    format!("{finished} {missing}")
}

/// 51.9.1, 51.9.3: no record from either side.
fn records_none(c: &Ctx<'_>) -> Option<Content> {
    let (g, lang) = (c.game?, c.lang);
    let facts = record_facts(c, g, &crate::tr!(lang, "letter-records-none-facts"));
    Some(Content {
        what: crate::tr!(lang, "letter-records-none-what").to_string(),
        paragraphs: vec![
            facts,
            crate::tr!(lang, "letter-records-none-rule").to_string(),
            crate::tr!(lang, "letter-record-ask", by = &c.by()),
        ],
    })
}

/// 51.9.4, 51.9.7: the adjudication materials of a side, due end + 14.
fn adjudication_due(c: &Ctx<'_>) -> Option<Content> {
    let (lang, player) = (c.lang, c.player()?);
    c.game?;
    let due = c.f.due?;
    let end = c.r.tournament.settings.end.or(c.f.date);
    let mut facts = crate::tr!(
        lang,
        "letter-adjudication-facts",
        end = &c.date(end),
        player = &player,
        due = &show(due, lang)
    );
    if due < c.prepared {
        facts.push(' ');
        facts.push_str(&crate::tr!(lang, "letter-adjudication-passed"));
    }
    Some(Content {
        what: crate::tr!(lang, "letter-adjudication-what", due = &show(due, lang)),
        paragraphs: vec![
            facts,
            crate::tr!(lang, "letter-adjudication-rule", days = &ADJUDICATION_DAYS),
            crate::tr!(lang, "letter-adjudication-ask", player = &player, by = &c.by()),
        ],
    })
}

/// 51.7.2: a break not declared in advance.
fn break_notice(c: &Ctx<'_>) -> Option<Content> {
    let lang = c.lang;
    c.player()?;
    let Facts::Break(BreakFacts::BreakNotInAdvance { from, to, declared, .. }) = &c.f.facts else {
        return None;
    };
    let when = match declared {
        Some(d) => crate::tr!(lang, "break-declared-on", date = &show(*d, lang)),
        None => crate::tr!(lang, "break-declared-undated").to_string(),
    };
    let (from, to) = (show(*from, lang), show(*to, lang));
    Some(Content {
        what: crate::tr!(lang, "letter-break-notice-what", from = &from, to = &to),
        paragraphs: vec![
            crate::tr!(lang, "letter-break-notice-facts", from = &from, to = &to, when = &when),
            crate::tr!(lang, "letter-break-notice-rule").to_string(),
            crate::tr!(lang, "letter-break-notice-ask", by = &c.by()),
        ],
    })
}

/// The letter to a player whose overstep claim the records do not bear
/// out, or that came after its reply to the control move (51.6.1): what the
/// records show, the rule, and what to do.
fn claim(c: &Ctx<'_>) -> Option<Content> {
    let lang = c.lang;
    c.player()?;
    let when = c.date(c.f.date);
    Some(Content {
        what: crate::tr!(lang, "letter-claim-what", date = &when),
        paragraphs: vec![
            crate::messages::said(lang, c.f),
            crate::tr!(lang, "letter-claim-rule").to_string(),
            crate::tr!(lang, "letter-claim-ask", by = &c.by()),
        ],
    })
}

/// 51.1.5: the arbiter asks a partner for the correspondence of a game
/// that the other player lost with its email or equipment.
fn correspondence(c: &Ctx<'_>) -> Option<Content> {
    let lang = c.lang;
    c.game?;
    let Facts::Post(PostFacts::Correspondence { player, reported, .. }) = &c.f.facts else {
        return None;
    };
    Some(Content {
        what: crate::tr!(lang, "letter-correspondence-what", player = player),
        paragraphs: vec![
            crate::tr!(
                lang,
                "letter-correspondence-facts",
                player = player,
                reported = &show(*reported, lang)
            ),
            crate::tr!(lang, "letter-correspondence-rule").to_string(),
            crate::tr!(lang, "letter-correspondence-ask", by = &c.by()),
        ],
    })
}

/// The names a letter goes to and is copied to, by [`Addressees`].
fn recipients(a: Addressees, f: &Finding, game: Option<&GameReport>) -> (Vec<String>, Vec<String>) {
    let player = f.player.clone();
    let partner = || {
        let g = game?;
        Some(g.name(g.side_of(f.player.as_deref()?)?.other()).to_string())
    };
    let both = || game.map(|g| vec![g.white.clone(), g.black.clone()]).unwrap_or_default();
    match a {
        Addressees::Player => (player.into_iter().collect(), Vec::new()),
        Addressees::PlayerCcPartner => (player.into_iter().collect(), partner().into_iter().collect()),
        Addressees::BothPlayers => match (player, partner()) {
            (Some(p), Some(q)) => (vec![p, q], Vec::new()),
            _ => (both(), Vec::new()),
        },
        Addressees::Owing => match player {
            Some(p) => (vec![p], Vec::new()),
            None => (both(), Vec::new()),
        },
    }
}

/// The file name of a finding's letter, before any collision is resolved:
/// `<code>-<game>-<side>`, `both` for a game finding that names no side,
/// and for one of no game `<code>-<date>-tournament`.
fn base_name(f: &Finding) -> String {
    let code = f.code.as_str();
    match (&f.game, f.side) {
        (Some(g), Some(side)) => format!("{code}-{g}-{side}"),
        (Some(g), None) => format!("{code}-{g}-both"),
        (None, _) => match f.date {
            Some(d) => format!("{code}-{d}-tournament"),
            None => format!("{code}-tournament"),
        },
    }
}

/// `<base>.eml`, or `<base>-2.eml`, `-3`… when that name is taken.
fn free_name(base: &str, taken: &BTreeSet<String>) -> String {
    (1..)
        .map(|n| match n {
            1 => format!("{base}.eml"),
            n => format!("{base}-{n}.eml"),
        })
        .find(|name| !taken.contains(name))
        .unwrap_or_default()
}

/// Findings of one family about one game to the same players are one
/// letter: the record findings (a side's record, the PGN file, neither
/// side's), the claim findings; any other code is a family of its own.
fn family(code: Code) -> Code {
    match code {
        Code::RecordMissing | Code::RecordsNone => Code::RecordsNone,
        Code::ClaimLate | Code::ClaimUnfounded => Code::ClaimUnfounded,
        c => c,
    }
}

/// Whether finding `f` has its letter on `as_of`: a record finding only
/// once its term has passed (until then it is awaited, docs/arbiter.md),
/// any other at once.
fn letter_due(f: &Finding, as_of: NaiveDate) -> bool {
    family(f.code) != Code::RecordsNone || f.is_overdue(as_of)
}

/// The paragraphs of several letters' contents as one: each one's facts,
/// then the rules and the asks, each said once.
fn merge(contents: Vec<Content>) -> Option<Content> {
    let mut it = contents.into_iter();
    let first = it.next()?;
    let rest: Vec<Content> = it.collect();
    if rest.is_empty() {
        return Some(first);
    }
    let all: Vec<&Content> = std::iter::once(&first).chain(&rest).collect();
    let mut paragraphs: Vec<String> = Vec::new();
    let mut push = |p: &String| {
        if !paragraphs.contains(p) {
            paragraphs.push(p.clone());
        }
    };
    // Facts first, the asks last, the rules between.
    for c in &all {
        c.paragraphs.first().into_iter().for_each(&mut push);
    }
    for c in &all {
        let n = c.paragraphs.len();
        c.paragraphs
            .iter()
            .take(n.saturating_sub(1))
            .skip(1)
            .for_each(&mut push);
    }
    for c in &all {
        c.paragraphs.iter().skip(1).last().into_iter().for_each(&mut push);
    }
    Some(Content {
        what: first.what.clone(),
        paragraphs,
    })
}

/// The letters a report's findings ask for, each as the findings it
/// answers, its primary one first: one letter per game, family and
/// addressees ([`family`]). The record findings of a game are one letter
/// to the players whose record is not entered: to both with `records-none`;
/// else to the side that owes it (the PGN file's finding rides along); a
/// PGN file missing while both records are entered asks no player anything.
fn plans<'a>(r: &TournamentReport<'_>, findings: &BTreeMap<Key, &'a Finding>) -> Vec<Vec<&'a Finding>> {
    let game_of = |f: &Finding| f.game.as_deref().and_then(|id| r.games.iter().find(|g| g.id == id));
    let mut records: BTreeMap<Option<String>, Vec<&Finding>> = BTreeMap::new();
    let mut groups: Vec<Vec<&Finding>> = Vec::new();
    // Game, family, To, Cc.
    type Group = (Option<String>, Code, Vec<String>, Vec<String>);
    let mut at: BTreeMap<Group, usize> = BTreeMap::new();
    for f in findings.values().copied().filter(|f| letter_due(f, r.as_of)) {
        let Some((a, _)) = kind(f.code) else { continue };
        if family(f.code) == Code::RecordsNone && f.game.is_some() {
            records.entry(f.game.clone()).or_default().push(f);
            continue;
        }
        if f.game.is_none() {
            groups.push(vec![f]);
            continue;
        }
        let (to, cc) = recipients(a, f, game_of(f));
        let i = *at.entry((f.game.clone(), family(f.code), to, cc)).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[i].push(f);
    }
    for fs in records.into_values() {
        let pgn: Vec<&Finding> = fs
            .iter()
            .copied()
            .filter(|f| f.code == Code::RecordMissing && f.player.is_none())
            .collect();
        let none = fs.iter().copied().find(|f| f.code == Code::RecordsNone);
        let sides: Vec<&Finding> = fs
            .iter()
            .copied()
            .filter(|f| f.code == Code::RecordMissing && f.player.is_some())
            .collect();
        match (none, sides.as_slice()) {
            (Some(n), _) => groups.push(std::iter::once(n).chain(pgn).collect()),
            (None, [first, more @ ..]) => {
                groups.push(std::iter::once(*first).chain(pgn).collect());
                groups.extend(more.iter().map(|f| vec![*f]));
            }
            (None, []) => {}
        }
    }
    groups
}

/// Writes the letter of findings `fs` (its primary one first), prepared on
/// `prepared`, as file `file`; `None` when its code asks for none or the
/// records lack what it needs. A record letter is written from its
/// primary finding; any other says the facts of each.
fn letter(r: &TournamentReport<'_>, fs: &[&Finding], prepared: NaiveDate, file: String) -> Option<Letter> {
    let f = *fs.first()?;
    let (a, _) = kind(f.code)?;
    let t = r.tournament;
    let lang = t.settings.language;
    let game = f.game.as_deref().and_then(|id| r.games.iter().find(|g| g.id == id));
    let content = letter_content(r, fs, game, prepared)?;
    let (to, cc) = recipients(a, f, game);
    // A letter goes out only with a valid From and a valid To: the
    // addresses were checked at load, and a cell that was not one address
    // is empty here.
    let from_ok = crate::model::is_one_address(&t.settings.arbiter_email);
    if !from_ok || mailboxes(t, &to, prepared).is_empty() {
        return None;
    }
    let greeting = match to.as_slice() {
        [one, other] => crate::tr!(lang, "letter-greeting-both", player = one, partner = other),
        [one, ..] => crate::tr!(lang, "letter-greeting", player = one),
        [] => return None,
    };
    let name = &t.settings.name;
    let mut body = vec![greeting];
    if let Some(g) = game {
        body.push(crate::tr!(
            lang,
            "letter-game",
            game = &g.id,
            white = &g.white,
            black = &g.black
        ));
    }
    body.extend(content.paragraphs);
    body.push(crate::tr!(
        lang,
        "letter-signature",
        arbiter = &t.settings.arbiter,
        tournament = name
    ));
    let subject = match &f.game {
        Some(g) => format!("[{name}] {g}: {}", content.what),
        None => format!("[{name}] {}", content.what),
    };
    let message_id = letter_message_id(t, f, prepared, &file);
    Some(Letter {
        key: key(f),
        file,
        prepared,
        message_id,
        references: Vec::new(),
        from: Mailbox {
            name: t.settings.arbiter.clone(),
            email: t.settings.arbiter_email.clone(),
        },
        to: mailboxes(t, &to, prepared),
        cc: mailboxes(t, &cc, prepared),
        subject,
        body: body.join("\n\n") + "\n",
    })
}

/// The content of the letter of findings `fs` (its primary one first):
/// a record letter is written from its primary finding; any other says
/// the facts of each. `None` when the records lack what it needs.
fn letter_content(
    r: &TournamentReport<'_>,
    fs: &[&Finding],
    game: Option<&GameReport>,
    prepared: NaiveDate,
) -> Option<Content> {
    let f = *fs.first()?;
    let lang = r.tournament.settings.language;
    let written: Vec<&Finding> = if family(f.code) == Code::RecordsNone {
        vec![f]
    } else {
        fs.to_vec()
    };
    let contents: Vec<Content> = written
        .iter()
        .filter_map(|f| {
            let (_, write) = kind(f.code)?;
            write(&Ctx {
                r,
                f,
                game,
                lang,
                prepared,
            })
        })
        .collect();
    merge(contents)
}

/// The mailboxes of the players `names` that have a valid address on
/// `prepared`.
fn mailboxes(t: &crate::model::Tournament, names: &[String], prepared: NaiveDate) -> Vec<Mailbox> {
    names
        .iter()
        .filter_map(|n| {
            // 51.1.2: the address in force on the letter's date.
            let email = t.email_on(n, prepared).filter(|e| crate::model::is_one_address(e))?;
            Some(Mailbox {
                name: n.clone(),
                email: email.to_string(),
            })
        })
        .collect()
}

/// The Message-ID of finding `f`'s letter prepared on `prepared` as
/// `file`, made of what names it.
fn letter_message_id(t: &crate::model::Tournament, f: &Finding, prepared: NaiveDate, file: &str) -> String {
    let date = f.date.map(|d| d.to_string()).unwrap_or_default();
    let parts = [
        t.id.as_str(),
        f.code.as_str(),
        f.game.as_deref().unwrap_or_default(),
        f.player.as_deref().unwrap_or_default(),
        &date,
        &prepared.to_string(),
        file,
    ];
    message_id(&parts)
}

/// What the arbiter's page shows of a finding's letter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LetterLink {
    /// The letter's place in the outbox: `<prepared>/<file>`.
    pub file: String,
    /// Its path from the arbiter's page: `outbox/<prepared>/<file>` (each
    /// report's letters stay in the outbox).
    pub href: String,
    /// The date it was prepared, as the tournament's language writes dates.
    pub prepared: String,
    /// "letter prepared <date>".
    pub note: String,
    /// A `mailto:` URL with the letter's addressees, subject and body;
    /// empty for a letter an earlier report prepared (its file is the
    /// letter as it was written).
    pub mailto: String,
    /// The text of the `mailto:` link.
    pub write: String,
}

/// The letters of every open finding of a report, each prepared on the
/// date of the report that first saw its finding, and the earlier letters
/// still in the outbox.
#[derive(Debug, Clone)]
pub struct Outbox {
    as_of: NaiveDate,
    lang: Language,
    letters: BTreeMap<Key, Letter>,
    /// The finding each other finding's letter is filed under: the primary
    /// finding of the letter that answers it too.
    answered_by: BTreeMap<Key, Key>,
    /// The letters of earlier reports whose findings are no longer open:
    /// kept in the ledger, so that a later letter about the same game
    /// threads under them.
    closed: Vec<Entry>,
}

impl Letter {
    /// Its path in the arbiter's tree: `outbox/<prepared>/<file>`.
    pub fn path(&self) -> String {
        format!("{OUTBOX}/{}/{}", self.prepared, self.file)
    }
}

/// The Message-IDs a letter prepared on `prepared` about finding `k`
/// refers to: the earlier letters about the same finding, else about the
/// same game, oldest first.
fn thread(k: &Key, prepared: NaiveDate, earlier: &[&Entry]) -> Vec<String> {
    let before = |e: &&&Entry| e.prepared < prepared;
    let same: Vec<&Entry> = earlier
        .iter()
        .filter(before)
        .filter(|e| e.key().as_ref() == Some(k))
        .copied()
        .collect();
    let mut chain: Vec<&Entry> = if same.is_empty() && k.1.is_some() {
        earlier
            .iter()
            .filter(before)
            .filter(|e| e.game == k.1)
            .copied()
            .collect()
    } else {
        same
    };
    chain.sort_by(|a, b| (a.prepared, &a.file).cmp(&(b.prepared, &b.file)));
    let mut ids: Vec<String> = Vec::new();
    for e in chain {
        if !ids.contains(&e.message_id) {
            ids.push(e.message_id.clone());
        }
    }
    ids
}

impl Outbox {
    /// The letters of report `r`: a finding new since the previous report
    /// (every finding at the first report) has its letter prepared now; one
    /// open since an earlier report keeps the file and date that
    /// `r.earlier_letters` records (a letter prepared now when it records
    /// none). A letter prepared now refers to the earlier letters about its
    /// finding or game.
    pub fn new(r: &TournamentReport<'_>) -> Outbox {
        let new: Option<BTreeSet<Key>> = r.changes().map(|c| c.new.iter().map(key).collect());
        let all_earlier: Vec<&Entry> = r
            .earlier_letters
            .letters
            .iter()
            .filter(|e| e.prepared < r.as_of)
            .collect();
        let earlier: BTreeMap<Key, &Entry> = all_earlier.iter().filter_map(|e| Some((e.key()?, *e))).collect();
        let mut findings: BTreeMap<Key, &Finding> = BTreeMap::new();
        for f in r.all_findings().filter(|f| kind(f.code).is_some()) {
            findings.entry(key(f)).or_insert(f);
        }
        let plans = plans(r, &findings);
        // Letters open since an earlier report keep their names; the new
        // ones take the next free name in the order of their findings.
        let kept = |k: &Key| earlier.get(k).filter(|_| new.as_ref().is_some_and(|n| !n.contains(k)));
        let mut taken: BTreeSet<String> = plans
            .iter()
            .filter_map(|fs| Some(kept(&key(fs.first()?))?.file.clone()))
            .collect();
        let mut letters = BTreeMap::new();
        let mut answered_by = BTreeMap::new();
        for fs in plans {
            let Some(f) = fs.first().copied() else { continue };
            let k = key(f);
            let (prepared, file) = match kept(&k) {
                Some(e) => (e.prepared, e.file.clone()),
                None => {
                    let file = free_name(&base_name(f), &taken);
                    taken.insert(file.clone());
                    (r.as_of, file)
                }
            };
            if let Some(mut l) = letter(r, &fs, prepared, file) {
                match kept(&k) {
                    // The letter as it was sent: its own Message-ID.
                    Some(e) => l.message_id = e.message_id.clone(),
                    None => l.references = thread(&k, prepared, &all_earlier),
                }
                for other in &fs[1..] {
                    answered_by.insert(key(other), k.clone());
                }
                letters.insert(k, l);
            }
        }
        let in_use: BTreeSet<(&str, NaiveDate)> = letters.values().map(|l| (l.file.as_str(), l.prepared)).collect();
        let closed = all_earlier
            .into_iter()
            .filter(|e| !in_use.contains(&(e.file.as_str(), e.prepared)))
            .cloned()
            .collect();
        Outbox {
            as_of: r.as_of,
            lang: r.tournament.settings.language,
            letters,
            answered_by,
            closed,
        }
    }

    /// Every open finding's letter, in the order of their findings' keys.
    pub fn letters(&self) -> impl Iterator<Item = &Letter> {
        self.letters.values()
    }

    /// The letters this report writes into `outbox/<as-of>/`: those
    /// prepared on its date.
    pub fn written(&self) -> impl Iterator<Item = &Letter> {
        self.letters().filter(|l| l.prepared == self.as_of)
    }

    /// The letter of finding `f`, if it has one: its own, or the one that
    /// answers it with others.
    pub fn letter(&self, f: &Finding) -> Option<&Letter> {
        let k = key(f);
        self.letters.get(self.answered_by.get(&k).unwrap_or(&k))
    }

    /// What the arbiter's page shows of finding `f`'s letter.
    pub fn link(&self, f: &Finding) -> Option<LetterLink> {
        let l = self.letter(f)?;
        let prepared = show(l.prepared, self.lang);
        Some(LetterLink {
            file: format!("{}/{}", l.prepared, l.file),
            href: l.path(),
            note: crate::tr!(self.lang, "letter-prepared", date = &prepared),
            prepared,
            // The letter as sent is its file: a letter an earlier report
            // prepared is not written again from tonight's records.
            mailto: if l.prepared == self.as_of {
                l.mailto()
            } else {
                String::new()
            },
            write: crate::tr!(self.lang, "letter-write"),
        })
    }

    /// The outbox's files in the arbiter's tree, path → bytes: this
    /// report's letters in `outbox/<as-of>/`, `outbox/index.txt` listing
    /// them (path in the outbox, addressees, subject, tab-separated) and
    /// `outbox/letters.json` with every letter still in the outbox (the
    /// earlier reports' letters stay in their folders: the output stage
    /// carries them over).
    pub fn files(&self) -> Vec<(String, Vec<u8>)> {
        let mut written: Vec<&Letter> = self.written().collect();
        written.sort_by(|a, b| a.file.cmp(&b.file));
        let mut files: Vec<(String, Vec<u8>)> = written.iter().map(|l| (l.path(), l.eml())).collect();
        let index: String = written
            .iter()
            .map(|l| {
                let to: Vec<&str> = l.to.iter().map(|m| m.name.as_str()).collect();
                format!("{}/{}\t{}\t{}\n", l.prepared, l.file, to.join("; "), l.subject)
            })
            .collect();
        files.push((INDEX.to_string(), index.into_bytes()));
        let mut entries: Vec<Entry> = self
            .letters()
            .map(|l| Entry {
                code: l.key.0.as_str().to_string(),
                game: l.key.1.clone(),
                player: l.key.2.clone(),
                date: l.key.3,
                file: l.file.clone(),
                prepared: l.prepared,
                message_id: l.message_id.clone(),
            })
            .chain(self.closed.iter().cloned())
            .collect();
        entries.sort_by(|a, b| (a.prepared, &a.file).cmp(&(b.prepared, &b.file)));
        entries.dedup();
        let json = serde_json::to_vec_pretty(&Ledger { letters: entries }).unwrap_or_default();
        files.push((LEDGER.to_string(), json));
        files
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mailto_encodes_all_but_the_unreserved_bytes() {
        let l = Letter {
            key: (Code::Silence, None, None, None),
            file: "f.eml".into(),
            prepared: NaiveDate::from_ymd_opt(2026, 3, 1).unwrap(),
            message_id: "x@ccbulletin".into(),
            references: Vec::new(),
            from: Mailbox {
                name: "A".into(),
                email: "a@example.org".into(),
            },
            to: vec![
                Mailbox {
                    name: "B".into(),
                    email: "b+1@example.org".into(),
                },
                Mailbox {
                    name: "C".into(),
                    email: "c@example.org".into(),
                },
            ],
            cc: vec![Mailbox {
                name: "D".into(),
                email: "d@example.org".into(),
            }],
            subject: "[Кубок] g1: a&b?".into(),
            body: "line one\nline two\n".into(),
        };
        assert_eq!(
            l.mailto(),
            "mailto:b%2B1@example.org,c@example.org?cc=d@example.org&subject=%5B%D0%9A%D1%83%D0%B1%D0%BE%D0%BA%5D%20g1%3A%20a%26b%3F&body=line%20one%0D%0Aline%20two%0D%0A"
        );
    }

    #[test]
    fn the_message_id_depends_on_the_finding_and_the_letters_date_and_file() {
        let parts = ["t", "silence", "g1", "A", "2026-03-01", "2026-03-02", "f.eml"];
        let a = message_id(&parts);
        assert_eq!(a, message_id(&parts));
        let mut other_day = parts;
        other_day[5] = "2026-03-03";
        assert_ne!(
            a,
            message_id(&other_day),
            "a letter prepared another day is another letter"
        );
        assert_ne!(
            a,
            message_id(&["t", "silence", "g1A", "", "2026-03-01", "2026-03-02", "f.eml"])
        );
        assert!(a.ends_with(".silence@ccbulletin"), "{a}");
    }

    #[test]
    fn every_code_that_asks_a_player_has_a_letter_and_no_other_does() {
        let asks = [
            Code::RepeatDue,
            Code::LowTime,
            Code::Silence,
            Code::RecordMissing,
            Code::RecordsNone,
            Code::AdjudicationDue,
            Code::BreakNotice,
            Code::ClaimLate,
            Code::ClaimUnfounded,
            Code::Correspondence,
            Code::Ruling,
            Code::Withdrawal,
        ];
        for c in Code::ALL {
            assert_eq!(addressees(c).is_some(), asks.contains(&c), "{c}");
            // A code declared with addressees has a writer, and only such a code.
            assert_eq!(c.letter().is_some(), writer(c).is_some(), "{c}");
        }
        assert_eq!(addressees(Code::Silence), Some(Addressees::PlayerCcPartner));
        assert_eq!(addressees(Code::LowTime), Some(Addressees::BothPlayers));
    }

    #[test]
    fn merged_letters_say_each_ones_facts_then_the_rules_then_the_asks_once() {
        let c = |p: [&str; 3]| Content {
            what: p[0].to_string(),
            paragraphs: p.iter().map(|s| s.to_string()).collect(),
        };
        let one = merge(vec![c(["f1", "rule", "ask"])]).unwrap();
        assert_eq!(one.paragraphs, ["f1", "rule", "ask"]);
        let two = merge(vec![c(["f1", "rule", "ask"]), c(["f2", "rule", "ask"])]).unwrap();
        assert_eq!(two.what, "f1");
        assert_eq!(two.paragraphs, ["f1", "f2", "rule", "ask"]);
        let asks = merge(vec![c(["f1", "rule", "ask 1"]), c(["f2", "rule", "ask 2"])]).unwrap();
        assert_eq!(asks.paragraphs, ["f1", "f2", "rule", "ask 1", "ask 2"]);
        assert!(merge(Vec::new()).is_none());
    }

    #[test]
    fn a_new_letter_refers_to_the_earlier_letters_of_its_finding_else_its_game() {
        let day = |d: u32| NaiveDate::from_ymd_opt(2026, 3, d).unwrap();
        let entry = |code: &str, game: &str, prepared: u32, id: &str| Entry {
            code: code.into(),
            game: Some(game.into()),
            player: None,
            date: Some(day(1)),
            file: format!("{code}-{game}.eml"),
            prepared: day(prepared),
            message_id: id.into(),
        };
        let ledger = [
            entry("silence", "g1", 3, "b@x"),
            entry("repeat-due", "g1", 2, "a@x"),
            entry("silence", "g2", 2, "c@x"),
            entry("low-time", "g1", 9, "later@x"),
        ];
        let earlier: Vec<&Entry> = ledger.iter().collect();
        let k = |code: Code, game: &str| (code, Some(game.to_string()), None, Some(day(1)));
        // A letter of game g1 on the 5th: the earlier ones of g1, oldest
        // first; none prepared on or after its day.
        assert_eq!(thread(&k(Code::LowTime, "g1"), day(5), &earlier), ["a@x", "b@x"]);
        // A letter whose finding had one refers to that one.
        assert_eq!(thread(&k(Code::Silence, "g2"), day(5), &earlier), ["c@x"]);
        assert!(thread(&k(Code::Silence, "g3"), day(5), &earlier).is_empty());
    }

    #[test]
    fn a_record_letter_waits_for_its_due_date_and_others_do_not() {
        let as_of = NaiveDate::from_ymd_opt(2026, 3, 11).unwrap();
        let due = |code: Code, d: u32| Finding::worded(code, "m").due(NaiveDate::from_ymd_opt(2026, 3, d));
        assert!(!letter_due(&due(Code::RecordsNone, 25), as_of));
        assert!(
            !letter_due(&due(Code::RecordMissing, 11), as_of),
            "due today: not passed yet"
        );
        assert!(letter_due(&due(Code::RecordMissing, 10), as_of));
        assert!(letter_due(&due(Code::LowTime, 15), as_of));
    }

    #[test]
    fn a_name_taken_by_an_open_letter_is_not_given_again() {
        let mut taken = BTreeSet::new();
        assert_eq!(free_name("silence-g1-white", &taken), "silence-g1-white.eml");
        taken.insert("silence-g1-white.eml".to_string());
        assert_eq!(free_name("silence-g1-white", &taken), "silence-g1-white-2.eml");
        taken.insert("silence-g1-white-2.eml".to_string());
        assert_eq!(free_name("silence-g1-white", &taken), "silence-g1-white-3.eml");
    }

    #[test]
    fn a_ledger_reads_back_what_it_wrote_and_nothing_else() {
        let ledger = Ledger {
            letters: vec![Entry {
                code: "silence".into(),
                game: Some("g1".into()),
                player: Some("Лебедев, Михаил".into()),
                date: NaiveDate::from_ymd_opt(2026, 3, 1),
                file: "silence-g1-black.eml".into(),
                prepared: NaiveDate::from_ymd_opt(2026, 3, 2).unwrap(),
                message_id: "x.silence@ccbulletin".into(),
            }],
        };
        let text = serde_json::to_string(&ledger).unwrap();
        assert_eq!(Ledger::parse(&text), Some(ledger.clone()));
        assert_eq!(
            ledger.letters[0].key(),
            Some((
                Code::Silence,
                Some("g1".into()),
                Some("Лебедев, Михаил".into()),
                NaiveDate::from_ymd_opt(2026, 3, 1)
            ))
        );
        assert_eq!(Ledger::parse("{ not json"), None);
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(crate::output::previous::earlier_letters(dir.path()), Ledger::default());
    }

    #[test]
    fn a_letter_file_name_says_code_game_and_side() {
        let f = Finding::worded(Code::RepeatDue, "m")
            .game("g1")
            .player(Side::Black, "B");
        assert_eq!(base_name(&f), "repeat-due-g1-black");
        let f = Finding::worded(Code::RecordsNone, "m").game("g7");
        assert_eq!(base_name(&f), "records-none-g7-both");
        let f = Finding::worded(Code::BreakNotice, "m")
            .named_player("V")
            .date(NaiveDate::from_ymd_opt(2026, 12, 1));
        assert_eq!(base_name(&f), "break-notice-2026-12-01-tournament");
    }
}
