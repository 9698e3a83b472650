//! Times the render stage alone (every file of every tournament, on one
//! thread, nothing written), with the built-in pages written natively, with
//! game.html rendered by minijinja from a `--templates` copy, and with the
//! bulletin (index.html and bulletin.txt) so rendered:
//! `cargo run --release --example render_stage -- TOURNAMENTS_DIR`.
//! The best of 5 runs each, as the machine may be shared; beside the
//! wall-clock time, the thread's time on a CPU (Linux's
//! /proc/thread-self/schedstat), which a busy machine does not inflate.

use std::time::Instant;

/// Nanoseconds this thread has run on a CPU; 0 where Linux does not say.
fn on_cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

fn main() {
    let dir = std::env::args().nth(1).expect("usage: render_stage TOURNAMENTS_DIR");
    let as_of = chrono::NaiveDate::from_ymd_opt(2026, 12, 2).unwrap();
    let catalog = ccbulletin::load::load(std::path::Path::new(&dir), as_of).expect("the tournaments folder");
    let reports = ccbulletin::compute::compute(&catalog, as_of);
    let games: usize = reports.iter().map(|r| r.games.len()).sum();
    let (copy, bulletin) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    std::fs::write(copy.path().join("game.html"), include_str!("../templates/game.html")).unwrap();
    std::fs::write(
        bulletin.path().join("index.html"),
        include_str!("../templates/index.html"),
    )
    .unwrap();
    std::fs::write(
        bulletin.path().join("bulletin.txt"),
        include_str!("../templates/bulletin.txt"),
    )
    .unwrap();
    let mut best = Vec::new();
    for (what, templates) in [
        ("native pages", None),
        ("game.html by minijinja", Some(copy.path())),
        ("index.html and bulletin.txt by minijinja", Some(bulletin.path())),
    ] {
        let env = ccbulletin::render::environment(templates).unwrap();
        let (ms, cpu) = (0..5)
            .map(|_| {
                let (t, c) = (Instant::now(), on_cpu_ns());
                for r in &reports {
                    std::hint::black_box(ccbulletin::render::render_tournament(&env, r).unwrap());
                }
                (t.elapsed().as_secs_f64() * 1000.0, (on_cpu_ns() - c) as f64 / 1e6)
            })
            .fold((f64::INFINITY, f64::INFINITY), |a, b| (a.0.min(b.0), a.1.min(b.1)));
        println!(
            "{what}: render {ms:.0} ms wall, {cpu:.0} ms on a CPU, for {games} games ({:.1} µs a game on a CPU)",
            cpu * 1000.0 / games as f64
        );
        best.push(cpu);
    }
    println!(
        "the native game page saves {:.1} µs a game on a CPU",
        (best[1] - best[0]) * 1000.0 / games as f64
    );
    println!(
        "the native bulletin saves {:.2} ms a tournament on a CPU",
        (best[2] - best[0]) / reports.len() as f64
    );
}
