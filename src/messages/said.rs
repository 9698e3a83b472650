//! A finding's facts worded in a language: the one place a
//! [`Facts`](crate::finding::Facts) becomes a sentence, for the pages, the
//! arbiter's files, the letters and report.json's `message`. Each family of
//! facts is worded by its own function, in the module of its stage: `rules`
//! (dates, clocks, records, claims, breaks), `game` (a game's files, its
//! PGN, its moves, its result, the post) and `load` (files, tables, rows).

use super::{Msg, text};
use crate::finding::{Facts, Finding, Worded};
use crate::model::{Language, Side};

mod game;
mod load;
mod rules;

/// The finding's sentence in `lang`.
pub fn said(lang: Language, f: &Finding) -> String {
    word(lang, &f.facts)
}

/// A move as a sentence names it: `12.` for White's, `12...` for Black's.
pub fn move_label(no: u32, side: Side) -> String {
    format!("{no}{}", dots(side))
}

/// The dots after a move's number: `.` for White's, `...` for Black's.
fn dots(side: Side) -> &'static str {
    if side == Side::White { "." } else { "..." }
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
    match facts {
        Facts::Text(Worded { text }) => text.clone(),
        Facts::Row(f) => rules::row(lang, f),
        Facts::Clock(f) => rules::clock(lang, f),
        Facts::Record(f) => rules::record(lang, f),
        Facts::Claim(f) => rules::claim(lang, f),
        Facts::Appeal(f) => rules::appeal(lang, f),
        Facts::Break(f) => rules::breaks(lang, f),
        Facts::Read(f) => game::read(lang, f),
        Facts::Pgn(f) => game::pgn(lang, f),
        Facts::Replay(f) => game::replay(lang, f),
        Facts::Result(f) => game::result(lang, f),
        Facts::Post(f) => game::post(lang, f),
        Facts::File(f) => load::file(lang, f),
        Facts::Table(f) => load::table(lang, f),
        Facts::Log(f) => load::log(lang, f),
        Facts::Name(f) => load::name(lang, f),
        Facts::PgnFile(f) => load::pgn_file(lang, f),
        Facts::Entry(f) => load::entry(lang, f),
    }
}
