//! Writes a synthetic federation in the layout of docs/format.md, for
//! benchmarks:
//! `cargo run --release --example synth -- --tournaments 150 --players 10 OUT`.
//!
//! Moves come from the real games of The Week in Chess 1599: the file given
//! with `--pgn FILE`, else `$CCB_CORPUS/pgn/twic1599.pgn` (the full corpus of
//! tests/data/README.md; .ci/run and bench/federation.sh set `CCB_CORPUS` to
//! ../shared/corpus when it exists). Dates
//! are made up (a few days' thought a move, one day in the post), with breaks
//! and some of every flag; as of 2026-12-02 most games are in progress.
//! `OUT/merged.pgn` holds every game's record, for pgn-extract to validate.

use ccbulletin::load::pgn::PgnFile;
use chrono::{Duration, NaiveDate};
use shakmaty::{Chess, Move, Position};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

struct Source {
    moves: Vec<Move>,
    result: String,
}

/// A small deterministic generator (no dependency for a benchmark's dice).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// The PGN file the moves come from: `--pgn FILE`, else the twic file of
/// the folder named by `CCB_CORPUS`; exits with a message when neither is
/// there.
fn source_path(arg: Option<PathBuf>) -> PathBuf {
    let path = arg.or_else(|| std::env::var_os("CCB_CORPUS").map(|d| Path::new(&d).join("pgn/twic1599.pgn")));
    match path {
        Some(p) if p.is_file() => p,
        Some(p) => {
            eprintln!("synth: no PGN file at {}", p.display());
            std::process::exit(2)
        }
        None => {
            eprintln!(
                "synth: name the games to take moves from: --pgn FILE, or set CCB_CORPUS to the corpus folder holding pgn/twic1599.pgn (../shared/corpus)"
            );
            std::process::exit(2)
        }
    }
}

fn sources(path: &Path) -> Vec<Source> {
    let file = PgnFile::from_file(path, "twic1599.pgn").unwrap_or_else(|e| {
        let e = ccbulletin::messages::word(ccbulletin::model::Language::En, &e);
        eprintln!("synth: {}: {e}", path.display());
        std::process::exit(2)
    });
    file.games
        .iter()
        .filter_map(|g| {
            let mut pos = Chess::default();
            let mut moves = Vec::new();
            for san in &g.moves {
                let m = san.san.to_move(&pos).ok()?;
                pos.play_unchecked(m);
                moves.push(m);
            }
            (moves.len() >= 20).then(|| Source {
                moves,
                result: g.tag("Result").unwrap_or("*").to_string(),
            })
        })
        .collect()
}

fn fmt_date(d: NaiveDate, style: u64) -> String {
    match style {
        0 => d.format("%Y-%m-%d").to_string(),
        1 => d.format("%Y.%m.%d").to_string(),
        _ => d.format("%d.%m.%Y").to_string(),
    }
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut tournaments, mut players, mut out, mut pgn) = (150usize, 10usize, None::<PathBuf>, None::<PathBuf>);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--tournaments" => tournaments = args.next().and_then(|v| v.parse().ok()).expect("--tournaments N"),
            "--players" => players = args.next().and_then(|v| v.parse().ok()).expect("--players N"),
            "--pgn" => pgn = Some(args.next().map(PathBuf::from).expect("--pgn FILE")),
            other => out = Some(PathBuf::from(other)),
        }
    }
    let out = out.expect("usage: synth [--tournaments N] [--players N] [--pgn FILE] OUT");
    let players = players + players % 2;
    let as_of = NaiveDate::from_ymd_opt(2026, 12, 2).unwrap();
    let src = sources(&source_path(pgn));
    let mut rng = Lcg(2026);
    let mut merged = String::new();
    let mut games_total = 0;
    for k in 0..tournaments {
        let id = format!("fed-{k:04}");
        let dir = out.join(&id);
        let start = NaiveDate::from_ymd_opt(2026, 1, 1).unwrap() + Duration::days((k % 180) as i64);
        let names: Vec<String> = (0..players).map(|i| format!("Player {k:04}-{i:02}")).collect();
        write(
            &dir.join("tournament.toml"),
            &format!(
                "name = \"Federation event {k}\"\nstart = {start}\narbiter = \"Arbiter {k}\"\narbiter_email = \"arbiter{k}@example.org\"\n"
            ),
        );
        let mut csv = String::from("name,email\n");
        for (i, n) in names.iter().enumerate() {
            writeln!(csv, "{n},p{k}x{i}@example.org").unwrap();
        }
        write(&dir.join("players.csv"), &csv);
        // Breaks: two players a tournament, one across New Year.
        let b1 = start + Duration::days(40);
        write(
            &dir.join("breaks.csv"),
            &format!(
                "player,from,to,declared,approved\n{},{},{},{},\n{},2026-12-24,2027-01-05,2026-11-01,\n",
                names[1],
                b1,
                b1 + Duration::days(9),
                b1 - Duration::days(10),
                names[2]
            ),
        );
        // Round robin (circle method).
        let mut ring: Vec<usize> = (0..players).collect();
        let mut pairings = String::from("game,round,white,black\n");
        let mut pairs = Vec::new();
        for round in 0..players - 1 {
            for i in 0..players / 2 {
                let (a, b) = (ring[i], ring[players - 1 - i]);
                let (w, b) = if (round + i) % 2 == 0 { (a, b) } else { (b, a) };
                pairs.push((round + 1, w, b));
            }
            ring[1..].rotate_right(1);
        }
        let mut decisions = String::from("date,kind,game,player,result,note\n");
        for (g, &(round, w, b)) in pairs.iter().enumerate() {
            let gid = format!("r{round}-{g:03}");
            writeln!(pairings, "{gid},{round},{},{}", names[w], names[b]).unwrap();
            let source = &src[(k * 37 + g * 13) % src.len()];
            let numeric = g % 3 == 0;
            let style = (g % 3) as u64;
            let mut log = String::from("no,side,move,received,sent,flag,note\n");
            let mut pgn_moves = String::new();
            let mut pos = Chess::default();
            let mut last_sent: Option<NaiveDate> = None;
            let mut finished = false;
            let mut ply = 0;
            let mut stamps = Vec::new();
            let row = |log: &mut String,
                       no: usize,
                       side: &str,
                       mv: &str,
                       r: Option<NaiveDate>,
                       s: Option<NaiveDate>,
                       flag: &str| {
                let r = r.map(|d| fmt_date(d, style)).unwrap_or_default();
                let s = s.map(|d| fmt_date(d, style)).unwrap_or_default();
                writeln!(log, "{no},{side},{mv},{r},{s},{flag},").unwrap();
            };
            while ply < source.moves.len() {
                let m = source.moves[ply];
                let side = if ply % 2 == 0 { "white" } else { "black" };
                let no = ply / 2 + 1;
                let received = last_sent.map(|d| d + Duration::days(1));
                let think = rng.next(6) as i64;
                let sent = received.unwrap_or(start) + Duration::days(think);
                if sent > as_of {
                    if let Some(r) = received.filter(|r| *r <= as_of) {
                        row(&mut log, no, side, "", Some(r), None, "");
                    }
                    break;
                }
                let written = if numeric {
                    ccbulletin::game::notation::to_numeric(&m)
                } else {
                    ccbulletin::game::notation::to_san(&pos, m)
                };
                // Some of every flag, by game number.
                if ply == 9 && g % 7 == 1 && sent + Duration::days(5) < as_of {
                    row(&mut log, no, side, "Ke9", received, Some(sent), "impossible");
                    let other = if side == "white" { "black" } else { "white" };
                    row(
                        &mut log,
                        no,
                        other,
                        "",
                        Some(sent + Duration::days(1)),
                        Some(sent + Duration::days(2)),
                        "request",
                    );
                    let r2 = sent + Duration::days(3);
                    row(&mut log, no, side, &written, Some(r2), Some(r2 + Duration::days(1)), "");
                    last_sent = Some(r2 + Duration::days(1));
                } else if let Some((flag, after)) = match (ply, g % 11 == 2, g % 13 == 3) {
                    // A repeat after 15 days; a lost letter repeated after 19 (penalty 5).
                    (13, true, _) => Some(("repeat", 15)),
                    (15, _, true) => Some(("lost", 19)),
                    _ => None,
                }
                .filter(|(_, after)| sent + Duration::days(after + 1) < as_of)
                {
                    let again = sent + Duration::days(after);
                    row(&mut log, no, side, &written, received, Some(sent), "");
                    row(&mut log, no, side, &written, None, Some(again), flag);
                    last_sent = Some(again);
                } else if ply == 10 && g % 5 == 4 && ply + 3 < source.moves.len() && sent + Duration::days(5) < as_of {
                    // White proposes; Black accepts its move and White's next.
                    row(&mut log, no, side, &written, received, Some(sent), "");
                    pos.play_unchecked(m);
                    stamps.push(sent);
                    let (m2, m3) = (source.moves[ply + 1], source.moves[ply + 2]);
                    let w2 = ccbulletin::game::notation::to_san(&pos, m2);
                    let r2 = sent + Duration::days(1);
                    let s2 = r2 + Duration::days(3);
                    row(&mut log, no, "black", &w2, Some(r2), Some(s2), "accepted");
                    pos.play_unchecked(m2);
                    stamps.push(s2);
                    let w3 = ccbulletin::game::notation::to_san(&pos, m3);
                    row(&mut log, no + 1, "white", &w3, None, None, "variant");
                    pos.play_unchecked(m3);
                    stamps.push(s2);
                    ply += 3;
                    last_sent = Some(s2);
                    // Black's own reply ends the same message: the next loop
                    // turn writes it with the accepted row's dates.
                    if ply < source.moves.len() {
                        let m4 = source.moves[ply];
                        let w4 = if numeric {
                            ccbulletin::game::notation::to_numeric(&m4)
                        } else {
                            ccbulletin::game::notation::to_san(&pos, m4)
                        };
                        row(&mut log, no + 1, "black", &w4, Some(r2), Some(s2), "");
                        pos.play_unchecked(m4);
                        stamps.push(s2);
                        ply += 1;
                    }
                    continue;
                } else {
                    row(&mut log, no, side, &written, received, Some(sent), "");
                    last_sent = Some(sent);
                }
                pos.play_unchecked(m);
                stamps.push(last_sent.unwrap_or(sent));
                ply += 1;
            }
            if ply == source.moves.len() && !pos.is_game_over() {
                let end = last_sent.unwrap_or(start) + Duration::days(2);
                if end <= as_of {
                    let side = if ply % 2 == 0 { "white" } else { "black" };
                    let flag = match source.result.as_str() {
                        "1/2-1/2" => Some("draw"),
                        "1-0" if side == "black" => Some("resign"),
                        "0-1" if side == "white" => Some("resign"),
                        _ => None,
                    };
                    if let Some(flag) = flag {
                        row(
                            &mut log,
                            ply / 2 + 1,
                            side,
                            "",
                            Some(end - Duration::days(1)),
                            Some(end),
                            flag,
                        );
                        finished = true;
                    }
                }
            }
            if pos.is_game_over() || finished {
                let end = last_sent.unwrap_or(start) + Duration::days(3);
                if g % 9 != 0 {
                    row(&mut log, ply / 2 + 1, "white", "", None, Some(end), "record");
                }
                row(
                    &mut log,
                    ply / 2 + 1,
                    "black",
                    "",
                    None,
                    Some(end + Duration::days(1)),
                    "record",
                );
            }
            if g % 23 == 5 {
                writeln!(decisions, "{},claim,{gid},{},,", as_of - Duration::days(3), names[w]).unwrap();
            }
            write(&dir.join("games").join(format!("{gid}.csv")), &log);
            // The game's record, with the sent date of every move.
            let result = if finished || pos.is_game_over() {
                source.result.as_str()
            } else {
                "*"
            };
            let mut replay = Chess::default();
            for (i, &m) in source.moves[..stamps.len()].iter().enumerate() {
                if i % 2 == 0 {
                    write!(pgn_moves, "{}. ", i / 2 + 1).unwrap();
                }
                let san = ccbulletin::game::notation::to_san(&replay, m);
                write!(pgn_moves, "{san} {{[%ccsnt {}]}} ", stamps[i].format("%Y.%m.%d")).unwrap();
                if i % 6 == 5 {
                    pgn_moves.push('\n');
                }
                replay.play_unchecked(m);
            }
            let pgn = format!(
                "[Event \"Federation event {k}\"]\n[Site \"Email\"]\n[Date \"{}\"]\n[Round \"{round}\"]\n[White \"{}\"]\n[Black \"{}\"]\n[Result \"{result}\"]\n\n{pgn_moves}{result}\n\n",
                start.format("%Y.%m.%d"),
                names[w],
                names[b]
            );
            if g % 10 < 7 {
                write(&dir.join("games").join(format!("{gid}.pgn")), &pgn);
            }
            merged.push_str(&pgn);
            games_total += 1;
        }
        write(&dir.join("pairings.csv"), &pairings);
        write(&dir.join("decisions.csv"), &decisions);
    }
    write(&out.join("merged.pgn"), &merged);
    eprintln!(
        "synth: {tournaments} tournaments, {games_total} games in {}",
        out.display()
    );
}
