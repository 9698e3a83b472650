//! One test per rule paragraph the tool implements, named after what it
//! proves, with the paragraph above it. Games are small logs fed through
//! the real game stage (move-log parser, notation, shakmaty, clocks).

use crate::common::*;
use ccbulletin::finding::{Code, Facts, Finding, PostFacts, Severity};
use ccbulletin::game::GameReport;
use ccbulletin::model::*;
use chrono::NaiveDate;

const OPENING: &str = "1,white,e4,,2026-01-15,,
1,black,e5,2026-01-16,2026-01-18,,
2,white,Nf3,2026-01-19,2026-01-21,,
2,black,Nc6,2026-01-22,2026-01-24,,
";

// 51.4.4: a move's time is the date sent minus the date received.
#[test]
fn thinking_is_sent_minus_received() {
    let g = game(&tournament("2026-01-15", "10/60"), OPENING, "2026-01-24");
    assert_eq!(g.rows[1].charge.thinking, 2);
    assert_eq!(g.rows[2].charge.thinking, 2);
    assert_eq!(g.clock.black.used, 4);
}

// 51.4.3: transit is never counted: days between a send and its receipt are nobody's.
#[test]
fn transit_days_are_not_counted() {
    let log = "1,white,e4,,2026-01-15,,\n1,black,e5,2026-01-20,2026-01-21,,\n";
    let g = game(&tournament("2026-01-15", "10/60"), log, "2026-01-21");
    assert_eq!((g.clock.white.used, g.clock.black.used), (0, 1));
    // …but the late arrival is reported (51.2.5).
    let t = find(&g, Code::Transit);
    assert_eq!(t.len(), 1);
    assert_eq!(t[0].side, Some(Side::Black));
    assert!(en(t[0]).contains("5 days"));
}

// 51.2.5: one day of transit is standard and gives no finding.
#[test]
fn one_day_transit_is_standard() {
    let g = game(&tournament("2026-01-15", "10/60"), OPENING, "2026-01-24");
    assert!(find(&g, Code::Transit).is_empty());
}

// 51.4.5: no time counts before the official start.
#[test]
fn moves_before_the_start_cost_nothing() {
    let log = "1,white,e4,,2026-01-01,,\n1,black,e5,2026-01-02,2026-01-20,,\n";
    let g = game(&tournament("2026-01-15", "10/60"), log, "2026-01-20");
    assert_eq!(g.clock.white.used, 0);
    assert_eq!(g.clock.black.used, 5, "counted from the start, 15th exclusive");
}

// 51.7.4: a break's days are not the player's thinking time; the partner's clock is unaffected.
#[test]
fn break_days_are_not_counted_for_the_player_only() {
    let mut t = tournament("2026-01-15", "10/60");
    add_break(&mut t, Side::Black, "2026-01-17", "2026-01-17", "2026-01-01");
    add_break(&mut t, Side::White, "2026-01-20", "2026-01-20", "2026-01-01");
    let g = game(&t, OPENING, "2026-01-24");
    assert_eq!(g.rows[1].charge.thinking, 1, "Black: the 17th is a break day");
    assert_eq!(g.rows[1].charge.break_days, 1);
    assert_eq!(g.rows[2].charge.thinking, 1, "White: the 20th is a break day");
    assert_eq!(
        g.rows[3].charge.thinking, 2,
        "Black's break does not touch the 23rd–24th"
    );
}

// 51.7.5: received before the break, answered after it: less the break's days.
#[test]
fn break_inside_the_thinking_is_subtracted() {
    let mut t = tournament("2026-01-15", "10/60");
    add_break(&mut t, Side::Black, "2026-01-18", "2026-01-27", "2026-01-01");
    let log = "1,white,e4,,2026-01-15,,\n1,black,e5,2026-01-16,2026-01-30,,\n";
    let g = game(&t, log, "2026-01-30");
    assert_eq!(g.clock.black.used, 14 - 10);
}

// 51.7.6: received during the break: counted from the day after it.
#[test]
fn received_during_break_counts_from_next_day() {
    let mut t = tournament("2026-01-15", "10/60");
    add_break(&mut t, Side::Black, "2026-01-15", "2026-01-25", "2026-01-01");
    let log = "1,white,e4,,2026-01-15,,\n1,black,e5,2026-01-16,2026-01-28,,\n";
    let g = game(&t, log, "2026-01-28");
    assert_eq!(g.clock.black.used, 3, "26th, 27th, 28th");
}

// 7.1: overlapping rows of breaks.csv never take a day off twice.
#[test]
fn overlapping_breaks_count_once() {
    let mut t = tournament("2026-01-15", "10/60");
    add_break(&mut t, Side::Black, "2026-01-18", "2026-01-22", "2026-01-01");
    add_break(&mut t, Side::Black, "2026-01-20", "2026-01-24", "2026-01-01");
    let log = "1,white,e4,,2026-01-15,,\n1,black,e5,2026-01-16,2026-01-30,,\n";
    let g = game(&t, log, "2026-01-30");
    assert_eq!(g.clock.black.used, 14 - 7);
}

// 51.4.6: a variant: the proposer's time on the first move of the variant,
// the receiver's on the last accepted move's message.
#[test]
fn variant_charges_proposer_first_and_receiver_last() {
    let log = "1,white,e4,,2026-01-15,,proposes 1...e5 2.Nf3
1,black,e5,2026-01-16,2026-01-20,accepted,
2,white,Nf3,,,variant,
2,black,Nc6,2026-01-16,2026-01-20,,
3,white,Bb5,2026-01-21,2026-01-22,,
";
    let g = game(&tournament("2026-01-15", "10/60"), log, "2026-01-22");
    let days: Vec<i64> = g.rows.iter().map(|r| r.charge.days).collect();
    assert_eq!(days, vec![0, 0, 0, 4, 1]);
    assert_eq!(g.moves.len(), 5, "accepted and variant moves enter the game");
    assert_eq!(g.clock.white.moves, 3);
    assert!(g.findings.is_empty(), "{:?}", g.findings);
}

// 51.4.7: two penalty days for an illegible, impossible or ambiguous move or a wrong repeat.
#[test]
fn faulty_messages_cost_two_penalty_days() {
    for flag in ["illegible", "impossible", "ambiguous", "no-move", "wrong-repeat"] {
        let log = format!(
            "1,white,e4,,2026-01-15,,\n1,black,Ke2,2026-01-16,2026-01-17,{flag},\n1,white,,2026-01-18,2026-01-18,request,\n1,black,e5,2026-01-19,2026-01-20,,\n"
        );
        let g = game(&tournament("2026-01-15", "10/60"), &log, "2026-01-20");
        assert_eq!(g.clock.black.used, 1 + 2 + 1, "{flag}");
        assert_eq!(g.clock.black.penalty, 2, "{flag}");
        let p = find(&g, Code::Penalty);
        assert_eq!(p.len(), 1, "{flag}");
        assert_eq!(
            (p[0].rule, p[0].severity, p[0].side),
            ("51.4.7", Severity::Info, Some(Side::Black))
        );
        assert!(find(&g, Code::IllegalMove).is_empty(), "a faulty row is not replayed");
        assert_eq!(g.moves.len(), 2);
    }
}

// 51.4.8: the first three days of answering a faulty move are free.
#[test]
fn request_first_three_days_free() {
    for (days, charged) in [(0, 0), (3, 0), (4, 1), (5, 2)] {
        let sent = chrono::NaiveDate::from_ymd_opt(2026, 1, 18).unwrap() + chrono::Duration::days(days);
        let log = format!(
            "1,white,e4,,2026-01-15,,\n1,black,Ke2,2026-01-16,2026-01-17,impossible,\n1,white,,2026-01-18,{sent},request,\n"
        );
        let g = game(&tournament("2026-01-15", "10/60"), &log, &sent.to_string());
        assert_eq!(g.rows[2].charge.days, charged, "request of {days} days");
        assert_eq!(g.rows[2].charge.exempt, days.min(3));
    }
}

// 51.4.9: a repeat delayed more than 3 days past the 14, when the letter was lost:
// penalty = the delay.
#[test]
fn lost_letter_penalty_is_the_delay_over_three() {
    for (after, penalty) in [(14, 0), (17, 0), (18, 4), (25, 11)] {
        let repeat = chrono::NaiveDate::from_ymd_opt(2026, 1, 15).unwrap() + chrono::Duration::days(after);
        let log = format!("1,white,e4,,2026-01-15,,\n1,white,e4,,{repeat},lost,\n");
        let g = game(&tournament("2026-01-15", "10/60"), &log, &repeat.to_string());
        assert_eq!(g.clock.white.penalty, penalty, "repeat after {after} days");
        assert_eq!(find(&g, Code::Penalty).len(), usize::from(penalty > 0));
        if penalty > 0 {
            assert_eq!(find(&g, Code::Penalty)[0].rule, "51.4.9");
        }
    }
}

// 51.5.1: a plain repeat costs nothing.
#[test]
fn repeat_costs_nothing() {
    let log = "1,white,e4,,2026-01-15,,\n1,white,e4,,2026-02-01,repeat,\n1,black,e5,2026-02-02,2026-02-03,,\n";
    let g = game(&tournament("2026-01-15", "10/60"), log, "2026-02-03");
    assert_eq!((g.clock.white.used, g.clock.black.used), (0, 1));
    assert!(
        find(&g, Code::Transit).is_empty(),
        "7.5: the reply answers the repeat, received the day after"
    );
}

// 7.5: a reply that answers the first message, not the repeat, has its transit measured from the first.
#[test]
fn reply_to_first_message_measures_transit_from_it() {
    let log = "1,white,e4,,2026-01-15,,\n1,white,e4,,2026-02-01,repeat,\n1,black,e5,2026-01-20,2026-02-03,,\n";
    let g = game(&tournament("2026-01-15", "10/60"), log, "2026-02-03");
    let t = find(&g, Code::Transit);
    assert_eq!(t.len(), 1);
    assert!(en(t[0]).contains("5 days"));
}

// 51.2.3: a received date earlier than any message it could answer is out of order.
#[test]
fn received_before_the_partner_sent_is_date_order() {
    let log = "1,white,e4,,2026-01-20,,\n1,black,e5,2026-01-18,2026-01-22,,\n";
    let g = game(&tournament("2026-01-15", "10/60"), log, "2026-01-22");
    assert_eq!(find(&g, Code::DateOrder).len(), 1);
}

// 51.2.3: sent before received, and dates after the report's date.
#[test]
fn sent_before_received_and_future_dates_are_date_order() {
    let log = "1,white,e4,,2026-01-15,,\n1,black,e5,2026-01-16,2026-01-15,,\n2,white,Nf3,2026-01-16,2026-03-01,,\n";
    let g = game(&tournament("2026-01-15", "10/60"), log, "2026-02-01");
    let d = find(&g, Code::DateOrder);
    assert_eq!(d.len(), 2, "{:?}", d);
    assert!(d.iter().any(|f| en(f).contains("after the report's date")));
}

// 51.2.3: a missing received date is the partner's previous sent + 1;
// a missing sent date the partner's next received − 1.
#[test]
fn missing_dates_are_assumed_and_reported() {
    let log = "1,white,e4,,2026-01-15,,\n1,black,e5,,2026-01-20,,\n2,white,Nf3,2026-01-21,,,\n2,black,Nc6,2026-01-25,2026-01-26,,\n";
    let g = game(&tournament("2026-01-15", "10/60"), log, "2026-01-26");
    assert_eq!(g.rows[1].received.unwrap().to_string(), "2026-01-16");
    assert!(g.rows[1].received_assumed);
    assert_eq!(g.rows[2].sent.unwrap().to_string(), "2026-01-24");
    assert!(g.rows[2].sent_assumed);
    assert_eq!(find(&g, Code::MissingDate).len(), 2);
    assert_eq!(g.clock.black.used, 4 + 1);
    assert_eq!(g.clock.white.used, 3);
}

// 51.3.1: an ordinary move that is not legal gives illegal-move, and the replay stops.
#[test]
fn illegal_move_stops_the_replay() {
    let log = "1,white,e4,,2026-01-15,,\n1,black,e4,2026-01-16,2026-01-17,,\n2,white,Nf3,2026-01-18,2026-01-19,,\n";
    let g = game(&tournament("2026-01-15", "10/60"), log, "2026-01-19");
    let f = find(&g, Code::IllegalMove);
    assert_eq!(f.len(), 1);
    assert_eq!(
        (f[0].line, f[0].side, f[0].severity),
        (Some(3), Some(Side::Black), Severity::Error)
    );
    assert!(en(f[0]).contains("`e4`"));
    assert_eq!(g.moves.len(), 1);
    assert_eq!(g.clock.white.used, 1, "the clocks still count every message");
}

// 51.3.1: rows that enter the game alternate White, Black with the right numbers.
#[test]
fn out_of_turn_row_is_bad_input_not_a_crash() {
    let log = "1,white,e4,,2026-01-15,,\n1,white,d4,,2026-01-16,,\n";
    let g = game(&tournament("2026-01-15", "10/60"), log, "2026-01-19");
    let f = find(&g, Code::BadInput);
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].line, Some(3));
}

// 51.4.3: the time control: at most k·D days by move k·M, cumulative.
#[test]
fn control_is_cumulative() {
    // 70 days by move 10 is an overstep; 70 by move 10 with 10/60 then 110 by move 20 is also over 60 at 10.
    let mut log = String::new();
    let mut day = chrono::NaiveDate::from_ymd_opt(2026, 1, 15).unwrap();
    let moves = [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O", "h3",
        "Na5", "Bc2", "c5",
    ];
    for (i, m) in moves.iter().enumerate() {
        let side = if i % 2 == 0 { "white" } else { "black" };
        let received = if i == 0 {
            String::new()
        } else {
            (day + chrono::Duration::days(1)).to_string()
        };
        let think = if side == "white" { 5 } else { 7 };
        let start = if i == 0 { day } else { day + chrono::Duration::days(1) };
        day = start + chrono::Duration::days(think);
        log.push_str(&format!("{},{side},{m},{received},{day},,\n", i / 2 + 1));
    }
    let g = game(&tournament("2026-01-15", "10/60"), &log, &day.to_string());
    assert_eq!(g.clock.white.used, 50);
    assert_eq!(g.clock.black.used, 70);
    let o = find(&g, Code::Overstep);
    assert_eq!(o.len(), 1);
    assert_eq!((o[0].side, o[0].move_no), (Some(Side::Black), Some(10)));
    assert_eq!(g.clock.black.next_control, 20);
    assert_eq!(g.clock.black.allowance, 120);
    assert_eq!(g.clock.black.left, 50);
}

// 51.4.10: 5 days or less left: low time, all correspondence copied to the arbiter.
#[test]
fn five_days_left_is_low_time_six_is_not() {
    let log = "1,white,e4,,2026-01-15,,\n";
    let t = tournament("2026-01-15", "10/60");
    // Black to move from the 16th: 54 running days leave 6, 55 leave 5.
    let g = game(&t, log, "2026-03-11");
    assert_eq!(g.clock.black.left, 6);
    assert!(find(&g, Code::LowTime).is_empty());
    let g = game(&t, log, "2026-03-12");
    assert_eq!(g.clock.black.left, 5);
    let f = find(&g, Code::LowTime);
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].date.unwrap().to_string(), "2026-03-12");
    assert_eq!(
        f[0].due.unwrap().to_string(),
        "2026-03-17",
        "the day the time would run out"
    );
}

// 51.5.1: no reply for more than 14 days: the sender must repeat.
#[test]
fn repeat_due_after_fourteen_days() {
    let log = "1,white,e4,,2026-01-15,,\n";
    let t = tournament("2026-01-15", "10/60");
    assert!(find(&game(&t, log, "2026-01-29"), Code::RepeatDue).is_empty());
    let g = game(&t, log, "2026-01-30");
    let f = find(&g, Code::RepeatDue);
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].side, Some(Side::White));
    assert_eq!(f[0].date.unwrap().to_string(), "2026-01-30");
    assert_eq!(f[0].due.unwrap().to_string(), "2026-02-01");
}

// 51.5.3: no move for more than 40 days: the side to move may be scored a loss.
#[test]
fn silence_after_forty_days() {
    let t = tournament("2026-01-15", "10/60");
    let log = "1,white,e4,,2026-01-15,,\n1,black,e5,2026-01-16,2026-01-16,,\n1,white,,2026-01-17,,,\n";
    assert!(find(&game(&t, log, "2026-02-25"), Code::Silence).is_empty());
    let g = game(&t, log, "2026-02-26");
    let f = find(&g, Code::Silence);
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].side, Some(Side::White));
    // No move at all: counted from the start.
    let g = game(&t, "1,white,,2026-01-15,,,\n", "2026-02-25");
    assert_eq!(find(&g, Code::Silence).len(), 1);
}

fn decision(
    t: &mut Tournament,
    date: &str,
    kind: DecisionKind,
    player: Option<&str>,
    result: Option<GameResult>,
    w: Option<Withdrawal>,
) {
    t.decisions.push(Decision {
        date: d(date),
        kind,
        game: (kind != DecisionKind::Withdrawal).then(|| "g".to_string()),
        player: player.map(str::to_string),
        result,
        withdrawal: w,
        note: String::new(),
        line: t.decisions.len() + 2,
    });
}

/// The one finding of `code` of a game: there must be exactly one.
fn one(g: &GameReport, code: Code) -> &Finding {
    let found = find(g, code);
    assert_eq!(found.len(), 1, "one `{code}` in {:?}", codes(g));
    found[0]
}

/// An overstep claim by `player` on game `g` (51.6.1).
fn claim(t: &mut Tournament, date: &str, player: Option<&str>) {
    decision(t, date, DecisionKind::Claim, player, None, None);
}

/// The arbiter's result for game `g` (51.6.6; `*` reopens it).
fn ruled(t: &mut Tournament, date: &str, result: GameResult) {
    decision(t, date, DecisionKind::Result, None, Some(result), None);
}

/// A player's withdrawal (51.8.1).
fn withdrew(t: &mut Tournament, date: &str, player: Option<&str>, how: Option<Withdrawal>) {
    decision(t, date, DecisionKind::Withdrawal, player, None, how);
}

// 51.6.3: a claim interrupts the game: no repeat or silence alarms while it waits.
#[test]
fn claim_interrupts_the_game() {
    let mut t = tournament("2026-01-15", "10/60");
    claim(&mut t, "2026-02-01", Some(WHITE));
    let g = game(&t, "1,white,e4,,2026-01-15,,\n", "2026-04-01");
    assert!(g.interrupted);
    assert!(find(&g, Code::RepeatDue).is_empty() && find(&g, Code::Silence).is_empty());
    assert!(!g.in_play);
    assert_eq!(
        g.clock.black.running,
        (d("2026-02-01") - d("2026-01-16")).num_days(),
        "the claim stops the clock: from the 16th of January to the claim of the 1st of February"
    );
    assert_eq!((g.clock.black.move_by, g.clock.white.repeat_by), (None, None));
    // A later decision on the game ends the interruption.
    ruled(&mut t, "2026-02-10", GameResult::Draw);
    let g = game(&t, "1,white,e4,,2026-01-15,,\n", "2026-04-01");
    assert!(!g.interrupted);
    assert_eq!(g.result, GameResult::Draw);
}

// 51.6.6: an overstep confirmed by the arbiter: the player loses.
#[test]
fn overstep_decision_loses_the_game() {
    let mut t = tournament("2026-01-15", "10/60");
    decision(&mut t, "2026-03-01", DecisionKind::Overstep, Some(BLACK), None, None);
    let g = game(&t, OPENING, "2026-04-01");
    assert_eq!(g.result, GameResult::WhiteWins);
    assert_eq!(g.to_move, None);
}

// docs/format.md, decisions.csv: a result decision overrides everything; `*` reopens.
#[test]
fn result_decision_overrides_and_star_reopens() {
    let mut t = tournament("2026-01-15", "10/60");
    let log = format!("{OPENING}3,white,,2026-01-25,2026-01-26,resign,\n");
    ruled(&mut t, "2026-02-01", GameResult::BlackForfeit);
    let g = game(&t, &log, "2026-02-05");
    assert_eq!(g.result, GameResult::BlackForfeit);
    ruled(&mut t, "2026-02-02", GameResult::Unfinished);
    let g = game(&t, &log, "2026-02-05");
    assert_eq!(g.result, GameResult::Unfinished);
}

// 51.8.1: withdrawal: forfeit loses the unfinished games; adjudicate leaves them
// open and quiet; annul strikes them out.
#[test]
fn withdrawal_kinds() {
    let withdrawn = |kind: Withdrawal| {
        let mut t = tournament("2026-01-15", "10/60");
        withdrew(&mut t, "2026-02-01", Some(BLACK), Some(kind));
        game(&t, OPENING, "2026-04-01")
    };
    assert_eq!(withdrawn(Withdrawal::Forfeit).result, GameResult::WhiteForfeit);
    let g = withdrawn(Withdrawal::Adjudicate);
    assert_eq!(g.result, GameResult::Unfinished);
    assert!(g.awaiting_adjudication);
    assert!(find(&g, Code::RepeatDue).is_empty() && find(&g, Code::Silence).is_empty());
    assert!(withdrawn(Withdrawal::Annul).annulled);
}

// 51.9.3, docs/rules.md "Results and records", finished: a resignation, an accepted draw, a mate, a stalemate.
#[test]
fn resign_draw_mate_and_stalemate_end_the_game() {
    let t = tournament("2026-01-15", "10/60");
    let g = game(
        &t,
        &format!("{OPENING}3,white,,2026-01-25,2026-01-26,resign,\n"),
        "2026-01-26",
    );
    assert_eq!((g.result, g.to_move), (GameResult::BlackWins, None));
    let g = game(
        &t,
        &format!("{OPENING}3,white,,2026-01-25,2026-01-26,draw,\n"),
        "2026-01-26",
    );
    assert_eq!(g.result, GameResult::Draw);
    let mate = "1,white,f3,,2026-01-15,,\n1,black,e5,2026-01-16,2026-01-16,,\n2,white,g4,2026-01-17,2026-01-17,,\n2,black,Qh4#,2026-01-18,2026-01-18,,\n";
    let g = game(&t, mate, "2026-01-18");
    assert_eq!(g.result, GameResult::BlackWins);
    assert_eq!(g.finished_on.unwrap().to_string(), "2026-01-18");
    // Sam Loyd's ten-move stalemate.
    let moves = [
        "e3", "a5", "Qh5", "Ra6", "Qxa5", "h5", "h4", "Rah6", "Qxc7", "f6", "Qxd7+", "Kf7", "Qxb7", "Qd3", "Qxb8",
        "Qh7", "Qxc8", "Kg6", "Qe6",
    ];
    let mut log = String::new();
    for (i, m) in moves.iter().enumerate() {
        let side = if i % 2 == 0 { "white" } else { "black" };
        let r = if i == 0 {
            String::new()
        } else {
            format!("2026-02-{:02}", i + 1)
        };
        log.push_str(&format!("{},{side},{m},{r},2026-02-{:02},,\n", i / 2 + 1, i + 1));
    }
    let g = game(&t, &log, "2026-02-28");
    assert_eq!(g.result, GameResult::Draw, "stalemate");
}

// 51.9.1–51.9.3: records after the game.
#[test]
fn records_of_a_finished_game() {
    let t = tournament("2026-01-15", "10/60");
    let over = format!("{OPENING}3,white,,2026-01-25,2026-01-26,resign,\n");
    let pgn = "[White \"White, W\"]\n[Black \"Black, B\"]\n[Result \"0-1\"]\n\n1. e4 e5 2. Nf3 Nc6 0-1\n";
    let g = game_with_pgn(&t, Some(&over), Some(pgn), "2026-02-01");
    assert_eq!(codes(&g), vec![Code::RecordsNone]);
    assert_eq!(find(&g, Code::RecordsNone)[0].player, None);
    let one = format!("{over}3,white,,,2026-01-27,record,\n");
    let g = game_with_pgn(&t, Some(&one), Some(pgn), "2026-02-01");
    let f = find(&g, Code::RecordMissing);
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].side, Some(Side::Black));
    assert!(g.provisional);
    let both = format!("{one}3,black,,,2026-01-28,record,\n");
    let g = game_with_pgn(&t, Some(&both), Some(pgn), "2026-02-01");
    assert!(g.findings.is_empty(), "{:?}", g.findings);
    assert!(!g.provisional);
    // No PGN file: one finding with no player.
    let g = game(&t, &both, "2026-02-01");
    let f = find(&g, Code::RecordMissing);
    assert_eq!((f.len(), f[0].player.as_deref()), (1, None));
}

// 51.9.4, 51.9.7: past the end, each side without adjudication materials; due end + 14.
#[test]
fn adjudication_due_after_the_end() {
    let mut t = tournament("2026-01-15", "10/60");
    t.settings.end = Some(d("2026-06-30"));
    let log = format!("{OPENING}3,white,,,2026-07-05,adjudication,sealed move\n");
    let g = game(&t, &log, "2026-07-10");
    let f = find(&g, Code::AdjudicationDue);
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].side, Some(Side::Black));
    assert_eq!(f[0].due.unwrap().to_string(), "2026-07-14");
    assert_eq!(f[0].severity, Severity::Warning);
    let g = game(&t, &log, "2026-07-15");
    assert_eq!(
        find(&g, Code::AdjudicationDue)[0].severity,
        Severity::Error,
        "missed: no appeal"
    );
    // 51.9.4: White, to move since the 25th of January, runs up to the end only.
    assert_eq!(g.clock.black.running, 0);
    assert_eq!(g.clock.white.running, (d("2026-06-30") - d("2026-01-25")).num_days());
}

// 51.1.7: the log, the board and the PGN disagree.
#[test]
fn result_conflict_between_log_and_pgn() {
    let t = tournament("2026-01-15", "10/60");
    let over = format!("{OPENING}3,white,,2026-01-25,2026-01-26,resign,\n");
    let pgn = "[White \"White, W\"]\n[Black \"Black, B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n";
    let g = game_with_pgn(&t, Some(&over), Some(pgn), "2026-02-01");
    assert_eq!(find(&g, Code::ResultConflict).len(), 1);
    assert_eq!(g.result, GameResult::BlackWins, "the log's resignation stands");
}

// 51.9.1: the PGN must be a prefix of the log and name the paired players.
#[test]
fn pgn_mismatch_names_the_move_and_the_tag() {
    let t = tournament("2026-01-15", "10/60");
    let pgn = "[White \"White, W\"]\n[Black \"Black, X\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nf6 *\n";
    let g = game_with_pgn(&t, Some(OPENING), Some(pgn), "2026-01-24");
    let f = find(&g, Code::PgnMismatch);
    assert_eq!(f.len(), 2, "{f:?}");
    assert!(
        f.iter()
            .any(|f| en(f).contains("2...") && en(f).contains("Nf6") && en(f).contains("Nc6"))
    );
    assert!(f.iter().any(|f| en(f).contains("Black tag")));
    // A shorter PGN during play is fine.
    let pgn = "[White \"White, W\"]\n[Black \"Black, B\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";
    assert!(
        game_with_pgn(&t, Some(OPENING), Some(pgn), "2026-01-24")
            .findings
            .is_empty()
    );
}

// 51.1.4: no log: the clock from %ccsnt stamps, and missing-log.
#[test]
fn stamps_give_the_clock_without_a_log() {
    let t = tournament("2026-01-15", "10/60");
    let pgn = "[White \"White, W\"]\n[Black \"Black, B\"]\n[Result \"*\"]\n\n1. e4 {[%ccsnt 2026.01.17,10:00]} e5 {[%ccsnt 2026.01.20]} 2. Nf3 {[%ccsnt 2026.01.22]} *\n";
    let g = game_with_pgn(&t, None, Some(pgn), "2026-01-25");
    assert_eq!(codes(&g), vec![Code::MissingLog]);
    // White: 15→17 = 2, then received 21st, sent 22nd = 1; Black: received 18th, sent 20th = 2.
    assert_eq!((g.clock.white.used, g.clock.black.used), (3, 2));
    assert_eq!(g.clock.black.running, 2, "23rd to 25th");
}

// Issue 5: a Russian tournament's findings speak Russian, with Russian dates.
#[test]
fn russian_tournament_findings_are_in_russian() {
    let mut t = tournament("2026-01-15", "10/60");
    t.settings.language = Language::Ru;
    let g = game(&t, "1,white,e4,,2026-01-15,,\n", "2026-02-01");
    let f = &find(&g, Code::RepeatDue)[0];
    assert!(
        ru(f).contains("повторить ход 1.") && ru(f).contains("15.01.2026"),
        "{}",
        ru(f)
    );
    let g = game(
        &t,
        "1,white,e4,,2026-01-15,,\n1,black,e4,2026-01-16,2026-01-17,,\n",
        "2026-01-20",
    );
    assert!(ru(find(&g, Code::IllegalMove)[0]).contains("ход 1 чёрных"));
}

/// White's move 3 faulty, Black's request numbered 3, White's correction.
const FAULTY_3: &str = "3,white,Ke3,2026-01-25,2026-01-26,impossible,
3,black,,2026-01-27,2026-01-28,request,
3,white,Bb5,2026-01-29,2026-01-29,,
";

// 51.4.9: the delay of a lost letter's repeat is measured from the message it
// repeats, the side's previous message; its request numbered like the move is
// never that message.
#[test]
fn lost_delay_measured_from_the_repeated_message_not_a_request() {
    let log = format!("{OPENING}{FAULTY_3}3,black,a6,2026-01-30,2026-01-31,,\n3,black,a6,,2026-02-18,lost,\n");
    let g = game(&tournament("2026-01-15", "10/60"), &log, "2026-02-18");
    // 18 days after the 31st of January: 4 over the 14, penalised; counted
    // from the request of the 28th it would have been 7.
    assert_eq!(g.rows[8].charge.penalty, 4);
    assert_eq!(g.clock.black.penalty, 4);
    assert!(find(&g, Code::Overstep).is_empty());
}

// 51.4.9: a lost correction after a faulty move: the delay runs from the
// correction, not from the faulty message with the same number.
#[test]
fn lost_correction_is_measured_from_the_correction() {
    let log = format!("{OPENING}{FAULTY_3}3,white,Bb5,,2026-02-16,lost,\n");
    let g = game(&tournament("2026-01-15", "10/60"), &log, "2026-02-16");
    // 18 days after the correction of the 29th: 4 days' penalty (from the
    // faulty message of the 26th it would have been 7), beside the 2 of 51.4.7.
    assert_eq!(g.rows[7].charge.penalty, 4);
    assert_eq!(g.clock.white.penalty, 2 + 4);
}

// 51.4.9, 51.5.1: after a first repeat, a lost letter's delay runs from that repeat.
#[test]
fn lost_after_a_repeat_is_measured_from_the_repeat() {
    let log = "1,white,e4,,2026-01-15,,\n1,white,e4,,2026-01-30,repeat,\n1,white,e4,,2026-02-17,lost,\n";
    let g = game(&tournament("2026-01-15", "10/60"), log, "2026-02-17");
    assert_eq!(g.clock.white.penalty, 4, "18 days after the repeat of the 30th");
}

// 51.3.4, 51.4.8: after a faulty message the partner owes the request, and
// runs only on the days beyond the first 3; the side that sent the faulty
// move waits and is never charged the same days twice.
#[test]
fn faulty_message_waiting_for_its_request_is_owed_by_the_partner() {
    let log = format!("{OPENING}3,white,Ke3,2026-01-25,2026-01-26,impossible,\n");
    let t = tournament("2026-01-15", "10/60");
    let g = game(&t, &log, "2026-01-29");
    assert_eq!(g.clock.black.running, 0, "2 days of the 3 free");
    let g = game(&t, &log, "2026-02-05");
    assert_eq!(g.to_move, Some(Side::White), "the faulty move did not enter the game");
    assert_eq!(g.owing, Some(Side::Black));
    // From the 27th of January to the 5th of February: 9 days, 3 free.
    assert_eq!(g.clock.black.running, 6);
    assert_eq!(g.clock.white.running, 0);
    // White: 0 + 2 + (1 + 2 penalty) used, nothing running.
    assert_eq!((g.clock.white.used, g.clock.white.left), (5, 55));
    assert_eq!(g.clock.black.left, 60 - 4 - 6);
    // 51.4.3, 51.4.8: Black has 56 days of room and the 3 free: 59 days from the 27th.
    assert_eq!(g.clock.black.move_by, Some(d("2026-03-27")));
    // 51.5.1: White repeats its faulty message after the 9th of February.
    assert_eq!(g.clock.white.repeat_by, Some(d("2026-02-09")));
}

// 51.5.1: a repeat repeats a message still owed an answer: the partner runs
// from the first message, and the repeat's date is the new repeat-by base.
#[test]
fn a_repeat_does_not_restart_the_partners_clock() {
    let log = "1,white,e4,,2026-01-15,,\n1,white,e4,,2026-01-30,repeat,\n";
    let g = game(&tournament("2026-01-15", "10/60"), log, "2026-02-10");
    assert_eq!(g.owing, Some(Side::Black));
    assert_eq!(g.clock.black.running, (d("2026-02-10") - d("2026-01-16")).num_days());
    assert_eq!(g.clock.white.repeat_by, Some(d("2026-02-13")));
}

// 51.9.4: past the end, running stops at the end; the game is not in play:
// no low-time, repeat-due or silence, but adjudication-due.
#[test]
fn running_stops_at_the_end_and_the_game_goes_to_adjudication() {
    let mut t = tournament("2026-01-15", "10/60");
    t.settings.end = Some(d("2026-02-28"));
    let g = game(&t, OPENING, "2026-03-20");
    assert!(!g.in_play);
    assert_eq!(g.owing, Some(Side::White));
    assert_eq!(
        g.clock.white.running,
        (d("2026-02-28") - d("2026-01-24")).num_days() - 1
    );
    for code in [Code::RepeatDue, Code::Silence, Code::LowTime] {
        assert!(find(&g, code).is_empty(), "{code:?} out of play");
    }
    assert_eq!(find(&g, Code::AdjudicationDue).len(), 2);
    assert_eq!((g.clock.white.move_by, g.clock.black.repeat_by), (None, None));
}

// 51.4.10, 51.5.1, 51.5.3: low time, repeats and silence only in a game in play.
#[test]
fn low_time_repeat_and_silence_only_in_play() {
    let mut t = tournament("2026-01-15", "10/60");
    t.settings.end = Some(d("2026-03-12"));
    let log = "1,white,e4,,2026-01-15,,\n";
    // On the end date the game is still in play: 55 days running leave 5.
    let g = game(&t, log, "2026-03-12");
    assert!(g.in_play);
    assert_eq!(g.clock.black.left, 5);
    for code in [Code::LowTime, Code::RepeatDue, Code::Silence] {
        assert_eq!(find(&g, code).len(), 1, "{code:?} in play");
    }
    // A day later it is past the end: none of them, and the clock stood still.
    let g = game(&t, log, "2026-03-13");
    assert!(!g.in_play);
    assert_eq!(g.clock.black.left, 5);
    for code in [Code::LowTime, Code::RepeatDue, Code::Silence] {
        assert!(find(&g, code).is_empty(), "{code:?} past the end");
    }
    assert_eq!(find(&g, Code::AdjudicationDue).len(), 2);
}

// 51.6.3: a claim stops the clock on its date until a later decision on the
// game; reopened (`*`), the clock runs again to the report's date, the
// interruption (the 2nd to the 10th of February) not counted.
#[test]
fn claim_stops_the_clock_until_a_later_decision() {
    let mut t = tournament("2026-01-15", "10/60");
    claim(&mut t, "2026-02-01", Some(WHITE));
    let log = "1,white,e4,,2026-01-15,,\n";
    let g = game(&t, log, "2026-03-12");
    assert_eq!(g.clock.black.running, 16);
    assert!(!g.in_play && find(&g, Code::LowTime).is_empty());
    ruled(&mut t, "2026-02-10", GameResult::Unfinished);
    let g = game(&t, log, "2026-03-12");
    assert!(g.in_play);
    assert_eq!(g.clock.black.running, 55 - 9);
    assert!(find(&g, Code::LowTime).is_empty());
    let g = game(&t, log, "2026-03-21");
    assert_eq!(g.clock.black.running, 55);
    assert_eq!(find(&g, Code::LowTime).len(), 1);
}

// 51.4.3, 51.7.4: the move-by date counts the player's declared breaks.
#[test]
fn move_by_counts_the_players_declared_breaks() {
    let mut t = tournament("2026-01-15", "10/60");
    let log = "1,white,e4,,2026-01-15,,\n";
    // 60 days from the 16th of January: the 17th of March.
    assert_eq!(game(&t, log, "2026-01-20").clock.black.move_by, Some(d("2026-03-17")));
    add_break(&mut t, Side::Black, "2026-02-01", "2026-02-10", "2026-01-10");
    let g = game(&t, log, "2026-01-20");
    assert_eq!(g.clock.black.move_by, Some(d("2026-03-27")), "10 break days later");
    assert_eq!(g.clock.white.repeat_by, Some(d("2026-01-29")));
    // White's breaks are White's: Black's date does not move.
    add_break(&mut t, Side::White, "2026-03-01", "2026-03-31", "2026-01-10");
    assert_eq!(game(&t, log, "2026-01-20").clock.black.move_by, Some(d("2026-03-27")));
}

// 51.4.4, 51.4.9: a lost letter with no reply yet: the receiver runs from the
// day after the lost letter's repeat, never from the message that never
// arrived; the sender pays the delay.
#[test]
fn lost_letter_without_reply_runs_from_the_repeat() {
    let t = tournament("2026-01-15", "10/60");
    let log = "1,white,e4,,2026-01-15,,\n1,black,e5,2026-01-16,2026-01-18,,\n1,black,e5,,2026-02-20,lost,\n";
    let g = game(&t, log, "2026-03-01");
    assert_eq!(g.owing, Some(Side::White));
    // Received on the 21st of February: the 22nd to the 1st of March.
    assert_eq!(g.clock.white.running, 8);
    // The delay: 33 days − 14 = 19 > 3, charged to Black.
    assert_eq!(g.clock.black.penalty, 19);
    assert_eq!(g.clock.white.move_by, Some(d("2026-04-22")));
}

// 51.6.3: the days from the day after a claim to the decision that rejects it
// count for neither side: not in rows, not in running days, not toward a
// repeat; `*` reopens the game and a later resignation decides it again.
#[test]
fn interruption_counts_for_neither_side() {
    let mut t = tournament("2026-01-15", "10/60");
    claim(&mut t, "2026-01-20", Some(BLACK));
    ruled(&mut t, "2026-01-29", GameResult::Unfinished);
    // Black received on the 19th, answered on the 31st: 12 days less the 9
    // of the interruption (21st–29th).
    let log = "1,white,e4,,2026-01-15,,\n1,black,e5,2026-01-19,2026-01-31,,\n";
    let g = game(&t, log, "2026-02-10");
    assert_eq!(g.rows[1].charge.thinking, 3);
    assert!(g.in_play && !g.interrupted);
    // White waits since the 1st of February: 10 days, no repeat-due.
    assert!(find(&g, Code::RepeatDue).is_empty());
    // A repeat of White's first move is due 14 days after the 15th of
    // January, the interruption's 9 days left out.
    let log1 = "1,white,e4,,2026-01-15,,\n";
    let g = game(&t, log1, "2026-02-07");
    assert_eq!(g.clock.white.repeat_by, Some(d("2026-02-07")));
    assert!(find(&g, Code::RepeatDue).is_empty());
    assert_eq!(find(&game(&t, log1, "2026-02-08"), Code::RepeatDue).len(), 1);
    // Reopened, then resigned: the resignation decides the game again.
    let resigned = format!("{log}2,white,,2026-02-01,2026-02-03,resign,\n");
    let g = game(&t, &resigned, "2026-02-10");
    assert_eq!(g.result, GameResult::BlackWins);
    // A later decision overrides the resignation in turn.
    ruled(&mut t, "2026-02-05", GameResult::Draw);
    assert_eq!(game(&t, &resigned, "2026-02-10").result, GameResult::Draw);
}

// 51.6.3, 51.6.6: a decision or claim dated after the report's date has not
// been made yet on that date.
#[test]
fn decisions_after_the_report_date_are_not_applied() {
    let mut t = tournament("2026-01-15", "10/60");
    decision(&mut t, "2026-03-01", DecisionKind::Overstep, Some(BLACK), None, None);
    claim(&mut t, "2026-02-20", Some(WHITE));
    let g = game(&t, OPENING, "2026-02-01");
    assert_eq!(g.result, GameResult::Unfinished);
    assert!(!g.interrupted && g.in_play);
    assert!(find(&g, Code::ClaimUnfounded).is_empty());
    assert_eq!(game(&t, OPENING, "2026-03-01").result, GameResult::WhiteWins);
}

// 51.4.3, 51.4.8: a request made after the side completed its control goes on
// the move it makes next: White's 10 moves in 59 days stay within the first
// control; the request's 2 charged days count toward the 20th move.
#[test]
fn request_after_a_completed_control_counts_toward_the_next() {
    let t = tournament("2026-01-15", "10/60");
    let mut log = String::new();
    // White thinks 6 days a move (59 in all by move 10), Black 1.
    let mut day = d("2026-01-15");
    for no in 1..=10u32 {
        let received = if no == 1 {
            String::new()
        } else {
            (day + chrono::Duration::days(1)).to_string()
        };
        let think = if no == 1 { 5 } else { 6 };
        let sent = if no == 1 {
            day + chrono::Duration::days(5)
        } else {
            day + chrono::Duration::days(1 + think)
        };
        log.push_str(&format!(
            "{no},white,{},{received},{sent},,\n",
            ["a3", "a4", "b3", "b4", "c3", "c4", "d3", "d4", "e3", "e4"][no as usize - 1]
        ));
        day = sent;
        let b_received = day + chrono::Duration::days(1);
        let b_sent = b_received + chrono::Duration::days(1);
        let mv = ["h6", "h5", "g6", "g5", "f6", "f5", "e6", "e5", "d6", "d5"][no as usize - 1];
        if no < 10 {
            log.push_str(&format!("{no},black,{mv},{b_received},{b_sent},,\n"));
            day = b_sent;
        } else {
            // Black's 10th is impossible; White asks for a correction in 5 days.
            log.push_str(&format!("{no},black,Qxh8,{b_received},{b_sent},impossible,\n"));
            let r = b_sent + chrono::Duration::days(1);
            log.push_str(&format!("{no},white,,{r},{},request,\n", r + chrono::Duration::days(5)));
        }
    }
    let g = game(&t, &log, "2026-06-01");
    assert_eq!(g.clock.white.used, 59 + 2);
    assert!(
        find(&g, Code::Overstep).iter().all(|f| f.side != Some(Side::White)),
        "{:?}",
        g.findings
    );
    assert_eq!(g.rows.last().unwrap().control, None);
    assert_eq!(g.clock.white.next_control, 20);
    assert_eq!(g.clock.white.left, 120 - 61);
}

// 51.4.9, 51.4.3: a lost letter's penalty goes on the move its side makes
// next, never on a control the side had completed.
#[test]
fn lost_penalty_counts_toward_the_next_move() {
    let t = tournament("2026-01-15", "1/10");
    // White's move 1 in 5 days; its repeat 25 days later: 11 penalty days.
    // On move 1 they would make 16 > 10; on move 2, 16 of the 20 allowed.
    let log = "1,white,e4,,2026-01-20,,\n1,white,e4,,2026-02-14,lost,\n";
    let g = game(&t, log, "2026-02-14");
    assert_eq!(g.clock.white.penalty, 11);
    assert!(find(&g, Code::Overstep).is_empty(), "{:?}", g.findings);
    assert_eq!((g.clock.white.next_control, g.clock.white.left), (2, 20 - 16));
}

// 51.7.7: a break the arbiter granted beyond the year's limit stops the clock
// and counts toward no limit; no break-notice.
#[test]
fn extra_break_is_not_counted_toward_the_limit() {
    let mut t = tournament("2026-01-15", "10/60");
    add_break(&mut t, Side::Black, "2026-02-01", "2026-02-25", "2026-01-20");
    add_break(&mut t, Side::Black, "2026-03-01", "2026-03-20", "2026-03-01");
    let codes_of = |t: &Tournament| {
        ccbulletin::rules::findings::break_findings(t)
            .iter()
            .map(|f| f.code)
            .collect::<Vec<_>>()
    };
    assert_eq!(codes_of(&t), [Code::BreakLimit, Code::BreakNotice]);
    t.breaks[1].approved = true;
    t.breaks[1].extra = true;
    assert!(codes_of(&t).is_empty());
    // It stops the clock like any other break.
    let g = game(&t, "1,white,e4,,2026-02-28,,\n", "2026-03-25");
    assert_eq!(g.clock.black.running, 25 - 20);
}

// 51.8.2: a withdrawn player's unfinished game is registered for the partner
// only when the partner's game record arrives.
#[test]
fn withdrawal_forfeit_waits_for_the_partners_record() {
    let mut t = tournament("2026-01-15", "10/60");
    withdrew(&mut t, "2026-02-01", Some(BLACK), Some(Withdrawal::Forfeit));
    let g = game(&t, OPENING, "2026-02-05");
    assert_eq!(g.result, GameResult::WhiteForfeit);
    let missing = find(&g, Code::RecordMissing);
    assert_eq!(missing.len(), 1);
    assert_eq!((missing[0].side, missing[0].rule), (Some(Side::White), "51.8.2"));
    assert_eq!(missing[0].due, Some(d("2026-02-15")));
    assert!(g.provisional);
    let log = format!("{OPENING}2,white,,,2026-02-03,record,\n");
    let g = game(&t, &log, "2026-02-05");
    assert!(find(&g, Code::RecordMissing).is_empty() && !g.provisional);
}

// 51.9.4, 51.9.7: adjudication materials sent after end + 14 days lose the
// right of appeal.
#[test]
fn adjudication_materials_sent_late() {
    let mut t = tournament("2026-01-15", "10/60");
    t.settings.end = Some(d("2026-02-01"));
    let log = format!("{OPENING}3,white,,,2026-02-15,adjudication,\n3,black,,,2026-02-16,adjudication,\n");
    let g = game(&t, &log, "2026-02-20");
    let late = find(&g, Code::AdjudicationLate);
    assert_eq!(late.len(), 1);
    assert_eq!((late[0].side, late[0].severity), (Some(Side::Black), Severity::Warning));
    assert!(en(late[0]).contains("15 February 2026") || en(late[0]).contains("2026"));
}

// 51.9.4.4: the move the side to move sends with its materials counts as made:
// a legal one is the game's sealed move; one not legal is an error.
#[test]
fn sealed_move_is_checked_in_the_final_position() {
    let mut t = tournament("2026-01-15", "10/60");
    t.settings.end = Some(d("2026-02-01"));
    let log = format!("{OPENING}3,white,Bb5,,2026-02-10,adjudication,\n");
    let g = game(&t, &log, "2026-02-20");
    assert_eq!(g.sealed_move.as_deref(), Some("Bb5"));
    assert!(find(&g, Code::SealedMove).is_empty());
    let log = format!("{OPENING}3,white,Bb6,,2026-02-10,adjudication,\n");
    let g = game(&t, &log, "2026-02-20");
    assert_eq!(g.sealed_move, None);
    let sealed = find(&g, Code::SealedMove);
    assert_eq!((sealed.len(), sealed[0].severity), (1, Severity::Error));
    // The side not to move has no sealed move to send: see
    // sealed_move_from_the_side_not_to_move_is_a_warning_51_9_4_4.
}

/// A game of `moves` moves a side, White taking `w` days a move and Black 1,
/// from the 15th of January.
fn paced(moves: u32, w: i64) -> String {
    let mut log = String::new();
    let mut day = d("2026-01-15");
    let (white, black) = (["Nf3", "Ng1"], ["Nf6", "Ng8"]);
    for no in 1..=moves {
        let i = (no as usize + 1) % 2;
        let received = if no == 1 {
            String::new()
        } else {
            (day + chrono::Duration::days(1)).to_string()
        };
        let sent = if no == 1 {
            day + chrono::Duration::days(w)
        } else {
            day + chrono::Duration::days(1 + w)
        };
        log.push_str(&format!("{no},white,{},{received},{sent},,\n", white[i]));
        let r = sent + chrono::Duration::days(1);
        day = r + chrono::Duration::days(1);
        log.push_str(&format!("{no},black,{},{r},{day},,\n", black[i]));
    }
    log
}

/// A row of a log: no, side, move, received, sent.
type LogRow = (u32, &'static str, String, Option<NaiveDate>, NaiveDate);

/// Each finding by (side, move): the night it was first listed, and the
/// dates it was listed with.
type Listed =
    std::collections::BTreeMap<(Option<Side>, Option<u32>), (NaiveDate, std::collections::BTreeSet<NaiveDate>)>;

/// A log in which White thinks `white[k]` days for its move k+1 and Black
/// one day, each message a day in transit, from 2026-01-15.
fn thinking(white: &[i64]) -> Vec<LogRow> {
    let mut rows = Vec::new();
    let mut day = d("2026-01-15");
    for (k, &w) in white.iter().enumerate() {
        let no = k as u32 + 1;
        let (wm, bm) = if no % 2 == 1 { ("Nf3", "Nf6") } else { ("Ng1", "Ng8") };
        let received = (no > 1).then(|| day + chrono::Duration::days(1));
        let sent = received.unwrap_or(day) + chrono::Duration::days(w);
        rows.push((no, "white", wm.to_string(), received, sent));
        let r = sent + chrono::Duration::days(1);
        rows.push((no, "black", bm.to_string(), Some(r), r + chrono::Duration::days(1)));
        day = r + chrono::Duration::days(1);
    }
    rows
}

/// The log as the arbiter has it on `day`: the rows sent by then, and the
/// next one as a pending row once it is received.
fn known_on(rows: &[LogRow], day: NaiveDate) -> String {
    let mut log = String::new();
    for (no, side, mv, received, sent) in rows {
        let r = received.map_or(String::new(), |r| r.to_string());
        if *sent <= day {
            log.push_str(&format!("{no},{side},{mv},{r},{sent},,\n"));
        } else {
            if received.is_some_and(|r| r <= day) {
                log.push_str(&format!("{no},{side},,{r},,,\n"));
            }
            break;
        }
    }
    log
}

/// Every night from the start to `last`, the date of each finding of
/// `code` by (side, move): the night it was first listed and the dates it
/// was listed with.
fn nightly_dates(rows: &[LogRow], tc: &str, code: Code, last: &str) -> Listed {
    let t = tournament("2026-01-15", tc);
    let mut seen = std::collections::BTreeMap::new();
    let mut day = d("2026-01-15");
    while day <= d(last) {
        let g = game(&t, &known_on(rows, day), &day.to_string());
        for f in find(&g, code) {
            let (_, dates) = seen
                .entry((f.side, f.move_no))
                .or_insert((day, std::collections::BTreeSet::new()));
            dates.insert(f.date.expect("dated"));
        }
        day += chrono::Duration::days(1);
    }
    seen
}

// 51.4.10, 51.4.3 (a season of nights): a low time is dated the first day
// the side had 5 days or fewer left at its control, by the records known
// that day, and keeps that date night after night while later moves
// arrive: the night it is first listed gives its date, and no later night
// another. White thinks 4 days a move to move 8 (32 of 40), then 5 for
// move 9 (left 5 on its 3rd day), then 2 for move 10.
#[test]
fn low_time_keeps_the_day_it_began_51_4_10() {
    let rows = thinking(&[4, 4, 4, 4, 4, 4, 4, 4, 5, 2]);
    let seen = nightly_dates(&rows, "10/40", Code::LowTime, "2026-04-10");
    let (first, dates) = &seen[&(Some(Side::White), Some(10))];
    assert_eq!(dates.iter().collect::<Vec<_>>(), [first], "{seen:?}");
    // Move 9 received on the 12th of March with 32 days used: 33, 34, 35
    // by the 15th, 5 left. Sent on the 17th, move 10 thought over from the
    // 20th: the same low time, never dated again.
    assert_eq!(*first, d("2026-03-15"), "{rows:?}");
    assert_eq!(seen.len(), 1, "only White, only at move 10: {seen:?}");
}

// 51.4.3, 51.6 (a season of nights): an overstep is dated the first day the
// balance at its control fell below 0, and keeps that date when the
// control move is made over the limit.
#[test]
fn overstep_keeps_the_day_it_began_51_4_3() {
    let rows = thinking(&[4, 4, 4, 4, 4, 4, 4, 4, 5, 6]);
    let seen = nightly_dates(&rows, "10/40", Code::Overstep, "2026-04-20");
    let (first, dates) = &seen[&(Some(Side::White), Some(10))];
    assert_eq!(dates.iter().collect::<Vec<_>>(), [first], "{seen:?}");
    // Move 10 received on the 20th with 3 days left: below 0 on the 24th;
    // the control move sent over on the 26th keeps that date.
    assert_eq!(*first, d("2026-03-24"), "{rows:?}");
}

// 51.6.1: a claim is made no later than the reply to the partner's control
// move; a claim against a player within every control is unfounded.
#[test]
fn claims_late_and_unfounded() {
    // White takes 7 days a move: 70 > 60 at move 10 (sent on the 22nd of April).
    let log = paced(11, 7);
    let mut t = tournament("2026-01-15", "10/60");
    claim(&mut t, "2026-04-23", Some(BLACK));
    let g = game(&t, &log, "2026-06-01");
    assert!(find(&g, Code::ClaimLate).is_empty() && find(&g, Code::ClaimUnfounded).is_empty());
    // Black replied to move 10 on the 24th; a claim on the 30th is late.
    let mut t = tournament("2026-01-15", "10/60");
    claim(&mut t, "2026-04-30", Some(BLACK));
    let g = game(&t, &log, "2026-06-01");
    let late = find(&g, Code::ClaimLate);
    assert_eq!(late.len(), 1, "{:?}", g.findings);
    assert!(en(late[0]).contains("move 10"));
    // White claims against Black, who took 1 day a move: unfounded.
    let mut t = tournament("2026-01-15", "10/60");
    claim(&mut t, "2026-04-30", Some(WHITE));
    let g = game(&t, &log, "2026-06-01");
    let unfounded = find(&g, Code::ClaimUnfounded);
    assert_eq!((unfounded.len(), unfounded[0].side), (1, Some(Side::White)));
}

// 51.6.5 (a season of nights): once the arbiter has ruled on the game
// after an overstep (here `*`, the claim rejected), the overstep is no
// longer an error: a note that says when it was ruled on, and nothing
// says the partner may still claim. Before the ruling it is an error.
#[test]
fn an_overstep_ruled_on_is_a_note_51_6_5() {
    // White takes 7 days a move: 70 > 60 at move 10 (sent on the 22nd of April).
    let log = paced(11, 7);
    let mut t = tournament("2026-01-15", "10/60");
    claim(&mut t, "2026-04-23", Some(BLACK));
    ruled(&mut t, "2026-04-28", GameResult::Unfinished);
    let overstep = |as_of: &str| {
        let g = game(&t, &log, as_of);
        let f = find(&g, Code::Overstep)[0].clone();
        (f.severity, en(&f), f.decides_result(d(as_of)))
    };
    let (severity, said, decides) = overstep("2026-04-25");
    assert_eq!(severity, Severity::Error);
    assert!(said.contains("The partner may claim") && decides, "{said}");
    let (severity, said, decides) = overstep("2026-05-02");
    assert_eq!(severity, Severity::Info);
    assert!(
        said.ends_with("The arbiter ruled on the game on 2026-04-28 (51.6.5)"),
        "{said}"
    );
    assert!(!said.contains("may claim") && !decides, "{said}");
}

// 51.6.7: after a rejected claim, a new claim before the claimant's next
// control move is a repeated claim.
#[test]
fn claim_repeated_in_the_same_cycle() {
    let log = paced(4, 1);
    let mut t = tournament("2026-01-15", "10/60");
    claim(&mut t, "2026-01-20", Some(WHITE));
    ruled(&mut t, "2026-01-22", GameResult::Unfinished);
    claim(&mut t, "2026-01-25", Some(WHITE));
    let g = game(&t, &log, "2026-02-01");
    let repeated = find(&g, Code::ClaimRepeated);
    assert_eq!(repeated.len(), 1);
    assert!(en(repeated[0]).contains("move 10"), "{}", en(repeated[0]));
    // Black's claim is not White's: not repeated.
    assert_eq!(find(&g, Code::ClaimUnfounded).len(), 2);
}

// 51.6.3, 51.6.5: a claim interrupts the game until the arbiter rules on
// it; until the ruling it is the arbiter's to act on: a `claim-open`
// warning dated the claim, due when the accused's 14 days to protest end
// (51.6.4), overdue after. A ruling (`overstep`, or `*` rejecting it) ends
// it; a decision dated after the as-of date has not been made yet.
#[test]
fn claim_open_until_the_arbiter_rules_51_6_5() {
    let log = paced(4, 1);
    let mut t = tournament("2026-01-15", "10/60");
    claim(&mut t, "2026-01-20", Some(WHITE));
    let open = |t: &ccbulletin::model::Tournament, as_of: &str| {
        let g = game(t, &log, as_of);
        find(&g, Code::ClaimOpen)
            .iter()
            .map(|f| (f.severity, f.date, f.due, f.player.clone()))
            .collect::<Vec<_>>()
    };
    let expected = (
        Severity::Warning,
        Some(d("2026-01-20")),
        Some(d("2026-02-03")),
        Some(WHITE.to_string()),
    );
    assert_eq!(open(&t, "2026-01-25"), std::slice::from_ref(&expected));
    // Past its due date it stays, overdue, until the ruling.
    assert_eq!(open(&t, "2026-03-01"), [expected]);
    ruled(&mut t, "2026-03-05", GameResult::Unfinished);
    assert_eq!(open(&t, "2026-03-06"), []);
    assert_eq!(open(&t, "2026-03-04").len(), 1, "the ruling is not made yet");
}

// 51.6.4, 51.1.10, 51.9.9: the protest and appeal periods run 14 days from
// the claim or decision; the arbiter sees them, due on their last day.
#[test]
fn protest_and_appeal_periods() {
    let mut t = tournament("2026-01-15", "10/60");
    claim(&mut t, "2026-02-01", Some(WHITE));
    decision(&mut t, "2026-02-05", DecisionKind::Overstep, Some(BLACK), None, None);
    let on = |as_of: &str| {
        ccbulletin::rules::findings::decision_findings(&t, d(as_of))
            .into_iter()
            .map(|f| (f.code, f.player, f.due))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        on("2026-02-10"),
        [
            (Code::ProtestOpen, Some(BLACK.to_string()), Some(d("2026-02-15"))),
            (Code::AppealOpen, None, Some(d("2026-02-19"))),
        ]
    );
    assert_eq!(on("2026-02-16").len(), 1);
    assert!(on("2026-02-20").is_empty());
    assert!(on("2026-01-31").is_empty(), "not made yet");
}

// 51.2.1: a message states both sides' totals; where they differ from the
// records, a stated-time finding names both figures and the row.
#[test]
fn stated_totals_are_checked() {
    let t = tournament("2026-01-15", "10/60");
    let ctx = ccbulletin::game::GameContext {
        tournament: &t,
        pairing: &t.pairings[0],
        as_of: d("2026-01-24"),
        file_prefix: "t/games/".into(),
    };
    let log = "no,side,move,received,sent,flag,note,stated_white,stated_black
1,white,e4,,2026-01-15,,,0,0
1,black,e5,2026-01-16,2026-01-18,,,0,2
2,white,Nf3,2026-01-19,2026-01-21,,,2,3
2,black,Nc6,2026-01-22,2026-01-24,,,,
";
    let parsed = ccbulletin::load::movelog::MoveLog::parse("t/games/g.csv", log.as_bytes());
    let g = ccbulletin::game::analyze_parsed(&ctx, Some((parsed, None)), None);
    let stated = find(&g, Code::StatedTime);
    assert_eq!(stated.len(), 1, "{:?}", g.findings);
    assert_eq!((stated[0].line, stated[0].side), (Some(4), Some(Side::White)));
    assert!(en(stated[0]).contains("2 days used by White and 3 by Black; the records give 2 and 2"));
}

// 51.5.1, 51.5.3: repeat-due and silence leave out the declared break days of
// the side they wait for.
#[test]
fn repeat_and_silence_wait_out_the_partners_break() {
    let mut t = tournament("2026-01-15", "10/60");
    let log = "1,white,e4,,2026-01-15,,\n";
    assert_eq!(find(&game(&t, log, "2026-01-30"), Code::RepeatDue).len(), 1);
    add_break(&mut t, Side::Black, "2026-01-20", "2026-01-29", "2026-01-10");
    let g = game(&t, log, "2026-01-30");
    assert!(find(&g, Code::RepeatDue).is_empty());
    assert_eq!(g.clock.white.repeat_by, Some(d("2026-02-08")));
    // White's own break does not hold its repeat.
    let mut t = tournament("2026-01-15", "10/60");
    add_break(&mut t, Side::White, "2026-01-20", "2026-01-29", "2026-01-10");
    assert_eq!(find(&game(&t, log, "2026-01-30"), Code::RepeatDue).len(), 1);
    // Silence: 40 days of Black to move, Black's 10 break days left out.
    let mut t = tournament("2026-01-15", "10/60");
    add_break(&mut t, Side::Black, "2026-01-20", "2026-01-29", "2026-01-10");
    assert!(find(&game(&t, log, "2026-03-06"), Code::Silence).is_empty());
    assert_eq!(find(&game(&t, log, "2026-03-07"), Code::Silence).len(), 1);
}

// 51.6.1, 51.4.3: time is cumulative, so a player over at the current
// control has overstepped before the control move is made: a claim about
// that control is never late, whatever the claimant replied to an earlier
// control move.
#[test]
fn claim_against_a_player_over_at_the_current_control_is_not_late_51_6_1() {
    // White takes 7 days a move: 70 > 60 at move 10 (sent 22 Apr, Black's
    // reply 24 Apr). After 15 moves White has used 105 of the 120 allowed at
    // move 20; Black's 15th move was sent 13 Jun, so White runs from 14 Jun:
    // on 30 Jun left = 120 − 105 − 16 = −1, on 1 Jul −2.
    let log = paced(15, 7);
    let claim_on = |date: &str| {
        let mut t = tournament("2026-01-15", "10/60");
        claim(&mut t, date, Some(BLACK));
        game(&t, &log, "2026-07-10")
    };
    let g = claim_on("2026-07-01");
    assert!(find(&g, Code::ClaimLate).is_empty(), "{:?}", codes(&g));
    assert!(find(&g, Code::ClaimUnfounded).is_empty(), "{:?}", codes(&g));
    // On 20 Jun White still has 120 − 105 − 6 = 9 days at move 20: the claim
    // can only be about move 10, answered on 24 Apr: late.
    let g = claim_on("2026-06-20");
    let late = find(&g, Code::ClaimLate);
    assert_eq!((late.len(), late[0].side), (1, Some(Side::Black)), "{:?}", codes(&g));
    assert_eq!(late[0].move_no, Some(10));
    assert!(find(&g, Code::ClaimUnfounded).is_empty());
}

/// White shuffles its knight and Black its own, White sending a move every
/// 4 days from the 15th of January (Black receives it the next day and
/// answers the day after). With its move `variant_at`, White proposes a
/// variant of two half-moves that Black accepts (51.3.7, 51.4.6): Black's
/// `accepted` row, White's undated `variant` row, Black's reply. Returns
/// the log and the date of each White message.
fn shuffle_with_variant(moves: u32, variant_at: u32) -> (String, Vec<chrono::NaiveDate>) {
    let (white, black) = (["Nf3", "Ng1"], ["Nf6", "Ng8"]);
    let mut log = String::new();
    let mut sent_on = Vec::new();
    let mut day = d("2026-01-15");
    let mut no = 1;
    while no <= moves {
        let i = (no as usize + 1) % 2;
        let received = if no == 1 {
            String::new()
        } else {
            (day - chrono::Duration::days(1)).to_string()
        };
        log.push_str(&format!("{no},white,{},{received},{day},,\n", white[i]));
        sent_on.push(day);
        let (r, s) = (day + chrono::Duration::days(1), day + chrono::Duration::days(2));
        if no == variant_at {
            log.push_str(&format!("{no},black,{},{r},{s},accepted,\n", black[i]));
            log.push_str(&format!("{},white,{},,,variant,\n", no + 1, white[1 - i]));
            log.push_str(&format!("{},black,{},{r},{s},,\n", no + 1, black[1 - i]));
            no += 2;
        } else {
            log.push_str(&format!("{no},black,{},{r},{s},,\n", black[i]));
            no += 1;
        }
        day += chrono::Duration::days(4);
    }
    (log, sent_on)
}

// 51.6.7, 51.3.7, 51.4.6: the ten-move cycle counts the claimant's moves by
// their place in the log: a variant's moves are moves made, undated or not.
#[test]
fn claim_repeated_counts_the_claimants_variant_moves_51_6_7() {
    // White's moves 1–3 sent 15, 19, 23 Jan; move 4 is the variant accepted
    // with Black's message of 25 Jan; moves 5… sent 27 Jan, 31 Jan, 4 Feb…:
    // White's move k (k ≥ 5) on 15 Jan + 4·(k − 2) days.
    let (log, white_sent) = shuffle_with_variant(14, 3);
    let move_sent = |k: usize| white_sent[k - 2];
    assert_eq!(move_sent(10), d("2026-02-16"));
    assert_eq!(move_sent(11), d("2026-02-20"));
    let claims = |first: chrono::NaiveDate, rejected: chrono::NaiveDate, second: chrono::NaiveDate| {
        let mut t = tournament("2026-01-15", "10/60");
        claim(&mut t, &first.to_string(), Some(WHITE));
        ruled(&mut t, &rejected.to_string(), GameResult::Unfinished);
        claim(&mut t, &second.to_string(), Some(WHITE));
        game(&t, &log, "2026-03-20")
    };
    let day = chrono::Duration::days(1);
    // Rejected after White's 5th move (5 made: cycle up to move 10); the
    // second claim after White's 10th: a new cycle, not repeated.
    let g = claims(move_sent(5) + day, move_sent(5) + day * 2, move_sent(10) + day);
    assert!(find(&g, Code::ClaimRepeated).is_empty(), "{:?}", codes(&g));
    // Rejected after White's 10th move (10 made, the variant among them:
    // cycle up to move 20); the second claim after White's 11th: repeated.
    let g = claims(move_sent(10), move_sent(10) + day, move_sent(11) + day);
    assert_eq!(one(&g, Code::ClaimRepeated).side, Some(Side::White));
}

// 51.6.1, 51.4.4: "on the claim's date" uses the dates the records give: a
// move received by then and answered after it runs from its received date,
// not from an assumed day of transit.
#[test]
fn claim_unfounded_counts_from_the_received_date_51_6_1() {
    let claimed = |received: &str, on: &str| {
        let mut t = tournament("2026-01-15", "10/60");
        claim(&mut t, on, Some(WHITE));
        let log = format!("1,white,e4,,2026-01-15,,\n1,black,e5,{received},2026-03-25,,\n");
        game(&t, &log, "2026-03-30")
    };
    // Received the day it was sent: on 17 Mar Black has thought 61 days
    // (16 Jan – 17 Mar), 60 allowed: left −1, the claim is founded.
    let g = claimed("2026-01-15", "2026-03-17");
    assert!(find(&g, Code::ClaimUnfounded).is_empty(), "{:?}", codes(&g));
    // Received on 18 Jan: on 19 Mar Black has thought 60 days: left 0,
    // unfounded.
    let g = claimed("2026-01-18", "2026-03-19");
    assert_eq!(one(&g, Code::ClaimUnfounded).side, Some(Side::White));
}

// 51.5.1: the repeat-by date is the last day before the repeat falls due,
// the partner's break days skipped by the same count.
#[test]
fn repeat_by_is_the_day_before_repeat_due_51_5_1() {
    let mut t = tournament("2026-09-15", "10/60");
    // White's move of 20 Sep: the 14th day without a reply is 4 Oct; Black's
    // break runs 5–15 Oct, so the 15th counted day is 16 Oct.
    add_break(&mut t, Side::Black, "2026-10-05", "2026-10-15", "2026-09-01");
    let log = "1,white,e4,,2026-09-20,,\n";
    let g = game(&t, log, "2026-10-10");
    assert_eq!(g.clock.white.repeat_by, Some(d("2026-10-15")));
    assert!(find(&g, Code::RepeatDue).is_empty());
    assert!(find(&game(&t, log, "2026-10-15"), Code::RepeatDue).is_empty());
    let g = game(&t, log, "2026-10-16");
    let due = find(&g, Code::RepeatDue);
    assert_eq!((due.len(), due[0].date), (1, Some(d("2026-10-16"))));
}

// 51.8.1: "присуждение неоконченных партий": from the withdrawal's date the
// game is not in play and no clock runs; it awaits the arbiter's result.
#[test]
fn adjudicate_withdrawal_stops_the_game_51_8_1() {
    let mut t = tournament("2026-01-15", "10/60");
    withdrew(&mut t, "2026-02-01", Some(BLACK), Some(Withdrawal::Adjudicate));
    // Black's last move of 24 Jan: White runs from 25 Jan to 1 Feb, 7 days,
    // and no further: 2 used, left 60 − 2 − 7 = 51 on 1 Jun as on 1 Feb.
    let g = game(&t, OPENING, "2026-06-01");
    assert_eq!(g.result, GameResult::Unfinished);
    assert!(g.awaiting_adjudication && !g.in_play);
    assert_eq!((g.clock.white.running, g.clock.white.left), (7, 51));
    assert_eq!((g.clock.white.move_by, g.clock.black.repeat_by), (None, None));
    for code in [Code::Overstep, Code::LowTime, Code::RepeatDue, Code::Silence] {
        assert!(find(&g, code).is_empty(), "{code:?} in {:?}", codes(&g));
    }
    // Withdrawn on 1 Apr, when White had run 66 days (left 60 − 2 − 66 =
    // −8): the game is out of play, so no overstep either, and a tournament
    // end passed asks nobody for adjudication materials.
    let mut late = tournament("2026-01-15", "10/60");
    late.settings.end = Some(d("2026-05-01"));
    withdrew(&mut late, "2026-04-01", Some(BLACK), Some(Withdrawal::Adjudicate));
    let g = game(&late, OPENING, "2026-06-01");
    assert_eq!((g.clock.white.running, g.clock.white.left), (66, -8));
    for code in [Code::Overstep, Code::AdjudicationDue] {
        assert!(find(&g, code).is_empty(), "{code:?} in {:?}", codes(&g));
    }
    // The arbiter's result decides it.
    ruled(&mut t, "2026-06-10", GameResult::WhiteWins);
    let g = game(&t, OPENING, "2026-06-20");
    assert_eq!(g.result, GameResult::WhiteWins);
    assert!(!g.awaiting_adjudication);
}

// 51.8.1: "исключение из турнира без учёта всех его неоконченных партий":
// the unfinished games are struck out and stop; a finished one stands.
#[test]
fn annul_withdrawal_strikes_only_the_unfinished_games_51_8_1() {
    let mut t = tournament("2026-01-15", "10/60");
    withdrew(&mut t, "2026-02-01", Some(BLACK), Some(Withdrawal::Annul));
    let g = game(&t, OPENING, "2026-06-01");
    assert!(g.annulled && !g.in_play);
    assert_eq!(g.clock.white.running, 7, "25 Jan to the withdrawal of 1 Feb");
    for code in [Code::Overstep, Code::LowTime, Code::RepeatDue, Code::Silence] {
        assert!(find(&g, code).is_empty(), "{code:?} in {:?}", codes(&g));
    }
    // Black resigned on 26 Jan, before withdrawing: the game stands.
    let log = format!("{OPENING}3,black,,2026-01-25,2026-01-26,resign,\n");
    let g = game(&t, &log, "2026-06-01");
    assert!(!g.annulled);
    assert_eq!(g.result, GameResult::WhiteWins);
}

// 51.9.4.4: the sealed move "рассматривается как сделанный": one that mates
// finishes the game.
#[test]
fn sealed_mate_finishes_the_game_51_9_4_4() {
    let mut t = tournament("2026-01-15", "10/60");
    t.settings.end = Some(d("2026-01-25"));
    let log = "1,white,f3,,2026-01-15,,
1,black,e5,2026-01-16,2026-01-17,,
2,white,g4,2026-01-18,2026-01-19,,
2,black,Qh4,,2026-01-30,adjudication,
";
    let g = game(&t, log, "2026-02-05");
    assert_eq!(g.result, GameResult::BlackWins);
    assert_eq!(g.finished_on, Some(d("2026-01-30")));
    assert!(find(&g, Code::AdjudicationDue).is_empty(), "{:?}", codes(&g));
    assert!(find(&g, Code::SealedMove).is_empty());
}

// 51.9.4.4: only the side to move seals a move; one from the other side is
// a warning, never dropped silently.
#[test]
fn sealed_move_from_the_side_not_to_move_is_a_warning_51_9_4_4() {
    let mut t = tournament("2026-01-15", "10/60");
    t.settings.end = Some(d("2026-02-01"));
    let log = format!("{OPENING}3,black,Bb4,,2026-02-10,adjudication,\n");
    let g = game(&t, &log, "2026-02-20");
    let sealed = find(&g, Code::SealedMove);
    assert_eq!(sealed.len(), 1, "{:?}", codes(&g));
    assert_eq!(
        (sealed[0].severity, sealed[0].side),
        (Severity::Warning, Some(Side::Black))
    );
    assert_eq!(g.sealed_move, None);
}

/// A decision about a player (no game).
fn about(t: &mut Tournament, date: &str, kind: DecisionKind, player: &str, note: &str) {
    t.decisions.push(Decision {
        date: d(date),
        kind,
        game: None,
        player: Some(player.to_string()),
        result: None,
        withdrawal: None,
        note: note.to_string(),
        line: t.decisions.len() + 2,
    });
}

// 51.1.6: a player who cannot restore its email access within 30 days of
// reporting its loss counts as withdrawn; an `email` or `access` decision
// before then resolves it.
#[test]
fn no_access_is_due_thirty_days_after_the_report_51_1_6() {
    let no_access = DecisionKind::NoAccess { correspondence: false };
    let mut t = tournament("2026-01-15", "10/60");
    about(&mut t, "2026-03-01", no_access, BLACK, "");
    let on = |t: &Tournament, as_of: &str| {
        ccbulletin::rules::findings::decision_findings(t, d(as_of))
            .into_iter()
            .filter(|f| f.code == Code::NoAccess)
            .collect::<Vec<_>>()
    };
    // Reported on 1 Mar: due 31 Mar (1 Mar + 30 days).
    let f = on(&t, "2026-03-10");
    assert_eq!(f.len(), 1);
    assert_eq!(
        (f[0].player.as_deref(), f[0].date, f[0].due),
        (Some(BLACK), Some(d("2026-03-01")), Some(d("2026-03-31")))
    );
    assert_eq!(f[0].severity, Severity::Warning);
    assert!(matches!(
        f[0].facts,
        Facts::Post(PostFacts::NoAccess { withdrawn: false, .. })
    ));
    // On 31 Mar the 30 days still run; on 1 Apr the player counts as withdrawn.
    assert_eq!(on(&t, "2026-03-31")[0].severity, Severity::Warning);
    let f = on(&t, "2026-04-01");
    assert_eq!(f[0].severity, Severity::Error);
    assert!(matches!(
        f[0].facts,
        Facts::Post(PostFacts::NoAccess { withdrawn: true, .. })
    ));
    assert!(on(&t, "2026-02-28").is_empty(), "not reported yet");
    // Access restored on 20 Mar, or a new address given on 31 Mar: resolved.
    let mut restored = t.clone();
    about(&mut restored, "2026-03-20", DecisionKind::Access, BLACK, "");
    assert!(on(&restored, "2026-04-10").is_empty());
    let mut new_address = t.clone();
    about(
        &mut new_address,
        "2026-03-31",
        DecisionKind::Email,
        BLACK,
        "b.new@example.org",
    );
    assert!(on(&new_address, "2026-04-10").is_empty());
    // Restored after the 30 days: too late, the player counts as withdrawn.
    let mut late = t.clone();
    about(&mut late, "2026-04-02", DecisionKind::Access, BLACK, "");
    assert_eq!(on(&late, "2026-04-10").len(), 1);
    // No appeal period is opened by these decisions.
    assert!(
        ccbulletin::rules::findings::decision_findings(&restored, d("2026-03-21"))
            .iter()
            .all(|f| f.code != Code::AppealOpen)
    );
}

// 51.1.2: letters go to the address in force on their date; the arbiter
// sees both addresses and the date of the change.
#[test]
fn a_new_address_is_used_from_its_date_51_1_2() {
    let mut t = tournament("2026-01-15", "10/60");
    about(&mut t, "2026-03-01", DecisionKind::Email, WHITE, " w.new@example.org ");
    assert_eq!(t.email_on(WHITE, d("2026-02-28")), Some("w@example.org"));
    assert_eq!(t.email_on(WHITE, d("2026-03-01")), Some("w.new@example.org"));
    assert_eq!(t.email_on(BLACK, d("2026-03-01")), Some("b@example.org"));
    let changes: Vec<_> = ccbulletin::rules::findings::decision_findings(&t, d("2026-03-05"))
        .into_iter()
        .filter(|f| f.code == Code::AddressChange)
        .collect();
    assert_eq!(changes.len(), 1);
    assert_eq!(
        changes[0].facts,
        PostFacts::AddressChange {
            player: WHITE.into(),
            old: "w@example.org".into(),
            new: "w.new@example.org".into(),
            from: d("2026-03-01"),
        }
        .into()
    );
}

// 51.1.5: a player who lost its correspondence asks the arbiter for it:
// each partner in a game in play gets a letter asking for it, at the
// partner's address in force that day (51.1.2).
#[test]
fn lost_correspondence_is_asked_of_each_partner_51_1_5() {
    let mut t = tournament("2026-01-15", "10/60");
    about(&mut t, "2026-02-01", DecisionKind::Email, WHITE, "w.new@example.org");
    about(
        &mut t,
        "2026-03-01",
        DecisionKind::NoAccess { correspondence: true },
        BLACK,
        "",
    );
    let loaded = ccbulletin::load::Loaded {
        tournament: t,
        findings: vec![],
    };
    let r = ccbulletin::compute::compute_one(&loaded, d("2026-03-10"));
    let asked: Vec<_> = r.all_findings().filter(|f| f.code == Code::Correspondence).collect();
    assert_eq!(asked.len(), 1, "one game in play");
    assert_eq!(
        (asked[0].game.as_deref(), asked[0].player.as_deref()),
        (Some("g"), Some(WHITE))
    );
    let outbox = ccbulletin::outbox::Outbox::new(&r);
    let letter = outbox.letter(asked[0]).expect("a letter to the partner");
    let to: Vec<(&str, &str)> = letter.to.iter().map(|m| (m.name.as_str(), m.email.as_str())).collect();
    assert_eq!(to, [(WHITE, "w.new@example.org")]);
    // Without `correspondence`, nothing is asked of the partners.
    let mut t = loaded.tournament.clone();
    t.decisions[1].kind = DecisionKind::NoAccess { correspondence: false };
    let loaded = ccbulletin::load::Loaded {
        tournament: t,
        findings: vec![],
    };
    let r = ccbulletin::compute::compute_one(&loaded, d("2026-03-10"));
    assert!(r.all_findings().all(|f| f.code != Code::Correspondence));
}

// 51.5.2: a repeat that revealed a lost letter: the receiver tells the
// partner and the arbiter within 3 days of getting it.
#[test]
fn a_lost_letter_revealed_by_a_repeat_is_reported_within_three_days_51_5_2() {
    // White's move 2 of 21 Jan never arrived; repeated on 8 Feb (flag
    // `lost`): Black gets it on 9 Feb and reports by 12 Feb.
    let log = "1,white,e4,,2026-01-15,,
1,black,e5,2026-01-16,2026-01-18,,
2,white,Nf3,2026-01-19,2026-01-21,,
2,white,Nf3,,2026-02-08,lost,
";
    let g = game(&tournament("2026-01-15", "10/60"), log, "2026-02-10");
    let lost = find(&g, Code::LostLetter);
    assert_eq!(lost.len(), 1);
    assert_eq!(
        (lost[0].side, lost[0].severity, lost[0].date),
        (Some(Side::Black), Severity::Info, Some(d("2026-02-09")))
    );
    assert!(matches!(
        lost[0].facts,
        Facts::Post(PostFacts::LostLetter { move_no: 2, side: Side::White, repeated, due, .. })
            if repeated == d("2026-02-08") && due == d("2026-02-12")
    ));
}

// 51.1.2, 51.1.5, 51.1.6: decisions.csv's `email`, `no-access` and `access`
// rows as the arbiter writes them; a note that is not an address and an
// unknown no-access result are bad input on their line.
#[test]
fn address_and_access_decisions_are_read_from_decisions_csv_51_1_2() {
    let dir = tempfile::tempdir().unwrap();
    worked_example(dir.path());
    let t = dir.path().join("spec13");
    write(
        &t.join("decisions.csv"),
        format!(
            "date,kind,game,player,result,note\n2026-03-01,email,,\"{WHITE}\",,w.new@example.org\n2026-03-02,No-Access,,\"{BLACK}\",correspondence,laptop stolen\n2026-03-20,access,,\"{BLACK}\",,\n2026-03-21,email,,\"{BLACK}\",,not an address\n2026-03-22,no-access,,\"{BLACK}\",later,\n"
        ),
    );
    let loaded = ccbulletin::load::load_tournament(dir.path(), &t, "spec13", d("2026-04-01"));
    let kinds: Vec<DecisionKind> = loaded.tournament.decisions.iter().map(|d| d.kind).collect();
    assert_eq!(
        kinds,
        [
            DecisionKind::Email,
            DecisionKind::NoAccess { correspondence: true },
            DecisionKind::Access
        ]
    );
    assert_eq!(
        loaded.tournament.email_on(WHITE, d("2026-03-01")),
        Some("w.new@example.org")
    );
    let bad: Vec<Option<usize>> = loaded
        .findings
        .iter()
        .filter(|f| f.code == Code::BadInput)
        .map(|f| f.line)
        .collect();
    assert_eq!(bad, [Some(5), Some(6)], "{:?}", loaded.findings);
}
