//! Times the compute stage alone (read, parse, replay, clocks, findings and
//! standings of every game; no rendering, no writing) with 1 and 2 threads:
//! `cargo run --release --example compute_stage -- TOURNAMENTS_DIR`.

use std::time::Instant;

fn main() {
    let dir = std::env::args().nth(1).expect("usage: compute_stage TOURNAMENTS_DIR");
    let as_of = chrono::NaiveDate::from_ymd_opt(2026, 12, 2).unwrap();
    let catalog = ccbulletin::load::load(std::path::Path::new(&dir), as_of).expect("the tournaments folder");
    let mut line = String::new();
    let mut medians = Vec::new();
    for jobs in [1, 2] {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build().unwrap();
        let mut times: Vec<f64> = (0..3)
            .map(|_| {
                let t = Instant::now();
                let reports = pool.install(|| ccbulletin::compute::compute(&catalog, as_of));
                assert!(!reports.is_empty());
                t.elapsed().as_secs_f64() * 1000.0
            })
            .collect();
        times.sort_by(f64::total_cmp);
        medians.push(times[1]);
        line.push_str(&format!("--jobs {jobs}: {:.0} ms  ", times[1]));
    }
    println!("compute stage: {line}speed-up {:.2}×", medians[0] / medians[1]);
}
