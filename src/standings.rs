//! Standings and crosstable (docs/rules.md, "Standings"): 1 point a win, ½
//! a draw, 0 a loss, forfeits as wins and losses, tie-breaks in the
//! tournament's order
//! (Sonneborn-Berger, wins, direct encounter), shared places, provisional
//! results (51.9.2) and annulled withdrawals (51.8.1).

use serde::Serialize;
use std::collections::BTreeMap;

use crate::game::GameReport;
use crate::model::{GameResult, Side, Tiebreak};

/// One line of the standings. Points are exact: halves are kept doubled
/// inside and written as numbers (2.5) outside.
#[derive(Debug, Clone, Serialize)]
pub struct Standing {
    /// `1`, or `3-4` for a shared place.
    pub place: String,
    pub player: String,
    pub points: f64,
    pub sb: f64,
    pub wins: u32,
    pub direct: f64,
    pub played: u32,
    pub to_play: u32,
    /// Some counted result is not official yet (51.9.2).
    pub provisional: bool,
    /// The date of the player's withdrawal (51.8.1), when one is recorded
    /// by the report's date.
    pub withdrawn: Option<chrono::NaiveDate>,
}

/// A crosstable cell: the result from the row player's side.
#[derive(Debug, Clone, Serialize)]
pub struct Cell {
    /// `1`, `½`, `0`, `+`, `-`, `*` (unfinished) or empty (no game).
    pub text: String,
    /// `w` or `b`: the colour the row player had.
    pub colour: String,
    pub game: String,
    pub provisional: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct Crosstable {
    pub players: Vec<String>,
    /// `cells[i][j]`: player i against player j (several games joined).
    pub cells: Vec<Vec<Vec<Cell>>>,
}

#[derive(Default, Clone)]
struct Tally {
    half: u32,
    wins: u32,
    played: u32,
    to_play: u32,
    provisional: bool,
}

fn counts(g: &GameReport) -> bool {
    !g.annulled
}

/// Computes the standings in place order, and the crosstable in that order.
///
/// Every player is listed. A game struck out by an `annul` withdrawal
/// (51.8.1: the player's unfinished games, «без учёта всех его неоконченных
/// партий») counts for nobody; the finished games of a withdrawn player
/// stand in everyone's score, the player's own included.
pub fn standings(players: &[String], games: &[GameReport], tiebreaks: &[Tiebreak]) -> (Vec<Standing>, Crosstable) {
    let listed: Vec<&str> = players.iter().map(String::as_str).collect();
    let tally = tally(&listed, games);
    let half = |p: &str| tally.get(p).map_or(0, |t| t.half);
    let sb_q = sonneborn_berger(games, half);
    let groups = ranked(&listed, tiebreaks, games, &tally, &sb_q);
    let mut rows = Vec::new();
    let mut place = 1;
    for group in &groups {
        let label = if group.len() == 1 {
            place.to_string()
        } else {
            format!("{}-{}", place, place + group.len() - 1)
        };
        for p in group {
            let t = tally.get(p).cloned().unwrap_or_default();
            rows.push(Standing {
                place: label.clone(),
                player: p.to_string(),
                points: f64::from(t.half) / 2.0,
                sb: f64::from(sb_q.get(p).copied().unwrap_or(0)) / 4.0,
                wins: t.wins,
                direct: f64::from(direct_half(games, p, group)) / 2.0,
                played: t.played,
                to_play: t.to_play,
                provisional: t.provisional,
                withdrawn: None,
            });
        }
        place += group.len();
    }
    let order: Vec<String> = rows.iter().map(|s| s.player.clone()).collect();
    let crosstable = crosstable(order, games);
    (rows, crosstable)
}

/// Each listed player's points, wins and games played or to play, from the
/// games that count.
fn tally<'a>(listed: &[&'a str], games: &[GameReport]) -> BTreeMap<&'a str, Tally> {
    let mut tally: BTreeMap<&str, Tally> = listed.iter().map(|p| (*p, Tally::default())).collect();
    for g in games.iter().filter(|g| counts(g)) {
        for side in [Side::White, Side::Black] {
            let Some(t) = tally.get_mut(g.name(side)) else { continue };
            match g.result.half_points(side) {
                Some(h) => {
                    t.half += h;
                    t.played += 1;
                    t.wins += u32::from(h == 2);
                    t.provisional |= g.provisional;
                }
                None => t.to_play += 1,
            }
        }
    }
    tally
}

/// Sonneborn-Berger in quarter points: 2 × the beaten partner's points + the
/// drawn partner's, given each player's points in halves.
fn sonneborn_berger(games: &[GameReport], half: impl Fn(&str) -> u32) -> BTreeMap<&str, u32> {
    let mut sb_q: BTreeMap<&str, u32> = BTreeMap::new();
    for g in games.iter().filter(|g| counts(g)) {
        for side in [Side::White, Side::Black] {
            let (me, them) = (g.name(side), g.name(side.other()));
            if let Some(h) = g.result.half_points(side) {
                let opp_scored = g.result.half_points(side.other()).unwrap_or(0);
                // A draw, or a win; a -/- is a loss for both.
                let q = match (h, opp_scored) {
                    (2, _) => 2 * half(them),
                    (1, 1) => half(them),
                    _ => 0,
                };
                *sb_q.entry(me).or_default() += q;
            }
        }
    }
    sb_q
}

/// A player's points, in halves, in the counted games against `group`.
fn direct_half(games: &[GameReport], p: &str, group: &[&str]) -> u32 {
    games
        .iter()
        .filter(|g| counts(g))
        .filter_map(|g| {
            let side = g.side_of(p)?;
            group
                .contains(&g.name(side.other()))
                .then(|| g.result.half_points(side))
                .flatten()
        })
        .sum()
}

/// The players in groups of shared places: by points, then each tie-break
/// in turn splits the groups still tied (names in order within a group).
fn ranked<'a>(
    listed: &[&'a str],
    tiebreaks: &[Tiebreak],
    games: &[GameReport],
    tally: &BTreeMap<&'a str, Tally>,
    sb_q: &BTreeMap<&str, u32>,
) -> Vec<Vec<&'a str>> {
    let half = |p: &str| tally.get(p).map_or(0, |t| t.half);
    let mut groups = split_by(listed.to_vec(), half);
    for tb in tiebreaks {
        let mut next = Vec::new();
        for group in groups {
            if group.len() == 1 {
                next.push(group);
                continue;
            }
            let key = |p: &str| -> u32 {
                match tb {
                    Tiebreak::Sb => sb_q.get(p).copied().unwrap_or(0),
                    Tiebreak::Wins => tally.get(p).map_or(0, |t| t.wins),
                    Tiebreak::Direct => direct_half(games, p, &group),
                }
            };
            next.extend(split_by(group.clone(), key));
        }
        groups = next;
    }
    groups
}

/// Players sorted by `key`, highest first (then by name), in groups of equal
/// key.
fn split_by(mut players: Vec<&str>, key: impl Fn(&str) -> u32) -> Vec<Vec<&str>> {
    players.sort_by(|a, b| key(b).cmp(&key(a)).then(a.cmp(b)));
    let mut groups: Vec<Vec<&str>> = Vec::new();
    for p in players {
        match groups.last_mut() {
            Some(g) if key(g[0]) == key(p) => g.push(p),
            _ => groups.push(vec![p]),
        }
    }
    groups
}

/// The crosstable in the standings' order: each player's counted games
/// against each other.
fn crosstable(order: Vec<String>, games: &[GameReport]) -> Crosstable {
    let cells = order
        .iter()
        .map(|me| {
            order
                .iter()
                .map(|them| {
                    games
                        .iter()
                        .filter(|g| counts(g))
                        .filter_map(|g| {
                            let side = g.side_of(me)?;
                            (g.name(side.other()) == them).then(|| cell(g, side))
                        })
                        .collect()
                })
                .collect()
        })
        .collect();
    Crosstable { players: order, cells }
}

fn cell(g: &GameReport, side: Side) -> Cell {
    let text = match (g.result, g.result.half_points(side)) {
        (GameResult::WhiteForfeit | GameResult::BlackForfeit | GameResult::BothLose, Some(2)) => "+",
        (GameResult::WhiteForfeit | GameResult::BlackForfeit | GameResult::BothLose, Some(_)) => "-",
        (_, Some(2)) => "1",
        (_, Some(1)) => "½",
        (_, Some(_)) => "0",
        (_, None) => "*",
    };
    Cell {
        text: text.to_string(),
        colour: if side == Side::White { "w" } else { "b" }.to_string(),
        game: g.id.clone(),
        provisional: g.provisional,
    }
}
