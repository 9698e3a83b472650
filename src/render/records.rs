//! The tournament's PGN: the Seven Tag Roster, `[Mode "EM"]` and a
//! `[%ccsnt]` stamp on every move (51.9.1).

use super::text::Filler;
use crate::compute::TournamentReport;
use crate::game::GameReport;
use crate::model::GameResult;
use chrono::{Datelike, NaiveDate};

/// A date as PGN writes it: `2026.01.15`.
pub(super) fn pgn_date(d: NaiveDate) -> String {
    let mut out = String::with_capacity(10);
    push_pgn_date(&mut out, d);
    out
}

fn push_pgn_date(out: &mut String, d: NaiveDate) {
    match crate::dates::iso_digits(d) {
        Some(b) => out.extend(b.iter().map(|&c| if c == b'-' { '.' } else { char::from(c) })),
        None => out.push_str(&format!("{:04}.{:02}.{:02}", d.year(), d.month(), d.day())),
    }
}

/// Appends a tag's value escaped as PGN wants it: `\\` and `\"`, and a line
/// break as a space.
fn push_pgn_escaped(out: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
}

/// One game in PGN: the Seven Tag Roster, `[Mode "EM"]`, and every move with
/// its `[%ccsnt]` stamp, written straight into one String.
pub(super) fn game_pgn(r: &TournamentReport<'_>, g: &GameReport) -> String {
    let s = &r.tournament.settings;
    let date = pgn_date(s.start);
    let result = g.result.pgn_str();
    let mut out = String::with_capacity(256 + s.name.len() + g.moves.len() * 30);
    for (tag, value) in [
        ("Event", s.name.as_str()),
        ("Site", "Email"),
        ("Date", &date),
        ("Round", g.round.as_str()),
        ("White", g.white.as_str()),
        ("Black", g.black.as_str()),
        ("Result", result),
        ("Mode", "EM"),
    ] {
        out.push('[');
        out.push_str(tag);
        out.push_str(" \"");
        push_pgn_escaped(&mut out, value);
        out.push_str("\"]\n");
    }
    if matches!(
        g.result,
        GameResult::WhiteForfeit | GameResult::BlackForfeit | GameResult::BothLose
    ) {
        // PGN's standard value for a game scored without being played out.
        out.push_str("[Termination \"rules infraction\"]\n");
    }
    out.push('\n');
    let mut filler = Filler::new(&mut out, 79);
    let mut token = String::with_capacity(24);
    for (i, m) in g.moves.iter().enumerate() {
        // The moves replayed start with White's: a number before each of them.
        if i.is_multiple_of(2) {
            token.clear();
            token.push_str(&m.no.to_string());
            token.push('.');
            filler.push(&token);
        }
        filler.push(&m.san);
        if let Some(d) = m.sent {
            token.clear();
            token.push_str("{[%ccsnt ");
            push_pgn_date(&mut token, d);
            token.push_str("]}");
            filler.push(&token);
        }
    }
    filler.push(result);
    out.push_str("\n\n");
    out
}
