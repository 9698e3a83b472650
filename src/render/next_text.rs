//! The built-in next message (`templates/next.txt`) written natively: the
//! same bytes as minijinja renders from the template (a `.txt` template,
//! so nothing is escaped). Used only while the user has not overridden
//! next.txt with `--templates DIR`; then minijinja renders theirs
//! (docs/output.md). tests/native_pages.rs proves the bytes equal, in
//! `games/<id>.txt` and in the copy block of the game page.
//!
//! The message is the one 51.2.1 asks of the owing side: the header of
//! 51.2.2, the moves so far (51.2.4), the confirmation of the partner's
//! message and blanks for the move and its date; what it holds is made in
//! src/render/player.rs. The lines that are the same for every game of a
//! tournament are made once into [`NextTextParts`].

use std::collections::BTreeMap;

use super::player::NextMessage;
use super::views::Head;

/// The parts of a next message that every game of a tournament shares.
pub(super) struct NextTextParts {
    /// The competition's and start's lines, and White's label.
    top: String,
    t: BTreeMap<&'static str, &'static str>,
    /// The round's label in lower case.
    round: String,
}

impl NextTextParts {
    pub(super) fn new(t: &BTreeMap<&'static str, &'static str>, head: &Head) -> NextTextParts {
        let l = |k: &str| t.get(k).copied().unwrap_or_default();
        NextTextParts {
            top: format!(
                "{}: {}\n{}: {}\n{}: ",
                l("nm_competition"),
                head.name,
                l("start"),
                head.start,
                l("white")
            ),
            round: l("round").to_lowercase(),
            t: t.clone(),
        }
    }
}

/// Writes the next message `m` as templates/next.txt renders it.
pub(super) fn write_next_message(parts: &NextTextParts, m: &NextMessage) -> String {
    let l = |k: &str| parts.t.get(k).copied().unwrap_or_default();
    let blank = |s: &'_ str| if s.is_empty() { "__________" } else { s }.to_string();
    let choice = if m.request {
        l("nm_request").to_string()
    } else {
        format!("{}: __________", l("nm_my_move"))
    };
    // "дн." after any number: Russian "дней" agrees only with some (74 дня, 75 дней).
    let days = l("days_short");
    format!(
        "{top}{white}\n{black_l}: {black}\n{game_l}: {game}, {round_l} {round}\n\n{moves_l}:\n{moves}\n\n\
         {confirm} {partner}, {received_l} {received}.\n\n{choice}\n{sent_on}: __________\n\n\
         {thinking_l}: {thinking} {days}\n{totals}: {white_l} {wt}, {black_l} {bt} {days}\n\n\
         {signature}: ____________________ ({from})\n",
        top = parts.top,
        white = m.white,
        black_l = l("black"),
        black = m.black,
        game_l = l("nm_game"),
        game = m.game,
        round_l = parts.round,
        round = m.round,
        moves_l = l("nm_moves"),
        moves = m.moves,
        confirm = l("nm_confirm"),
        partner = blank(&m.partner_sent),
        received_l = l("nm_received"),
        received = blank(&m.received),
        sent_on = l("nm_sent_on"),
        thinking_l = l("nm_thinking"),
        thinking = m.thinking,
        totals = l("nm_totals"),
        white_l = l("white"),
        wt = m.white_total,
        bt = m.black_total,
        signature = l("nm_signature"),
        from = m.from,
    )
}
