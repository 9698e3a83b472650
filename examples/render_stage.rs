//! Times the render stage alone (every file of every tournament, on one
//! thread, nothing written), with the built-in pages written natively, with
//! game.html rendered by minijinja from a `--templates` copy, with the
//! bulletin (index.html and bulletin.txt) so rendered, with the arbiter's
//! list (arbiter.html and arbiter.txt) so rendered, and with the four:
//! `cargo run --release --example render_stage -- TOURNAMENTS_DIR`.
//! Then the game pages alone, native, each with all it is made of (the
//! game's line, its PGN, its next message): issue 15's "µs a game page".
//! The best of 5 runs each, taking turns, as the machine may be shared; beside the
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
    // Unmodified copies of built-in templates make minijinja render them.
    let copies = |names: &[&str]| {
        let dir = tempfile::tempdir().unwrap();
        for name in names {
            let (_, text) = ccbulletin::render::TEMPLATES.iter().find(|(n, _)| n == name).unwrap();
            std::fs::write(dir.path().join(name), text).unwrap();
        }
        dir
    };
    let game = copies(&["game.html"]);
    let bulletin = copies(&["index.html", "bulletin.txt"]);
    let arbiter = copies(&["arbiter.html", "arbiter.txt"]);
    let both = copies(&["index.html", "bulletin.txt", "arbiter.html", "arbiter.txt"]);
    let runs: Vec<(&str, ccbulletin::render::Templates)> = [
        ("native pages", None),
        ("game.html by minijinja", Some(game.path())),
        ("index.html and bulletin.txt by minijinja", Some(bulletin.path())),
        ("arbiter.html and arbiter.txt by minijinja", Some(arbiter.path())),
        ("the four by minijinja", Some(both.path())),
    ]
    .into_iter()
    .map(|(what, templates)| (what, ccbulletin::render::environment(templates).unwrap()))
    .collect();
    // The ways take turns, so that a neighbour's load falls on all alike.
    let mut times = vec![(f64::INFINITY, f64::INFINITY); runs.len()];
    for _ in 0..5 {
        for ((_, env), best) in runs.iter().zip(&mut times) {
            let (t, c) = (Instant::now(), on_cpu_ns());
            for r in &reports {
                std::hint::black_box(ccbulletin::render::render_tournament(env, r).unwrap());
            }
            let (ms, cpu) = (t.elapsed().as_secs_f64() * 1000.0, (on_cpu_ns() - c) as f64 / 1e6);
            *best = (best.0.min(ms), best.1.min(cpu));
        }
    }
    for ((what, _), (ms, cpu)) in runs.iter().zip(&times) {
        println!(
            "{what}: render {ms:.0} ms wall, {cpu:.0} ms on a CPU, for {games} games ({:.1} µs a game on a CPU)",
            cpu * 1000.0 / games as f64
        );
    }
    let best: Vec<f64> = times.iter().map(|t| t.1).collect();
    println!(
        "the native game page saves {:.1} µs a game on a CPU",
        (best[1] - best[0]) * 1000.0 / games as f64
    );
    for (what, cpu) in [
        ("bulletin", best[2]),
        ("arbiter's list", best[3]),
        ("bulletin and arbiter's list", best[4]),
    ] {
        println!(
            "the native {what} saves {:.2} ms a tournament on a CPU",
            (cpu - best[0]) / reports.len() as f64
        );
    }
    let env = ccbulletin::render::environment(None).unwrap();
    let cpu = (0..5)
        .map(|_| {
            let c = on_cpu_ns();
            for r in &reports {
                std::hint::black_box(ccbulletin::render::render_game_pages(&env, r).unwrap());
            }
            (on_cpu_ns() - c) as f64 / 1e6
        })
        .fold(f64::INFINITY, f64::min);
    println!(
        "game pages alone (native, with their PGN and next message): {cpu:.0} ms on a CPU, {:.1} µs a game",
        cpu * 1000.0 / games as f64
    );
}
