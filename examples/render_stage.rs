//! Times the render stage alone (every file of every tournament, on one
//! thread, nothing written), then the game pages alone, each with all it is
//! made of (the game's line, its PGN, its next message): the µs a game page.
//! `cargo run --release --example render_stage -- TOURNAMENTS_DIR`.
//! The best of 5 runs each, as the machine may be shared; beside the
//! wall-clock time, the thread's time on a CPU (Linux's
//! /proc/thread-self/schedstat), which a busy machine does not inflate.

use std::time::Instant;

mod common;
use common::on_cpu_ns;

fn main() {
    let dir = std::env::args().nth(1).expect("usage: render_stage TOURNAMENTS_DIR");
    let as_of = chrono::NaiveDate::from_ymd_opt(2026, 12, 2).unwrap();
    let catalog = ccbulletin::load::load(std::path::Path::new(&dir), as_of).expect("the tournaments folder");
    let reports = ccbulletin::compute::compute(&catalog, as_of);
    let games: usize = reports.iter().map(|r| r.games.len()).sum();
    let env = ccbulletin::render::environment(None).unwrap();
    let best = |f: &dyn Fn()| {
        (0..5)
            .map(|_| {
                let (t, c) = (Instant::now(), on_cpu_ns());
                f();
                (t.elapsed().as_secs_f64() * 1000.0, (on_cpu_ns() - c) as f64 / 1e6)
            })
            .fold((f64::INFINITY, f64::INFINITY), |a, b| (a.0.min(b.0), a.1.min(b.1)))
    };
    let (ms, cpu) = best(&|| {
        for r in &reports {
            std::hint::black_box(ccbulletin::render::render_tournament(&env, r).unwrap());
        }
    });
    println!(
        "every file: render {ms:.0} ms wall, {cpu:.0} ms on a CPU, for {games} games ({:.1} µs a game on a CPU)",
        cpu * 1000.0 / games as f64
    );
    let (_, cpu) = best(&|| {
        for r in &reports {
            std::hint::black_box(ccbulletin::render::render_game_pages(&env, r).unwrap());
        }
    });
    println!(
        "game pages alone (with their PGN and next message): {cpu:.0} ms on a CPU, {:.1} µs a game",
        cpu * 1000.0 / games as f64
    );
}
