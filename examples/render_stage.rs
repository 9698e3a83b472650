//! Times the render stage alone (every file of every tournament, on one
//! thread, nothing written), with the built-in game page written natively
//! and with game.html rendered by minijinja from a `--templates` copy:
//! `cargo run --release --example render_stage -- TOURNAMENTS_DIR`.
//! The best of 5 runs each, as the machine may be shared.

use std::time::Instant;

fn main() {
    let dir = std::env::args().nth(1).expect("usage: render_stage TOURNAMENTS_DIR");
    let as_of = chrono::NaiveDate::from_ymd_opt(2026, 12, 2).unwrap();
    let catalog = ccbulletin::load::load(std::path::Path::new(&dir), as_of).expect("the tournaments folder");
    let reports = ccbulletin::compute::compute(&catalog, as_of);
    let games: usize = reports.iter().map(|r| r.games.len()).sum();
    let copy = tempfile::tempdir().unwrap();
    std::fs::write(copy.path().join("game.html"), include_str!("../templates/game.html")).unwrap();
    let mut best = Vec::new();
    for (what, templates) in [
        ("native game page", None),
        ("game.html by minijinja", Some(copy.path())),
    ] {
        let env = ccbulletin::render::environment(templates).unwrap();
        let ms = (0..5)
            .map(|_| {
                let t = Instant::now();
                for r in &reports {
                    std::hint::black_box(ccbulletin::render::render_tournament(&env, r).unwrap());
                }
                t.elapsed().as_secs_f64() * 1000.0
            })
            .fold(f64::INFINITY, f64::min);
        println!(
            "{what}: render {ms:.0} ms for {games} games ({:.1} µs a game)",
            ms * 1000.0 / games as f64
        );
        best.push(ms);
    }
    println!(
        "the native page saves {:.1} µs a game",
        (best[1] - best[0]) * 1000.0 / games as f64
    );
}
