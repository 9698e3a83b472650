//! What a player needs next: the player's page (every game with its days
//! left and its move-by or repeat-by date, break days per calendar year by
//! 51.7.1, open findings), the player's calendar of deadlines (RFC 5545), and
//! the next message of the owing side of a game in play, as 51.2.1 asks
//! for it (header of 51.2.2, moves in the notation of 51.2.4, confirmation
//! of the partner's message, blanks for the move, thinking time and totals).

use anyhow::anyhow;
use chrono::{Datelike, NaiveDate};
use minijinja::Environment;
use serde::Serialize;
use std::collections::BTreeMap;

use crate::compute::TournamentReport;
use crate::dates::days_between;
use crate::finding::{Code, Severity};
use crate::game::GameReport;
use crate::model::{Flag, GameResult, Language, Notation, Side};
use crate::render::ical::{self, AllDayEvent};
use crate::render::labels::{code_word, severity_word};
use crate::render::{fmt_date, redact_emails, v};
use crate::rules::clock::Breaks;

use super::next_text::{NextTextParts, write_next_message};
use super::player_page::{PlayerPageParts, write_player_page};

/// A name in Latin letters, for a file stem: Russian Cyrillic transliterated
/// (ICAO style, as in passports), anything else that is not a letter or a
/// digit becomes `-`.
pub fn transliterate(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars().flat_map(char::to_lowercase) {
        let latin = match c {
            'а' => "a",
            'б' => "b",
            'в' => "v",
            'г' => "g",
            'д' => "d",
            'е' | 'ё' | 'э' => "e",
            'ж' => "zh",
            'з' => "z",
            'и' => "i",
            'й' => "i",
            'к' => "k",
            'л' => "l",
            'м' => "m",
            'н' => "n",
            'о' => "o",
            'п' => "p",
            'р' => "r",
            'с' => "s",
            'т' => "t",
            'у' => "u",
            'ф' => "f",
            'х' => "kh",
            'ц' => "ts",
            'ч' => "ch",
            'ш' => "sh",
            'щ' => "shch",
            'ъ' | 'ь' => "",
            'ы' => "y",
            'ю' => "iu",
            'я' => "ia",
            c if c.is_ascii_alphanumeric() => {
                out.push(c);
                continue;
            }
            _ => "-",
        };
        out.push_str(latin);
    }
    let mut stem = String::new();
    for part in out.split('-').filter(|p| !p.is_empty()) {
        if !stem.is_empty() {
            stem.push('-');
        }
        stem.push_str(part);
    }
    if stem.is_empty() { "player".to_string() } else { stem }
}

/// Every player's file stem, unique within the tournament: the players of
/// players.csv in their order, then any other name the pairings hold; a
/// stem already taken gets `-2`, `-3`…
pub fn stems(r: &TournamentReport<'_>) -> BTreeMap<String, String> {
    let t = r.tournament;
    let mut names: Vec<&str> = t.players.iter().map(|p| p.name.as_str()).collect();
    for p in &t.pairings {
        for n in [&p.white, &p.black] {
            if !names.contains(&n.as_str()) {
                names.push(n);
            }
        }
    }
    unique_stems(names)
}

/// Stems for names in order: a stem already taken gets `-2`, `-3`…
fn unique_stems<'a>(names: impl IntoIterator<Item = &'a str>) -> BTreeMap<String, String> {
    let mut taken: Vec<String> = Vec::new();
    let mut out = BTreeMap::new();
    for name in names {
        if out.contains_key(name) {
            continue;
        }
        // From the name as published: an address in it never reaches a file name.
        let base = transliterate(&crate::render::redact_emails(name));
        let mut stem = base.clone();
        let mut n = 2;
        while taken.contains(&stem) {
            stem = format!("{base}-{n}");
            n += 1;
        }
        taken.push(stem.clone());
        out.insert(name.to_string(), stem);
    }
    out
}

/// The result of a game from one side's view: 1, ½, 0, + or −; empty while
/// the game is on.
pub fn score_for(result: GameResult, side: Side) -> &'static str {
    let forfeit = matches!(
        result,
        GameResult::WhiteForfeit | GameResult::BlackForfeit | GameResult::BothLose
    );
    match (result.half_points(side), forfeit) {
        (None, _) => "",
        (Some(2), true) => "+",
        (Some(_), true) => "−",
        (Some(2), false) => "1",
        (Some(1), _) => "½",
        (Some(_), false) => "0",
    }
}

/// The deadline of `side` in a game in play: its move-by date when it owes
/// the next message, else its repeat-by date; with the label's key.
pub fn deadline(g: &GameReport, side: Side) -> Option<(&'static str, NaiveDate)> {
    if !g.in_play {
        return None;
    }
    let c = g.clock.side(side);
    match (c.move_by, c.repeat_by) {
        (Some(d), _) if g.owing == Some(side) => Some(("move_by", d)),
        (_, Some(d)) if g.owing != Some(side) => Some(("repeat_by", d)),
        _ => None,
    }
}

#[derive(Serialize)]
pub(super) struct PlayerGame {
    pub(super) id: String,
    pub(super) round: String,
    pub(super) opponent: String,
    pub(super) opponent_stem: String,
    pub(super) colour: String,
    pub(super) score: String,
    pub(super) result: String,
    pub(super) status: String,
    pub(super) moves: u32,
    pub(super) used: i64,
    pub(super) running: i64,
    pub(super) left: i64,
    pub(super) next_control: u32,
    pub(super) allowance: i64,
    pub(super) deadline_label: String,
    pub(super) deadline: String,
    pub(super) owing: bool,
    pub(super) low: bool,
    pub(super) over: bool,
}

#[derive(Serialize)]
pub(super) struct BreakYear {
    pub(super) year: i32,
    pub(super) used: i64,
    pub(super) left: i64,
}

#[derive(Serialize)]
pub(super) struct BreakLine {
    pub(super) from: String,
    pub(super) to: String,
    pub(super) days: i64,
    pub(super) declared: String,
}

#[derive(Serialize)]
pub(super) struct PlayerFinding {
    pub(super) severity: &'static str,
    pub(super) severity_word: &'static str,
    pub(super) code: &'static str,
    pub(super) code_word: &'static str,
    pub(super) rule: &'static str,
    pub(super) game: String,
    pub(super) date: String,
    pub(super) due: String,
    pub(super) message: String,
}

/// Findings a player may read about itself in public: the clock's and the
/// deadlines' (not the arbiter's notes on the records: docs/arbiter.md, "What bad input may never do in public").
fn is_public(code: Code) -> bool {
    matches!(
        code,
        Code::Overstep
            | Code::LowTime
            | Code::RepeatDue
            | Code::Silence
            | Code::Penalty
            | Code::BreakLimit
            | Code::BreakNotice
            | Code::RecordMissing
            | Code::RecordsNone
            | Code::AdjudicationDue
    )
}

/// A game whose own records are under review (an error about them) shows
/// no clock marks in public (docs/arbiter.md, "What bad input may never do in public").
pub fn under_review(g: &GameReport) -> bool {
    g.findings.iter().any(|f| {
        f.severity == Severity::Error
            && matches!(
                f.code,
                Code::BadInput | Code::IllegalMove | Code::DateOrder | Code::PgnMismatch | Code::ResultConflict
            )
    })
}

fn status(g: &GameReport, t: &BTreeMap<&str, &str>) -> String {
    if g.annulled {
        t["annulled"]
    } else if g.result.is_finished() {
        t["finished"]
    } else if g.interrupted {
        t["interrupted"]
    } else if g.awaiting_adjudication {
        t["awaiting_adjudication"]
    } else {
        t["in_progress"]
    }
    .to_string()
}

/// Break days per calendar year of the tournament (51.7.1), from the
/// tournament's start year to its end year (or the as-of year).
fn break_years(r: &TournamentReport<'_>, breaks: &Breaks) -> Vec<BreakYear> {
    let s = &r.tournament.settings;
    let last = s.end.unwrap_or(r.as_of).max(r.as_of).year();
    let last = breaks.spans().iter().map(|&(_, to)| to.year()).fold(last, i32::max);
    (s.start.year()..=last.max(s.start.year()))
        .map(|year| {
            let before = NaiveDate::from_ymd_opt(year - 1, 12, 31).unwrap_or(s.start);
            let until = NaiveDate::from_ymd_opt(year, 12, 31).unwrap_or(s.start);
            let used = breaks.days_in(before, until);
            BreakYear {
                year,
                used,
                left: i64::from(s.break_days_per_year) - used,
            }
        })
        .collect()
}

/// What a player's page shows, made for templates/player.html.
pub(super) struct PlayerPage {
    pub(super) games: Vec<PlayerGame>,
    pub(super) years: Vec<BreakYear>,
    pub(super) breaks: Vec<BreakLine>,
    pub(super) findings: Vec<PlayerFinding>,
}

/// A game of the player's on `side`, with its days left and its deadline
/// (51.4.3, 51.5.1) unless its records are under review (docs/arbiter.md).
fn player_game(
    g: &GameReport,
    side: Side,
    stems: &BTreeMap<String, String>,
    t: &BTreeMap<&str, &str>,
    lang: Language,
) -> PlayerGame {
    let c = g.clock.side(side);
    let review = under_review(g);
    let dl = if review { None } else { deadline(g, side) };
    let opponent = g.name(side.other()).to_string();
    PlayerGame {
        id: g.id.clone(),
        round: g.round.clone(),
        opponent_stem: stems.get(&opponent).cloned().unwrap_or_default(),
        opponent,
        colour: t[if side == Side::White { "white" } else { "black" }].to_string(),
        score: score_for(g.result, side).to_string(),
        result: g.result.as_str().to_string(),
        status: status(g, t),
        moves: g.moves.len().div_ceil(2) as u32,
        used: c.used,
        running: c.running,
        left: c.left,
        next_control: c.next_control,
        allowance: c.allowance,
        deadline_label: dl.map(|(k, _)| t[k].to_string()).unwrap_or_default(),
        deadline: fmt_date(dl.map(|(_, d)| d), lang),
        owing: g.in_play && g.owing == Some(side),
        low: !review && (0..=crate::rules::LOW_TIME_DAYS).contains(&c.left) && !g.result.is_finished(),
        over: !review && c.left < 0 && !g.result.is_finished(),
    }
}

/// The calendar's event of the deadline of `side` in `g`, when it has one
/// and the game's records are not under review.
fn deadline_event(
    r: &TournamentReport<'_>,
    g: &GameReport,
    side: Side,
    t: &BTreeMap<&str, &str>,
) -> Option<AllDayEvent> {
    let (kind, date) = deadline(g, side).filter(|_| !under_review(g))?;
    let c = g.clock.side(side);
    Some(AllDayEvent {
        uid: format!("ccbulletin-{}-{}-{}", r.tournament.id, g.id, side.as_str()),
        date,
        // Addresses hidden before the calendar folds its lines.
        summary: redact_emails(&format!(
            "{}: {} {}, {}",
            t[kind],
            t["game"].to_lowercase(),
            g.id,
            g.name(side.other())
        ))
        .into_owned(),
        description: redact_emails(&format!(
            "{} — {}. {}: {}. {}: {} {}.",
            g.white, g.black, t["nm_competition"], r.tournament.settings.name, t["left"], c.left, t["days_short"]
        ))
        .into_owned(),
    })
}

/// The player's break days per calendar year (51.7.1) and declared breaks.
fn player_breaks(r: &TournamentReport<'_>, name: &str, lang: Language) -> (Vec<BreakYear>, Vec<BreakLine>) {
    let breaks_of: Vec<&crate::model::Break> = r.tournament.breaks_of(name).collect();
    let merged = Breaks::new(breaks_of.iter().copied());
    let years = break_years(r, &merged);
    let breaks = breaks_of
        .iter()
        .map(|b| BreakLine {
            from: fmt_date(Some(b.from), lang),
            to: fmt_date(Some(b.to), lang),
            days: days_between(b.from, b.to) + 1,
            declared: fmt_date(b.declared, lang),
        })
        .collect();
    (years, breaks)
}

/// The public findings about the player, those of games under review aside (docs/arbiter.md).
fn player_findings(r: &TournamentReport<'_>, name: &str, lang: Language) -> Vec<PlayerFinding> {
    let reviewed: Vec<&str> = r
        .games
        .iter()
        .filter(|g| under_review(g))
        .map(|g| g.id.as_str())
        .collect();
    r.all_findings()
        .filter(|f| f.player.as_deref() == Some(name) && is_public(f.code))
        .filter(|f| f.game.as_deref().is_none_or(|g| !reviewed.contains(&g)))
        .map(|f| PlayerFinding {
            severity: f.severity.as_str(),
            severity_word: severity_word(f.severity, lang),
            code: f.code.as_str(),
            code_word: code_word(f.code, lang),
            rule: f.rule,
            game: f.game.clone().unwrap_or_default(),
            date: fmt_date(f.date, lang),
            due: fmt_date(f.due, lang),
            message: f.message.clone(),
        })
        .collect()
}

/// One player's page and calendar: `players/<stem>.html` and `.ics`. The
/// page is written natively (src/render/player_page.rs) when `native`
/// holds the built-in page's parts, else rendered from player.html.
///
/// # Errors
/// A template that fails to render.
pub(super) fn render_player(
    env: &Environment<'_>,
    r: &TournamentReport<'_>,
    name: &str,
    stems: &BTreeMap<String, String>,
    common: &minijinja::Value,
    native: Option<&PlayerPageParts>,
) -> anyhow::Result<[(String, String); 2]> {
    let lang = r.tournament.settings.language;
    let t = crate::render::labels::labels(lang);
    let stem = &stems[name];
    let mut games = Vec::new();
    let mut events = Vec::new();
    for g in &r.games {
        let Some(side) = g.side_of(name) else { continue };
        games.push(player_game(g, side, stems, t, lang));
        events.extend(deadline_event(r, g, side, t));
    }
    let (years, breaks) = player_breaks(r, name, lang);
    let page = PlayerPage {
        games,
        years,
        breaks,
        findings: player_findings(r, name, lang),
    };
    let html = match native {
        Some(parts) => write_player_page(parts, name, stem, &page),
        None => {
            let ctx = minijinja::context! {
                player => name, stem => stem, games => v(&page.games),
                years => v(&page.years), breaks => v(&page.breaks),
                findings => v(&page.findings), ..common.clone()
            };
            env.get_template("player.html")
                .and_then(|tpl| tpl.render(ctx))
                .map_err(|e| anyhow!("template player.html: {e:#}"))?
        }
    };
    let cal_name = redact_emails(&format!("{} — {}", r.tournament.settings.name, name)).into_owned();
    let ics = ical::write_calendar(&cal_name, r.as_of, &events);
    // Still to pass the address filter with every public file.
    Ok([
        (format!("players/{stem}.html"), html),
        (format!("players/{stem}.ics"), ics),
    ])
}

/// The moves so far, numbered, in the tournament's notation (51.2.4;
/// numeric is Article 53's), wrapped at 48 characters (a phone shows them whole).
pub fn numbered_moves(g: &GameReport, notation: Notation) -> String {
    // One token a move number with its moves, so a line never splits them.
    let mut out = String::with_capacity(g.moves.len() * 8);
    let mut filler = crate::render::text::Filler::new(&mut out, 48);
    let mut token = String::new();
    for (i, m) in g.moves.iter().enumerate() {
        let mv = crate::game::notation::in_notation(m, notation);
        if i % 2 == 1 {
            token.push(' ');
        } else {
            if !token.is_empty() {
                filler.push(&token);
            }
            token.clear();
            super::html::push_int(&mut token, i64::from(m.no));
            token.push_str(". ");
        }
        token.push_str(&mv);
    }
    if !token.is_empty() {
        filler.push(&token);
    }
    out
}

#[derive(Serialize)]
pub(super) struct NextMessage {
    pub(super) from: String,
    pub(super) white: String,
    pub(super) black: String,
    pub(super) game: String,
    pub(super) round: String,
    pub(super) moves: String,
    pub(super) partner_sent: String,
    pub(super) received: String,
    pub(super) thinking: i64,
    pub(super) white_total: i64,
    pub(super) black_total: i64,
    /// The owing side owes a request to correct a faulty message, not a move (51.3.4).
    pub(super) request: bool,
}

/// The partner's last message the owing side answers: the partner's last
/// row with a sent date, `record` and `adjudication` rows aside.
fn partner_sent(g: &GameReport, owing: Side) -> Option<NaiveDate> {
    g.rows
        .iter()
        .rev()
        .filter(|r| r.side != owing && !matches!(r.flag, Flag::Record | Flag::Adjudication))
        .find_map(|r| r.sent)
}

/// The next message of a game in play, for its owing side (51.2.1), or
/// `None` when no side owes one or the game's records are under review.
/// Written natively (src/render/next_text.rs) when `native` holds the
/// built-in message's parts, else rendered from next.txt.
///
/// # Errors
/// A template that fails to render.
pub(super) fn next_message(
    env: &Environment<'_>,
    r: &TournamentReport<'_>,
    g: &GameReport,
    common: &minijinja::Value,
    native: Option<&NextTextParts>,
) -> anyhow::Result<Option<String>> {
    // A game whose records are under review gets none: its moves may be wrong (docs/arbiter.md).
    let Some(owing) = g.owing.filter(|_| g.in_play && !under_review(g)) else {
        return Ok(None);
    };
    let lang: Language = r.tournament.settings.language;
    let pending = g.rows.last().filter(|row| row.pending && row.side == owing);
    let total = |side: Side| {
        let c = g.clock.side(side);
        c.used + c.running
    };
    let m = NextMessage {
        from: g.name(owing).to_string(),
        white: g.white.clone(),
        black: g.black.clone(),
        game: g.id.clone(),
        round: g.round.clone(),
        moves: numbered_moves(g, r.tournament.settings.notation),
        partner_sent: fmt_date(partner_sent(g, owing), lang),
        received: fmt_date(pending.and_then(|row| row.received), lang),
        thinking: g.clock.side(owing).running,
        white_total: total(Side::White),
        black_total: total(Side::Black),
        request: g.to_move != Some(owing),
    };
    let text = match native {
        Some(parts) => write_next_message(parts, &m),
        None => {
            let ctx = minijinja::context! { m => v(&m), ..common.clone() };
            env.get_template("next.txt")
                .and_then(|tpl| tpl.render(ctx))
                .map_err(|e| anyhow!("template next.txt: {e:#}"))?
        }
    };
    Ok(Some(redact_emails(&text).into_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn russian_names_are_transliterated_to_latin_stems() {
        assert_eq!(transliterate("Иванов, Алексей"), "ivanov-aleksei");
        assert_eq!(transliterate("Щукина, Юлия"), "shchukina-iuliia");
        assert_eq!(transliterate("Müller, Jürgen"), "m-ller-j-rgen");
        assert_eq!(transliterate("  "), "player");
        assert_eq!(transliterate("Smith, John"), "smith-john");
    }

    #[test]
    fn stems_are_unique_within_the_tournament() {
        let stems = unique_stems(["Иванов, Алексей", "Ivanov Aleksei", "Иванов Алексей", "Иванов, Алексей"]);
        assert_eq!(stems.len(), 3);
        assert_eq!(stems["Иванов, Алексей"], "ivanov-aleksei");
        assert_eq!(stems["Ivanov Aleksei"], "ivanov-aleksei-2");
        assert_eq!(stems["Иванов Алексей"], "ivanov-aleksei-3");
    }

    #[test]
    fn scores_read_from_each_side() {
        assert_eq!(score_for(GameResult::WhiteWins, Side::White), "1");
        assert_eq!(score_for(GameResult::WhiteWins, Side::Black), "0");
        assert_eq!(score_for(GameResult::Draw, Side::Black), "½");
        assert_eq!(score_for(GameResult::BlackForfeit, Side::Black), "+");
        assert_eq!(score_for(GameResult::BothLose, Side::White), "−");
        assert_eq!(score_for(GameResult::Unfinished, Side::White), "");
    }
}
