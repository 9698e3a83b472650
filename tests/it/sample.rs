//! The sample in tournaments/ is what the default run reports on: between
//! them its games use every flag of the move log (docs/format.md), give rise
//! to every finding (docs/rules.md), and show the clock stopped by an open
//! claim, a game past its end and a faulty move waiting for its request.
//! This proves it stays so.

use crate::common::*;
use ccbulletin::compute::compute;
use ccbulletin::finding::Code;
use ccbulletin::load::load;
use ccbulletin::model::Flag;
use std::collections::BTreeSet;

/// The date the sample is reported as of.
const AS_OF: &str = "2026-12-02";

#[test]
fn sample_shows_every_flag_and_every_finding() {
    let catalog = load(&sample(), d(AS_OF)).unwrap();
    let reports = compute(&catalog, d(AS_OF));
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

/// Game `id` of tournament `t` among the computed reports.
fn game_of<'a>(
    reports: &'a [ccbulletin::compute::TournamentReport<'_>],
    t: &str,
    id: &str,
) -> &'a ccbulletin::game::GameReport {
    reports
        .iter()
        .find(|r| r.tournament.id == t)
        .and_then(|r| r.games.iter().find(|g| g.id == id))
        .unwrap_or_else(|| panic!("{t}/{id}"))
}

// 51.6.3, 51.9.4, 51.3.4: the cases tournaments/README.md names.
#[test]
fn sample_shows_a_claim_a_game_past_its_end_and_a_request_owed() {
    let catalog = load(&sample(), d(AS_OF)).unwrap();
    let reports = compute(&catalog, d(AS_OF));
    let game = |t: &str, id: &str| game_of(&reports, t, id);
    // An open claim: the game is interrupted and its clock stood still.
    let g09 = game("ec2026-sf3", "g09");
    assert!(g09.interrupted && !g09.in_play && !g09.result.is_finished());
    let owing = g09.owing.unwrap();
    assert!(g09.clock.side(owing).running > 0);
    assert!(
        g09.clock.side(owing).running < 30,
        "stopped at the claim, not the report's date"
    );
    // Past the end: unfinished, not in play, adjudication due.
    let b4 = game("cup2025-ru", "b4");
    let cup = reports.iter().find(|r| r.tournament.id == "cup2025-ru").unwrap();
    let end = cup.tournament.settings.end.unwrap();
    assert!(end < d(AS_OF) && !b4.result.is_finished() && !b4.in_play);
    assert!(b4.findings.iter().any(|f| f.code == Code::AdjudicationDue));
    assert!(
        !b4.findings
            .iter()
            .any(|f| matches!(f.code, Code::LowTime | Code::RepeatDue | Code::Silence))
    );
    // A faulty last message waiting for the partner's request.
    let g20 = game("ec2026-sf3", "g20");
    let last = g20.rows.last().unwrap();
    assert!(last.flag.is_faulty() && g20.in_play);
    let sender = last.side;
    assert_eq!(g20.owing, Some(sender.other()));
    assert_eq!(g20.to_move, Some(sender), "the faulty move did not enter the game");
    assert_eq!(g20.clock.side(sender).running, 0);
    assert!(g20.clock.side(sender.other()).move_by.is_some());
    assert!(g20.clock.side(sender).repeat_by.is_some());
}

// 51.6.1, 51.6.7, 51.4.4, 51.2.1, 51.9.4.4: the claims, the lost letter and
// the stated totals tournaments/README.md names; the protest and appeal
// periods in the arbiter's deadlines.ics.
#[test]
fn sample_shows_claims_a_lost_letter_waiting_and_a_stated_total() {
    let catalog = load(&sample(), d(AS_OF)).unwrap();
    let reports = compute(&catalog, d(AS_OF));
    let game = |t: &str, id: &str| game_of(&reports, t, id);
    let codes = |t: &str, id: &str| game(t, id).findings.iter().map(|f| f.code).collect::<Vec<_>>();
    // A rejected claim, then a repeated one, open on the report's date.
    let g21 = codes("ec2026-sf3", "g21");
    assert_eq!(g21.iter().filter(|&&c| c == Code::ClaimUnfounded).count(), 2);
    assert!(g21.contains(&Code::ClaimRepeated) && game("ec2026-sf3", "g21").interrupted);
    // A late claim.
    assert!(codes("ec2026-sf3", "g09").contains(&Code::ClaimLate));
    // A lost letter waiting for its reply: the receiver runs from the day
    // after the repeat.
    let g25 = game("ec2026-sf3", "g25");
    let lost = g25.rows.last().unwrap();
    assert_eq!(lost.flag, Flag::Lost);
    let receiver = lost.side.other();
    assert_eq!(g25.owing, Some(receiver));
    let from = lost.sent.unwrap() + chrono::Duration::days(1);
    assert_eq!(g25.clock.side(receiver).running, (d(AS_OF) - from).num_days());
    // A message whose stated total differs from the records.
    let g22 = game("ec2026-sf3", "g22");
    let stated: Vec<_> = g22.findings.iter().filter(|f| f.code == Code::StatedTime).collect();
    assert_eq!(stated.len(), 1);
    assert!(stated[0].line.is_some() && en(stated[0]).contains("the records give"));
    // The sealed moves of the adjudicated games.
    assert!(game("cup2025-ru", "b5").sealed_move.is_some());
    assert!(codes("cup2025-ru", "b4").contains(&Code::SealedMove));
    assert!(codes("cup2025-ru", "b5").contains(&Code::AdjudicationLate));
    // The protest and appeal deadlines reach the arbiter's calendar.
    let out = tempfile::tempdir().unwrap();
    let run = report(&sample(), out.path(), AS_OF, &[]);
    assert!(out.path().join("arbiter/ec2026-sf3/deadlines.ics").exists(), "{run:?}");
    let ics = std::fs::read_to_string(out.path().join("arbiter/ec2026-sf3/deadlines.ics")).unwrap();
    let unfolded = icalendar::parser::unfold(&ics);
    let cal = icalendar::parser::read_calendar(&unfolded).unwrap();
    let summaries: Vec<String> = cal
        .components
        .iter()
        .flat_map(|c| std::iter::once(c).chain(&c.components))
        .filter(|c| c.name.as_str() == "VEVENT")
        .filter_map(|c| c.find_prop("SUMMARY").map(|p| p.val.as_str().to_string()))
        .collect();
    // Summaries in the tournament's language, the code as words.
    for code in ["protest period open", "appeal period open"] {
        assert!(summaries.iter().any(|s| s.starts_with(code)), "{code} in {summaries:?}");
    }
}

// 51.9.4.4: a legal sealed move is shown on its game page as the move that
// counts as made (b5's Кg6, in Russian notation on the Russian page); an
// illegal one (b4) is not.
#[test]
fn a_legal_sealed_move_is_shown_on_its_game_page() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    report(&sample(), &out, AS_OF, &[]);
    let page = |id: &str| std::fs::read_to_string(out.join(format!("public/cup2025-ru/games/{id}.html"))).unwrap();
    let b5 = scraper::Html::parse_document(&page("b5"));
    let sealed: Vec<String> = b5
        .select(&scraper::Selector::parse("p.sealed strong").unwrap())
        .map(|e| e.text().collect())
        .collect();
    assert_eq!(sealed, vec!["Кg6".to_string()]);
    assert!(!page("b4").contains("class=\"sealed\""));
}
