//! The sample in tournaments/ is what the default run reports on; issue 2
//! asks that between them its games use every flag of SPEC 5 and give rise
//! to every finding of SPEC 8. This proves it stays so.

mod common;
use ccbulletin::finding::Code;
use ccbulletin::load::load;
use ccbulletin::model::Flag;
use ccbulletin::report::compute;
use common::*;
use std::collections::BTreeSet;
use std::path::Path;

#[test]
fn sample_shows_every_flag_and_every_finding() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tournaments");
    let catalog = load(&root, d("2026-12-02")).unwrap();
    let reports = compute(&catalog, d("2026-12-02"));
    assert_eq!(reports.len(), 2);
    let round_robin = reports
        .iter()
        .find(|r| r.tournament.players.len() == 8)
        .expect("an 8-player round robin");
    assert_eq!(round_robin.games.len(), 28);
    assert!(
        round_robin.games.iter().filter(|g| !g.result.is_finished()).count() > 14,
        "mostly in progress"
    );
    let mut flags = BTreeSet::new();
    let mut codes = BTreeSet::new();
    for r in &reports {
        for g in &r.games {
            flags.extend(g.rows.iter().map(|row| row.flag.as_str()));
        }
        codes.extend(r.all_findings().map(|f| f.code));
    }
    for flag in Flag::ALL {
        assert!(flags.contains(flag.as_str()), "no row with flag `{}`", flag.as_str());
    }
    for code in Code::ALL {
        assert!(codes.contains(&code), "no finding `{code}`");
    }
}
