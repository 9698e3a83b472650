//! The tournament's PGN as other programs read it: standard tag values
//! (Seven Tag Roster, `Termination` from the PGN standard's list).

use crate::common::*;

// 51.9.3: a game scored by forfeit was not played out; PGN names that
// `rules infraction`, one of its standard Termination values.
#[test]
fn a_forfeit_is_terminated_by_rules_infraction() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("in");
    worked_example(&root);
    let t = root.join("spec13");
    write(
        &t.join("decisions.csv"),
        "date,kind,game,player,result,note\n2026-03-10,result,g,,+/-,\n",
    );
    let out = dir.path().join("out");
    let run = report(&root, &out, "2026-03-20", &[]);
    assert!(run.status.code().is_some_and(|c| c <= 1), "{run:?}");
    let pgn = std::fs::read_to_string(out.join("public/spec13/spec13.pgn")).unwrap();
    let tags: Vec<&str> = pgn.lines().filter(|l| l.starts_with("[Termination")).collect();
    assert_eq!(tags, vec!["[Termination \"rules infraction\"]"], "{pgn}");
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
}
