//! Times the per-game stage alone (`ccbulletin::game::analyze`: read the
//! move log and the PGN, replay, clocks, findings) on one thread, in µs per
//! game, beside the floor it is measured against: reading each PGN file
//! with pgn-reader and replaying its moves with shakmaty, nothing else.
//! `cargo run --release --example game_stage -- TOURNAMENTS_DIR`.
//! The median of 5 runs each; beside the wall-clock time, the thread's time
//! on a CPU (Linux's /proc/thread-self/schedstat), which a busy machine
//! does not inflate.

use pgn_reader::{Reader, SanPlus, Visitor};
use shakmaty::{Chess, Position};
use std::ops::ControlFlow;
use std::time::Instant;

mod common;
use common::on_cpu_ns;

/// The floor's visitor: the SAN moves of a game, nothing else.
struct Moves;

impl Visitor for Moves {
    type Tags = ();
    type Movetext = Vec<SanPlus>;
    type Output = Vec<SanPlus>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _tags: ()) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(Vec::new())
    }

    fn san(&mut self, moves: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        moves.push(san_plus);
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _moves: &mut Self::Movetext) -> ControlFlow<Self::Output, pgn_reader::Skip> {
        ControlFlow::Continue(pgn_reader::Skip(true))
    }

    fn end_game(&mut self, moves: Self::Movetext) -> Self::Output {
        moves
    }
}

/// Reads every PGN file and replays its first game's moves.
fn floor(pgns: &[&std::path::Path]) -> usize {
    let mut played = 0;
    for path in pgns {
        let bytes = std::fs::read(path).unwrap();
        let mut reader = Reader::new(&bytes[..]);
        if let Ok(Some(moves)) = reader.read_game(&mut Moves) {
            let mut pos = Chess::default();
            for san in moves {
                match san.san.to_move(&pos) {
                    Ok(m) => pos.play_unchecked(m),
                    Err(_) => break,
                }
                played += 1;
            }
        }
    }
    played
}

/// The median of 5 runs of `f`: wall-clock and on-CPU milliseconds. What
/// `f` returns is dropped after the clock stops (as the tool drops the
/// reports after rendering them).
fn median<T>(mut f: impl FnMut() -> T) -> (f64, f64) {
    let mut runs: Vec<(f64, f64)> = (0..5)
        .map(|_| {
            let (t, c) = (Instant::now(), on_cpu_ns());
            let out = std::hint::black_box(f());
            let run = (t.elapsed().as_secs_f64() * 1000.0, (on_cpu_ns() - c) as f64 / 1e6);
            drop(out);
            run
        })
        .collect();
    runs.sort_by(|a, b| a.1.total_cmp(&b.1));
    runs[2]
}

fn main() {
    let dir = std::env::args().nth(1).expect("usage: game_stage TOURNAMENTS_DIR");
    let as_of = chrono::NaiveDate::from_ymd_opt(2026, 12, 2).unwrap();
    let catalog = ccbulletin::load::load(std::path::Path::new(&dir), as_of).expect("the tournaments folder");
    let games: usize = catalog.tournaments.iter().map(|l| l.tournament.pairings.len()).sum();
    let pgns: Vec<&std::path::Path> = catalog
        .tournaments
        .iter()
        .flat_map(|l| l.tournament.files.values())
        .filter_map(|f| f.pgn.as_deref())
        .collect();
    let (wall, cpu) = median(|| {
        let mut reports = Vec::with_capacity(games);
        for l in &catalog.tournaments {
            let t = &l.tournament;
            for pairing in &t.pairings {
                reports.push(ccbulletin::game::analyze(&ccbulletin::game::GameContext {
                    tournament: t,
                    pairing,
                    as_of,
                    file_prefix: format!("{}/games/", t.id),
                }));
            }
        }
        reports
    });
    let (floor_wall, floor_cpu) = median(|| floor(&pgns));
    let per = |ms: f64, n: usize| ms * 1000.0 / n.max(1) as f64;
    println!(
        "game stage: {games} games, {:.1} µs/game on CPU ({:.1} wall); floor (pgn-reader + shakmaty replay of {} PGNs): {:.1} µs/game on CPU ({:.1} wall); {:.1}× the floor",
        per(cpu, games),
        per(wall, games),
        pgns.len(),
        per(floor_cpu, pgns.len()),
        per(floor_wall, pgns.len()),
        per(cpu, games) / per(floor_cpu, pgns.len()),
    );
}
