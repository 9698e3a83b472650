//! docs/rules.md, "Standings": points, Sonneborn-Berger, wins, direct encounter, shared places,
//! Baumbach order, annulled withdrawals, provisional results — through the
//! real compute stage, results set by the arbiter's decisions.

use crate::common::*;
use ccbulletin::compute::compute;
use ccbulletin::load::{Catalog, Loaded};
use ccbulletin::model::*;

fn cup(results: &[(&str, &str, &str)], tiebreaks: &[Tiebreak], annul: &[&str]) -> Vec<(String, String, f64, f64, u32)> {
    let mut t = tournament("2026-01-15", "10/60");
    let names = ["A", "B", "C", "D"];
    t.players = names
        .iter()
        .map(|n| Player {
            name: n.to_string(),
            email: format!("{n}@example.org"),
        })
        .collect();
    t.pairings.clear();
    t.settings.tiebreaks = tiebreaks.to_vec();
    for (i, (w, b, r)) in results.iter().enumerate() {
        let game = format!("g{i}");
        t.pairings.push(Pairing {
            game: game.clone(),
            round: "1".into(),
            white: w.to_string(),
            black: b.to_string(),
            line: i + 2,
        });
        if *r != "*" {
            t.decisions.push(Decision {
                date: d("2026-03-01"),
                kind: DecisionKind::Result,
                game: Some(game),
                player: None,
                result: GameResult::parse(r),
                withdrawal: None,
                note: String::new(),
                line: i + 2,
            });
        }
    }
    for p in annul {
        t.decisions.push(Decision {
            date: d("2026-03-02"),
            kind: DecisionKind::Withdrawal,
            game: None,
            player: Some(p.to_string()),
            result: None,
            withdrawal: Some(Withdrawal::Annul),
            note: String::new(),
            line: 99,
        });
    }
    let catalog = Catalog {
        tournaments: vec![Loaded {
            tournament: t,
            findings: vec![],
        }],
        findings: vec![],
    };
    let reports = compute(&catalog, d("2026-04-01"));
    reports[0]
        .standings
        .iter()
        .map(|s| (s.place.clone(), s.player.clone(), s.points, s.sb, s.wins))
        .collect()
}

const SB_VS_WINS: &[(&str, &str, &str)] = &[
    ("A", "C", "1-0"),
    ("D", "A", "1-0"),
    ("B", "C", "1/2-1/2"),
    ("D", "B", "1/2-1/2"),
    ("D", "C", "1-0"),
    ("A", "B", "*"),
];

#[test]
fn sonneborn_berger_breaks_the_tie_by_default() {
    let s = cup(SB_VS_WINS, &[Tiebreak::Sb, Tiebreak::Wins, Tiebreak::Direct], &[]);
    assert_eq!(
        s,
        vec![
            ("1".into(), "D".into(), 2.5, 1.0 + 0.5 + 0.5, 2),
            ("2".into(), "B".into(), 1.0, 0.25 + 1.25, 0),
            ("3".into(), "A".into(), 1.0, 0.5, 1),
            ("4".into(), "C".into(), 0.5, 0.5, 0),
        ]
    );
}

#[test]
fn baumbach_order_counts_wins_first() {
    let s = cup(SB_VS_WINS, &[Tiebreak::Wins, Tiebreak::Sb, Tiebreak::Direct], &[]);
    let order: Vec<&str> = s.iter().map(|r| r.1.as_str()).collect();
    assert_eq!(order, vec!["D", "A", "B", "C"]);
}

#[test]
fn players_still_tied_share_the_place() {
    let s = cup(
        &[("A", "B", "1/2-1/2"), ("C", "D", "*")],
        &[Tiebreak::Sb, Tiebreak::Wins, Tiebreak::Direct],
        &[],
    );
    let places: Vec<(&str, &str)> = s.iter().map(|r| (r.0.as_str(), r.1.as_str())).collect();
    assert_eq!(places, vec![("1-2", "A"), ("1-2", "B"), ("3-4", "C"), ("3-4", "D")]);
}

#[test]
fn direct_encounter_separates_what_sb_and_wins_cannot() {
    // A beat B, B beat C, C beat A: a cycle.
    let s = cup(
        &[("A", "B", "1-0"), ("B", "C", "1-0"), ("C", "A", "1-0"), ("D", "A", "*")],
        &[Tiebreak::Direct],
        &[],
    );
    // A, B, C all on 1 point: direct among the three: 1 each, still tied; D 0.
    assert_eq!(s.iter().filter(|r| r.0 == "1-3").count(), 3);
    let s = cup(&[("A", "B", "1-0"), ("C", "D", "1-0")], &[Tiebreak::Direct], &[]);
    // A and C on 1: they have not met: still tied. B and D on 0: tied.
    assert_eq!(s[0].0, "1-2");
    let s = cup(
        &[("A", "B", "1-0"), ("B", "A", "1/2-1/2"), ("C", "D", "*")],
        &[Tiebreak::Direct],
        &[],
    );
    assert_eq!((s[0].1.as_str(), s[0].2), ("A", 1.5));
}

#[test]
fn forfeits_count_as_wins_and_losses_and_both_lose_scores_nothing() {
    let s = cup(
        &[("A", "B", "+/-"), ("C", "D", "-/-")],
        &[Tiebreak::Sb, Tiebreak::Wins],
        &[],
    );
    let a = s.iter().find(|r| r.1 == "A").unwrap();
    assert_eq!((a.2, a.4), (1.0, 1));
    let c = s.iter().find(|r| r.1 == "C").unwrap();
    assert_eq!(c.2, 0.0);
}

// 51.8.1: "исключение из турнира без учёта всех его неоконченных партий":
// an annulled player's unfinished games are struck out of everyone's
// scores; the finished ones stand, the player's own score included.
#[test]
fn annul_strikes_only_the_unfinished_games_51_8_1() {
    let results = [
        ("A", "C", "1-0"),
        ("D", "A", "1-0"),
        ("B", "C", "1/2-1/2"),
        ("D", "B", "*"),
        ("D", "C", "*"),
        ("A", "B", "*"),
    ];
    let s = cup(&results, &[Tiebreak::Sb, Tiebreak::Wins, Tiebreak::Direct], &["D"]);
    let points = |p: &str| s.iter().find(|r| r.1 == p).map(|r| r.2);
    // D beat A before withdrawing: 1 each for A (over C) and D (over A);
    // B and C drew. The games D–B and D–C count for nobody.
    assert_eq!(
        [points("A"), points("B"), points("C"), points("D")],
        [Some(1.0), Some(0.5), Some(0.5), Some(1.0)]
    );
    // The same results without the withdrawal: the open games change nothing.
    let kept = cup(&results, &[Tiebreak::Sb, Tiebreak::Wins, Tiebreak::Direct], &[]);
    assert_eq!(
        kept.iter().map(|r| r.2).sum::<f64>(),
        s.iter().map(|r| r.2).sum::<f64>()
    );
}
